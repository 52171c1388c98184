// Play-by-post tournaments: the list with the form that creates one, and a tournament's page:
// its phase, players, the open round, every board with its dice, the post form (the forum's
// text), the round's summary to copy into the thread, the standings, the ledger and the host's
// tools. Every host action says what it did, or why nothing was due.

import {h, toast, announce} from "../dom.js";
import {t, tn, date, current, sideName as sideNameOf} from "../i18n.js";
import * as prefs from "../prefs.js";
import {api, ApiError, kinds, kind as kindOf} from "../api.js";
import {navigate, title} from "../router.js";
import {loadBoard} from "../board/index.js";
import {gameTitle, errorText, optionField, optionMap, optionsSummary} from "./common.js";

/** @typedef {import("../../types/turncoat").Kind} Kind */
/** @typedef {import("../../types/turncoat").Tournament} Tournament */
/** @typedef {import("../../types/turncoat").TournamentBoard} TournamentBoard */
/** @typedef {import("../../types/turncoat").TournamentYou} TournamentYou */
/** @typedef {import("../../types/turncoat").TournamentEvent} TournamentEvent */
/** @typedef {import("../../types/turncoat").Placing} Placing */
/** @typedef {import("../../types/turncoat").Ledger} Ledger */
/** @typedef {import("../../types/turncoat").Side} Side */

// The lengths a round and the subscription window may have: minutes for a club evening, days
// for play by post.
const DURATIONS = ["10m", "30m", "1h", "2h", "6h", "12h", "24h", "48h", "72h", "168h"];

// durationWords says a duration ("10m", "48h") in words.
/** @param {string} d */
export function durationWords(d) {
  const n = parseInt(d, 10);
  if (d.endsWith("m")) return tn("dur.minutes", n);
  if (n % 24 === 0) return tn("dur.days", n / 24);
  return tn("dur.hours", n);
}

// field is a labelled control, with an explanation under it.
/** @param {string} id @param {string} label @param {HTMLElement} input @param {string} [doc] */
function field(id, label, input, doc) {
  input.id = id;
  if (doc) input.setAttribute("aria-describedby", id + "-doc");
  return h("div", {class: "field"}, h("label", {for: id}, label), input, doc ? h("p", {class: "doc", id: id + "-doc"}, doc) : null);
}

/** @param {string[]} values @param {(v: string) => string} words @param {string} [selected] */
function select(values, words, selected) {
  return /** @type {HTMLSelectElement} */ (h("select", {}, values.map(v => h("option", {value: v, selected: v === selected}, words(v)))));
}

// list draws /tournaments.
/** @param {HTMLElement} main */
async function list(main) {
  title(t("tour.title"));
  main.append(h("h1", {}, t("tour.title")));
  const box = h("section", {"aria-labelledby": "h-tlist"}, h("h2", {id: "h-tlist"}, t("tour.list")));
  main.append(box);
  try {
    const ts = await api("/tournaments");
    if (!ts.length) box.append(h("p", {class: "muted"}, t("tour.none")));
    const ul = h("ul", {class: "tour-list"});
    for (const x of ts) {
      ul.append(h("li", {}, h("a", {href: `/tournament/${x.id}`, translate: "no"}, x.title), " · ", gameTitle(x.game), " · ",
        t(`tour.phase.${x.phase}`), " · ", t("tour.host", {name: x.host})));
    }
    box.append(ul);
  } catch (e) {
    box.append(h("p", {class: "error"}, errorText(e)));
  }
  main.append(createForm(await kinds().catch(() => [])));
}

