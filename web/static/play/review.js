// The game's review: once the game is over (or at any time in a hot-seat game, an imported
// record's), a button asks the server for it; the server computes it as a job and keeps it for
// everyone who opens the game, so the page polls until it is done. Then the panel shows each
// side's accuracy and total loss, the turning point, the evaluation graph with the marked moves,
// and the moves that lost most; the move list carries the marks. A click on a marked move shows
// the position before it with the better move and the move played on the board, the better
// line, and "Practise from here", a new game against the AI from that position.

import {h, s, toast} from "../dom.js";
import {t, num} from "../i18n.js";
import {api} from "../api.js";
import {navigate} from "../router.js";
import {errorText} from "../pages/common.js";
import {button} from "./actions.js";

/** @typedef {import("./page.js").GamePage} GamePage */
/** @typedef {import("../../types/api").GameReview} GameReview */
/** @typedef {import("../../types/api").ReviewBody} ReviewBody */
/** @typedef {import("../../types/api").ReviewMove} ReviewMove */

// The classes marked on the moves, with their signs as annotators write them.
/** @type {Record<string, string>} */
export const MARKS = {inaccuracy: "?!", mistake: "?", blunder: "??"};

// pollEvery is how often the page asks again while the review is computed (ms).
const pollEvery = 1500;

/**
 * @param {GamePage} page
 * @param {HTMLElement} host
 * @param {{show: (ply: number) => Promise<void>}} moves
 */
