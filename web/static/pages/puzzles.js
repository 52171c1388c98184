// Puzzles: an Othello position from a real game with one best move. The player taps the move;
// a right one is answered by the opponent's best reply and the line goes on until the puzzle is
// done; a wrong one ends it, saying how many discs it gives away. Then the next puzzle, at the
// player's rating. A member's puzzle rating is the server's; a guest's is kept in this browser
// (localStorage) and sent with each attempt, and brought along when the guest signs up.
// /puzzles plays the next puzzle, /puzzles/daily the day's, /puzzles/ID that one.

import {h, toast, announce} from "../dom.js";
import {t, num} from "../i18n.js";
import {api} from "../api.js";
import {title} from "../router.js";
import {create} from "../board/reversi.js";
import {errorText} from "./common.js";
import {sideName as sideNameOf} from "../i18n.js";
import * as prefs from "../prefs.js";

/** @typedef {import("../../types/turncoat").View} View */
/** @typedef {import("../../types/turncoat").Side} Side */
/** @typedef {import("../../types/turncoat").Puzzle} Puzzle */
/** @typedef {import("../../types/turncoat").PuzzleResult} PuzzleResult */
/** @typedef {import("../../types/turncoat").RatingRating} GlickoRating */

const guestKey = "turncoat.puzzleRating";

// guestRating is the rating this browser keeps for a guest, or null before their first puzzle.
/** @returns {GlickoRating | null} */
export function guestRating() {
  try {
    const r = JSON.parse(localStorage.getItem(guestKey) || "null");
    return r && typeof r.rating === "number" && typeof r.deviation === "number" && typeof r.volatility === "number" ? r : null;
  } catch {
    return null;
  }
}

/** @param {GlickoRating | null} r */
function keepGuestRating(r) {
  try {
    if (r) localStorage.setItem(guestKey, JSON.stringify(r));
    else localStorage.removeItem(guestKey);
  } catch {
    // a browser that keeps nothing plays unrated puzzles
  }
}

