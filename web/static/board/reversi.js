// The board of Reversi/Othello and of Troll: discs placed on squares. Legal moves carry a small
// dot (a preference, on by default), the last move a small red mark; flips turn one after
// another outward from the placed disc. Troll adds its owned edges (shaded in the owner's
// colour, with a pattern for White's), the squares where a placement needs no capture, and the
// winning chain drawn as a line through its discs.

import {h, s} from "../dom.js";
import * as prefs from "../prefs.js";
import {api} from "../api.js";
import {Grid, Anim, CELL, BAND} from "./grid.js";
import {disc, flip, drop, setColour, pieceWords} from "./discs.js";
import {hintText, bestHints} from "./hints.js";

export function create(host, ctx) {
  const {t} = ctx;
  const troll = ctx.kind === "troll";
  let view = null, interactive = false;
  const anim = new Anim();
  const grid = new Grid(host, {
    label: ctx.label,
    onActivate(i) {
      if (!view) return;
      const coord = grid.coords[i];
      if (interactive && view.legal.includes(coord)) ctx.act(coord);
      else if (interactive) ctx.refuse(coord);
    },
  });
  let discEls = [];

  function drawPieces(cells) {
    grid.gPieces.replaceChildren();
    discEls = cells.map((c, i) => {
      if (!c.piece) return null;
      const {x, y} = grid.center(i);
      const el = disc(x, y, c.piece.colour);
      grid.gPieces.append(el);
      return el;
    });
  }

  function lastSquare(v) {
    const m = v && v.lastMove;
    return m && /^[a-z][0-9]+$/.test(m.text) ? m.text : "";
  }

  function draw(v, opts = {}) {
    anim.cancel();
    view = v;
    interactive = !!opts.interactive;
    const g = v.board.grids[0];
    grid.setup(g, {coords: prefs.get("coords"), label: ctx.label});
    drawPieces(g.cells);
    grid.gUnder.replaceChildren();
    grid.gMarks.replaceChildren();
    grid.gOver.replaceChildren();
    const legal = interactive ? new Set(v.legal) : new Set();
    const marks = new Map((g.marks || []).map(m => [m.coord, m.kind]));
    if (troll) drawEdges(g);
    const chain = [];
    g.cells.forEach((c, i) => {
      const {x, y} = grid.center(i);
      const kind = marks.get(c.coord);
      if (kind === "free" && interactive) grid.gUnder.append(s("path", {class: "free-mark", d: `M${x} ${y - 14}L${x + 14} ${y}L${x} ${y + 14}L${x - 14} ${y}Z`}));
      else if (legal.has(c.coord) && prefs.get("markers")) grid.gUnder.append(s("circle", {class: "legal-dot", cx: x, cy: y, r: 11}));
      if (kind === "chain") chain.push(i);
      grid.mark(i, "legal", legal.has(c.coord));
      const words = [c.coord, pieceWords(t, c)];
      if (legal.has(c.coord)) words.push(t(kind === "free" ? "cell.legalFree" : "cell.legal"));
      if (c.coord === lastSquare(v)) words.push(t("cell.last"));
      if (kind === "chain") words.push(t("cell.chain"));
      grid.label(i, words.join(", "));
    });
    const last = grid.index(lastSquare(v));
    if (last >= 0) {
      const {x, y} = grid.center(last);
      grid.gMarks.append(s("circle", {class: "last-mark", cx: x, cy: y, r: 8}));
    }
    if (chain.length) drawChain(chain);
  }

  function drawEdges(g) {
    const W = g.cols * CELL, H = g.rows * CELL;
    const band = {
      top: [0, -BAND, W, BAND], bottom: [0, H, W, BAND],
      left: [-BAND, 0, BAND, H], right: [W, 0, BAND, H],
    };
    for (const e of g.edges || []) {
      const [x, y, w, h] = band[e.side];
      grid.gUnder.append(s("rect", {class: `edge edge-${e.owner}`, x, y, width: w, height: h}));
    }
  }

  function drawChain(cells) {
    const set = new Set(cells);
    const d = [];
    for (const i of cells) {
      const a = grid.center(i);
      for (const j of [i + 1, i + g().cols]) {
        if (!set.has(j) || (j === i + 1 && j % g().cols === 0)) continue;
        const b = grid.center(j);
        d.push(`M${a.x} ${a.y}L${b.x} ${b.y}`);
      }
      grid.gMarks.append(s("circle", {class: "chain-dot", cx: a.x, cy: a.y, r: 12}));
    }
    grid.gMarks.prepend(s("path", {class: "chain-line", d: d.join("")}));
  }

  function g() {
    return view.board.grids[0];
  }

  // animate draws next, having the placed disc drop in and the flipped ones turn one after
  // another, nearest the placed disc first.
  function animate(prev, next, opts) {
    draw(next, opts);
    const a = prev && prev.board && prev.board.grids[0], b = next.board.grids[0];
    if (!a || a.cells.length !== b.cells.length) return Promise.resolve();
    let placed = -1;
    const flipped = [];
    b.cells.forEach((c, i) => {
      const before = a.cells[i].piece;
      if (!c.piece) return;
      if (!before) placed = i;
      else if (before.colour !== c.piece.colour) flipped.push(i);
    });
    if (placed < 0 && !flipped.length) return Promise.resolve();
    let end = 0;
    if (placed >= 0) end = drop(anim, discEls[placed], 0);
    const p = placed >= 0 ? grid.center(placed) : {x: 0, y: 0};
    const dist = i => {
      const q = grid.center(i);
      return Math.max(Math.abs(q.x - p.x), Math.abs(q.y - p.y));
    };
    flipped.sort((i, j) => dist(i) - dist(j));
    flipped.forEach((i, k) => {
      const el = discEls[i];
      const to = b.cells[i].piece.colour;
      setColour(el, a.cells[i].piece.colour);
      end = Math.max(end, flip(anim, el, to, 140 + 60 * k, k));
    });
    return anim.wait(end + 20);
  }

  // hints writes the engine's values on the squares, the best in bold.
  function hints(list) {
    grid.gOver.replaceChildren();
    grid.gUnder.querySelectorAll(".legal-dot").forEach(e => e.remove());
    const best = bestHints(list);
    for (const h of list) {
      const i = grid.index(h.move);
      if (i < 0) continue;
      const {x, y} = grid.center(i);
      grid.gOver.append(s("text", {class: "hint" + (best.has(h.move) ? " best" : ""), x, y: y + 12}, hintText(h, ctx)));
    }
  }

  return {
    draw, animate, hints,
    focus: () => grid.focus(),
    destroy() {
      anim.cancel();
      grid.destroy();
    },
  };
}

// What the game page shows of Reversi beside the board: a disc for each side, its disc count,
// the engine's values in discs (the evaluation graph), and the analysis board.

/** @param {import("../../types/turncoat").Side} side */
export function chip(side) {
  return h("span", {class: `chip disc-chip c-${side === "first" ? "black" : "white"}`, "aria-hidden": "true"});
}

/** @param {import("../../types/turncoat").View} view @param {import("../../types/turncoat").Side} side */
export function tally(view, side) {
  return (view.board && view.board.tallies.find(x => x.side === side && x.name === "discs")) || null;
}

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
