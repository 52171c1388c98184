// The Turncoat boards, as in the original app: a red and a yellow tab above the board, each
// showing its board's black-piece count, or an X once that side has selected; the active tab's
// board below. A player selects a square of their own board (its label shows briefly under the
// board) and may select again until the other side has chosen. The Turn plays in the app's four
// steps, switching tabs as it goes: Red's own selection on Red's board (highlighted, turned,
// then the trapped pieces), Yellow's own on Yellow's board, then Yellow's square on Red's board
// and Red's square on Yellow's board; it stops after the second step when a board has no white
// left. The steps and the pieces each turned come from the server (the view's last move), as
// comparing the boards before and after the round cannot tell them. In hot-seat play a "pass the device" screen covers the boards between the players'
// selections, so nobody has to look away.

import {h} from "../dom.js";
import * as prefs from "../prefs.js";
import {Grid, Anim} from "./grid.js";
import {pieceWords} from "./discs.js";
import {drawPieces, playStep, ringAt, writeHints} from "./generic.js";

/** @typedef {import("../../types/turncoat").Cell} Cell */
/** @typedef {import("../../types/turncoat").View} View */
/** @typedef {import("../../types/turncoat").Side} Side */
/** @typedef {import("../../types/turncoat").DrawOptions} DrawOptions */

/** @param {Cell[]} cells */
const blacks = cells => cells.filter(c => c.piece && c.piece.colour === "black").length;

