// The Turncoat boards, as in the original app: a red and a yellow tab above the board, each
// showing its board's black-piece count, or an X once that side has selected; the active tab's
// board below. A player selects a square of their own board (its label shows briefly under the
// board) and may select again until the other side has chosen. The Turn plays in the app's four
// steps, switching tabs as it goes: Red's own selection on Red's board (highlighted, turned,
// then the trapped pieces), Yellow's own on Yellow's board, then Yellow's square on Red's board
// and Red's square on Yellow's board; it stops after the second step when a board has no white
// left. In hot-seat play a "pass the device" screen covers the boards between the players'
// selections, so nobody has to look away.

import {h, s, reducedMotion} from "../dom.js";
import * as prefs from "../prefs.js";
import {Grid, Anim} from "./grid.js";
import {disc, hole, flip, setColour, pieceWords} from "./discs.js";
import {hintText, bestHints} from "./hints.js";

const DIRS = [[-1, -1], [-1, 0], [-1, 1], [0, -1], [0, 1], [1, -1], [1, 0], [1, 1]];

// flipAt turns the piece at i of a board ("b", "w" or null for a blank) and the pieces it traps;
// it returns the new board and the trapped squares. It serves the animation only: the server's
// view is what the page finally shows.
export function flipAt(board, n, i) {
  const out = board.slice();
  const c = out[i] === "b" ? "w" : "b";
  out[i] = c;
  const turned = [];
  const r0 = Math.floor(i / n), c0 = i % n;
  for (const [dr, dc] of DIRS) {
    const run = [];
    let r = r0 + dr, col = c0 + dc;
    while (r >= 0 && r < n && col >= 0 && col < n && out[r * n + col] !== null && out[r * n + col] !== c) {
      run.push(r * n + col);
      r += dr;
      col += dc;
    }
    if (run.length && r >= 0 && r < n && col >= 0 && col < n && out[r * n + col] === c) {
      for (const j of run) out[j] = c;
      turned.push(...run);
    }
  }
  return {board: out, turned};
}

function boardOf(grid) {
  return grid.cells.map(c => (c.hole || !c.piece ? null : c.piece.colour === "black" ? "b" : "w"));
}

