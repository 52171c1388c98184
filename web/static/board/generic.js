// The generic board: it draws any game's structured board from the server's view (grids of
// cells with holes, pieces, owned edges and marks) and plays it by clicks, taps and keys from
// the view's legal actions alone, knowing nothing of the game's rules. A game without a board
// module of its own gets it (see index.js); Reversi and Troll are drawn by it as they are, and
// the other games' modules build on its parts: the pieces, the actions a square starts, the
// changes between two boards animated (a new piece drops in, turned ones flip outward from it),
// the stages of a move the server describes step by step, the hints.

import {h, s, reducedMotion} from "../dom.js";
import {tOr} from "../i18n.js";
import * as prefs from "../prefs.js";
import {Grid, Anim, CELL, BAND} from "./grid.js";
import {hole, flip, drop, setColour, pieceWords} from "./discs.js";
import {piece as drawPiece} from "./pieces.js";
import {hintText, bestHints} from "./hints.js";

/** @typedef {import("../../types/turncoat").View} View */
/** @typedef {import("../../types/turncoat").Grid} GridView */
/** @typedef {import("../../types/turncoat").Cell} Cell */
/** @typedef {import("../../types/turncoat").Step} Step */
/** @typedef {import("../../types/turncoat").Hint} Hint */
/** @typedef {import("../../types/turncoat").Side} Side */
/** @typedef {import("../../types/turncoat").Kind} Kind */
/** @typedef {import("../../types/turncoat").Action} Action */
/** @typedef {import("../../types/turncoat").BoardCtx} BoardCtx */
/** @typedef {import("../../types/turncoat").DrawOptions} DrawOptions */
/** @typedef {import("../../types/turncoat").BoardModule} BoardModule */
/** @typedef {(SVGElement | null)[]} Pieces the piece drawn on each square, null where none */

// coordsIn returns the squares a move's notation names, in its order ("c3-d4": c3 then d4;
// "Bc3": c3), taking the longest name at each place so that a10 is not read as a1.
/** @param {string} text @param {string[]} coords @returns {string[]} */
export function coordsIn(text, coords) {
  const names = [...new Set(coords)].filter(Boolean).sort((a, b) => b.length - a.length);
  const out = [];
  for (let i = 0; i < text.length;) {
    const n = names.find(c => text.startsWith(c, i));
    if (n) out.push(n);
    i += n ? n.length : 1;
  }
  return out;
}

/** @typedef {{move: string, from: string, to: string}} CellAction an action, the square it starts on, and where it ends ("" when it is played on its square alone) */

// cellActions sorts the viewer's legal actions by the square they start on: where the game
// describes its moves square by square (the game's actions, from and to), by those; else by
// the squares each action's notation names, the first and the last. Actions that name no
// square (a pass, a claim) are loose: the board offers them as buttons.
/** @param {string[]} legal @param {Action[] | undefined} described @param {string[]} coords */
export function cellActions(legal, described, coords) {
  const by = new Map((described || []).map(a => [a.move, a]));
  /** @type {Map<string, CellAction[]>} */
  const byCell = new Map();
  /** @type {string[]} */
  const loose = [];
  for (const move of legal) {
    const d = by.get(move);
    let from = "", to = "";
    if (d && d.from) {
      from = d.from;
      to = d.to && d.to !== d.from ? d.to : "";
    } else {
      const names = coordsIn(move, coords);
      if (names.length) [from, to] = [names[0], names.length > 1 ? names[names.length - 1] : ""];
    }
    if (!from) {
      loose.push(move);
      continue;
    }
    const list = byCell.get(from) || [];
    list.push({move, from, to});
    byCell.set(from, list);
  }
  return {byCell, loose};
}

// drawPieces draws the pieces and holes of cells on grid and returns the piece on each square.
/** @param {Grid} grid @param {Cell[]} cells @param {{letters?: boolean}} [opts] @returns {Pieces} */
export function drawPieces(grid, cells, opts = {}) {
  grid.gPieces.replaceChildren();
  return cells.map((c, i) => {
    const {x, y} = grid.center(i);
    if (c.hole) grid.gPieces.append(hole(x, y));
    if (!c.piece) return null;
    const el = drawPiece(x, y, c.piece, opts);
    grid.gPieces.append(el);
    return el;
  });
}

