// The boards of the games: the generic board draws any game from the server's description of
// its board; a game with a module of its own here specialises it (its own gestures, pictures and
// words). Modules are loaded when a page first shows their game.

/** @typedef {import("../../types/turncoat").BoardModule} BoardModule */
/** @typedef {import("../../types/turncoat").Kind} Kind */

/** @type {Record<string, () => Promise<BoardModule>>} */
const BOARDS = {
  reversi: () => import("./reversi.js"),
  troll: () => import("./troll.js"),
  blocs: () => import("./blocs.js"),
  turncoat: () => import("./turncoat.js"),
  turnover: () => import("./turnover.js"),
};

// loadBoard returns the board module of a game: its own, else the generic board for the game
// as the server describes it (spec, from /api/kinds).
/** @param {string} kind @param {Kind} [spec] @returns {Promise<BoardModule>} */
export function loadBoard(kind, spec) {
  const load = BOARDS[kind];
  return load ? load() : import("./generic.js").then(m => m.moduleFor(spec));
}