export function create(host, ctx) {
  const {t} = ctx;
  let view = null, interactive = false, active = 0, device = null, animating = false, lastOwn = "";
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
      if (view.legal.includes(coord)) ctx.act(coord, viewer());
      else ctx.refuse(coord, whyNot(coord));
    },
  });
  stage.insertBefore(grid.svg, flash);
  let discEls = [];
  let shown = null; // the boards on screen: [red, yellow] as arrays of "b"/"w"/null
  let nextView = null, nextOpts = null, lastOpts = {};

  // whyNot says why a square of the player's own board may not be selected.
  /** @param {string} coord */
  function whyNot(coord) {
    const c = view.board.grids[active].cells.find(x => x.coord === coord);
    if (!c || c.hole || !c.piece) return t("turncoat.blankRefused", {square: coord.toUpperCase()});
    if (view.options.mode === "white-only" && c.piece.colour === "black") return t("turncoat.whiteOnlyRefused", {square: coord.toUpperCase()});
    return undefined;
  }

  function viewer() {
    return ctx.hotseat ? device : view.viewer;
  }

  function selectable() {
    return interactive && !animating && view.toAct.length === 2 && viewer() && active === (viewer() === "second" ? 1 : 0);
  }

  function name(b) {
    return ctx.sideName(b ? "second" : "first");
  }

  function setTabs(counts) {
    tabEls.forEach((el, b) => {
      const submitted = view.toAct.length === 2 && view.submitted[b];
      const count = counts ? counts[b] : view.board.tallies.find(x => x.grid === b).value;
      el.replaceChildren(h("span", {class: "tc-chip", "aria-hidden": "true"}), h("span", {class: "tc-name"}, name(b)),
        h("span", {class: "tc-count" + (submitted && !counts ? " x" : "")}, submitted && !counts ? "✕" : String(count)));
      el.setAttribute("aria-label", submitted && !counts ? t("turncoat.tabSelected", {side: name(b)}) : t("turncoat.tabCount", {side: name(b), n: count}));
      el.setAttribute("aria-selected", String(b === active));
      el.setAttribute("tabindex", b === active ? "0" : "-1");
    });
    stage.setAttribute("aria-labelledby", `tc-tab-${active}`);
  }

  function drawBoard(board, marks = {}) {
    const g = view.board.grids[active];
    grid.setup(g, {coords: prefs.get("coords"), label: t("turncoat.boardOf", {side: name(active)})});
    stage.dataset.board = active ? "yellow" : "red";
    grid.gPieces.replaceChildren();
    grid.gUnder.replaceChildren();
    grid.gMarks.replaceChildren();
    grid.gOver.replaceChildren();
    const legal = selectable() ? new Set(view.legal) : new Set();
    discEls = board.map((v, i) => {
      const {x, y} = grid.center(i);
      if (v === null) {
        grid.gPieces.append(hole(x, y));
        return null;
      }
      const el = disc(x, y, v === "b" ? "black" : "white");
      grid.gPieces.append(el);
      return el;
    });
    g.cells.forEach((c, i) => {
      grid.mark(i, "legal", legal.has(c.coord));
      const words = [c.coord, pieceWords(t, {hole: board[i] === null, piece: board[i] && {kind: "disc", colour: board[i] === "b" ? "black" : "white"}})];
      if (legal.has(c.coord)) words.push(t("cell.selectable"));
      if (marks.own === c.coord) words.push(t("turncoat.yourSelection"));
      grid.label(i, words.join(", "));
    });
    if (marks.own) ring(grid.index(marks.own), "own-ring");
  }

  function ring(i, cls) {
    if (i < 0) return null;
    const {x, y} = grid.center(i);
    const el = s("rect", {class: cls, x: x - 46, y: y - 46, width: 92, height: 92, rx: 14});
    grid.gMarks.append(el);
    return el;
  }

  function show(b) {
    active = b;
    if (!view) return;
    shown = shown || [boardOf(view.board.grids[0]), boardOf(view.board.grids[1])];
    drawBoard(shown[b], {own: ownOn(b)});
    setTabs();
    updateCaption();
  }

  function ownOn(b) {
    const me = viewer();
    if (!view.own || !me) return "";
    return b === (me === "second" ? 1 : 0) ? view.own : "";
  }

  function updateCaption() {
    if (animating) return;
    const me = viewer();
    const other = me === "second" ? "first" : "second";
    let text = "";
    if (view.outcome.over) text = "";
    else if (view.toAct.length === 2 && me && view.own) {
      text = view.submitted[other === "first" ? 0 : 1] ? t("turncoat.selectedWaiting", {square: view.own.toUpperCase()})
        : t("turncoat.selectedChange", {square: view.own.toUpperCase(), side: ctx.sideName(other)});
    } else if (selectable() && ctx.hotseat) text = t("turncoat.selectPrompt");
    else if (interactive && view.toAct.length === 2 && me && active !== (me === "second" ? 1 : 0)) text = t("turncoat.otherBoard");
    caption.textContent = text;
  }

  function flashLabel(coord) {
    flash.textContent = coord.toUpperCase();
    flash.classList.remove("on");
    void flash.offsetWidth;
    flash.classList.add("on");
  }

  // Hot-seat: the cover between the players' selections.
  function updateCover() {
    const covering = ctx.hotseat && interactive && !animating && view.toAct.length === 2 && !view.outcome.over && !device;
    cover.hidden = !covering;
    stage.classList.toggle("covered", covering);
    if (!covering) return;
    const waiting = [0, 1].filter(b => !view.submitted[b]);
    cover.replaceChildren(
      h("p", {class: "tc-cover-title"}, waiting.length === 2 ? t("turncoat.coverStart") : t("turncoat.coverPass", {side: name(waiting[0])})),
      h("p", {}, t("turncoat.coverHint")),
      ...waiting.map(b => h("button", {type: "button", class: `primary tc-show tc-show-${b ? "yellow" : "red"}`, "data-side": b ? "second" : "first",
        on: {click: () => reveal(b ? "second" : "first")}}, t("turncoat.showBoard", {side: name(b)}))));
  }

  async function reveal(side) {
    device = side;
    if (view.viewer === side) draw(view, lastOpts);
    else await ctx.setViewer(side);
  }

  function doneButton() {
    if (!(ctx.hotseat && device && view.own && view.toAct.length === 2)) return null;
    return h("button", {type: "button", class: "primary tc-done", on: {click: () => {
      device = null;
      ctx.setViewer(null);
    }}}, t("turncoat.hideBoard"));
  }

  function draw(v, opts = {}) {
    if (animating && nextView && v.version === nextView.version) {
      // The same position seen by another viewer: the Turn plays on and ends on this view.
      nextView = v;
      nextOpts = opts;
      return;
    }
    anim.cancel();
    animating = false;
    view = v;
    lastOpts = opts;
    interactive = !!opts.interactive;
    if (ctx.hotseat && v.toAct.length === 2 && device && v.viewer !== device) device = null;
    if (v.toAct.length !== 2) device = null;
    shown = [boardOf(v.board.grids[0]), boardOf(v.board.grids[1])];
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

  // animate plays the Turn of the round just revealed, then draws next.
  async function animate(prev, next, opts) {
    const reveal = next.lastMove && next.lastMove.reveal;
    if (!prev || !reveal || !prev.board || prev.board.grids.length !== 2) {
      draw(next, opts);
      return;
    }
    view = next;
    nextView = next;
    nextOpts = opts;
    device = null;
    const n = prev.board.grids[0].rows;
    const idx = coord => prev.board.grids[0].cells.findIndex(c => c.coord === coord);
    const sel = [reveal[0].selection, reveal[1].selection];
    const boards = [boardOf(prev.board.grids[0]), boardOf(prev.board.grids[1])];
    const steps = [[0, sel[0], "turncoat.stepOwn", "first"], [1, sel[1], "turncoat.stepOwn", "second"],
      [0, sel[1], "turncoat.stepOther", "second"], [1, sel[0], "turncoat.stepOther", "first"]];
    // Play the steps on copies to know where the game stops and check the result.
    const plan = [];
    let cur = boards.map(b => b.slice());
    for (let k = 0; k < 4; k++) {
      const [b, coord] = steps[k];
      const r = flipAt(cur[b], n, idx(coord));
      plan.push({k, b, coord, before: cur[b], after: r.board, turned: r.turned});
      cur = cur.slice();
      cur[b] = r.board;
      if (k === 1 && cur.some(bd => !bd.includes("w"))) break;
    }
    const final = [boardOf(next.board.grids[0]), boardOf(next.board.grids[1])];
    if (cur.some((bd, b) => bd.join() !== final[b].join())) {
      draw(next, opts);
      return;
    }
    animating = true;
    cover.hidden = true;
    stage.classList.remove("covered");
    const counts = boards.map(bd => bd.filter(x => x === "b").length);
    const slow = reducedMotion() ? 0.4 : 1;
    shown = boards.map(b => b.slice());
    for (const st of plan) {
      if (!animating) return;
      active = st.b;
      drawBoard(st.before);
      setTabs(counts);
      const [, , key, who] = steps[st.k];
      caption.textContent = t(key, {side: ctx.sideName(who), square: st.coord.toUpperCase(), board: name(st.b)});
      const i = idx(st.coord);
      const hl = ring(i, "turn-ring");
      if (!(await anim.wait(420 * slow))) return;
      let end = flip(anim, discEls[i], st.after[i] === "b" ? "black" : "white", 0, 0);
      const {x: cx, y: cy} = grid.center(i);
      const turned = st.turned.slice().sort((a, b) => {
        const pa = grid.center(a), pb = grid.center(b);
        return Math.max(Math.abs(pa.x - cx), Math.abs(pa.y - cy)) - Math.max(Math.abs(pb.x - cx), Math.abs(pb.y - cy));
      });
      turned.forEach((j, m) => {
        setColour(discEls[j], st.before[j] === "b" ? "black" : "white");
        end = Math.max(end, flip(anim, discEls[j], st.after[j] === "b" ? "black" : "white", 260 + 55 * m, m + 1));
      });
      if (!(await anim.wait(end + 260 * slow))) return;
      if (hl) hl.remove();
      shown[st.b] = st.after;
      counts[st.b] = st.after.filter(x => x === "b").length;
      setTabs(counts);
    }
    animating = false;
    draw(next, {...opts, focusOwn: true});
  }

  function hints(list) {
    grid.gOver.replaceChildren();
    const best = bestHints(list);
    for (const hnt of list) {
      const i = grid.index(hnt.move);
      if (i < 0) continue;
      const {x, y} = grid.center(i);
      grid.gOver.append(s("text", {class: "hint" + (best.has(hnt.move) ? " best" : ""), x, y: y + 12}, hintText(hnt, ctx)));
    }
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

export const prefsShown = ["markers", "coords"];