/** @typedef {{placed: number[], flipped: number[], removed: number[], changed: number[]}} Changes */

// changes compares two boards' cells square by square: a piece that appeared, one whose colour
// turned (the same piece otherwise), one that went, one that became another.
/** @param {Cell[]} a @param {Cell[]} b @returns {Changes} */
export function changes(a, b) {
  /** @type {Changes} */
  const out = {placed: [], flipped: [], removed: [], changed: []};
  b.forEach((c, i) => {
    const x = a[i] && a[i].piece, y = c.piece;
    if (!x && y) out.placed.push(i);
    else if (x && !y) out.removed.push(i);
    else if (x && y && JSON.stringify({...x, colour: ""}) !== JSON.stringify({...y, colour: ""})) out.changed.push(i);
    else if (x && y && x.colour !== y.colour) out.flipped.push(i);
  });
  return out;
}

// animateChanges animates on grid the changes ch from the cells before to the cells after,
// whose pieces els now show: new pieces drop in at start; turned ones show their old colour
// and turn one after another, nearest origin (a square's index; the first new piece by
// default) first; a piece that went fades where it stood, and a single one that went where a
// new one came glides to it (a move). It returns when the last motion ends (ms); anim can cut
// it short.
/**
 * @param {Anim} anim @param {Grid} grid @param {Pieces} els @param {Cell[]} before @param {Cell[]} after @param {Changes} ch
 * @param {{origin?: number, start?: number, first?: number, gap?: number, sound?: number}} [opts]
 */
export function animateChanges(anim, grid, els, before, after, ch, {origin = -1, start = 0, first = 140, gap = 60, sound = 0} = {}) {
  let end = start;
  const glide = ch.removed.length === 1 && ch.placed.length === 1 && !reducedMotion() ? ch.removed[0] : -1;
  for (const i of ch.placed) {
    const el = els[i];
    if (!el) continue;
    if (glide >= 0 && el.firstElementChild) {
      const a = grid.center(glide), b = grid.center(i);
      el.firstElementChild.animate([{transform: `translate(${a.x - b.x}px, ${a.y - b.y}px)`}, {transform: "translate(0px, 0px)"}], {duration: 220, easing: "ease-out"});
      end = Math.max(end, start + 240);
    } else end = Math.max(end, drop(anim, el, start));
  }
  for (const i of ch.removed) {
    const p = before[i].piece;
    if (i === glide || !p) continue;
    const {x, y} = grid.center(i);
    const ghost = drawPiece(x, y, p);
    ghost.classList.add("vanish");
    grid.gOver.append(ghost);
    anim.after(start + 220, () => ghost.remove());
    end = Math.max(end, start + 220);
  }
  for (const i of ch.changed) {
    const el = els[i];
    if (!el) continue;
    el.classList.add("glow");
    anim.after(start + 300, () => el.classList.remove("glow"));
    end = Math.max(end, start + 300);
  }
  const o = origin >= 0 ? origin : ch.placed.length ? ch.placed[0] : -1;
  const p = o >= 0 ? grid.center(o) : null;
  /** @param {number} i */
  const dist = i => {
    if (!p) return 0;
    const q = grid.center(i);
    return Math.max(Math.abs(q.x - p.x), Math.abs(q.y - p.y));
  };
  ch.flipped.slice().sort((i, j) => dist(i) - dist(j)).forEach((i, k) => {
    const el = els[i], was = before[i].piece, now = after[i].piece;
    if (!el || !was || !now) return;
    setColour(el, was.colour);
    end = Math.max(end, flip(anim, el, now.colour, start + first + gap * k, k + sound));
  });
  return end;
}

