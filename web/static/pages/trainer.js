// The opening trainer: pick a named opening (or a line of your own games, or a line due in your
// schedule) and a colour, then play your side on the board while the opening book plays the
// other, its replies chosen as often as its games played them. Each of your moves is judged
// against the book; a move out of the book ends the drill with what it cost in discs. The
// server keeps nothing of a drill but its result in a signed-in account's schedule: each step
// posts the whole drill (POST /api/trainer/drill).

import {h, announce, toast, sleep, reducedMotion} from "../dom.js";
import {t, tn, num, date, sideName as sideNameOf} from "../i18n.js";
import {api} from "../api.js";
import {title} from "../router.js";
import * as prefs from "../prefs.js";
import {create} from "../board/reversi.js";
import {errorText} from "./common.js";

/** @typedef {import("../../types/turncoat").View} View */
/** @typedef {import("../../types/turncoat").Side} Side */
/** @typedef {import("../../types/turncoat").TrainerLine} TrainerLine */
/** @typedef {import("../../types/turncoat").TrainerDueLine} TrainerDueLine */
/** @typedef {import("../../types/turncoat").DrillStep} DrillStep */
/** @typedef {import("../../types/turncoat").MoveCheck} MoveCheck */

/** @typedef {{name: string, line: string, color: string}} Drilled the line a drill is of */

