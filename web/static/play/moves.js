// The move list and the replay: the moves numbered as players write them, First's and Second's
// side by side ("1. f5 d6"), a Turncoat round a line; a click on a move, the replay buttons, or
// the arrow keys (Home and End, [ and ]) show an earlier position on the board, fetched from
// the server. The list scrolls itself to the move shown; the page never moves for it.

import {h, morph, toast} from "../dom.js";
import {t, num} from "../i18n.js";
import {api} from "../api.js";
import {errorText} from "../pages/common.js";
import {moveLabel} from "./page.js";
import {MARKS} from "./review.js";

/** @typedef {import("./page.js").GamePage} GamePage */
/** @typedef {import("../../types/turncoat").MoveView} MoveView */
/** @typedef {import("../../types/turncoat").View} View */

// rows groups a game's moves into the list's lines: a line per move number, First's move then
// Second's (an empty place where a side did not move first), a simultaneous round alone.
/** @param {MoveView[]} moves @returns {{n: number, first?: MoveView, second?: MoveView, both?: MoveView}[]} */
export function rows(moves) {
  /** @type {{n: number, first?: MoveView, second?: MoveView, both?: MoveView}[]} */
  const out = [];
  for (const m of moves) {
    const last = out[out.length - 1];
    if (m.by.length === 2) out.push({n: out.length + 1, both: m});
    else if (m.by[0] === "second" && last && last.first && !last.second) last.second = m;
    else if (m.by[0] === "second") out.push({n: out.length + 1, second: m});
    else out.push({n: out.length + 1, first: m});
  }
  return out;
}

/**
 * @param {GamePage} page
 * @param {{list: HTMLElement, controls: HTMLElement, bar: HTMLElement, boardHost: HTMLElement, verified: Map<number, boolean>, draw: () => void,
 *   at?: (ply: number) => Promise<View>}} parts at finds the position after ply moves (default: the
 *   server's analysis of the game; a game played on the device asks the browser's engine)
 */
export function moveList(page, {list, controls, bar, boardHost, verified, draw, at}) {
  /** @type {Map<number, View>} ply -> view, fetched once */
  const positions = new Map();

  /** @param {number} ply @returns {Promise<View>} */
  async function position(ply) {
    const known = positions.get(ply);
    if (known) return known;
    const view = at ? await at(ply) : (await api(`/games/${page.id}/analysis`, {method: "POST", body: {ply}})).view;
    positions.set(ply, view);
    return view;
  }

  /** @param {number} ply */
  async function show(ply) {
    const v = page.view;
    if (ply >= v.ply) {
      page.replay = null;
      bar.hidden = true;
      delete boardHost.dataset.replay;
      draw();
      page.update();
      return;
    }
    try {
      const pv = await position(ply);
      page.replay = {ply, view: pv};
      page.board.draw(pv, {interactive: false});
      boardHost.dataset.replay = String(ply);
      bar.hidden = false;
      bar.replaceChildren(h("span", {}, t("play.replaying", {n: num(ply), total: num(v.ply)})),
        h("button", {type: "button", class: "primary", on: {click: () => show(page.view.ply)}}, t("play.backToGame")));
      page.update();
    } catch (e) {
      toast(errorText(e), "error");
    }
  }

  /** @param {number} cur @param {MoveView | undefined} m */
  function moveButton(cur, m) {
    if (!m) return h("span", {class: "empty", "aria-hidden": "true"}, "…");
    const label = moveLabel(m);
    const ver = verified.get(m.ply);
    const who = m.by.length === 2 ? "" : page.sideName(m.by[0]) + " ";
    const mark = page.marks && page.marks.get(m.ply);
    return h("span", {class: "move"},
      h("button", {type: "button", "data-ply": String(m.ply), "aria-current": m.ply === cur ? "step" : null,
        "aria-label": `${num(m.ply)}. ${who}${label}`, on: {click: () => show(m.ply)}}, label),
      ver === true ? h("span", {class: "ok", title: t("play.verified"), "aria-label": t("play.verified")}, "✓") : null,
      ver === false ? h("span", {class: "bad", title: t("play.notVerified")}, "✗") : null,
      mark ? h("button", {type: "button", class: `rv-mark rv-${mark}`, title: t(`review.class.${mark}`), "aria-label": t(`review.class.${mark}`),
        "data-ply": String(m.ply), on: {click: () => page.reviewPick && page.reviewPick(m.ply)}}, MARKS[mark]) : null);
  }

  function update() {
    const v = page.view;
    const cur = page.replay ? page.replay.ply : v.ply;
    const items = [h("li", {class: "start"}, h("button", {type: "button", "data-ply": "0", "aria-current": cur === 0 ? "step" : null,
      on: {click: () => show(0)}}, t("play.start")))];
    for (const r of rows(v.moves)) {
      items.push(r.both
        ? h("li", {class: "round"}, h("span", {class: "num"}, num(r.n) + "."), moveButton(cur, r.both))
        : h("li", {}, h("span", {class: "num"}, num(r.n) + "."), moveButton(cur, r.first), moveButton(cur, r.second)));
    }
    morph(list, items);
    scrollToCurrent();
    const n = v.ply;
    /** @param {string} label @param {string} aria @param {number} ply @param {boolean} disabled */
    const ctl = (label, aria, ply, disabled) => h("button", {type: "button", "aria-label": aria, title: aria, disabled, on: {click: () => show(ply)}}, label);
    morph(controls,
      ctl("«", t("play.first"), 0, cur === 0),
      ctl("‹", t("play.prev"), Math.max(0, cur - 1), cur === 0),
      ctl("›", t("play.next"), Math.min(n, cur + 1), cur >= n),
      ctl("»", t("play.last"), n, cur >= n));
  }

  // scrollToCurrent scrolls the list, and only the list, to the move shown.
  function scrollToCurrent() {
    const el = list.querySelector("[aria-current]");
    if (!el || list.scrollHeight <= list.clientHeight) return;
    const lr = list.getBoundingClientRect(), er = el.getBoundingClientRect();
    if (er.top < lr.top) list.scrollTop -= lr.top - er.top;
    else if (er.bottom > lr.bottom) list.scrollTop += er.bottom - lr.bottom;
  }

  // keys steps through the game: left and right arrows (or [ and ]), Home and End; not while a
  // form control or the board (whose arrows move between squares) has the focus.
  /** @param {KeyboardEvent} e */
  function keys(e) {
    const target = /** @type {Element} */ (e.target);
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (target.closest && target.closest("input, select, textarea, .board-host, [contenteditable]")) return;
    const cur = page.replay ? page.replay.ply : page.view.ply, n = page.view.ply;
    /** @type {Record<string, number>} */
    const to = {ArrowLeft: cur - 1, "[": cur - 1, ArrowRight: cur + 1, "]": cur + 1, Home: 0, End: n};
    if (!(e.key in to)) return;
    e.preventDefault();
    const ply = Math.max(0, Math.min(n, to[e.key]));
    if (ply !== cur) show(ply);
  }
  document.addEventListener("keydown", keys);

  return {
    update, show,
    // forget drops the positions fetched (a takeback changed the game's history).
    forget() {
      positions.clear();
    },
    /** @param {number} ply @param {View} view */
    remember(ply, view) {
      positions.set(ply, view);
    },
    stop() {
      document.removeEventListener("keydown", keys);
    },
  };
}