// createForm is the host's form for a new tournament: the game and its options chosen as on the
// new-game form (the games the server says play by post: a post is one side's move).
/** @param {Kind[]} specs */
function createForm(specs) {
  const games = specs.filter(k => k.tournament);
  const name = h("input", {type: "text", required: true, maxlength: 120});
  const kind = select(games.map(k => k.name), gameTitle, "reversi");
  const options = h("fieldset", {class: "tour-options"});
  const drawOptions = () => {
    const spec = specs.find(k => k.name === kind.value);
    options.replaceChildren(h("legend", {}, t("tour.f.options")));
    for (const sp of spec ? spec.options : []) {
      if (sp.name === "seed" || sp.name === "setup") continue;
      // By post, Othello is played on 6x6 (the forum's game).
      const value = kind.value === "reversi" && sp.name === "size" ? "6" : sp.default;
      options.append(optionField(kind.value, sp, value));
    }
  };
  kind.addEventListener("change", drawOptions);
  drawOptions();
  const round = select(DURATIONS, durationWords, "24h");
  const win = select(DURATIONS, durationWords, "24h");
  const reward = h("input", {type: "text", inputmode: "decimal", value: "150"});
  const currency = h("input", {type: "text", value: "WRZ$", maxlength: 12});
  const odd = select(["wait", "house"], v => t(`tour.odd.${v}`));
  const missed = select(["miss", "pass"], v => t(`tour.missed.${v}`));
  const err = h("p", {class: "error", role: "alert"});
  const f = h("form", {class: "tour-create", "aria-labelledby": "h-tcreate"},
    h("h2", {id: "h-tcreate"}, t("tour.create")),
    field("tc-title", t("tour.f.title"), name), field("tc-game", t("tour.f.game"), kind), options,
    field("tc-round", t("tour.f.round"), round, t("tour.f.roundDoc")),
    field("tc-window", t("tour.f.window"), win, t("tour.f.windowDoc")),
    field("tc-reward", t("tour.f.reward"), reward, t("tour.f.rewardDoc")),
    field("tc-currency", t("tour.f.currency"), currency, t("tour.f.currencyDoc")),
    field("tc-odd", t("tour.f.odd"), odd),
    field("tc-missed", t("tour.f.missed"), missed, t("tour.f.missedDoc")),
    h("button", {type: "submit", class: "primary"}, t("tour.create")), err);
  f.addEventListener("submit", async e => {
    e.preventDefault();
    err.textContent = "";
    const spec = specs.find(k => k.name === kind.value);
    const opts = [];
    for (const sp of spec ? spec.options : []) {
      const el = f.elements.namedItem("opt-" + sp.name);
      if (el instanceof HTMLInputElement && sp.kind === "bool") opts.push(`${sp.name}=${el.checked}`);
      else if (el instanceof HTMLInputElement || el instanceof HTMLSelectElement) opts.push(`${sp.name}=${el.value.trim()}`);
    }
    /** @type {Record<string, string | boolean>} the form's fields (the reward as written: the server reads a decimal) */
    const body = {title: name.value, game: kind.value, options: opts.join(","), roundLength: round.value, window: win.value,
      currency: currency.value, oddPlayer: odd.value, missed: missed.value};
    if (reward.value.trim() === "" || reward.value.trim() === "0") body.noReward = true;
    else body.reward = reward.value.trim();
    try {
      const x = await api("/tournaments", {method: "POST", body});
      navigate(`/tournament/${x.id}`);
    } catch (ex) {
      err.textContent = ex instanceof ApiError && ex.status === 401 ? t("tour.signIn") : errorText(ex);
    }
  });
  return f;
}

/** @param {Tournament} x @param {Side | null} side */
const sideWord = (x, side) => (side === "first" ? x.config.sides[0] : side === "second" ? x.config.sides[1] : "");

// diceWords says a board's rolls of the dice: "Ann 5 – Bob 3; Ann 4 – Bob 4".
/** @param {TournamentBoard} b */
function diceWords(b) {
  if (!b.rolls || !b.rolls.length) return "";
  return t("tour.dice", {rolls: b.rolls.map(r => `${b.pair[0]} ${r[0]} – ${b.pair[1]} ${r[1]}`).join("; ")});
}

// boardItem is one board in words: its number, players and colours, the dice, whose move.
/** @param {Tournament} x @param {TournamentBoard} b */
function boardItem(x, b) {
  const seats = b.seats && b.seats[0].player
    ? `${b.seats[0].player} (${x.config.sides[0]}) – ${b.seats[1].player} (${x.config.sides[1]})`
    : b.pair.filter(Boolean).join(" – ");
  const parts = [h("strong", {}, t("tour.board", {n: b.number})), " ", seats];
  if (b.result) parts.push(" · ", t("tour.finished"));
  else if (b.toMove === "first" || b.toMove === "second") parts.push(" · ", t("tour.toMove", {side: sideWord(x, b.toMove)}), b.due ? " · " + t("tour.due") : "");
  else parts.push(" · ", t(`tour.status.${b.status}`));
  if (b.last && b.last.move) parts.push(" · ", t("tour.last", {move: b.last.move}));
  const dice = diceWords(b);
  return h("li", {"data-board": b.number}, ...parts, dice ? h("div", {class: "tour-dice muted small"}, dice) : null);
}