/** @param {HTMLElement} main @param {string[]} _params @param {URLSearchParams} query */
export async function render(main, _params, query) {
  title(t("trainer.title"));
  /** @type {import("../../types/turncoat").TrainerOpenings} */
  let list;
  try {
    list = await api("/trainer/openings");
  } catch (e) {
    main.append(h("h1", {}, t("trainer.title")), h("p", {class: "error"}, errorText(e)));
    return;
  }
  /** @type {TrainerDueLine[]} */
  let due = [];
  // a guest or a visitor drills without a schedule
  const signedIn = list.schedule;
  due = signedIn ? await adoptLocal().then(lines => lines || api("/trainer/due").then(r => r.lines), () => []) : localDue();

  let seq = 0;
  /** @type {Drilled | null} */
  let drilled = null;
  let seed = 1;
  /** @type {string[]} */
  let moves = [];
  /** @type {View | null} */
  let view = null;
  let busy = false;
  let over = false;

  const sideName = (/** @type {Side | null} */ s) => sideNameOf("reversi", ["Black", "White"], s, prefs.boardTheme("reversi", {size: "8"}));
  const boardHost = h("div", {class: "board-host", "data-kind": "reversi"});
  /** @type {import("../../types/turncoat").BoardCtx} */
  const ctx = {
    t, kind: "reversi", label: t("trainer.board"),
    sideName: s => sideName(s),
    act: m => play(m),
    refuse: c => toast(t("play.notLegal", {square: c})),
    say: announce,
  };
  const board = create(boardHost, ctx);

  // The picker: a search over the openings, the colour, the lists.
  const search = h("input", {type: "search", id: "tr-search", placeholder: t("trainer.searchHint"), autocomplete: "off", spellcheck: "false"});
  const colorSel = h("select", {id: "tr-color"},
    h("option", {value: "black"}, sideName("first")), h("option", {value: "white"}, sideName("second")));
  const openingList = h("ul", {class: "trainer-list", id: "tr-openings"});
  const repList = h("ul", {class: "trainer-list", id: "tr-repertoire"});
  const dueList = h("ul", {class: "trainer-list", id: "tr-due"});
  const dueBox = h("section", {hidden: true}, h("h2", {}, t("trainer.due")), dueList);
  const repBox = h("section", {hidden: !list.repertoire.length}, h("h2", {}, t("trainer.repertoire")), h("p", {class: "muted small"}, t("trainer.repertoireLead")), repList);
  const picker = h("section", {class: "trainer-pick", id: "tr-pick"},
    h("h1", {}, t("trainer.title")),
    h("p", {class: "muted"}, t("trainer.lead", {margin: num(list.margin)})),
    signedIn ? null : h("p", {class: "muted small", id: "tr-guest"}, t("trainer.guest")),
    h("div", {class: "field inline"}, h("label", {for: "tr-color"}, t("trainer.color")), colorSel),
    dueBox, repBox,
    h("h2", {}, t("trainer.openings")),
    h("div", {class: "field"}, h("label", {for: "tr-search", class: "sr-only"}, t("trainer.search")), search),
    openingList);

  // The drill: the board, what the last move was worth, the progress, what next.
  const lineTitle = h("h1", {class: "game-title", id: "tr-title"});
  const lineMoves = h("p", {class: "trainer-line", id: "tr-line"});
  const verdict = h("p", {class: "trainer-verdict", id: "tr-verdict", "aria-live": "polite"});
  const status = h("div", {class: "status-line", id: "tr-status", "aria-live": "polite"});
  const bar = h("progress", {id: "tr-bar", max: 1, value: 0});
  const progressText = h("span", {id: "tr-progress"});
  const summary = h("p", {class: "trainer-summary", id: "tr-summary", hidden: true});
  const againBtn = h("button", {type: "button", id: "tr-again", hidden: true, on: {click: () => drilled && start(drilled)}}, t("trainer.again"));
  const nextBtn = h("button", {type: "button", class: "primary", id: "tr-next", hidden: true, on: {click: () => next()}}, t("trainer.next"));
  const pickBtn = h("button", {type: "button", id: "tr-pick-again", on: {click: () => showPicker()}}, t("trainer.choose"));
  const drillBox = h("div", {class: "play trainer", id: "tr-drill", hidden: true},
    h("section", {class: "board-area", "aria-label": t("trainer.board")}, status, boardHost),
    h("aside", {class: "panel"},
      lineTitle, lineMoves, verdict,
      h("p", {class: "trainer-progress"}, progressText, " ", bar),
      summary,
      h("div", {class: "controls"}, nextBtn, againBtn, pickBtn)));
  main.append(picker, drillBox);

  /** @param {TrainerLine | TrainerDueLine} o @param {string} [color] */
  function lineItem(o, color) {
    // the openings' names are the players' own, in English
    const label = o.name ? h("span", {lang: "en"}, o.name) : t("trainer.unnamed");
    return h("li", {"data-line": o.line},
      h("button", {type: "button", class: "link", on: {click: () => start({name: o.name, line: o.line, color: color || colorSel.value})}}, label),
      " ", h("span", {class: "muted small line-moves"}, spaced(o.line)),
      color ? [" ", h("span", {class: "tag"}, sideName(color === "black" ? "first" : "second"))] : null,
      "games" in o && o.games ? [" ", h("span", {class: "muted small"}, tn("trainer.games", o.games))] : null);
  }

  function drawLists() {
    const q = search.value.trim().toLowerCase();
    const shown = list.openings.filter(o => !q || o.name.toLowerCase().includes(q) || o.line.startsWith(q.replace(/[^a-h1-8]/g, "")));
    openingList.replaceChildren(...shown.map(o => lineItem(o)));
    if (!shown.length) openingList.append(h("li", {class: "muted"}, t("trainer.noMatch")));
    repList.replaceChildren(...list.repertoire.map(o => lineItem(o, o.color)));
    const now = due.filter(d => d.due);
    dueBox.hidden = !now.length;
    dueList.replaceChildren(...now.map(d => lineItem(d, d.color)));
  }
  search.addEventListener("input", drawLists);

  function showPicker() {
    seq++;
    picker.hidden = false;
    drillBox.hidden = true;
    history.replaceState(null, "", "/trainer");
    drawLists();
  }

  /** @param {Drilled} d */
  async function start(d) {
    drilled = d;
    seed = 1 + Math.floor(Math.random() * 2 ** 31);
    moves = [];
    view = null;
    over = false;
    picker.hidden = true;
    drillBox.hidden = false;
    // the opening's name is the players' own, in English
    if (d.name) lineTitle.replaceChildren(h("span", {lang: "en"}, d.name));
    else lineTitle.textContent = t("trainer.drillingLine");
    lineMoves.replaceChildren(h("span", {class: "muted"}, t("trainer.lineIs", {side: sideName(d.color === "black" ? "first" : "second")})), " ",
      h("span", {class: "line-moves"}, spaced(d.line)));
    verdict.replaceChildren();
    verdict.className = "trainer-verdict";
    summary.hidden = againBtn.hidden = nextBtn.hidden = true;
    history.replaceState(null, "", "/trainer?" + new URLSearchParams({line: d.line, color: d.color}));
    await show([]);
    await step([]);
  }

  // show draws the position after ms, from the last position shown with its flips when the
  // moves are one more than it.
  /** @param {string[]} ms @param {boolean} [interactive] */
  async function show(ms, interactive = false) {
    const my = seq;
    const r = await api("/analyze", {method: "POST", body: {kind: "reversi", options: {size: "8"}, moves: ms}});
    if (my !== seq) return;
    /** @type {View} */
    const v = r.view;
    boardHost.dataset.boardTheme = prefs.boardTheme("reversi", {size: "8"});
    const prev = view;
    view = v;
    const anim = prev && !reducedMotion() && v.ply === prev.ply + 1 ? board.animate(prev, v, {interactive}) : null;
    if (anim) await anim;
    else board.draw(v, {interactive});
  }

  // step posts the drill's moves and shows the check of the player's last move, then the book's
  // reply.
  /** @param {string[]} ms */
  async function step(ms) {
    if (!drilled) return;
    const my = ++seq;
    busy = true;
    drillBox.dataset.state = "busy";
    /** @type {DrillStep} */
    let r;
    try {
      r = await api("/trainer/drill", {method: "POST", body: {line: drilled.line, color: drilled.color, moves: ms.join(""), seed}});
    } catch (e) {
      if (my !== seq) return;
      busy = false;
      toast(errorText(e), "error");
      moves = ms.slice(0, -1);
      await show(moves, true);
      return;
    }
    if (my !== seq) return;
    const last = r.checks[r.checks.length - 1];
    // the verdict of the move just played, also above the board (on a phone the panel is below)
    const said = last && last.ply === ms.length ? sayCheck(last, r) : "";
    moves = r.moves;
    progress(r);
    if (r.reply) {
      status.textContent = t("trainer.bookPlays");
      await sleep(reducedMotion() ? 0 : 350);
      if (my !== seq) return;
      await show(moves, !r.done);
      if (my !== seq) return;
      announce(t("trainer.replied", {move: r.reply}));
    } else {
      await show(moves, !r.done);
      if (my !== seq) return;
    }
    busy = false;
    over = r.done;
    // what the drill stands at, for the tests that drive the page
    drillBox.dataset.moves = moves.join("");
    drillBox.dataset.state = r.done ? "done" : "ready";
    if (r.done) finish(r, said);
    else status.textContent = (said ? said + " " : "") + t("trainer.yourMove", {side: sideName(r.toMove === "black" ? "first" : "second")});
  }

  /** @param {string} m */
  async function play(m) {
    if (busy || over || !view || !drilled) return;
    if (view.toAct[0] !== (drilled.color === "black" ? "first" : "second")) return;
    busy = true;
    const ms = moves.concat(m);
    await show(ms);
    await step(ms);
  }

  // sayCheck shows what a move of the player's was worth, and returns it in a line.
  /** @param {MoveCheck} c @param {DrillStep} r @returns {string} */
  function sayCheck(c, r) {
    /** @type {(string | Node)[]} */
    const parts = [];
    const discs = (/** @type {number} */ n) => tn("trainer.discs", n, {n: num(n)});
    if (c.lineMove && c.lineMove !== c.move && !c.right) {
      parts.push(t("trainer.offLine", {move: c.move, line: c.lineMove}) + " ");
    }
    if (!c.inBook) {
      parts.push(t("trainer.leaves", {move: c.move, cost: "−" + discs(c.cost), best: c.best}));
      if (c.source === "engine") parts.push(" ", h("span", {class: "muted small"}, t("trainer.byEngine")));
    } else if (c.right && c.lineMove) {
      parts.push(t("trainer.lineMove", {move: c.move}));
    } else if (c.cost === 0) {
      parts.push(t("trainer.best", {move: c.move}));
    } else {
      parts.push(t("trainer.bookMove", {move: c.move, cost: "−" + discs(c.cost), best: c.best}));
    }
    verdict.className = "trainer-verdict " + (c.right ? "right" : c.inBook ? "weak" : "out");
    verdict.dataset.cost = String(c.cost);
    verdict.replaceChildren(h("strong", {}, c.right ? "✓ " : "✗ "), ...parts);
    if (r.opening) verdict.append(" ", h("span", {class: "opening-name small", lang: "en"}, r.opening));
    return (c.right ? "✓ " : "✗ ") + parts.filter(x => typeof x === "string").join("").trim();
  }

  /** @param {DrillStep} r */
  function progress(r) {
    bar.max = r.plies;
    bar.value = r.ply;
    progressText.textContent = t("trainer.progress", {ply: num(r.ply), plies: num(r.plies)});
  }

  /** @param {DrillStep} r @param {string} said the verdict of the last move */
  function finish(r, said) {
    const why = r.end === "left" ? t("trainer.endLeft") : r.end === "plies" ? t("trainer.endPlies") : t("trainer.endBook");
    status.textContent = said || why;
    /** @type {(string | Node)[]} */
    const parts = [h("strong", {}, r.right ? t("trainer.allRight") : t("trainer.missed")), " ", why, " "];
    if (r.schedule) {
      parts.push(t("trainer.scheduled", {box: num(r.schedule.box), when: date(r.schedule.dueAt)}));
      due = due.filter(d => !(d.line === r.schedule?.line && d.color === r.schedule?.color));
    } else if (!signedIn && drilled && r.checks.length) {
      const l = localRecord(drilled, r.right);
      parts.push(t("trainer.scheduledHere", {box: num(l.box), when: date(l.dueAt)}));
    }
    summary.replaceChildren(...parts);
    summary.className = "trainer-summary " + (r.right ? "right" : "out");
    summary.hidden = againBtn.hidden = nextBtn.hidden = false;
    nextBtn.focus();
  }

  // next drills the line due soonest, else another named opening at random.
  async function next() {
    if (signedIn) {
      try {
        due = (await api("/trainer/due")).lines;
      } catch {
        // keep the list as it was
      }
    } else {
      due = localDue();
    }
    const d = due.find(x => x.due && !(drilled && x.line === drilled.line && x.color === drilled.color));
    if (d) {
      start({name: d.name, line: d.line, color: d.color});
      return;
    }
    const o = list.openings[Math.floor(Math.random() * list.openings.length)];
    start({name: o.name, line: o.line, color: colorSel.value});
  }

  drawLists();
  const asked = query.get("line"), askedColor = query.get("color");
  const named = asked !== null && list.openings.find(o => o.line === asked);
  if (asked !== null && (askedColor === "black" || askedColor === "white")) {
    colorSel.value = askedColor;
    start({name: named ? named.name : "", line: asked, color: askedColor});
  }
  return () => {
    seq++;
    board.destroy();
  };
}

