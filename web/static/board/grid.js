// Grid draws one rectangular board in SVG from a game.Grid of the server's view: squares with
// their coordinates around the frame, a layer for marks under the pieces, the pieces, and on top
// the cells that take clicks and keyboard focus. It is a grid for assistive technology too:
// rows and cells with labels ("d3, black disc, legal move"); arrow keys move the focus, Enter or
// Space acts, Escape cancels.

import {s} from "../dom.js";

export const CELL = 100;
const PAD_LT = 46; // coordinates and the frame's band, top and left
const PAD_RB = 18; // the frame's band, bottom and right
export const BAND = 14;

let uid = 0;

/** @typedef {import("../../types/turncoat").Grid} GridView */

/**
 * @typedef {object} GridOptions
 * @property {string} [label] the board's name
 * @property {boolean} [checkered] chess-like squares
 * @property {(i: number, how: "pointer" | "key", e: Event) => void} [onActivate] a square clicked, or Enter or Space on it
 * @property {() => void} [onCancel] Escape
 * @property {(e: KeyboardEvent, i: number) => boolean} [onKey] a key, before the grid's own (true: handled)
 * @property {(i: number) => void} [onFocus] the keyboard's square moved
 */

export class Grid {
  /** @param {Element} host @param {GridOptions} [opts] */
  constructor(host, opts = {}) {
    this.opts = opts;
    this.id = "g" + ++uid;
    this.rows = 0;
    this.cols = 0;
    /** @type {string[]} the squares' names, row by row */
    this.coords = [];
    /** @type {SVGGElement[]} the squares that take clicks and focus */
    this.cells = [];
    this.focusIndex = -1;
    this.key_ = "";
    this.svg = s("svg", {class: "board" + (opts.checkered ? " checkered" : ""), role: "grid", "aria-label": opts.label || ""});
    this.gBoard = s("g", {class: "lay-board"});
    this.gUnder = s("g", {class: "lay-under"});
    this.gPieces = s("g", {class: "lay-pieces"});
    this.gMarks = s("g", {class: "lay-marks"});
    this.gCells = s("g", {class: "lay-cells"});
    this.gOver = s("g", {class: "lay-over"});
    this.svg.append(this.gBoard, this.gUnder, this.gPieces, this.gMarks, this.gCells, this.gOver);
    host.append(this.svg);
    this.svg.addEventListener("click", e => {
      const i = this.cellOf(/** @type {Element} */ (e.target));
      if (i >= 0 && this.opts.onActivate) this.opts.onActivate(i, "pointer", e);
    });
    this.svg.addEventListener("keydown", e => this.key(e));
    this.svg.addEventListener("focusin", e => {
      const i = this.cellOf(/** @type {Element} */ (e.target));
      if (i >= 0) this.setFocus(i, false);
    });
  }

  // setup (re)builds the squares for grid's size and names; it keeps them when nothing changed.
  /** @param {GridView} grid @param {{coords?: boolean, label?: string}} [opts] */
  setup(grid, {coords = true, label} = {}) {
    if (label) this.svg.setAttribute("aria-label", label);
    const key = [grid.rows, grid.cols, grid.colNames.join(), grid.rowNames.join(), coords, !!this.opts.checkered].join("|");
    if (key === this.key_) return;
    this.key_ = key;
    this.rows = grid.rows;
    this.cols = grid.cols;
    this.coords = grid.cells.map(c => c.coord);
    const W = this.cols * CELL, H = this.rows * CELL;
    this.svg.setAttribute("viewBox", `${-PAD_LT} ${-PAD_LT} ${W + PAD_LT + PAD_RB} ${H + PAD_LT + PAD_RB}`);
    this.gBoard.replaceChildren(
      s("rect", {class: "frame", x: -BAND, y: -BAND, width: W + 2 * BAND, height: H + 2 * BAND, rx: 10}),
      s("rect", {class: "felt", x: 0, y: 0, width: W, height: H}),
    );
    if (this.opts.checkered) {
      for (let r = 0; r < this.rows; r++) {
        for (let c = 0; c < this.cols; c++) {
          if ((r + c) % 2 === 1) this.gBoard.append(s("rect", {class: "dark-sq", x: c * CELL, y: r * CELL, width: CELL, height: CELL}));
        }
      }
    } else {
      const lines = [];
      for (let c = 1; c < this.cols; c++) lines.push(`M${c * CELL} 0V${H}`);
      for (let r = 1; r < this.rows; r++) lines.push(`M0 ${r * CELL}H${W}`);
      this.gBoard.append(s("path", {class: "lines", d: lines.join("")}));
      if (this.rows === 8 && this.cols === 8) {
        for (const [x, y] of [[2, 2], [6, 2], [2, 6], [6, 6]]) this.gBoard.append(s("circle", {class: "dot", cx: x * CELL, cy: y * CELL, r: 6}));
      }
    }
    if (coords) {
      const g = s("g", {class: "coords", "aria-hidden": "true"});
      grid.colNames.forEach((n, c) => g.append(s("text", {x: c * CELL + CELL / 2, y: -BAND - 10}, n)));
      grid.rowNames.forEach((n, r) => g.append(s("text", {x: -BAND - 14, y: r * CELL + CELL / 2 + 9}, n)));
      this.gBoard.append(g);
    }
    this.gCells.replaceChildren();
    this.cells = [];
    for (let r = 0; r < this.rows; r++) {
      const row = s("g", {role: "row"});
      for (let c = 0; c < this.cols; c++) {
        const i = r * this.cols + c;
        const cell = s("g", {class: "cell", role: "gridcell", id: `${this.id}-${i}`, tabindex: "-1", "data-coord": this.coords[i]},
          s("rect", {x: c * CELL + 2, y: r * CELL + 2, width: CELL - 4, height: CELL - 4, rx: 8}));
        this.cells.push(cell);
        row.append(cell);
      }
      this.gCells.append(row);
    }
    this.focusIndex = -1;
    this.setFocus(this.defaultFocus(), false);
  }