// eventWords says a tournament's event in the page's language.
/** @param {TournamentEvent} e */
export function eventWords(e) {
  const p = {player: e.player || "", board: e.board || "", round: e.round || "", replaced: e.replaced || "",
    a: e.players ? e.players[0] : "", b: e.players ? e.players[1] : ""};
  const key = `tour.ev.${e.kind}`;
  const text = t(key, p);
  if (text !== key) return text;
  return current() === "en" ? e.text || "" : "";
}

// said is what the last host action did, shown at the top of the host's tools after the page is
// drawn again.
let said = "";

// hostSays turns an action's events into what the host is told: the events that matter, or
// why nothing was due.
/** @param {Tournament} x @param {TournamentEvent[]} events */
function hostSays(x, events) {
  const skip = new Set(["dice", "move", "post", "post_changed", "created", "award", "seated", "paired"]);
  const words = events.filter(e => !skip.has(e.kind)).map(eventWords).filter(Boolean);
  const paired = events.filter(e => e.kind === "paired").length;
  if (paired) words.unshift(tn("tour.ev.boards", paired));
  if (words.length) return words.slice(0, 5).join(" ");
  if (x.phase === "subscription") return t("tour.nothingDue.window", {when: date(x.subscriptionCloses)});
  if (x.round) return t("tour.nothingDue.round", {n: x.round.number, when: date(x.round.deadline)});
  return t("tour.nothingDue");
}

