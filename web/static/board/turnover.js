// The Turnover board: a stack is drawn from above as concentric parts in its owner's colour —
// outer ring, inner ring, button — so the six kinds are told apart by their silhouettes (Castle:
// all three; Knight: outer and inner ring; Queen: inner ring and button; Pawn: outer ring;
// Bishop: inner ring; Rook: button), with the kind's letter in a corner (a preference). Picking a
// stack highlights its destinations with a mark for each kind of landing (move: a dot; combine: a
// ring; turnover: turning arrows; capture: corners) and a "Q" where the move promotes; a legend
// explains them. A Castle under attack glows red.

import {h, s, reducedMotion} from "../dom.js";
import * as prefs from "../prefs.js";
import {Grid, Anim, CELL} from "./grid.js";
import {pieceWords} from "./discs.js";
import {drawPieces} from "./generic.js";

/** @typedef {import("../../types/turncoat").View} View */
/** @typedef {import("../../types/turncoat").Cell} Cell */
/** @typedef {import("../../types/turncoat").Action} Action */
/** @typedef {import("../../types/turncoat").Side} Side */
/** @typedef {import("../../types/turncoat").DrawOptions} DrawOptions */

// landing draws the mark of a destination of kind cls at (x, y).
/** @param {number} x @param {number} y @param {string} cls */
export function landing(x, y, cls) {
  const g = s("g", {class: `land land-${cls}`, transform: `translate(${x} ${y})`});
  switch (cls) {
    case "move":
      g.append(s("circle", {r: 13}));
      break;
    case "combine":
      g.append(s("circle", {r: 31, fill: "none"}));
      break;
    case "turnover":
      g.append(s("path", {d: "M-30 0A30 30 0 0 1 26 -15M30 0A30 30 0 0 1 -26 15", fill: "none"}),
        s("path", {class: "head", d: "M26 -15l-12 -2l8 12zM-26 15l12 2l-8 -12z"}));
      break;
    case "capture":
      g.append(s("path", {class: "head", d: "M-48 -48h22l-22 22zM48 -48h-22l22 22zM-48 48h22l-22 -22zM48 48h-22l22 -22z"}));
      break;
  }
  return g;
}

