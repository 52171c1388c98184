// The Othello analysis board: set up any position (or start from a move list), see every legal
// move valued by the engine (exact when few empty squares remain), and play through variations.
// On 8x8, the opening explorer shows the position's moves in the opening book (their values and
// the games that reached them; a click plays one). The position lives in the URL
// (/analysis?size=8&moves=f5d6), so it can be shared. The browser's engine values the moves
// once it is ready (the same engine and values as the server's); the server does meanwhile, or
// where the browser cannot run it.

import {h, toast, announce} from "../dom.js";
import {t, tn, num} from "../i18n.js";
import {api} from "../api.js";
import {title} from "../router.js";
import * as prefs from "../prefs.js";
import {create} from "../board/reversi.js";
import {errorText, outcomeWords} from "./common.js";
import {sideName as sideNameOf} from "../i18n.js";
import {hintText} from "../board/hints.js";
import {readyEngine, engineFailed} from "../engine/client.js";

/** @typedef {import("../../types/turncoat").View} View */
/** @typedef {import("../../types/turncoat").Hint} Hint */
/** @typedef {import("../../types/turncoat").Side} Side */

/** @param {HTMLElement} main @param {string[]} params @param {URLSearchParams} query */
export async function render(main, params, query) {
  title(t("analysis.title"));
  let size = ["4", "6", "8"].find(s => s === query.get("size")) || "8";
  let startPos = query.get("pos") || "";
  /** @type {string[]} */
  let moves = [...((query.get("moves") || "").match(/[a-h][1-8]|pa(ss)?/gi) || [])];
  moves = moves.map(m => (m.toLowerCase().startsWith("pa") ? "pass" : m.toLowerCase()));
  let level = Number(query.get("level")) || 6;
  /** @type {View | null} */
  let view = null;
  /** @type {Hint[] | null} */
  let values = null;
  /** @type {{cells: string[], turn: string} | null} the position being set up: "X", "O" or "-" a square, and who moves */
  let editing = null;
  let seq = 0;

  const boardHost = h("div", {class: "board-host", "data-kind": "reversi"});
  const status = h("div", {class: "status-line", "aria-live": "polite"});
  /** @type {import("../../types/turncoat").BoardCtx} */
  const ctx = {
    t, kind: "reversi", label: t("analysis.board"),
    sideName: s => sideName(s),
    act: m => play(m),
    refuse: c => toast(t("play.notLegal", {square: c})),
    say: announce,
  };
  const theme = () => prefs.boardTheme("reversi", {size});
  /** @param {Side | null} s */
  const sideName = s => sideNameOf("reversi", ["Black", "White"], s, theme());
  const board = create(boardHost, ctx);

  const sizeSel = h("select", {id: "an-size"}, ["8", "6", "4"].map(v => h("option", {value: v, selected: v === size}, `${v}×${v}`)));
  const levelSel = h("select", {id: "an-level"}, Array.from({length: 10}, (_, i) => h("option", {value: i + 1, selected: i + 1 === level}, num(i + 1))));
  const movesBox = h("ol", {class: "moves"});
  const valueList = h("ol", {class: "values"});
  const bookSummary = h("p", {class: "muted small", id: "an-book-summary"});
  const openingLine = h("p", {class: "opening-line", id: "an-opening", hidden: true});
  const bookList = h("ol", {class: "book-moves"});
  const bookBox = h("section", {id: "an-book", hidden: true}, h("h2", {}, t("analysis.book")), openingLine, bookSummary, bookList);
  const importText = h("input", {type: "text", id: "an-import", placeholder: "f5d6c3d3c4", spellcheck: "false"});
  const editBtn = h("button", {type: "button", id: "an-edit"}, t("analysis.edit"));
  const editBar = h("div", {class: "edit-bar", hidden: true});
  const panel = h("aside", {class: "panel"},
    h("h1", {class: "game-title"}, t("analysis.title")),
    h("p", {class: "muted"}, t("analysis.lead")),
    h("div", {class: "field inline"}, h("label", {for: "an-size"}, t("analysis.size")), sizeSel,
      h("label", {for: "an-level"}, t("analysis.level")), levelSel),
    h("div", {class: "controls"},
      h("button", {type: "button", on: {click: () => { moves = []; startPos = ""; load(); }}}, t("analysis.reset")),
      h("button", {type: "button", on: {click: () => { if (moves.length) { moves.pop(); load(); } }}}, t("analysis.back")),
      editBtn),
    editBar,
    bookBox,
    h("section", {}, h("h2", {}, t("analysis.values")), valueList),
    h("section", {}, h("h2", {}, t("play.moves")), movesBox),
    h("form", {class: "copy-row", on: {submit: e => {
      e.preventDefault();
      const list = importText.value.match(/[a-h][1-8]|pa(ss)?/gi);
      // What is left once the moves, their numbers and the spaces between them are read.
      const rest = importText.value.replace(/[a-h][1-8]|pa(ss)?|\d+\.+|[\s,;]+/gi, "");
      if (!list || rest) {
        const msg = rest ? t("analysis.unreadable", {text: rest.slice(0, 12)}) : t("analysis.badMoves");
        status.textContent = msg;
        toast(msg, "error");
        return;
      }
      moves = list.map(m => (m.toLowerCase().startsWith("pa") ? "pass" : m.toLowerCase()));
      startPos = "";
      load();
    }}}, h("label", {for: "an-import", class: "sr-only"}, t("analysis.importLabel")), importText, h("button", {type: "submit"}, t("analysis.importGo"))));
  readyEngine(); // fetched while the first position is shown
  main.append(h("div", {class: "play analysis"}, h("section", {class: "board-area", "aria-label": t("analysis.board")}, status, boardHost), panel));

  sizeSel.addEventListener("change", () => {
    size = sizeSel.value;
    moves = [];
    startPos = "";
    load();
  });
  levelSel.addEventListener("change", () => {
    level = +levelSel.value;
    load();
  });
  editBtn.addEventListener("click", () => (editing ? finishEdit() : startEdit()));

  function url() {
    const q = new URLSearchParams({size});
    if (startPos) q.set("pos", startPos);
    if (moves.length) q.set("moves", moves.map(m => (m === "pass" ? "pa" : m)).join(""));
    if (level !== 6) q.set("level", String(level));
    history.replaceState(null, "", "/analysis?" + q);
  }

  async function load() {
    const my = ++seq;
    /** @type {View} */
    let v;
    url();
    values = null;
    valueList.replaceChildren();
    status.textContent = t("analysis.thinking");
    boardHost.dataset.boardTheme = theme();
    try {
      // First the position (fast), then the engine's values.
      const body = {kind: "reversi", options: {size}, state: startPos, moves};
      const engine = readyEngine();
      /** @param {typeof body & {level?: number}} b @returns {Promise<import("../../types/turncoat").Analysis>} */
      const analyze = async b => {
        const server = () => api("/analyze", {method: "POST", body: b});
        if (!engine) return server();
        try {
          return await engine.analysis(b);
        } catch (e) {
          if (!engineFailed(e)) throw e;
          valueList.dataset.by = "server";
          return server();
        }
      };
      valueList.dataset.by = engine ? "browser" : "server";
      const r = await analyze(body);
      if (my !== seq) return;
      view = v = r.view;
      board.draw(v, {interactive: !v.outcome.over});
      drawMoves();
      if (v.outcome.over) {
        status.textContent = outcomeWords(v, sideName);
        valueList.replaceChildren();
        bookBox.hidden = true;
        return;
      }
      loadBook(my);
      const full = await analyze({...body, level});
      if (my !== seq) return;
      const list = values = full.moves || [];
      board.hints(list);
      drawValues(list, full.side);
    } catch (e) {
      if (my !== seq) return;
      status.textContent = errorText(e);
      if (moves.length) {
        moves.pop();
        url();
      }
    }
  }

  // loadBook shows the opening book's moves of an 8x8 position (hidden on other sizes, and
  // when the explorer cannot answer).
  /** @param {number} my the load this belongs to */
  async function loadBook(my) {
    if (size !== "8") {
      bookBox.hidden = true;
      return;
    }
    const q = new URLSearchParams();
    if (moves.length) q.set("moves", moves.map(m => (m === "pass" ? "pa" : m)).join(""));
    if (startPos) q.set("pos", startPos);
    /** @type {import("../../types/turncoat").BookPosition} */
    let r;
    try {
      r = await api("/book?" + q);
    } catch {
      if (my === seq) bookBox.hidden = true;
      return;
    }
    if (my !== seq) return;
    bookBox.hidden = false;
    bookBox.dataset.inBook = r.inBook ? "yes" : "no";
    openingLine.hidden = !r.opening;
    openingLine.replaceChildren(t("analysis.opening"), " ", h("strong", {class: "opening-name", lang: "en"}, r.opening || ""));
    if (!r.inBook) {
      bookSummary.textContent = t("analysis.bookOut");
      bookList.replaceChildren();
      return;
    }
    /** @param {number | null | undefined} v */
    const value = v => (v === null || v === undefined ? "?" : hintText({unit: "discs", value: v}, ctx));
    bookSummary.textContent = tn("analysis.bookPosition", r.games || 0, {value: value(r.value)});
    bookList.replaceChildren(...r.moves.map(m => h("li", {"data-move": m.move, class: m.leaf ? "leaf" : null},
      h("button", {type: "button", class: "link", on: {click: () => play(m.move)}}, m.move), " ",
      h("strong", {}, value(m.value)), " ",
      h("span", {class: "muted small"}, m.leaf ? t("analysis.bookLeaf") : tn("analysis.bookGames", m.games)),
      m.opening ? [" ", h("span", {class: "opening-name small", lang: "en"}, m.opening)] : null)));
  }

  function empties() {
    return view && view.board ? view.board.grids[0].cells.filter(c => !c.piece).length : 0;
  }

  /** @param {Hint[]} values @param {Side | null} side */
  function drawValues(values, side) {
    const sorted = values.slice().sort((a, b) => b.value - a.value);
    valueList.replaceChildren(...sorted.map(v => h("li", {},
      h("button", {type: "button", class: "link", on: {click: () => play(v.move)}}, v.move), " ",
      h("strong", {}, hintText(v, ctx)), v.pv ? [" ", h("span", {class: "muted small pv"}, lineWords(v.pv))] : null)));
    // The engine says which values it solved: the empties it solves in its time depend on the
    // board's size and the position, not on the level alone.
    const exact = values.length > 0 && values.every(v => v.exact);
    const how = exact ? t("analysis.exact") : t("analysis.estimate", {n: num(empties())});
    const other = side === "second" ? "first" : "second";
    if (values.length === 1 && values[0].move === "pass") {
      // A forced pass: the side to move has no move; the other side plays next.
      status.replaceChildren(h("span", {class: "pass-notice", role: "status"}, t("play.mustPass", {side: sideName(side)})),
        h("button", {type: "button", class: "primary", id: "an-pass", on: {click: () => play("pass")}}, t("play.pass")));
      status.title = how;
      return;
    }
    const passed = moves.length > 0 && moves[moves.length - 1] === "pass" ? t("play.passed", {side: sideName(other)}) + ". " : "";
    status.textContent = passed + t("analysis.toMove", {side: sideName(side)}) + " " + how;
    status.title = "";
  }

  // lineWords writes the engine's line ("pae3d2c5": its moves run together, a pass as "pa") a
  // move apart, a pass as the notation writes it.
  /** @param {string} pv */
  function lineWords(pv) {
    return (pv.match(/pa|[a-h][1-8]/gi) || []).map(m => (m.toLowerCase() === "pa" ? "pass" : m.toLowerCase())).join(" ");
  }

  function drawMoves() {
    movesBox.replaceChildren(...moves.map((m, i) => h("li", {},
      h("button", {type: "button", on: {click: () => { moves = moves.slice(0, i + 1); load(); }}}, m))));
  }

  /** @param {string} m */
  function play(m) {
    moves = moves.concat(m);
    load();
  }

  // Set-up mode: a click turns a square empty, black, white in turn; then the side to move.
  function startEdit() {
    if (!view || !view.board) return;
    const ed = editing = {
      cells: view.board.grids[0].cells.map(c => (c.piece ? (c.piece.colour === "black" ? "X" : "O") : "-")),
      turn: view.toAct[0] === "second" ? "O" : "X",
    };
    editBtn.textContent = t("analysis.done");
    editBar.hidden = false;
    const turn = h("select", {id: "an-turn"}, h("option", {value: "X", selected: ed.turn === "X"}, sideName("first")), h("option", {value: "O", selected: ed.turn === "O"}, sideName("second")));
    turn.addEventListener("change", () => { ed.turn = turn.value; });
    editBar.replaceChildren(h("p", {class: "muted small"}, t("analysis.editHint")),
      h("div", {class: "field inline"}, h("label", {for: "an-turn"}, t("analysis.turn")), turn),
      h("button", {type: "button", on: {click: () => { ed.cells.fill("-"); drawEdit(); }}}, t("analysis.clear")));
    drawEdit();
  }

  function drawEdit() {
    if (!view || !view.board || !editing) return;
    const ed = editing, g = view.board.grids[0];
    const cells = g.cells.map((c, i) => ({coord: c.coord, piece: ed.cells[i] === "-" ? undefined : {kind: "disc", owner: null, colour: ed.cells[i] === "X" ? "black" : "white"}}));
    board.draw({...view, legal: [], lastMove: undefined, board: {grids: [{...g, cells, marks: []}], tallies: []}}, {interactive: false});
  }

  /** @type {Record<string, string>} a square's next state as the setup turns it */
  const NEXT = {"-": "X", X: "O", O: "-"};
  boardHost.addEventListener("click", e => {
    const target = /** @type {Element} */ (e.target);
    const cell = editing && view && view.board && target.closest(".cell");
    if (!editing || !view || !view.board || !(cell instanceof SVGElement)) return;
    const i = view.board.grids[0].cells.findIndex(c => c.coord === cell.dataset.coord);
    editing.cells[i] = NEXT[editing.cells[i]];
    drawEdit();
  });
  boardHost.addEventListener("keydown", e => {
    if (!editing || (e.key !== "Enter" && e.key !== " ")) return;
    const cell = /** @type {Element} */ (e.target).closest(".cell");
    if (cell) cell.dispatchEvent(new MouseEvent("click", {bubbles: true}));
  });

  function finishEdit() {
    if (!editing) return;
    startPos = editing.cells.join("") + " " + editing.turn;
    moves = [];
    editing = null;
    editBtn.textContent = t("analysis.edit");
    editBar.hidden = true;
    load();
  }

  await load();
  return () => {
    seq++;
    board.destroy();
  };
}
