// The boards of the games, each in a module of its own, loaded when a page first shows one.

const BOARDS = {
  reversi: () => import("./reversi.js"),
  troll: () => import("./troll.js"),
  blocs: () => import("./blocs.js"),
  turncoat: () => import("./turncoat.js"),
  turnover: () => import("./turnover.js"),
};

// loadBoard returns the board module of a game (undefined for a game without one).
/** @param {string} kind @returns {Promise<any>} */
export function loadBoard(kind) {
  const load = BOARDS[kind];
  return load ? load() : Promise.resolve(undefined);
}
