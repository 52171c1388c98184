// Troll draws like Reversi, with its owned edges, free squares and winning chain: see reversi.js.
export {create, chip, tally, prefsShown} from "./reversi.js";