/** @param {HTMLElement} host @param {import("../../types/turncoat").BoardCtx} ctx @returns {import("../../types/turncoat").Board} */
export function create(host, ctx) {
  const {t} = ctx;
  /** @type {View | null} */
  let view = null;
  /** @type {Action[]} */
  let actions = [];
  let interactive = false, picked = -1;
  const anim = new Anim();
  const grid = new Grid(host, {
    label: ctx.label,
    checkered: true,
    onActivate(i) {
      if (!view || !interactive) return;
      const coord = grid.coords[i];
      if (picked >= 0) {
        const a = actions.find(x => x.from === grid.coords[picked] && x.to === coord);
        if (a) {
          picked = -1;
          ctx.act(a.move);
          return;
        }
      }
      if (actions.some(x => x.from === coord) && picked !== i) {
        picked = i;
        marks();
        ctx.say(t("turnover.picked", {square: coord, n: actions.filter(x => x.from === coord).length}));
        return;
      }
      const cell = cells()[i];
      if (picked >= 0) {
        picked = -1;
        marks();
      } else if (cell.piece && cell.piece.owner === view.viewer) ctx.refuse(coord, t("turnover.noMove"));
      else ctx.refuse(coord, t("turnover.pickFirst"));
    },
    onCancel() {
      picked = -1;
      marks();
    },
  });
  const legend = h("ul", {class: "legend", "aria-label": t("turnover.legend")});
  for (const cls of ["move", "combine", "turnover", "capture"]) {
    legend.append(h("li", {}, s("svg", {viewBox: "-50 -50 100 100", class: "legend-icon", "aria-hidden": "true"}, landing(0, 0, cls)), t("land." + cls)));
  }
  legend.append(h("li", {}, h("span", {class: "promo-badge", "aria-hidden": "true"}, "Q"), t("turnover.promotes")));
  legend.append(h("li", {}, h("span", {class: "check-badge", "aria-hidden": "true"}, "+"), t("turnover.check")));
  host.append(legend);

  /** @returns {Cell[]} the cells drawn */
  function cells() {
    return (view && view.board && view.board.grids[0].cells) || [];
  }

  /** @param {Action} a @param {Cell[]} cells */
  function promotes(a, cells) {
    if (a.result !== "queen") return false;
    const from = cells.find(c => c.coord === a.from);
    const k = from && from.piece && from.piece.kind;
    return k !== "bishop" && k !== "queen";
  }

  function marks() {
    grid.gMarks.querySelectorAll(".land, .promo, .picked-ring").forEach(e => e.remove());
    grid.clearMarks("dest");
    grid.clearMarks("picked");
    const all = cells();
    all.forEach((c, i) => grid.label(i, labelOf(c, i)));
    if (picked < 0) return;
    const from = grid.coords[picked];
    grid.mark(picked, "picked");
    const {x: px, y: py} = grid.center(picked);
    grid.gMarks.append(s("rect", {class: "picked-ring", x: px - 48, y: py - 48, width: 96, height: 96, rx: 8}));
    for (const a of actions) {
      if (a.from !== from) continue;
      const i = grid.index(a.to || "");
      if (i < 0) continue;
      const {x, y} = grid.center(i);
      grid.gMarks.append(landing(x, y, a.class));
      if (promotes(a, all)) grid.gMarks.append(s("text", {class: "promo", x: x + 30, y: y - 24}, "Q"));
      grid.mark(i, "dest");
      const words = [labelOf(all[i], i), t("land." + a.class), a.move];
      if (promotes(a, all)) words.push(t("turnover.promotes"));
      grid.label(i, words.join(", "));
    }
  }

  /** @type {Set<string>} */
  let checks = new Set();
  /** @param {Cell} c @param {number} i */
  function labelOf(c, i) {
    const words = [c.coord, pieceWords(t, c)];
    if (c.piece && c.piece.owner) words.push(ctx.sideName(c.piece.owner));
    if (checks.has(c.coord)) words.push(t("turnover.attacked"));
    if (interactive && actions.some(a => a.from === c.coord)) words.push(t("turnover.canMove"));
    if (i === picked) words.push(t("turnover.pickedWord"));
    return words.join(", ");
  }

  /** @type {(SVGElement | null)[]} */
  let stackEls = [];
  /** @param {View} v @param {DrawOptions} [opts] */
  function draw(v, opts = {}) {
    anim.cancel();
    const same = view && v.version === view.version && v.ply === view.ply;
    view = v;
    interactive = !!opts.interactive;
    actions = interactive ? opts.actions || [] : [];
    if (!same || !interactive) picked = -1;
    if (!v.board) return;
    const g = v.board.grids[0];
    grid.setup(g, {coords: prefs.get("coords"), label: ctx.label});
    checks = new Set((g.marks || []).filter(m => m.kind === "check").map(m => m.coord));
    grid.gUnder.replaceChildren();
    grid.gMarks.replaceChildren();
    grid.gOver.replaceChildren();
    stackEls = drawPieces(grid, g.cells, {letters: !!prefs.get("letters")});
    g.cells.forEach((c, i) => {
      if (!checks.has(c.coord)) return;
      const {x, y} = grid.center(i);
      grid.gUnder.append(s("circle", {class: "check-glow", cx: x, cy: y, r: 47}));
      if (c.piece) grid.gMarks.append(s("text", {class: "check-mark", x: x + 34, y: y - 26}, "+"));
    });
    const movable = new Set(actions.map(a => a.from));
    g.cells.forEach((c, i) => grid.mark(i, "legal", movable.has(c.coord)));
    lastMarks();
    marks();
  }

  // lastMarks outlines the squares of the last move: the origin (where the part left) and the
  // target, found by comparing with the previous board when the page has it.
  /** @type {number[]} */
  let lastSquares = [];
  function lastMarks() {
    for (const i of lastSquares) {
      const {x, y} = grid.center(i);
      grid.gUnder.prepend(s("rect", {class: "last-sq", x: x - 50, y: y - 50, width: 100, height: 100}));
    }
  }

  /** @param {Cell[]} a @param {Cell[]} b */
  function changed(a, b) {
    /** @param {Cell} c */
    const parts = c => (c.piece && c.piece.parts ? c.piece.parts.length : 0);
    let from = -1, to = -1;
    b.forEach((c, i) => {
      const x = a[i].piece, y = c.piece;
      const same = (!x && !y) || (x && y && x.kind === y.kind && x.owner === y.owner);
      if (same) return;
      if (x && (!y || parts(c) < parts(a[i])) && from < 0 && (!y || y.owner === x.owner)) from = i;
      else to = i;
    });
    return {from, to};
  }

  /** @param {View} prev @param {View} next @param {DrawOptions} [opts] */
  async function animate(prev, next, opts) {
    const ok = prev.board && next.board && prev.ply + 1 === next.ply;
    const {from, to} = ok && prev.board && next.board ? changed(prev.board.grids[0].cells, next.board.grids[0].cells) : {from: -1, to: -1};
    lastSquares = [from, to].filter(i => i >= 0);
    draw(next, opts);
    const el = stackEls[to];
    if (from < 0 || to < 0 || !el || !el.firstElementChild || reducedMotion()) return;
    const a = grid.center(from), b = grid.center(to);
    el.firstElementChild.animate([{transform: `translate(${a.x - b.x}px, ${a.y - b.y}px)`}, {transform: "translate(0px, 0px)"}],
      {duration: 220, easing: "ease-out"});
    await anim.wait(240);
  }

  return {
    /** @param {View} v @param {DrawOptions} [opts] */
    draw(v, opts) {
      if (!view || v.ply !== view.ply) lastSquares = [];
      draw(v, opts);
    },
    animate,
    hints() {},
    focus: () => grid.focus(),
    destroy() {
      anim.cancel();
      legend.remove();
      grid.destroy();
    },
  };
}