/** @param {HTMLElement} main @param {string[]} params */
export async function render(main, params) {
  title(t("puzzles.title"));
  const wanted = params[0] || "";
  /** @type {Puzzle | null} */
  let puzzle = null;
  /** @type {View | null} */
  let view = null;
  /** @type {string[]} */
  let moves = [];
  let busy = false;
  let done = false;

  const boardHost = h("div", {class: "board-host", "data-kind": "reversi"});
  const status = h("div", {class: "status-line puzzle-status", "aria-live": "polite", id: "pz-status"});
  /** @type {import("../../types/turncoat").BoardCtx} */
  const ctx = {
    t, kind: "reversi", label: t("puzzles.board"),
    sideName: s => sideName(s),
    act: m => play(m),
    refuse: c => toast(t("play.notLegal", {square: c})),
    say: announce,
  };
  /** @param {Side | null} s */
  const sideName = s => sideNameOf("reversi", ["Black", "White"], s, prefs.boardTheme("reversi", {size: "8"}));
  const board = create(boardHost, ctx);
  boardHost.dataset.boardTheme = prefs.boardTheme("reversi", {size: "8"});

  const heading = h("h1", {class: "game-title", id: "pz-title"}, t("puzzles.title"));
  const task = h("p", {class: "puzzle-task", id: "pz-task"});
  const facts = h("p", {class: "muted small", id: "pz-facts"});
  const themes = h("p", {class: "puzzle-themes", id: "pz-themes"});
  const source = h("p", {class: "muted small", id: "pz-source"});
  const result = h("div", {class: "puzzle-result", id: "pz-result", hidden: true});
  const mine = h("p", {class: "puzzle-rating", id: "pz-rating"});
  const nextBtn = h("button", {type: "button", class: "primary", id: "pz-next", on: {click: () => next()}}, t("puzzles.next"));
  const panel = h("aside", {class: "panel puzzle-panel"},
    heading, task, result, h("div", {class: "controls"}, nextBtn), mine, facts, themes, source,
    h("p", {class: "muted small"}, t("puzzles.about")));
  main.append(h("div", {class: "play puzzles"}, h("section", {class: "board-area", "aria-label": t("puzzles.board")}, status, boardHost), panel));

  showRating(null);
  await load(wanted);

  // load shows a puzzle: id, "daily", or "" for the next at the player's rating.
  /** @param {string} id */
  async function load(id) {
    busy = true;
    try {
      let p;
      if (id === "daily") p = await api("/puzzles/daily");
      else if (id) p = await api("/puzzles/" + encodeURIComponent(id));
      else {
        const g = guestRating();
        const q = new URLSearchParams();
        if (g) q.set("rating", String(Math.round(g.rating)));
        if (puzzle) q.set("after", puzzle.id);
        p = await api("/puzzles/next" + (q.size ? "?" + q : ""));
      }
      show(p);
      if (!id || id === "daily") history.replaceState(null, "", "/puzzles/" + (id === "daily" ? "daily" : p.id));
    } catch (e) {
      status.textContent = errorText(e);
    } finally {
      busy = false;
    }
  }

  /** @param {Puzzle} p */
  function show(p) {
    puzzle = p;
    view = p.view;
    moves = [];
    done = false;
    result.hidden = true;
    result.replaceChildren();
    result.className = "puzzle-result";
    heading.textContent = p.daily ? t("puzzles.daily") : t("puzzles.numbered", {id: p.id});
    title(heading.textContent);
    task.textContent = t(p.moves > 1 ? "puzzles.taskLine" : "puzzles.task", {side: sideName(p.side), n: num(p.moves)});
    facts.textContent = t("puzzles.facts", {rating: num(p.rating), empties: num(p.empties), plays: num(p.plays)});
    themes.replaceChildren(...(p.themes || []).map(th => h("span", {class: "tag theme"}, themeWords(th))));
    const s = p.source;
    source.textContent = s && s.black ? t("puzzles.source", {black: s.black, white: s.white || "?", tournament: s.tournament || "", year: s.year ? String(s.year) : ""}) : "";
    status.textContent = t("puzzles.yourMove", {side: sideName(p.side)});
    status.dataset.played = "0";
    board.draw(p.view, {interactive: true});
    nextBtn.textContent = t("puzzles.skip");
  }

  /** @param {string} m */
  async function play(m) {
    if (!puzzle || busy || done) return;
    busy = true;
    const tried = [...moves, m];
    try {
      /** @type {PuzzleResult} */
      const r = await api(`/puzzles/${encodeURIComponent(puzzle.id)}/attempt`, {method: "POST", body: {moves: tried, guest: guestRating() || undefined}});
      moves = tried;
      let prev = /** @type {View} */ (view);
      for (const [i, v] of r.views.entries()) {
        const interactive = r.result === "continue" && i === r.views.length - 1;
        const anim = board.animate(prev, v, {interactive});
        if (anim) await anim;
        else board.draw(v, {interactive});
        prev = v;
        if (i === 0 && r.views.length > 1) await pause(350);
      }
      view = prev;
      if (r.result === "continue") {
        status.textContent = t("puzzles.right", {side: sideName(puzzle.side)});
      } else {
        finish(r);
      }
    } catch (e) {
      toast(errorText(e), "error");
    } finally {
      busy = false;
      // the moves answered so far, once the board takes the next tap
      status.dataset.played = String(moves.length);
    }
  }

  /** @param {PuzzleResult} r */
  function finish(r) {
    done = true;
    const solved = r.result === "solved";
    if (!r.member) keepGuestRating(r.rating || null);
    else keepGuestRating(null); // a member's rating is the server's now
    result.hidden = false;
    result.className = "puzzle-result " + (solved ? "solved" : "failed");
    const value = r.value > 0 ? "+" + num(r.value) : num(r.value);
    result.replaceChildren(
      h("p", {class: "verdict", id: "pz-verdict"}, solved ? t("puzzles.solved") : t("puzzles.wrong", {n: num(r.loss), best: r.best || ""})),
      h("p", {class: "small"}, t("puzzles.value", {value})),
      ...(r.line && r.line.length ? [h("p", {class: "small line"}, t("puzzles.line"), " ", h("code", {}, r.line.join(" ")))] : []));
    status.textContent = solved ? t("puzzles.solved") : t("puzzles.wrong", {n: num(r.loss), best: r.best || ""});
    board.draw(/** @type {View} */ (view), {interactive: false});
    showRating(r);
    nextBtn.textContent = t("puzzles.next");
    nextBtn.focus();
  }

  /** @param {PuzzleResult | null} r */
  function showRating(r) {
    const after = r && r.rating ? r.rating : guestRating();
    if (!after) {
      mine.textContent = t("puzzles.unrated");
      return;
    }
    let words = t("puzzles.yourRating", {rating: num(Math.round(after.rating))});
    if (r && r.before && r.rated) {
      const d = Math.round(after.rating - r.before.rating);
      words += ` (${d >= 0 ? "+" : ""}${num(d)})`;
    }
    if (r && !r.member) words += " · " + t("puzzles.guestKept");
    mine.textContent = words;
  }

  async function next() {
    if (busy) return;
    await load("");
    board.focus();
  }

  return () => board.destroy();
}

/** @param {number} ms */
function pause(ms) {
  return new Promise(resolve => setTimeout(resolve, ms));
}

// themeWords names a puzzle's theme ("endgame-14": "14 empties").
/** @param {string} th */
function themeWords(th) {
  const m = th.match(/^endgame-(\d+)$/);
  if (m) return t("puzzles.theme.endgame", {n: num(+m[1])});
  return t("puzzles.theme." + th);
}
