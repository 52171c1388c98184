// Puzzles: a position of any game with one best move (Othello from real games; Turnover,
// Blocs, Troll and Turncoat from games the AI played). The player taps the move on the game's
// own board (Turnover: the piece, then where it goes; Blocs: the face, then the square; Turncoat:
// the square to select, revealed with the opponent's selection of the same round); a right one
// is answered by the opponent's best reply and the line goes on until the puzzle is done; a
// wrong one ends it, saying what it gives away in the puzzle's unit (discs, a mate, the result).
// Then the next puzzle, at the player's rating, of the kind picked (or of any kind). A member's
// puzzle rating is the server's; a guest's is kept in this browser (localStorage) and sent with
// each attempt, and brought along when the guest signs up. /puzzles plays the next puzzle,
// /puzzles/daily the day's, /puzzles/ID that one.

import {h, toast, announce} from "../dom.js";
import {t, tOr, num} from "../i18n.js";
import {api} from "../api.js";
import {title} from "../router.js";
import {loadBoard} from "../board/index.js";
import {errorText, gameTitle} from "./common.js";
import {sideName as sideNameOf} from "../i18n.js";
import * as prefs from "../prefs.js";

/** @typedef {import("../../types/turncoat").View} View */
/** @typedef {import("../../types/turncoat").Side} Side */
/** @typedef {import("../../types/turncoat").Puzzle} Puzzle */
/** @typedef {import("../../types/turncoat").PuzzleResult} PuzzleResult */
/** @typedef {import("../../types/turncoat").RatingRating} GlickoRating */

const guestKey = "turncoat.puzzleRating";
const kindKey = "turncoat.puzzleKind";

// pickedKind is the kind of puzzles the player asked for ("" for any), kept in the browser.
function pickedKind() {
  try {
    return localStorage.getItem(kindKey) || "";
  } catch {
    return "";
  }
}