// playStep plays one stage of a move the server describes step by step (a Turncoat turn) on
// grid, whose pieces els show the cells before it: its square is ringed, then turns, then the
// other cells it changed turn outward from it. It updates cells and els to the cells after it
// and resolves false when the animation was cut short.
/** @param {Anim} anim @param {Grid} grid @param {Pieces} els @param {Cell[]} cells @param {Step} step */
export async function playStep(anim, grid, els, cells, step) {
  const slow = reducedMotion() ? 0.4 : 1;
  const i = grid.index(step.coord || "");
  const ring = i >= 0 ? ringAt(grid, i, "turn-ring") : null;
  if (!(await anim.wait(420 * slow))) return false;
  const before = cells.slice();
  for (const c of step.cells) {
    const j = grid.index(c.coord);
    if (j >= 0) cells[j] = c;
  }
  const ch = changes(before, cells);
  // The pieces that came or became others are drawn anew; those that went are taken off
  // (a ghost fades where they stood).
  for (const j of [...ch.placed, ...ch.changed, ...ch.removed]) {
    const old = els[j], p = cells[j].piece;
    if (old) old.remove();
    const {x, y} = grid.center(j);
    els[j] = p ? drawPiece(x, y, p) : null;
    if (p) grid.gPieces.append(/** @type {Element} */ (els[j]));
  }
  // The step's own square turns at once, the others after it.
  let end = 0;
  const own = ch.flipped.indexOf(i);
  if (own >= 0) {
    ch.flipped.splice(own, 1);
    const el = els[i], now = cells[i].piece;
    if (el && now) end = flip(anim, el, now.colour, 0, 0);
  }
  end = Math.max(end, animateChanges(anim, grid, els, before, cells, ch, {origin: i, start: 260, first: 0, gap: 55, sound: 1}));
  if (!(await anim.wait(end + 260 * slow))) return false;
  if (ring) ring.remove();
  return true;
}

// ringAt draws a square's ring (a selection, a step's square) on grid's marks.
/** @param {Grid} grid @param {number} i @param {string} cls */
export function ringAt(grid, i, cls) {
  const {x, y} = grid.center(i);
  const el = s("rect", {class: cls, x: x - 46, y: y - 46, width: 92, height: 92, rx: 14});
  grid.gMarks.append(el);
  return el;
}

// writeHints writes the engine's values on the squares the moves start on, the best in bold.
/** @param {Grid} grid @param {Hint[]} list @param {BoardCtx} ctx */
export function writeHints(grid, list, ctx) {
  grid.gOver.replaceChildren();
  grid.gUnder.querySelectorAll(".legal-dot").forEach(e => e.remove());
  const best = bestHints(list);
  for (const hnt of list) {
    const i = grid.index(coordsIn(hnt.move, grid.coords)[0] || "");
    if (i < 0) continue;
    const {x, y} = grid.center(i);
    grid.gOver.append(s("text", {class: "hint" + (best.has(hnt.move) ? " best" : ""), x, y: y + 12}, hintText(hnt, ctx)));
  }
}

// drawEdges shades the sides of a grid's frame a player owns (Troll's edges).
/** @param {Grid} grid @param {GridView} g */
function drawEdges(grid, g) {
  const W = g.cols * CELL, H = g.rows * CELL;
  /** @type {Record<string, number[]>} */
  const band = {top: [0, -BAND, W, BAND], bottom: [0, H, W, BAND], left: [-BAND, 0, BAND, H], right: [W, 0, BAND, H]};
  for (const e of g.edges || []) {
    const [x, y, w, ht] = band[e.side] || [];
    if (w !== undefined) grid.gUnder.append(s("rect", {class: `edge edge-${e.owner}`, x, y, width: w, height: ht}));
  }
}

