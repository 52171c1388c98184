// Reversi/Othello and Troll: discs placed on squares. Legal moves carry a small dot (a
// preference, on by default), the last move a small red mark; flips turn one after another
// outward from the placed disc. Troll adds its owned edges (shaded in the owner's colour, with
// a pattern for White's), the squares where a placement needs no capture, and the winning chain
// drawn as a line through its discs.

import {h} from "../dom.js";
import {api} from "../api.js";

// The board itself is the generic one: discs, legal dots, the last move, flips outward from the
// placed disc, Troll's edges, free squares and chain are all in the server's board.
export {create} from "./generic.js";

// What the game page shows of Reversi beside the board: a disc for each side, its disc count,
// the engine's values in discs (the evaluation graph), and the analysis board.

/** @param {import("../../types/turncoat").Side} side */
export function chip(side) {
  return h("span", {class: `chip disc-chip c-${side === "first" ? "black" : "white"}`, "aria-hidden": "true"});
}

/** @param {import("../../types/turncoat").View} view @param {import("../../types/turncoat").Side} side */
export function tally(view, side) {
  return (view.board && (view.board.tallies || []).find(x => x.side === side && x.name === "discs")) || null;
}

/** @type {import("../prefs.js").Toggle[]} */
export const prefsShown = ["markers", "coords"];
export const evaluation = true;
// passes: a side without a move passes (the page may pass for the player).
export const passes = true;

// opening names the Othello opening a game from the standard 8x8 start has reached ("" for
// another start or size, and past the opening).
/** @param {import("../../types/turncoat").View} view */
export async function opening(view) {
  if (view.options.size !== "8" || (view.options.start || "diagonal") !== "diagonal" || view.ply > 40) return "";
  const moves = view.moves.map(m => (m.text === "pass" ? "pa" : m.text)).join("");
  const r = await api("/book?moves=" + moves).catch(() => null);
  return (r && r.opening) || "";
}

// analysisURL is the analysis board's address for the position after moves from start (the
// start written out when it is not the usual one).
/** @param {import("../../types/turncoat").View} start @param {string[]} moves */
export function analysisURL(start, moves) {
  const size = start.options.size || "8";
  const q = new URLSearchParams({size});
  if (!start.board) return "/analysis?" + q;
  const cells = start.board.grids[0].cells.map(c => (c.piece ? (c.piece.colour === "black" ? "X" : "O") : "-")).join("");
  const n = +size, mid = n / 2;
  const usual = cells === Array.from({length: n * n}, (_, i) => {
    const r = Math.floor(i / n), c = i % n;
    if ((r === mid - 1 || r === mid) && (c === mid - 1 || c === mid)) return r === c ? "O" : "X";
    return "-";
  }).join("");
  if (!usual || start.toAct[0] === "second") q.set("pos", cells + " " + (start.toAct[0] === "second" ? "O" : "X"));
  if (moves.length) q.set("moves", moves.map(m => (m === "pass" ? "pa" : m)).join(""));
  return "/analysis?" + q;
}
