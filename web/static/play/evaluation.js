// The evaluation graph of games valued in discs (Othello): the engine's score of every position
// from First's side, a click on a point shows that position; and the way to the analysis board.
// Both only where the engine may help: in a game between people, once it is over (unless it
// was created with hints for both).

import {h, s, toast} from "../dom.js";
import {t, num} from "../i18n.js";
import {api} from "../api.js";
import {discTallies, errorText} from "../pages/common.js";
import {moveLabel} from "./page.js";
import {button} from "./actions.js";
import {readyEngine} from "../engine/client.js";

/** @typedef {import("./page.js").GamePage} GamePage */

/**
 * @param {GamePage} page
 * @param {HTMLElement} host
 * @param {{show: (ply: number) => void, remember: (ply: number, view: import("../../types/turncoat").View) => void}} moves
 */
export function evaluation(page, host, moves) {
  let evaluating = false;
  /** @type {number[]} */
  let values = [];

  function update() {
    const help = page.engineHelp();
    host.hidden = !page.mod.evaluation && !(page.mod.analysisURL && help);
    if (host.hidden) return;
    const state = help ? "open" : "closed";
    if (host.dataset.state === state) return;
    host.dataset.state = state;
    host.replaceChildren();
    if (page.mod.evaluation) {
      host.append(h("h2", {}, t("play.evaluation")));
      if (help) {
        host.append(h("p", {class: "muted small"}, t("play.evalHint", {side: page.sideName("first")})),
          button(t("play.evaluate"), evaluate, {id: "eval-btn"}), h("div", {class: "graph-box"}));
      } else {
        host.append(h("p", {class: "muted small", id: "eval-closed"}, t("play.evalLater")));
      }
    }
    if (help && page.mod.analysisURL) {
      host.append(h("p", {}, h("a", {href: "#", id: "analysis-link", on: {click: openAnalysis}}, t("play.toAnalysis"))));
    }
  }

  /** @param {Event} e */
  async function openAnalysis(e) {
    e.preventDefault();
    const url = page.mod.analysisURL;
    if (!url) return;
    try {
      const start = await api(`/games/${page.id}/analysis`, {method: "POST", body: {ply: 0}});
      const ply = page.replay ? page.replay.ply : page.view.ply;
      location.assign(url(start.view, page.view.moves.slice(0, ply).map(moveLabel)));
    } catch (ex) {
      toast(errorText(ex), "error");
    }
  }

  async function evaluate() {
    if (evaluating) return;
    evaluating = true;
    const btn = /** @type {HTMLButtonElement} */ (host.querySelector("#eval-btn"));
    btn.disabled = true;
    values = [];
    const box = /** @type {HTMLElement} */ (host.querySelector(".graph-box"));
    const total = page.view.ply;
    // A hot-seat game or one against the AI is valued in the browser when its engine is ready:
    // every position replayed there from the game's start (which the server gives), with the
    // same values as the server's.
    const engine = page.online() ? null : readyEngine();
    const texts = page.view.moves.map(m => m.text);
    try {
      const start = engine && texts.length === total ? (await api(`/games/${page.id}/analysis`, {method: "POST", body: {ply: 0}})).view.state : null;
      host.dataset.by = start !== null ? "browser" : "server";
      for (let k = 0; k <= total && !page.stopped; k++) {
        btn.textContent = t("play.evaluating", {n: num(k), total: num(total)});
        /** @type {import("../../types/turncoat").Analysis} */
        const r = engine && start !== null
          ? await engine.analysis({kind: page.kind, options: page.view.options, state: start, moves: texts.slice(0, k), level: 4})
          : await api(`/games/${page.id}/analysis`, {method: "POST", body: {ply: k, level: 4}});
        moves.remember(k, r.view);
        let val;
        if (r.view.outcome.over) {
          const d = discTallies(r.view) || [0, 0];
          val = d[0] - d[1];
        } else if (r.moves && r.moves.length) {
          const best = Math.max(...r.moves.map(m => m.value));
          val = r.side === "second" ? -best : best;
        } else val = values.length ? values[values.length - 1] : 0;
        values.push(val);
        draw(box, total);
      }
    } catch (e) {
      toast(errorText(e), "error");
    }
    btn.textContent = t("play.evaluate");
    btn.disabled = false;
    evaluating = false;
  }

  /** @param {HTMLElement} box @param {number} total */
  function draw(box, total) {
    const W = 300, H = 120, max = Math.max(8, ...values.map(Math.abs));
    /** @param {number} k */
    const x = k => (total ? (k / total) * W : 0);
    /** @param {number} v */
    const y = v => H / 2 - (v / max) * (H / 2 - 6);
    const pts = values.map((v, k) => `${x(k).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
    const svg = s("svg", {viewBox: `0 0 ${W} ${H}`, class: "graph", role: "img",
      "aria-label": t("play.graphLabel", {side: page.sideName("first"), value: values.length ? num(values[values.length - 1]) : "0"})},
      s("rect", {class: "g-bg", width: W, height: H}),
      s("rect", {class: "g-white", y: H / 2, width: W, height: H / 2}),
      s("line", {class: "g-axis", x1: 0, x2: W, y1: H / 2, y2: H / 2}),
      s("polyline", {class: "g-line", points: pts}));
    values.forEach((v, k) => {
      const dot = s("circle", {class: "g-dot", cx: x(k), cy: y(v), r: 3.5, tabindex: "-1"});
      dot.append(s("title", {}, `${num(k)}: ${v > 0 ? "+" : ""}${num(v)}`));
      dot.addEventListener("click", () => moves.show(k));
      svg.append(dot);
    });
    box.replaceChildren(svg);
  }

  return {update};
}