// page draws /tournament/{id}.
/** @param {HTMLElement} main @param {string} id */
async function page(main, id) {
  /** @type {Tournament} */
  let x;
  try {
    x = await api(`/tournaments/${id}`);
  } catch (e) {
    main.append(h("h1", {}, t("tour.title")), h("p", {class: "error"}, errorText(e)));
    return;
  }
  title(x.title);
  /** @type {Partial<TournamentYou>} */
  const you = x.you || {};
  const meName = !x.you ? "" : await api("/me").then(m => m.user && m.user.name, () => "");
  const spec = (await kinds().catch(() => [])).find(k => k.name === x.game);
  const opts = spec ? optionsSummary(x.game, optionMap(x.config.options), spec.options, ["size"]) : x.config.options;
  main.append(h("h1", {translate: "no"}, x.title),
    h("p", {class: "lead"}, gameTitle(x.game), opts ? ` (${opts.replaceAll(" · ", ", ")})` : "", " · ",
      h("span", {class: "tour-phase"}, t(`tour.phase.${x.phase}`)), " · ", t("tour.host", {name: x.host})),
    h("p", {class: "muted"}, t("tour.terms", {round: durationWords(goDuration(x.config.roundLength)),
      reward: x.config.noReward ? t("tour.noReward") : `${x.config.reward} ${x.config.currency}`})));
  if (said && you.host) main.append(h("p", {class: "tour-said", role: "status"}, said));
  said = "";
  if (x.round) {
    main.append(h("h2", {class: "tour-round"}, x.round.title),
      h("p", {}, t("tour.deadline", {when: date(x.round.deadline)})));
  } else if (x.phase === "subscription") {
    main.append(h("p", {}, t("tour.closes", {when: date(x.subscriptionCloses)})));
  }
  /** @param {string} path @param {object} [body] @param {boolean} [host] */
  const act = (path, body = {}, host = false) => async () => {
    try {
      const r = await api(`/tournaments/${id}/${path}`, {method: "POST", body});
      if (host) {
        const fresh = await api(`/tournaments/${id}`).catch(() => x);
        said = hostSays(fresh, r.events || []);
        toast(said);
      }
      navigate(`/tournament/${id}`, {replace: true});
    } catch (e) {
      toast(errorText(e), "error");
      if (host) {
        said = errorText(e);
        navigate(`/tournament/${id}`, {replace: true});
      }
    }
  };
  const players = h("section", {"aria-labelledby": "h-tplayers"}, h("h2", {id: "h-tplayers"}, t("tour.players")),
    x.subscribers.length ? h("p", {class: "tour-count muted"}, tn("tour.subscribedCount", x.subscribers.length)) : null,
    h("p", {class: "tour-subscribers"}, x.subscribers.length ? x.subscribers.flatMap((n, i) => [i ? ", " : null, h("a", {href: `/players/${encodeURIComponent(n)}`}, n)]) : t("tour.noPlayers")),
    x.reserves.length ? h("p", {}, t("tour.reserves", {names: x.reserves.join(", ")})) : null);
  const subscribed = x.subscribers.includes(meName) || x.reserves.includes(meName);
  if (x.phase === "subscription" && !subscribed) {
    players.append(h("button", {type: "button", class: "primary", id: "tour-subscribe", on: {click: act("subscribe")}}, t("tour.subscribe")));
  } else if (x.phase === "subscription" && subscribed) {
    players.append(h("button", {type: "button", on: {click: act("unsubscribe")}}, t("tour.unsubscribe")));
  } else if (x.phase === "playing" && meName && !you.player && !x.reserves.includes(meName)) {
    players.append(h("p", {class: "doc"}, t("tour.reserveHelp")),
      h("button", {type: "button", id: "tour-reserve", on: {click: act("reserve")}}, t("tour.reserve")));
  }
  main.append(players);

  const boards = h("section", {"aria-labelledby": "h-tboards"}, h("h2", {id: "h-tboards"}, t("tour.boards")));
  main.append(boards);
  /** @type {TournamentBoard[]} */
  const bl = await api(`/tournaments/${id}/boards`).catch(() => []);
  if (bl.length) boards.append(h("ul", {class: "tour-boards"}, bl.map(b => boardItem(x, b))));
  else boards.append(h("p", {class: "muted"}, t("tour.noBoards")));
  /** @type {import("../../types/turncoat").Board[]} */
  const drawn = [];
  // The boards, the summary's text and the sections below are all in place before the host's
  // buttons are (the page's last part): nothing drawn later slides them from under a finger.
  await drawBoards(id, x, you, bl, boards, drawn).catch(e => console.warn(e));

  if (x.round && you.player) main.append(postForm(id, you));

  const summary = h("pre", {class: "tour-summary", tabindex: 0, "aria-labelledby": "h-tsummary"});
  const copy = h("button", {type: "button", on: {click: async () => {
    try {
      await navigator.clipboard.writeText(summary.textContent || "");
      toast(t("tour.copied"));
    } catch {
      const sel = getSelection();
      if (sel) sel.selectAllChildren(summary);
    }
  }}}, t("tour.copy"));
  // The host picks the forum's markup: BBCode and Markdown show each board's picture.
  const format = /** @type {HTMLSelectElement} */ (h("select", {id: "tour-summary-format"}, ["text", "bbcode", "markdown"].map(f =>
    h("option", {value: f, selected: localStorage.getItem("summaryFormat") === f}, t("tour.format." + f)))));
  let asked = 0;
  const load = () => {
    const seq = ++asked;
    return fetch(`/api/tournaments/${id}/summary?format=${format.value}`, {credentials: "same-origin"}).then(r => r.text())
      .then(s => { if (seq === asked) summary.textContent = s; }, e => console.warn(e));
  };
  format.addEventListener("change", () => { localStorage.setItem("summaryFormat", format.value); load(); });
  const sheet = bl.some(b => b.state) ? h("p", {}, h("a", {href: `/api/tournaments/${id}/boards.png`, id: "tour-sheet"}, t("tour.sheet"))) : null;
  main.append(h("section", {class: "tour-sum"}, h("h2", {id: "h-tsummary"}, t("tour.summary")),
    h("div", {class: "field"}, h("label", {for: "tour-summary-format"}, t("tour.summaryFormat")), format), summary, copy, sheet));
  await load();

  /** @type {Placing[]} */
  const st = await api(`/tournaments/${id}/standings`).catch(() => []);
  if (st && st.length) {
    main.append(h("section", {"aria-labelledby": "h-tstand"}, h("h2", {id: "h-tstand"}, t("tour.standings")),
      h("div", {class: "table-wrap"}, h("table", {class: "tour-standings"},
        h("thead", {}, h("tr", {}, ["#", t("tour.player"), t("tour.h.board"), t("tour.colour"), t("tour.state"), t("tour.margin"), t("tour.balance")].map(c => h("th", {scope: "col"}, c)))),
        h("tbody", {}, st.map(p => h("tr", {}, h("td", {}, p.rank), h("th", {scope: "row"}, h("a", {href: `/players/${encodeURIComponent(p.player)}`}, p.player)), h("td", {}, p.board),
          h("td", {}, sideWord(x, p.side)), h("td", {}, t(`tour.status.${p.status}`)), h("td", {}, p.margin > 0 ? "+" + p.margin : p.margin),
          h("td", {}, `${p.balance} ${x.config.currency || ""}`))))))));
  }
  /** @type {Ledger | null} */
  const led = await api(`/tournaments/${id}/ledger`).catch(() => null);
  if (led && led.entries && led.entries.length) {
    main.append(h("section", {"aria-labelledby": "h-tledger"}, h("h2", {id: "h-tledger"}, t("tour.ledger")),
      h("p", {class: "doc"}, t("tour.ledgerHelp", {currency: led.currency})),
      h("ul", {class: "tour-ledger"}, led.entries.map(e => h("li", {}, `${e.player}: ${e.amount} ${led.currency} — ${e.reason}`)))));
  }
  if (you.host) main.append(hostTools(id, x, bl, act));
  return () => drawn.forEach(b => b.destroy());
}