// What the game page shows of Turnover beside the board: a stack of each side's colour, its
// Castles counted (in words: the count is of Castles, not of pieces), and a Castle in check.

/** @param {import("../../types/turncoat").Side} side */
export function chip(side) {
  return h("span", {class: `chip stack-chip o-${side === "first" ? "white" : "black"}`, "aria-hidden": "true"});
}

/** @param {import("../../types/turncoat").View} view @param {import("../../types/turncoat").Side} side */
export function tally(view, side) {
  return (view.board && (view.board.tallies || []).find(x => x.side === side && x.name === "castles")) || null;
}

export const tallyWords = true;
/** @type {import("../prefs.js").Toggle[]} */
export const prefsShown = ["letters", "coords"];

// notes says when the side to move has a Castle attacked, or all of them (check).
/**
 * @param {import("../../types/turncoat").View} v
 * @param {import("../../types/turncoat").Side} side
 * @param {(side: import("../../types/turncoat").Side) => string} sideName
 * @param {(key: string, params?: Record<string, unknown>) => string} t
 */
export function notes(v, side, sideName, t) {
  if (!v.board) return [];
  const g = v.board.grids[0];
  const checks = (g.marks || []).filter(m => m.kind === "check").map(m => m.coord);
  /** @param {string} c */
  const owner = c => {
    const cell = g.cells.find(x => x.coord === c);
    return cell && cell.piece ? cell.piece.owner : null;
  };
  const attacked = checks.filter(c => owner(c) === side).length;
  const castles = ((v.board.tallies || []).find(x => x.name === "castles" && x.side === side) || {value: 0}).value;
  if (attacked && attacked === castles) return [t("play.inCheck", {side: sideName(side)})];
  if (attacked) return [t("play.castleAttacked", {side: sideName(side)})];
  return [];
}