/** @param {string} kind */
function keepKind(kind) {
  try {
    if (kind) localStorage.setItem(kindKey, kind);
    else localStorage.removeItem(kindKey);
  } catch {
    // the choice lasts the page
  }
}

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
  let kind = pickedKind();

  const boardHost = h("div", {class: "board-host", "data-kind": "reversi"});
  const status = h("div", {class: "status-line puzzle-status", "aria-live": "polite", id: "pz-status"});
  /** @type {import("../../types/turncoat").BoardCtx} */
  const ctx = {
    t, kind: "reversi", label: t("puzzles.board"),
    sideName: s => sideName(s),
    act: m => play(m),
    refuse: (c, why) => toast(why || t("play.notLegal", {square: c})),
    say: announce,
  };
  /** @param {Side | null} s */
  const sideName = s => {
    const v = view || (puzzle && puzzle.view);
    if (!v) return sideNameOf("reversi", ["Black", "White"], s, "classic");
    return sideNameOf(v.game, v.sides, s, prefs.boardTheme(v.game, v.options));
  };
  /** @type {import("../../types/turncoat").Board | null} */
  let board = null;
  let boardKind = "";

  const heading = h("h1", {class: "game-title", id: "pz-title"}, t("puzzles.title"));
  const gameLine = h("p", {class: "muted small", id: "pz-game"});
  const task = h("p", {class: "puzzle-task", id: "pz-task"});
  const facts = h("p", {class: "muted small", id: "pz-facts"});
  const themes = h("p", {class: "puzzle-themes", id: "pz-themes"});
  const source = h("p", {class: "muted small", id: "pz-source"});
  const about = h("p", {class: "muted small", id: "pz-about"});
  const result = h("div", {class: "puzzle-result", id: "pz-result", hidden: true});
  const mine = h("p", {class: "puzzle-rating", id: "pz-rating"});
  const nextBtn = h("button", {type: "button", class: "primary", id: "pz-next", on: {click: () => next()}}, t("puzzles.next"));
  const picker = /** @type {HTMLSelectElement} */ (h("select", {id: "pz-kind", on: {change: () => {
    kind = picker.value;
    keepKind(kind);
    next();
  }}}, h("option", {value: ""}, t("puzzles.anyKind"))));
  const pickerBox = h("div", {class: "field puzzle-kind"}, h("label", {for: "pz-kind"}, t("puzzles.kind")), picker);
  const panel = h("aside", {class: "panel puzzle-panel"},
    heading, gameLine, task, result, h("div", {class: "controls"}, nextBtn), pickerBox, mine, facts, themes, source, about);
  main.append(h("div", {class: "play puzzles"}, h("section", {class: "board-area", "aria-label": t("puzzles.board")}, status, boardHost), panel));

  showRating(null);
  api("/puzzles/kinds").then((/** @type {import("../../types/turncoat").PuzzleKinds} */ k) => {
    for (const x of k.kinds) picker.append(h("option", {value: x.kind}, gameTitle(x.kind)));
    picker.value = k.kinds.some(x => x.kind === kind) ? kind : "";
  }, () => { pickerBox.hidden = true; });
  await load(wanted);

  // boardFor readies the board of a game: the one shown, or its own module's.
  /** @param {string} game */
  async function boardFor(game) {
    if (board && boardKind === game) return board;
    if (board) board.destroy();
    board = null;
    boardHost.replaceChildren();
    boardHost.dataset.kind = game;
    const mod = await loadBoard(game);
    ctx.kind = game;
    boardKind = game;
    board = mod.create(boardHost, ctx);
    return board;
  }

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
        if (kind) q.set("kind", kind);
        p = await api("/puzzles/next" + (q.size ? "?" + q : ""));
      }
      await show(p);
      if (!id || id === "daily") history.replaceState(null, "", "/puzzles/" + (id === "daily" ? "daily" : p.id));
    } catch (e) {
      status.textContent = errorText(e);
    } finally {
      busy = false;
    }
  }

  /** @param {Puzzle} p */
  async function show(p) {
    puzzle = p;
    view = p.view;
    moves = [];
    done = false;
    const b = await boardFor(p.kind);
    boardHost.dataset.boardTheme = prefs.boardTheme(p.kind, p.view.options);
    result.hidden = true;
    result.replaceChildren();
    result.className = "puzzle-result";
    heading.textContent = p.daily ? t("puzzles.daily") : t("puzzles.numbered", {id: p.id});
    gameLine.textContent = gameTitle(p.kind);
    title(heading.textContent);
    task.textContent = taskWords(p);
    facts.textContent = p.empties > 0 ? t("puzzles.facts", {rating: num(p.rating), empties: num(p.empties), plays: num(p.plays)})
      : t("puzzles.factsPlain", {rating: num(p.rating), plays: num(p.plays)});
    themes.replaceChildren(...(p.themes || []).map(th => h("span", {class: "tag theme"}, themeWords(th))));
    const s = p.source;
    source.textContent = s && s.black ? t("puzzles.source", {black: s.black, white: s.white || "?", tournament: s.tournament || "", year: s.year ? String(s.year) : ""}) : "";
    about.textContent = p.kind === "reversi" ? t("puzzles.about") : tOr("puzzles.about." + p.kind, "");
    status.textContent = yourMove(p);
    status.dataset.played = "0";
    b.draw(p.view, {interactive: true, actions: p.actions || []});
    nextBtn.textContent = t("puzzles.skip");
  }

  // taskWords says what the puzzle asks, in its unit.
  /** @param {Puzzle} p */
  function taskWords(p) {
    const side = sideName(p.side);
    const n = num(p.moves);
    if (p.kind === "turncoat") return t("puzzles.taskSelect", {side, other: sideName(p.side === "first" ? "second" : "first")});
    if (p.unit === "mate") return t("puzzles.taskMate", {side, n: num(p.goal)});
    if (p.unit === "result") return t(p.goal > 0 ? (p.moves > 1 ? "puzzles.taskWinLine" : "puzzles.taskWin") : "puzzles.taskDraw", {side, n});
    return t(p.moves > 1 ? "puzzles.taskLine" : "puzzles.task", {side, n});
  }

  // yourMove tells the player to move, and how on this game's board.
  /** @param {Puzzle} p */
  function yourMove(p) {
    const side = sideName(p.side);
    if (p.kind === "turncoat") return t("puzzles.yourSelection", {side});
    if (p.kind === "turnover") return t("puzzles.yourMoveTurnover", {side});
    if (p.kind === "blocs") return t("puzzles.yourMoveBlocs", {side});
    return t("puzzles.yourMove", {side});
  }

  /** @param {string} m */
  async function play(m) {
    if (!puzzle || !board || busy || done) return;
    busy = true;
    const tried = [...moves, m];
    try {
      /** @type {PuzzleResult} */
      const r = await api(`/puzzles/${encodeURIComponent(puzzle.id)}/attempt`, {method: "POST", body: {moves: tried, guest: guestRating() || undefined}});
      moves = tried;
      let prev = /** @type {View} */ (view);
      for (const [i, v] of r.views.entries()) {
        const interactive = r.result === "continue" && i === r.views.length - 1;
        const opts = {interactive, actions: interactive ? r.actions || [] : []};
        const anim = board.animate(prev, v, opts);
        if (anim) await anim;
        else board.draw(v, opts);
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

  // verdictWords says how the puzzle ended: what a wrong move gave away, in the puzzle's unit.
  /** @param {PuzzleResult} r */
  function verdictWords(r) {
    if (r.result === "solved") return t("puzzles.solved");
    const best = r.best || "";
    const played = r.value - r.loss;
    if (r.unit === "mate") {
      if (played > 0) return t("puzzles.wrongSlower", {m: num(100 - played), n: num(100 - r.value), best});
      if (played < 0) return t("puzzles.wrongLoses", {best});
      return t("puzzles.wrongMate", {n: num(100 - r.value), best});
    }
    if (r.unit === "result") {
      if (played < 0) return t(r.value > 0 ? "puzzles.wrongLosesWin" : "puzzles.wrongLosesDraw", {best});
      return t("puzzles.wrongDraws", {best});
    }
    return t("puzzles.wrong", {n: num(r.loss), best});
  }

  // valueWords says what the position is worth with perfect play.
  /** @param {PuzzleResult} r */
  function valueWords(r) {
    if (r.unit === "mate") return t("puzzles.valueMate", {side: sideName(puzzle ? puzzle.side : "first"), n: num(100 - r.value)});
    if (r.unit === "result") return t(r.value > 0 ? "puzzles.valueWin" : r.value < 0 ? "puzzles.valueLoss" : "puzzles.valueDraw", {side: sideName(puzzle ? puzzle.side : "first")});
    return t("puzzles.value", {value: r.value > 0 ? "+" + num(r.value) : num(r.value)});
  }

  /** @param {PuzzleResult} r */
  function finish(r) {
    done = true;
    const solved = r.result === "solved";
    if (!r.member) keepGuestRating(r.rating || null);
    else keepGuestRating(null); // a member's rating is the server's now
    result.hidden = false;
    result.className = "puzzle-result " + (solved ? "solved" : "failed");
    const verdict = verdictWords(r);
    // a Turncoat selection is revealed with the opponent's of the same round
    const other = puzzle && puzzle.kind === "turncoat" && r.reply && r.reply.length
      ? t("puzzles.revealed", {side: sideName(puzzle.side === "first" ? "second" : "first"), square: r.reply[0]}) : "";
    result.replaceChildren(
      h("p", {class: "verdict", id: "pz-verdict"}, verdict),
      ...(other ? [h("p", {class: "small", id: "pz-revealed"}, other)] : []),
      h("p", {class: "small"}, valueWords(r)),
      ...(r.line && r.line.length ? [h("p", {class: "small line"}, t("puzzles.line"), " ", h("code", {}, r.line.join(" ")))] : []));
    status.textContent = other ? verdict + " " + other : verdict;
    if (board) board.draw(/** @type {View} */ (view), {interactive: false});
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
    if (board) board.focus();
  }

  return () => { if (board) board.destroy(); };
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