// drawChain draws a winning chain as a line through its squares: neighbours in a row or a
// column are joined, and diagonal ones where a square has no such neighbour (a diagonal line
// of three), so that an orthogonal chain (Troll's) never gains shortcuts.
/** @param {Grid} grid @param {number[]} cells */
function drawChain(grid, cells) {
  const set = new Set(cells), n = grid.cols;
  /** @param {number} i @param {number} j */
  const near = (i, j) => set.has(j) && Math.abs((j % n) - (i % n)) <= 1;
  /** @param {number} i */
  const alone = i => ![i - 1, i + 1, i - n, i + n].some(j => near(i, j) && (j % n === i % n || Math.floor(j / n) === Math.floor(i / n)));
  const d = [];
  for (const i of cells) {
    const a = grid.center(i);
    for (const j of [i + 1, i + n, i + n + 1, i + n - 1]) {
      const diagonal = j === i + n + 1 || j === i + n - 1;
      if (!near(i, j) || (j === i + 1 && j % n === 0) || (diagonal && !(alone(i) && alone(j)))) continue;
      const b = grid.center(j);
      d.push(`M${a.x} ${a.y}L${b.x} ${b.y}`);
    }
    grid.gMarks.append(s("circle", {class: "chain-dot", cx: a.x, cy: a.y, r: 12}));
  }
  grid.gMarks.prepend(s("path", {class: "chain-line", d: d.join("")}));
}

/** @param {BoardCtx} ctx @param {View} v @returns {Side | undefined} the side whose grids take clicks */
function actor(ctx, v) {
  if (v.toAct.length === 1) return v.toAct[0];
  return v.viewer || undefined;
}

