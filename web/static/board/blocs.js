// The Blocs board: in the placement phase the player chooses the face to put up (two buttons, or
// the B and W keys) and clicks an empty square; in the flipping phase a rectangle is dragged
// from one corner to the other (previewed while dragging, green when it may be turned), or, by
// keyboard, Enter on one corner, the arrows to the other, Enter again; a click turns a single
// square. The squares a rectangle may end on are marked.

import {h, s} from "../dom.js";
import * as prefs from "../prefs.js";
import {Grid, Anim, CELL} from "./grid.js";
import {pieceWords} from "./discs.js";
import {hintText, bestHints} from "./hints.js";
import {drawPieces, changes, animateChanges} from "./generic.js";

/** @typedef {import("../../types/turncoat").View} View */
/** @typedef {import("../../types/turncoat").Grid} GridView */
/** @typedef {import("../../types/turncoat").Side} Side */
/** @typedef {import("../../types/turncoat").DrawOptions} DrawOptions */

/** @param {HTMLElement} host @param {import("../../types/turncoat").BoardCtx} ctx @returns {import("../../types/turncoat").Board} */
export function create(host, ctx) {
  const {t} = ctx;
  /** @type {View | null} */
  let view = null;
  let interactive = false, face = "B", anchor = -1, dragging = false;
  const anim = new Anim();
  const faces = h("div", {class: "faces", role: "radiogroup", "aria-label": t("blocs.face")},
    h("span", {class: "faces-label"}, t("blocs.face")));
  /** @type {Record<string, HTMLButtonElement>} */
  const faceButtons = {};
  for (const [f, key] of [["B", "blocs.blackUp"], ["W", "blocs.whiteUp"]]) {
    const b = h("button", {type: "button", role: "radio", class: "face-btn", "data-face": f, on: {click: () => setFace(f)}},
      h("span", {class: "face-swatch " + (f === "B" ? "b" : "w"), "aria-hidden": "true"}), t(key));
    faceButtons[f] = b;
    faces.append(b);
  }
  host.append(faces);
  const grid = new Grid(host, {
    label: ctx.label,
    onActivate(i, how) {
      if (!view || !interactive) return;
      if (placing()) {
        const text = face + grid.coords[i];
        if (legal(text)) ctx.act(text);
        else ctx.refuse(grid.coords[i]);
        return;
      }
      if (how !== "key") return; // pointers go through the drag handlers
      if (anchor < 0) {
        anchor = i;
        preview(i);
        ctx.say(t("blocs.corner", {square: grid.coords[i]}));
        return;
      }
      finish(i);
    },
    onCancel() {
      anchor = -1;
      preview(-1);
    },
    onFocus(i) {
      if (anchor >= 0 && !dragging) preview(i);
    },
    onKey(e) {
      if (!interactive || !placing()) return false;
      const k = e.key.toLowerCase();
      if (k === "b" || k === "w") {
        setFace(k.toUpperCase());
        return true;
      }
      return false;
    },
  });
  setFace("B");

  /** @param {string} f */
  function setFace(f) {
    face = f;
    for (const [k, b] of Object.entries(faceButtons)) b.setAttribute("aria-checked", String(k === f));
  }

  function placing() {
    return !!view && g().cells.some(c => !c.piece);
  }

  /** @returns {GridView} the board drawn */
  function g() {
    if (!view || !view.board) throw new Error("no board drawn");
    return view.board.grids[0];
  }

  /** @param {string} move */
  function legal(move) {
    return !!view && view.legal.includes(move);
  }

  // rectText names the rectangle with corners i and j: upper-left, lower-right ("a1-c3"), or the
  // square alone.
  /** @param {number} i @param {number} j */
  function rectText(i, j) {
    const gr = g(), cols = gr.cols;
    const r0 = Math.min(Math.floor(i / cols), Math.floor(j / cols)), r1 = Math.max(Math.floor(i / cols), Math.floor(j / cols));
    const c0 = Math.min(i % cols, j % cols), c1 = Math.max(i % cols, j % cols);
    const a = gr.colNames[c0] + gr.rowNames[r0], b = gr.colNames[c1] + gr.rowNames[r1];
    return {text: a === b ? a : `${a}-${b}`, r0, r1, c0, c1};
  }

  /** @param {number} j */
  function preview(j) {
    grid.gOver.querySelectorAll(".rect-preview").forEach(e => e.remove());
    if (anchor < 0 || j < 0) return;
    const r = rectText(anchor, j);
    const ok = legal(r.text);
    grid.gOver.append(s("rect", {class: "rect-preview" + (ok ? " ok" : " bad"), x: r.c0 * CELL + 4, y: r.r0 * CELL + 4,
      width: (r.c1 - r.c0 + 1) * CELL - 8, height: (r.r1 - r.r0 + 1) * CELL - 8, rx: 12}));
  }

  /** @param {number} j */
  function finish(j) {
    const r = rectText(anchor, j);
    anchor = -1;
    preview(-1);
    if (legal(r.text)) ctx.act(r.text);
    else ctx.refuse(r.text);
  }

  grid.svg.addEventListener("pointerdown", e => {
    if (!view || !interactive || placing() || e.button !== 0) return;
    const i = grid.cellAt(e.clientX, e.clientY);
    if (i < 0) return;
    e.preventDefault();
    anchor = i;
    dragging = true;
    grid.svg.setPointerCapture(e.pointerId);
    preview(i);
  });
  grid.svg.addEventListener("pointermove", e => {
    if (!dragging) return;
    const i = grid.cellAt(e.clientX, e.clientY);
    if (i >= 0) preview(i);
  });
  grid.svg.addEventListener("pointerup", e => {
    if (!dragging) return;
    dragging = false;
    const i = grid.cellAt(e.clientX, e.clientY);
    if (i < 0) {
      anchor = -1;
      preview(-1);
      return;
    }
    finish(i);
  });
  grid.svg.addEventListener("pointercancel", () => {
    dragging = false;
    anchor = -1;
    preview(-1);
  });

  /** @type {(SVGElement | null)[]} */
  let discEls = [];
  /** @param {View} v @param {DrawOptions} [opts] */
  function draw(v, opts = {}) {
    anim.cancel();
    view = v;
    interactive = !!opts.interactive;
    anchor = -1;
    const gr = g();
    grid.setup(gr, {coords: prefs.get("coords"), label: ctx.label});
    faces.hidden = !(interactive && placing());
    grid.gUnder.replaceChildren();
    grid.gOver.replaceChildren();
    grid.gMarks.replaceChildren();
    discEls = drawPieces(grid, gr.cells);
    // The squares a rectangle may end on (its key square): where some legal flip ends.
    const ends = new Set();
    if (interactive && !placing()) {
      for (const m of v.legal) ends.add(m.includes("-") ? m.split("-")[1] : m);
    }
    gr.cells.forEach((c, i) => {
      const {x, y} = grid.center(i);
      const free = interactive && placing() && !c.piece;
      if (free && prefs.get("markers")) grid.gUnder.append(s("circle", {class: "legal-dot", cx: x, cy: y, r: 11}));
      if (ends.has(c.coord) && prefs.get("markers")) grid.gMarks.append(s("circle", {class: "corner-mark", cx: x, cy: y, r: 9}));
      grid.mark(i, "legal", free || ends.has(c.coord));
      const words = [c.coord, pieceWords(t, c)];
      if (free) words.push(t("cell.legal"));
      if (ends.has(c.coord)) words.push(t("blocs.endsHere"));
      grid.label(i, words.join(", "));
    });
    const last = v.lastMove && v.lastMove.text;
    if (last) {
      const m = last.match(/^([a-z][0-9])(?:-([a-z][0-9]))?$|^[BW]([a-z][0-9])$/);
      if (m) {
        const a = grid.index(m[1] || m[3]), b = grid.index(m[2] || m[1] || m[3]);
        if (a >= 0 && b >= 0) {
          const r = rectText(a, b);
          grid.gMarks.append(s("rect", {class: "last-rect", x: r.c0 * CELL + 3, y: r.r0 * CELL + 3,
            width: (r.c1 - r.c0 + 1) * CELL - 6, height: (r.r1 - r.r0 + 1) * CELL - 6, rx: 10}));
        }
      }
    }
  }

  // animate draws next: a placed disc drops in, the turned ones flip in turn.
  /** @param {View} prev @param {View} next @param {DrawOptions} [opts] */
  async function animate(prev, next, opts) {
    draw(next, opts);
    const a = prev.board && prev.board.grids[0], b = next.board && next.board.grids[0];
    if (!a || !b || a.cells.length !== b.cells.length) return;
    await anim.wait(animateChanges(anim, grid, discEls, a.cells, b.cells, changes(a.cells, b.cells), {first: 0, gap: 30}) + 20);
  }

  /** @param {import("../../types/turncoat").Hint[]} list */
  function hints(list) {
    grid.gOver.replaceChildren();
    const best = bestHints(list);
    for (const hnt of list) {
      if (!best.has(hnt.move)) continue;
      const m = hnt.move.match(/^[BW]?([a-z][0-9])(?:-([a-z][0-9]))?$/);
      if (!m) continue;
      const i = grid.index(m[1]), j = grid.index(m[2] || m[1]);
      if (i < 0 || j < 0) continue;
      const r = rectText(i, j);
      grid.gOver.append(s("rect", {class: "hint-rect", x: r.c0 * CELL + 8, y: r.r0 * CELL + 8,
        width: (r.c1 - r.c0 + 1) * CELL - 16, height: (r.r1 - r.r0 + 1) * CELL - 16, rx: 10}));
      const {x, y} = grid.center(j);
      const label = (hnt.move[0] === "B" || hnt.move[0] === "W" ? t(hnt.move[0] === "B" ? "blocs.blackUp" : "blocs.whiteUp") + " · " : "") + hintText(hnt, ctx);
      grid.gOver.append(s("text", {class: "hint best", x, y: y + 40}, label));
    }
  }

  return {
    draw, animate, hints,
    focus: () => grid.focus(),
    destroy() {
      anim.cancel();
      faces.remove();
      grid.destroy();
    },
  };
}

// What the game page shows of Blocs beside the board: the players' numbers (the counters are
// shared: no count per player).

/** @param {import("../../types/turncoat").Side} side */
export function chip(side) {
  return h("span", {class: "chip num-chip", "aria-hidden": "true"}, side === "first" ? "1" : "2");
}

export function tally() {
  return null;
}

/** @type {import("../prefs.js").Toggle[]} */
export const prefsShown = ["markers", "coords"];