// A guest's schedule lives in this browser's storage, with the server's boxes and waits (box 1
// after a miss, one box further after a drill played right).
const LOCAL = "turncoat.trainer";
const DAY = 864e5;
const WAITS = [0, 10 * 60e3, DAY, 3 * DAY, 7 * DAY, 16 * DAY, 35 * DAY];

/** @returns {TrainerDueLine[]} */
function localLines() {
  try {
    const lines = JSON.parse(localStorage.getItem(LOCAL) || "[]");
    return Array.isArray(lines) ? lines : [];
  } catch {
    return [];
  }
}

// localRecord puts a guest's finished drill in this browser's schedule and returns its line.
/** @param {Drilled} d @param {boolean} right @returns {TrainerDueLine} */
function localRecord(d, right) {
  const lines = localLines();
  let l = lines.find(x => x.line === d.line && x.color === d.color);
  if (!l) {
    l = {name: d.name, line: d.line, color: d.color, box: 0, dueAt: "", due: false, right: 0, missed: 0};
    lines.push(l);
  }
  if (right) {
    l.box = Math.min(Math.max(l.box, 1) + 1, WAITS.length - 1);
    l.right++;
  } else {
    l.box = 1;
    l.missed++;
  }
  l.dueAt = new Date(Date.now() + WAITS[l.box]).toISOString();
  try {
    localStorage.setItem(LOCAL, JSON.stringify(lines.slice(-200)));
  } catch {
    // storage full or off: the drill is not kept
  }
  return l;
}

// adoptLocal brings a guest's schedule into its account: the schedule after, or null.
/** @returns {Promise<TrainerDueLine[] | null>} */
async function adoptLocal() {
  const lines = localLines();
  if (!lines.length) return null;
  try {
    const r = await api("/trainer/adopt", {method: "POST", body: {lines}});
    localStorage.removeItem(LOCAL);
    return r.lines;
  } catch {
    return null;
  }
}

// localDue is this browser's schedule, the soonest due first.
/** @returns {TrainerDueLine[]} */
function localDue() {
  const now = Date.now();
  return localLines().map(l => ({...l, due: Date.parse(l.dueAt) <= now})).sort((a, b) => Date.parse(a.dueAt) - Date.parse(b.dueAt));
}

// spaced writes a move list a move apart.
/** @param {string} line */
function spaced(line) {
  return (line.match(/[a-h][1-8]/g) || []).join(" ");
}