// create draws a game's board in host: the same functions as every game's board module.
/** @param {HTMLElement} host @param {BoardCtx} ctx @returns {import("../../types/turncoat").Board} */
export function create(host, ctx) {
  const {t} = ctx;
  const checkered = !!(ctx.spec && ctx.spec.checkered);
  /** @type {View | null} */
  let view = null;
  /** @type {DrawOptions} */
  let opts = {};
  let interactive = false, picked = "", pickedGrid = -1;
  let acts = cellActions([], [], []);
  const anim = new Anim();
  /** @type {Grid[]} */
  let grids = [];
  /** @type {Pieces[]} */
  let els = [];
  /** @type {HTMLElement | null} */
  let wrap = null;
  const bar = h("div", {class: "choices", hidden: true});

  /** @param {number} n */
  function ensure(n) {
    if (grids.length === n) return;
    grids.forEach(g => g.destroy());
    if (wrap) wrap.remove();
    wrap = n > 1 ? h("div", {class: "grids"}) : null;
    if (wrap) host.append(wrap);
    grids = Array.from({length: n}, (_, k) => {
      const fig = wrap ? h("figure", {class: "grid-fig"}) : host;
      if (wrap) wrap.append(fig);
      return new Grid(fig, {label: ctx.label, checkered, onActivate: (/** @type {number} */ i) => activate(k, i), onCancel: cancel});
    });
    host.append(bar);
  }

  /** @param {number} k @returns {boolean} whether grid k takes the viewer's clicks */
  function takes(k) {
    const g = view && view.board && view.board.grids[k];
    return !!(g && view && (!g.owner || g.owner === actor(ctx, view)));
  }

  /** @param {View} v @returns {string[]} every square's name */
  function allCoords(v) {
    return v.board ? v.board.grids.flatMap(g => g.cells.map(c => c.coord)) : [];
  }

  /** @param {string} move */
  function play(move) {
    picked = "";
    const v = view;
    ctx.act(move, v && v.toAct.length === 2 ? actor(ctx, v) : undefined);
  }

  function cancel() {
    if (!picked) return;
    picked = "";
    redraw();
  }

  /** @param {number} k @param {number} i */
  function activate(k, i) {
    if (!view || !interactive) return;
    const coord = grids[k].coords[i];
    if (!takes(k)) {
      ctx.refuse(coord);
      return;
    }
    if (picked && pickedGrid === k) {
      const from = acts.byCell.get(picked) || [];
      const to = from.find(a => a.to === coord);
      const alone = from.filter(a => !a.to);
      if (to) return play(to.move);
      if (coord === picked && alone.length === 1) return play(alone[0].move);
    }
    const list = acts.byCell.get(coord) || [];
    if (!list.length) {
      if (picked) cancel();
      else ctx.refuse(coord);
      return;
    }
    if (list.length === 1 && !list[0].to) return play(list[0].move);
    picked = coord;
    pickedGrid = k;
    redraw();
    ctx.say(t("board.picked", {square: coord, n: list.length}));
  }

  function redraw() {
    if (view) draw(view, opts);
  }

  /** @param {View} v @returns {string[]} the squares the last move names */
  function lastSquares(v) {
    return v.lastMove ? coordsIn(v.lastMove.text, allCoords(v)) : [];
  }

  /** @param {number} k @param {GridView} g @param {View} v */
  function drawGrid(k, g, v) {
    const grid = grids[k];
    const many = grids.length > 1;
    grid.setup(g, {coords: prefs.get("coords"), label: many ? tOr(`grid.${g.name}`, g.name || String(k + 1)) : ctx.label});
    els[k] = drawPieces(grid, g.cells, {letters: !!prefs.get("letters")});
    grid.gUnder.replaceChildren();
    grid.gMarks.replaceChildren();
    grid.gOver.replaceChildren();
    drawEdges(grid, g);
    /** @type {Map<string, string[]>} */
    const marks = new Map();
    for (const m of g.marks || []) marks.set(m.coord, [...(marks.get(m.coord) || []), m.kind]);
    const starts = interactive && takes(k) ? acts.byCell : new Map();
    const here = picked && pickedGrid === k;
    const targets = new Set(here ? (acts.byCell.get(picked) || []).map(a => a.to).filter(Boolean) : []);
    const last = new Set(lastSquares(v));
    /** @type {number[]} */
    const chain = [];
    g.cells.forEach((c, i) => {
      const {x, y} = grid.center(i);
      const kinds = marks.get(c.coord) || [];
      const legal = starts.has(c.coord);
      const free = kinds.includes("free");
      if (free && interactive) grid.gUnder.append(s("path", {class: "free-mark", d: `M${x} ${y - 14}L${x + 14} ${y}L${x} ${y + 14}L${x - 14} ${y}Z`}));
      else if (legal && prefs.get("markers")) grid.gUnder.append(s("circle", {class: "legal-dot", cx: x, cy: y, r: 11}));
      if (kinds.includes("check")) grid.gUnder.append(s("circle", {class: "check-glow", cx: x, cy: y, r: 47}));
      if (kinds.includes("chain")) chain.push(i);
      if (kinds.includes("last")) last.add(c.coord);
      if (targets.has(c.coord)) grid.gMarks.append(s("circle", {class: "target-dot", cx: x, cy: y, r: 16}));
      grid.mark(i, "legal", legal || targets.has(c.coord));
      const words = [c.coord, pieceWords(t, c)];
      if (legal) words.push(t(free ? "cell.legalFree" : "cell.legal"));
      if (here && c.coord === picked) words.push(t("cell.picked"));
      if (targets.has(c.coord)) words.push(t("cell.target"));
      if (last.has(c.coord)) words.push(t("cell.last"));
      if (chain.includes(i)) words.push(t("cell.chain"));
      grid.label(i, words.join(", "));
    });
    for (const coord of last) {
      const i = grid.index(coord);
      if (i < 0) continue;
      const {x, y} = grid.center(i);
      grid.gMarks.append(s("circle", {class: "last-mark", cx: x, cy: y, r: 8}));
    }
    if (chain.length) drawChain(grid, chain);
    if (here) ringAt(grid, grid.index(picked), "picked-ring");
  }

  // drawBar offers as buttons what the board cannot: the actions that name no square (a pass
  // alone is the status line's), and the actions of a picked square played on it alone when
  // there are several ("Bc3", "Wc3").
  function drawBar() {
    const here = picked ? (acts.byCell.get(picked) || []).filter(a => !a.to) : [];
    const loose = acts.loose.length === 1 && acts.loose[0] === "pass" ? [] : acts.loose;
    const list = [...(here.length > 1 ? here.map(a => a.move) : []), ...loose];
    bar.hidden = !list.length;
    bar.replaceChildren(...(list.length ? [h("span", {class: "choices-label"}, here.length > 1 ? t("board.choose", {square: picked}) : t("board.moves"))] : []),
      ...list.map(m => h("button", {type: "button", class: "choice", "data-move": m, on: {click: () => play(m)}}, m)));
  }

  /** @param {View} v @param {DrawOptions} [o] */
  function draw(v, o = {}) {
    anim.cancel();
    if (!view || v.version !== view.version || !o.interactive) picked = "";
    view = v;
    opts = o;
    interactive = !!o.interactive;
    acts = interactive ? cellActions(v.legal, o.actions, allCoords(v)) : cellActions([], [], []);
    if (picked && !acts.byCell.has(picked)) picked = "";
    if (!v.board) return;
    ensure(v.board.grids.length);
    v.board.grids.forEach((g, k) => drawGrid(k, g, v));
    drawBar();
  }

  // animate draws next, then shows how it came from prev: step by step where the server
  // describes the move in stages, else by comparing the boards.
  /** @param {View} prev @param {View} next @param {DrawOptions} [o] */
  async function animate(prev, next, o) {
    draw(next, o);
    const before = prev.board, after = next.board;
    if (!before || !after || before.grids.length !== after.grids.length) return;
    const steps = (next.lastMove && next.lastMove.steps) || [];
    if (steps.length) {
      const cells = before.grids.map(g => g.cells.slice());
      before.grids.forEach((g, k) => { els[k] = drawPieces(grids[k], g.cells, {letters: !!prefs.get("letters")}); });
      for (const st of steps) {
        if (!grids[st.grid] || !(await playStep(anim, grids[st.grid], els[st.grid], cells[st.grid], st))) return;
      }
      draw(next, o);
      return;
    }
    let end = 0;
    after.grids.forEach((g, k) => {
      const a = before.grids[k].cells;
      if (a.length !== g.cells.length) return;
      const origin = grids[k].index(lastSquares(next).find(c => grids[k].index(c) >= 0) || "");
      end = Math.max(end, animateChanges(anim, grids[k], els[k], a, g.cells, changes(a, g.cells), {origin}));
    });
    if (end) await anim.wait(end + 20);
  }

  return {
    draw, animate,
    hints(list) {
      const k = Math.max(0, grids.findIndex((_, i) => takes(i)));
      if (grids[k]) writeHints(grids[k], list, ctx);
    },
    focus() {
      const k = Math.max(0, grids.findIndex((_, i) => takes(i)));
      if (grids[k]) grids[k].focus();
    },
    destroy() {
      anim.cancel();
      grids.forEach(g => g.destroy());
      if (wrap) wrap.remove();
      bar.remove();
    },
  };
}