/** @param {HTMLElement} host @param {import("../../types/turncoat").BoardCtx} ctx @returns {import("../../types/turncoat").Board} */
export function create(host, ctx) {
  const {t} = ctx;
  /** @type {View | null} */
  let view = null;
  /** @type {Side | null} in hot-seat play, the side whose board the device shows */
  let device = null;
  let interactive = false, active = 0, animating = false, lastOwn = "";
  const anim = new Anim();
  const tabs = h("div", {class: "tc-tabs", role: "tablist", "aria-label": t("turncoat.boards")});
  const tabEls = [0, 1].map(b => {
    const el = h("button", {type: "button", role: "tab", class: `tc-tab tc-${b ? "yellow" : "red"}`, id: `tc-tab-${b}`,
      on: {click: () => {
        if (animating) finishAnimation();
        show(b);
      }}});
    tabs.append(el);
    return el;
  });
  const stage = h("div", {class: "tc-stage", role: "tabpanel"});
  const caption = h("div", {class: "tc-caption", "aria-live": "polite"});
  const flash = h("div", {class: "tc-flash", "aria-hidden": "true"});
  const cover = h("div", {class: "tc-cover", hidden: true});
  host.append(tabs, stage, caption);
  stage.append(flash, cover);
  const grid = new Grid(stage, {
    label: ctx.label,
    onActivate(i) {
      if (animating) {
        finishAnimation();
        return;
      }
      if (!view) return;
      const coord = grid.coords[i];
      if (!selectable()) return;
      if (view.legal.includes(coord)) ctx.act(coord, viewer() || undefined);
      else ctx.refuse(coord, whyNot(coord));
    },
  });
  stage.insertBefore(grid.svg, flash);
  /** @type {(SVGElement | null)[]} */
  let discEls = [];
  /** @type {Cell[][] | null} the boards on screen, Red's and Yellow's */
  let shown = null;
  /** @type {View | null} the view the Turn under way ends on */
  let nextView = null;
  /** @type {DrawOptions} */
  let nextOpts = {}, lastOpts = {};

  // cur is the view drawn: everything below runs once one is.
  /** @returns {View} */
  function cur() {
    if (!view) throw new Error("no Turncoat view drawn");
    return view;
  }

  /** @param {View} v @returns {Cell[][]} */
  const boardsOf = v => (v.board ? v.board.grids.map(g => g.cells) : [[], []]);

  // whyNot says why a square of the player's own board may not be selected.
  /** @param {string} coord */
  function whyNot(coord) {
    const c = boardsOf(cur())[active].find(x => x.coord === coord);
    if (!c || c.hole || !c.piece) return t("turncoat.blankRefused", {square: coord.toUpperCase()});
    if (cur().options.mode === "white-only" && c.piece.colour === "black") return t("turncoat.whiteOnlyRefused", {square: coord.toUpperCase()});
    return undefined;
  }

  /** @returns {Side | null} whose board this page selects on */
  function viewer() {
    return ctx.hotseat ? device : cur().viewer;
  }

  function selectable() {
    return interactive && !animating && cur().toAct.length === 2 && !!viewer() && active === (viewer() === "second" ? 1 : 0);
  }

  /** @param {number} b */
  function name(b) {
    return ctx.sideName(b ? "second" : "first");
  }

  /** @param {number[]} [counts] the black pieces shown while the Turn plays */
  function setTabs(counts) {
    const v = cur();
    tabEls.forEach((el, b) => {
      const submitted = v.toAct.length === 2 && v.submitted[b];
      const tally = ((v.board && v.board.tallies) || []).find(x => x.grid === b);
      const count = counts ? counts[b] : tally ? tally.value : 0;
      el.replaceChildren(h("span", {class: "tc-chip", "aria-hidden": "true"}), h("span", {class: "tc-name"}, name(b)),
        h("span", {class: "tc-count" + (submitted && !counts ? " x" : "")}, submitted && !counts ? "✕" : String(count)));
      el.setAttribute("aria-label", submitted && !counts ? t("turncoat.tabSelected", {side: name(b)}) : t("turncoat.tabCount", {side: name(b), n: count}));
      el.setAttribute("aria-selected", String(b === active));
      el.setAttribute("tabindex", b === active ? "0" : "-1");
    });
    stage.setAttribute("aria-labelledby", `tc-tab-${active}`);
  }

  /** @param {Cell[]} cells @param {{own?: string}} [marks] */
  function drawBoard(cells, marks = {}) {
    const v = cur();
    if (!v.board) return;
    const g = v.board.grids[active];
    grid.setup(g, {coords: prefs.get("coords"), label: t("turncoat.boardOf", {side: name(active)})});
    stage.dataset.board = active ? "yellow" : "red";
    grid.gUnder.replaceChildren();
    grid.gMarks.replaceChildren();
    grid.gOver.replaceChildren();
    const legal = new Set(selectable() ? v.legal : []);
    discEls = drawPieces(grid, cells);
    cells.forEach((c, i) => {
      grid.mark(i, "legal", legal.has(c.coord));
      const words = [c.coord, pieceWords(t, c)];
      if (legal.has(c.coord)) words.push(t("cell.selectable"));
      if (marks.own === c.coord) words.push(t("turncoat.yourSelection"));
      grid.label(i, words.join(", "));
    });
    if (marks.own && grid.index(marks.own) >= 0) ringAt(grid, grid.index(marks.own), "own-ring");
  }

  /** @param {number} b */
  function show(b) {
    active = b;
    if (!view) return;
    shown = shown || boardsOf(view);
    drawBoard(shown[b], {own: ownOn(b)});
    setTabs();
    updateCaption();
  }

  /** @param {number} b @returns {string} the viewer's own selection, on its own board */
  function ownOn(b) {
    const me = viewer(), own = cur().own;
    if (!own || !me) return "";
    return b === (me === "second" ? 1 : 0) ? own : "";
  }

  function updateCaption() {
    if (animating) return;
    const v = cur(), me = viewer();
    const other = me === "second" ? "first" : "second";
    let text = "";
    if (v.outcome.over) text = "";
    else if (v.toAct.length === 2 && me && v.own) {
      text = v.submitted[other === "first" ? 0 : 1] ? t("turncoat.selectedWaiting", {square: v.own.toUpperCase()})
        : t("turncoat.selectedChange", {square: v.own.toUpperCase(), side: ctx.sideName(other)});
    } else if (selectable() && ctx.hotseat) text = t("turncoat.selectPrompt");
    else if (interactive && v.toAct.length === 2 && me && active !== (me === "second" ? 1 : 0)) text = t("turncoat.otherBoard");
    caption.textContent = text;
  }

  /** @param {string} coord */
  function flashLabel(coord) {
    flash.textContent = coord.toUpperCase();
    flash.classList.remove("on");
    void flash.offsetWidth;
    flash.classList.add("on");
  }

  // Hot-seat: the cover between the players' selections.
  function updateCover() {
    const v = cur();
    const covering = !!ctx.hotseat && interactive && !animating && v.toAct.length === 2 && !v.outcome.over && !device;
    cover.hidden = !covering;
    stage.classList.toggle("covered", covering);
    if (!covering) return;
    const waiting = [0, 1].filter(b => !v.submitted[b]);
    cover.replaceChildren(
      h("p", {class: "tc-cover-title"}, waiting.length === 2 ? t("turncoat.coverStart") : t("turncoat.coverPass", {side: name(waiting[0])})),
      h("p", {}, t("turncoat.coverHint")),
      ...waiting.map(b => h("button", {type: "button", class: `primary tc-show tc-show-${b ? "yellow" : "red"}`, "data-side": b ? "second" : "first",
        on: {click: () => reveal(b ? "second" : "first")}}, t("turncoat.showBoard", {side: name(b)}))));
  }

  /** @param {Side} side */
  async function reveal(side) {
    device = side;
    if (cur().viewer === side) draw(cur(), lastOpts);
    else if (ctx.setViewer) await ctx.setViewer(side);
  }

  function doneButton() {
    const v = cur();
    if (!(ctx.hotseat && device && v.own && v.toAct.length === 2)) return null;
    return h("button", {type: "button", class: "primary tc-done", on: {click: () => {
      device = null;
      if (ctx.setViewer) ctx.setViewer(null);
    }}}, t("turncoat.hideBoard"));
  }

  /** @param {View} v @param {DrawOptions} [opts] */
  function draw(v, opts = {}) {
    if (animating && nextView && v.version === nextView.version) {
      // The same position seen by another viewer: the Turn plays on and ends on this view.
      nextView = v;
      nextOpts = opts || {};
      return;
    }
    anim.cancel();
    animating = false;
    view = v;
    lastOpts = opts;
    interactive = !!opts.interactive;
    if (ctx.hotseat && v.toAct.length === 2 && device && v.viewer !== device) device = null;
    if (v.toAct.length !== 2) device = null;
    shown = boardsOf(v);
    const me = viewer();
    if (me && v.toAct.length === 2 && interactive && opts.focusOwn !== false) active = me === "second" ? 1 : 0;
    drawBoard(shown[active], {own: ownOn(active)});
    setTabs();
    updateCaption();
    updateCover();
    host.querySelectorAll(".tc-done").forEach(e => e.remove());
    const done = doneButton();
    if (done) caption.after(done);
    if (v.own && v.own !== lastOwn && me) flashLabel(v.own);
    lastOwn = v.own || "";
  }

  function finishAnimation() {
    anim.cancel();
    animating = false;
    if (nextView) draw(nextView, nextOpts);
  }

  // animate plays the Turn of the round just revealed, step by step as the server describes it
  // (each with the pieces it turned), then draws next.
  /** @param {View} prev @param {View} next @param {DrawOptions} [opts] */
  async function animate(prev, next, opts) {
    const steps = (next.lastMove && next.lastMove.reveal && next.lastMove.steps) || [];
    const cells = prev.board && prev.board.grids.length === 2 ? boardsOf(prev).map(c => c.slice()) : null;
    // The steps must lead from the boards shown to the new ones (else the new ones are drawn).
    const end = cells && cells.map(c => c.slice());
    for (const st of steps) {
      for (const c of st.cells) if (end && end[st.grid]) end[st.grid] = end[st.grid].map(x => (x.coord === c.coord ? c : x));
    }
    if (!cells || !end || !steps.length || JSON.stringify(end) !== JSON.stringify(boardsOf(next))) {
      draw(next, opts);
      return;
    }
    view = next;
    nextView = next;
    nextOpts = opts || {};
    device = null;
    animating = true;
    cover.hidden = true;
    stage.classList.remove("covered");
    const counts = cells.map(blacks);
    shown = cells;
    for (const st of steps) {
      if (!animating) return;
      active = st.grid;
      drawBoard(cells[st.grid]);
      setTabs(counts);
      const own = st.by === (st.grid ? "second" : "first");
      caption.textContent = t(own ? "turncoat.stepOwn" : "turncoat.stepOther", {side: ctx.sideName(st.by || "first"), square: (st.coord || "").toUpperCase(), board: name(st.grid)});
      if (!(await playStep(anim, grid, discEls, cells[st.grid], st))) return;
      counts[st.grid] = blacks(cells[st.grid]);
      setTabs(counts);
    }
    animating = false;
    draw(next, {...opts, focusOwn: true});
  }

  /** @param {import("../../types/turncoat").Hint[]} list */
  function hints(list) {
    writeHints(grid, list, ctx);
  }

  return {
    draw, animate, hints,
    focus: () => grid.focus(),
    // viewerWanted is the side whose view the page should fetch in hot-seat play (null: any).
    viewerWanted: () => device,
    destroy() {
      anim.cancel();
      animating = false;
      tabs.remove();
      stage.remove();
      caption.remove();
      host.querySelectorAll(".tc-done").forEach(e => e.remove());
    },
  };
}

// What the game page shows of Turncoat beside the board: the red and yellow chips (the tabs
// above the board count the pieces).

/** @param {import("../../types/turncoat").Side} side */
export function chip(side) {
  return h("span", {class: `chip tc-chip-${side}`, "aria-hidden": "true"});
}

export function tally() {
  return null;
}

/** @type {import("../prefs.js").Toggle[]} */
export const prefsShown = ["markers", "coords"];