// goDuration reads a duration as the server writes it in a configuration (nanoseconds) into the
// form's words ("10m", "48h").
/** @param {number} ns */
function goDuration(ns) {
  const m = Math.round(ns / 60e9);
  return m % 60 ? `${m}m` : `${m / 60}h`;
}

// drawBoards draws the boards in play small, with the game's own renderer: read-only, except
// the caller's board when their post is due, where a click on a legal square posts the move.
// Their views are asked for at once, and the boards drawn together when all have come.
/**
 * @param {string} id @param {Tournament} x @param {Partial<TournamentYou>} you @param {TournamentBoard[]} bl @param {HTMLElement} section
 * @param {import("../../types/turncoat").Board[]} drawn
 */
async function drawBoards(id, x, you, bl, section, drawn) {
  const playing = bl.filter(b => b.status === "playing").slice(0, 24);
  if (!playing.length) return;
  const spec = await kindOf(x.game).catch(() => undefined);
  const mod = await loadBoard(x.game, spec);
  /** @type {(TournamentBoard | null)[]} */
  const views = await Promise.all(playing.map(b => api(`/tournaments/${id}/boards/${b.number}`).catch(() => null)));
  const wrap = h("div", {class: "tour-minis"});
  section.append(wrap);
  for (const [i, b] of playing.entries()) {
    const j = views[i];
    const view = j && j.view;
    if (!view || !view.board) continue;
    const mine = you.due && you.board === b.number;
    const host = h("div", {class: "board-host", "data-kind": x.game, "data-board": b.number});
    wrap.append(h("figure", {class: "tour-mini" + (mine ? " mine" : "")}, host, h("figcaption", {}, t("tour.board", {n: b.number}))));
    const theme = () => prefs.boardTheme(x.game, view.options || {});
    /** @type {import("../../types/turncoat").BoardCtx} */
    const ctx = {
      t, kind: x.game, spec, label: t("tour.board", {n: b.number}),
      sideName: side => sideNameOf(x.game, view.sides, side, theme()),
      act: async move => {
        try {
          await api(`/tournaments/${id}/posts`, {method: "POST", body: {board: b.number, move}});
          toast(t("tour.posted"));
          navigate(`/tournament/${id}`, {replace: true});
        } catch (e) {
          toast(errorText(e), "error");
        }
      },
      refuse: c => toast(t("play.notLegal", {square: c})),
      say: announce,
    };
    host.dataset.boardTheme = theme();
    const board = mod.create(host, ctx);
    drawn.push(board);
    board.draw(view, {interactive: mine});
  }
}