// What the game page shows of a game beside the board, from what the server says of the game:
// a side's chip is the piece it has on the board (else the game's piece style in the side's
// usual colour, or its number), its count the board's first tally for it (its name in the
// count's label, as Reversi's discs).

/** @param {string | undefined} style the game's piece style ("disc", "stack", "number") @param {Side} side @param {View} [view] */
export function chipOf(style, side, view) {
  const mine = view && view.board && view.board.grids.flatMap(g => g.cells).find(c => c.piece && c.piece.owner === side);
  const p = mine && mine.piece;
  const colour = p ? p.colour : side === "first" ? "black" : "white";
  if (p ? p.parts && p.parts.length : style === "stack") return h("span", {class: `chip stack-chip o-${colour}`, "aria-hidden": "true"});
  if (p ? p.kind === "disc" : style !== "number") return h("span", {class: `chip disc-chip c-${colour}`, "aria-hidden": "true"});
  return h("span", {class: "chip num-chip", "aria-hidden": "true"}, side === "first" ? "1" : "2");
}

/** @param {View} view @param {Side} side */
export function tally(view, side) {
  return (view.board && (view.board.tallies || []).find(x => x.side === side)) || null;
}

// moduleFor returns the generic board module of a game, as the server describes it.
/** @param {Kind | undefined} spec @returns {BoardModule} */
export function moduleFor(spec) {
  const style = spec && spec.pieces;
  return {
    // The page's context, with the game's description where the page gave none.
    create: (host, ctx) => create(host, ctx.spec ? ctx : Object.assign(Object.create(ctx), {spec})),
    chip: (side, view) => chipOf(style, side, view),
    tally,
    prefsShown: style === "stack" ? ["markers", "letters", "coords"] : ["markers", "coords"],
    passes: true,
  };
}