export function review(page, host, moves) {
  /** @type {GameReview | null} */
  let current = null;
  let asked = false, loading = false;
  /** @type {ReturnType<typeof setTimeout> | 0} */
  let timer = 0;
  /** @type {number} the ply of the move whose better move the board shows (0: none) */
  let shown = 0;
  let shownSide = 0;

  const open = () => (page.view.outcome.over || page.hotseat()) && page.view.ply > 0;

  function update() {
    host.hidden = !open();
    if (host.hidden) return;
    if (!loading && !current && !asked) {
      loading = true;
      fetchReview();
    }
  }

  async function fetchReview() {
    try {
      got(await api(`/games/${page.id}/review`));
    } catch (e) {
      toast(errorText(e), "error");
      render();
    }
  }

  async function ask() {
    asked = true;
    try {
      got(await api(`/games/${page.id}/review`, {method: "POST"}));
    } catch (e) {
      asked = false;
      toast(errorText(e), "error");
    }
  }

  /** @param {GameReview} r */
  function got(r) {
    if (page.stopped) return;
    current = r;
    page.marks = null;
    if (r.state === "done" && r.review) {
      const reviewed = r.review.moves;
      page.marks = new Map(reviewed.filter(m => MARKS[m.class]).sort((a, b) => a.loss - b.loss).map(m => [m.ply, m.class]));
      page.reviewPick = ply => {
        const m = worst(reviewed.filter(x => x.ply === ply));
        if (m) pick(m);
      };
      page.update();
    }
    render();
    if (r.state === "queued" || r.state === "running") {
      clearTimeout(timer);
      timer = setTimeout(() => { if (!page.stopped) fetchReview(); }, pollEvery);
    }
  }

  function render() {
    host.replaceChildren(h("h2", {}, t("review.title")));
    const r = current;
    // a hot-seat game played on since its review is reviewed anew
    const stale = r && r.plies !== page.view.ply && !page.view.outcome.over;
    if (!r || r.state === "none" || r.state === "failed" || stale) {
      if (r && r.state === "failed") host.append(h("p", {class: "error", id: "review-failed"}, t("review.failed", {why: r.error || ""})));
      host.append(h("p", {class: "muted small"}, t("review.about")), button(t("review.ask"), ask, {id: "review-btn", cls: "primary"}));
      return;
    }
    if (r.state !== "done" || !r.review) {
      host.append(h("p", {id: "review-progress", "aria-live": "polite"},
        r.state === "queued" ? t("review.queued") : t("review.running", {n: num(r.done), total: num(r.total)})));
      return;
    }
    const b = r.review;
    host.dataset.state = "done";
    host.append(sides(b), turning(b), graph(b), keyMoves(b), h("p", {class: "muted small"}, sourceWords(b)));
    if (shown) detail(b.moves.find(m => m.ply === shown && m.side === shownSide));
  }

  /** @param {ReviewBody} b */
  function sides(b) {
    const row = /** @param {number} i */ i => {
      const sd = b.sides[i];
      const bad = ["inaccuracy", "mistake", "blunder"].filter(c => sd.counts[c]).map(c => `${num(sd.counts[c])}${MARKS[c]}`).join(" ") || "–";
      return h("tr", {"data-side": i ? "second" : "first"},
        h("th", {scope: "row"}, page.sideName(i ? "second" : "first")),
        h("td", {class: "accuracy"}, num(sd.accuracy, {maximumFractionDigits: 0})),
        h("td", {}, valueText(b, sd.loss)),
        h("td", {class: "marks-count"}, bad));
    };
    return h("table", {class: "review-sides"},
      h("thead", {}, h("tr", {}, h("th", {}), h("th", {scope: "col"}, t("review.accuracy")),
        h("th", {scope: "col"}, t("review.loss")), h("th", {scope: "col"}, t("review.marks")))),
      h("tbody", {}, row(0), row(1)));
  }

  /** @param {ReviewBody} b */
  function turning(b) {
    const m = worst(b.moves.filter(x => x.ply === b.turningPoint));
    if (!m) return h("p", {class: "muted small"}, t("review.noTurningPoint"));
    return h("p", {id: "turning-point"}, t("review.turningPoint"), " ",
      h("a", {href: "#", on: {click: (/** @type {Event} */ e) => { e.preventDefault(); pick(m); }}},
        `${num(m.ply)}. ${page.sideName(m.side ? "second" : "first")} ${m.move}`));
  }

  /** @param {ReviewBody} b */
  function graph(b) {
    const vals = b.graph.map(v => percent(b) ? v - 50 : v);
    const W = 300, H = 120, max = Math.max(percent(b) ? 50 : 8, ...vals.map(Math.abs));
    const n = Math.max(1, vals.length - 1);
    /** @param {number} k */
    const x = k => (k / n) * W;
    /** @param {number} v */
    const y = v => H / 2 - (v / max) * (H / 2 - 6);
    const svg = s("svg", {viewBox: `0 0 ${W} ${H}`, class: "graph review-graph", role: "img",
      "aria-label": t("review.graphLabel", {side: page.sideName("first")})},
    s("rect", {class: "g-bg", width: W, height: H}),
    s("rect", {class: "g-white", y: H / 2, width: W, height: H / 2}),
    s("line", {class: "g-axis", x1: 0, x2: W, y1: H / 2, y2: H / 2}),
    s("polyline", {class: "g-line", points: vals.map((v, k) => `${x(k).toFixed(1)},${y(v).toFixed(1)}`).join(" ")}));
    b.moves.forEach((m, k) => {
      if (!MARKS[m.class] && m.ply !== b.turningPoint) return;
      const dot = s("circle", {class: `g-dot rv-${m.class}`, cx: x(k), cy: y(vals[k]), r: m.ply === b.turningPoint ? 6 : 4.5, "data-ply": String(m.ply)});
      dot.append(s("title", {}, `${num(m.ply)}. ${m.move} ${MARKS[m.class] || ""}`));
      dot.addEventListener("click", () => pick(m));
      svg.append(dot);
    });
    return h("div", {class: "graph-box"}, svg);
  }

  /** @param {ReviewBody} b */
  function keyMoves(b) {
    const marked = b.moves.filter(m => MARKS[m.class]);
    if (!marked.length) return h("p", {id: "review-clean"}, t("review.clean"));
    return h("ol", {class: "review-moves", "aria-label": t("review.keyMoves")}, ...marked.map(m => h("li", {},
      h("button", {type: "button", class: `rv-move rv-${m.class}`, "data-ply": String(m.ply),
        "aria-pressed": m.ply === shown && m.side === shownSide ? "true" : "false",
        on: {click: () => pick(m)}},
      `${num(m.ply)}. ${page.sideName(m.side ? "second" : "first")} ${m.move}${MARKS[m.class]} `,
      h("span", {class: "muted"}, `−${valueText(b, m.loss)} · ${t("review.bestWas", {move: m.best})}`)))));
  }

  // pick shows the position before move m with its better move and the move played.
  /** @param {ReviewMove} m */
  async function pick(m) {
    const b = current && current.review;
    if (!b) return;
    shown = m.ply;
    shownSide = m.side;
    await moves.show(m.ply - 1);
    if (page.stopped || shown !== m.ply) return;
    if (b.what === "turncoat") {
      render();
      return;
    }
    const unit = percent(b) ? "winrate" : b.unit;
    const scale = percent(b) ? 100 : 1;
    /** @type {import("../../types/api").Hint[]} */
    const hints = [{move: m.best, visits: 0, value: m.before / scale, unit, exact: m.exact}];
    if (m.move !== m.best) hints.push({move: m.move, visits: 0, value: m.played / scale, unit, exact: m.exact});
    page.board.hints(hints);
    render();
  }

  /** @param {ReviewMove | undefined} m */
  function detail(m) {
    const b = current && current.review;
    if (!m || !b) return;
    const box = h("div", {class: "review-detail", id: "review-detail"},
      h("p", {}, h("strong", {}, `${num(m.ply)}. ${page.sideName(m.side ? "second" : "first")} ${m.move}`), " ",
        t(`review.class.${m.class}`), m.loss > 0 ? ` (−${valueText(b, m.loss)})` : ""),
      h("p", {id: "review-best"}, t("review.better", {move: m.best, value: valueText(b, m.before, true), played: valueText(b, m.played, true)})),
      m.pv && m.pv.length ? h("p", {id: "review-line"}, t("review.line"), " ", h("span", {class: "pv"}, m.pv.join(" "))) : null,
      button(t("review.practise"), () => practise(m), {id: "practise-btn", cls: "primary"}));
    host.append(box);
  }

  // practise starts a game against the AI from the position before m, the player on the side
  // that moved there.
  /** @param {ReviewMove} m */
  async function practise(m) {
    try {
      const r = await api(`/games/${page.id}/analysis`, {method: "POST", body: {ply: m.ply - 1}});
      const g = await api("/games", {method: "POST", body: {kind: page.kind, options: page.view.options, mode: "ai", level: 5,
        side: m.side ? "second" : "first", position: r.view.state}});
      navigate(`/play/${g.id}`);
    } catch (e) {
      toast(errorText(e), "error");
    }
  }

  // worst is the move of ms (a round's) that lost most.
  /** @param {ReviewMove[]} ms */
  function worst(ms) {
    return ms.reduce((/** @type {ReviewMove | undefined} */ w, m) => !w || m.loss > w.loss ? m : w, undefined);
  }

  /** @param {ReviewBody} b */
  function percent(b) {
    return b.unit === "winrate" || b.unit === "result";
  }

  // valueText writes an amount in the review's unit; signed, a value (+10, −14) rather than a
  // loss (a loss is never negative).
  /** @param {ReviewBody} b @param {number} v @param {boolean} [signed] */
  function valueText(b, v, signed = false) {
    const a = Math.abs(v) < 1e-9 ? 0 : v;
    const n = (signed && a > 0 ? "+" : a < 0 ? "−" : "") + num(Math.abs(a), {maximumFractionDigits: b.unit === "discs" ? 0 : 1});
    return percent(b) ? t("review.points", {n}) : t(b.unit === "discs" ? "review.unit.discs" : "review.unit.pawns", {n});
  }

  /** @param {ReviewBody} b */
  function sourceWords(b) {
    const sources = new Set(b.moves.map(m => m.source));
    const out = [...sources].map(src => t(`review.source.${src}`));
    if (b.what === "turncoat") out.unshift(t("review.rounds"));
    if (b.exactEmpties) out.push(t("review.exactFrom", {n: num(b.exactEmpties)}));
    return out.join(" ");
  }

  return {
    update,
    stop() {
      clearTimeout(timer);
    },
  };
}