// postForm takes the post as the forum's text.
/** @param {string} id @param {Partial<TournamentYou>} you */
function postForm(id, you) {
  const text = /** @type {HTMLTextAreaElement} */ (h("textarea", {rows: 3, required: true, placeholder: "Board #3\nD 5"}));
  if (you.board) text.value = `Board #${you.board}\n`;
  const err = h("p", {class: "error", role: "alert"});
  const f = h("form", {class: "tour-post", "aria-labelledby": "h-tpost"}, h("h2", {id: "h-tpost"}, t("tour.post")),
    h("p", {class: "doc"}, you.due ? t("tour.postDue") : t("tour.postHelp")),
    field("tour-post-text", t("tour.postText"), text),
    h("button", {type: "submit", class: "primary"}, t("tour.send")), err);
  f.addEventListener("submit", async e => {
    e.preventDefault();
    err.textContent = "";
    try {
      await api(`/tournaments/${id}/posts`, {method: "POST", body: {text: text.value}});
      toast(t("tour.posted"));
      navigate(`/tournament/${id}`, {replace: true});
    } catch (ex) {
      err.textContent = errorText(ex);
    }
  });
  return f;
}

// hostTools are the host's buttons and forms: start at once (asked twice), advance, extend the
// round, replace a player, forfeit one (what the last of them did is said at the page's top).
/** @param {string} id @param {Tournament} x @param {TournamentBoard[]} bl @param {(path: string, body?: object, host?: boolean) => () => Promise<void>} act */
function hostTools(id, x, bl, act) {
  const sec = h("section", {class: "tour-host", "aria-labelledby": "h-thost"}, h("h2", {id: "h-thost"}, t("tour.hostTools")));
  if (x.phase === "subscription") {
    const start = h("div", {class: "tour-start"});
    const ask = () => start.replaceChildren(h("p", {}, tn("tour.startConfirm", x.subscribers.length)),
      h("div", {class: "actions"},
        h("button", {type: "button", class: "primary", id: "tour-start-yes", on: {click: act("start", {}, true)}}, t("tour.startYes")),
        h("button", {type: "button", on: {click: idle}}, t("tour.cancel"))));
    const idle = () => start.replaceChildren(h("button", {type: "button", class: "primary", id: "tour-start", on: {click: ask}}, t("tour.start")),
      h("p", {class: "doc"}, t("tour.startHelp")));
    idle();
    sec.append(start);
  }
  if (x.phase === "subscription" || x.phase === "playing") {
    sec.append(h("div", {class: "field"}, h("button", {type: "button", id: "tour-advance", on: {click: act("advance", {}, true)}}, t("tour.advance")),
      h("p", {class: "doc"}, t("tour.advanceHelp"))));
  }
  if (x.phase !== "playing") return sec;
  const inPlay = bl.filter(b => b.status === "playing");
  const boardSel = () => select(inPlay.map(b => String(b.number)), n => t("tour.board", {n}));
  const txt = () => h("input", {type: "text", maxlength: 64});
  /** @param {string} op @param {string} label @param {[string, HTMLElement][]} inputs @param {(v: Record<string, string>) => object} body */
  const tool = (op, label, inputs, body) => {
    const f = h("form", {class: "tour-tool", id: `tour-${op}`}, h("h3", {}, label),
      inputs.map(([name, el]) => field(`th-${op}-${name}`, t(`tour.h.${name}`), el)),
      h("button", {type: "submit"}, label));
    f.addEventListener("submit", e => {
      e.preventDefault();
      act(op, body(Object.fromEntries(inputs.map(([n, el]) => [n, /** @type {HTMLInputElement} */ (el).value]))), true)();
    });
    sec.append(f);
  };
  tool("extend", t("tour.extend"), [["duration", select(DURATIONS, durationWords, "24h")]], v => ({duration: v.duration}));
  const reserves = h("datalist", {id: "tour-reserves"}, x.reserves.map(r => h("option", {value: r})));
  const playerIn = txt();
  playerIn.setAttribute("list", "tour-reserves");
  tool("replace", t("tour.replace"), [["board", boardSel()], ["out", txt()], ["in", playerIn]], v => ({board: +v.board, out: v.out, in: v.in}));
  sec.append(reserves);
  tool("forfeit", t("tour.forfeit"), [["board", boardSel()], ["player", txt()], ["reason", txt()]], v => ({board: +v.board, player: v.player, reason: v.reason}));
  return sec;
}

/** @param {HTMLElement} main @param {string[]} params */
export async function render(main, params) {
  if (params[0]) return page(main, params[0]);
  await list(main);
}