  defaultFocus() {
    return Math.max(0, Math.floor(this.rows / 2 - 1) * this.cols + Math.floor(this.cols / 2 - 1));
  }

  // center returns the middle of square i in board units.
  /** @param {number} i */
  center(i) {
    return {x: (i % this.cols) * CELL + CELL / 2, y: Math.floor(i / this.cols) * CELL + CELL / 2};
  }

  // index returns the square named coord, -1 if none.
  /** @param {string} coord */
  index(coord) {
    return this.coords.indexOf(coord);
  }

  // cellOf returns the square an event's target is in, -1 if none.
  /** @param {Element | null} target */
  cellOf(target) {
    const cell = target && target.closest && target.closest(".cell");
    return cell ? this.cells.indexOf(/** @type {SVGGElement} */ (cell)) : -1;
  }

  // cellAt returns the square under a pointer position (client pixels), -1 outside.
  /** @param {number} clientX @param {number} clientY */
  cellAt(clientX, clientY) {
    const m = this.svg.getScreenCTM();
    if (!m) return -1;
    const p = new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
    const c = Math.floor(p.x / CELL), r = Math.floor(p.y / CELL);
    if (c < 0 || r < 0 || c >= this.cols || r >= this.rows) return -1;
    return r * this.cols + c;
  }

  // label sets what assistive technology says for square i.
  /** @param {number} i @param {string} text */
  label(i, text) {
    if (this.cells && this.cells[i]) this.cells[i].setAttribute("aria-label", text);
  }

  // mark sets a CSS state class on square i's cell ("legal", "picked"...).
  /** @param {number} i @param {string} cls */
  mark(i, cls, on = true) {
    if (this.cells && this.cells[i]) this.cells[i].classList.toggle(cls, on);
  }

  // clearMarks removes a state class from every cell.
  /** @param {string} cls */
  clearMarks(cls) {
    for (const c of this.cells || []) c.classList.remove(cls);
  }

  // setFocus makes square i the one the keyboard acts on (and focuses it if move).
  /** @param {number} i */
  setFocus(i, move = true) {
    if (!this.cells || !this.cells[i]) return;
    if (this.focusIndex >= 0 && this.cells[this.focusIndex]) this.cells[this.focusIndex].setAttribute("tabindex", "-1");
    this.focusIndex = i;
    this.cells[i].setAttribute("tabindex", "0");
    if (move) this.cells[i].focus();
    if (this.opts.onFocus) this.opts.onFocus(i);
  }

  // focus puts the keyboard focus on the board.
  focus() {
    this.setFocus(this.focusIndex >= 0 ? this.focusIndex : this.defaultFocus());
  }

  /** @param {KeyboardEvent} e */
  key(e) {
    const i = this.focusIndex;
    if (this.opts.onKey && this.opts.onKey(e, i)) {
      e.preventDefault();
      return;
    }
    const r = Math.floor(i / this.cols), c = i % this.cols;
    let next = -1;
    switch (e.key) {
      case "ArrowUp": next = r > 0 ? i - this.cols : i; break;
      case "ArrowDown": next = r < this.rows - 1 ? i + this.cols : i; break;
      case "ArrowLeft": next = c > 0 ? i - 1 : i; break;
      case "ArrowRight": next = c < this.cols - 1 ? i + 1 : i; break;
      case "Home": next = r * this.cols; break;
      case "End": next = r * this.cols + this.cols - 1; break;
      case "Enter":
      case " ":
        e.preventDefault();
        if (this.opts.onActivate) this.opts.onActivate(i, "key", e);
        return;
      case "Escape":
        if (this.opts.onCancel) {
          e.preventDefault();
          this.opts.onCancel();
        }
        return;
      default:
        return;
    }
    e.preventDefault();
    this.setFocus(next);
  }

  destroy() {
    this.svg.remove();
  }
}

// Anim runs an animation's timed steps and can jump to its end: cancel() stops the remaining
// steps (the caller then draws the final position), so input never waits for an animation.
export class Anim {
  constructor() {
    /** @type {Set<number>} */
    this.timers = new Set();
    /** @type {Set<(done: boolean) => void> | null} the waits to resolve (false) when cancelled */
    this.pending = null;
  }

  // after runs f in ms milliseconds unless the animation is cancelled first.
  /** @param {number} ms @param {() => void} f */
  after(ms, f) {
    const id = setTimeout(() => {
      this.timers.delete(id);
      f();
    }, ms);
    this.timers.add(id);
  }

  // wait resolves after ms, or at once (false) when cancelled.
  /** @param {number} ms @returns {Promise<boolean>} */
  wait(ms) {
    return new Promise(res => {
      const id = setTimeout(() => {
        this.timers.delete(id);
        res(true);
      }, ms);
      this.timers.add(id);
      this.pending = this.pending || new Set();
      this.pending.add(res);
    });
  }

  cancel() {
    for (const id of this.timers) clearTimeout(id);
    this.timers.clear();
    if (this.pending) for (const res of this.pending) res(false);
    this.pending = null;
  }
}
