// What several pages share: the games' names and descriptions, their options in words, the
// outcome of a game in words, and starting a game.

import {h} from "../dom.js";
import {t, tn, tOr, has, current, num} from "../i18n.js";
import {api, ApiError, knownKind} from "../api.js";
import * as prefs from "../prefs.js";
import {browserAIWanted} from "../engine/aiseat.js";

/** @typedef {import("../../types/turncoat").OptionSpec} OptionSpec */
/** @typedef {import("../../types/turncoat").View} View */
/** @typedef {import("../../types/turncoat").Side} Side */
/** @typedef {import("../../types/turncoat").Summary} Summary */
/** @typedef {import("../../types/turncoat").Seat} Seat */

// The games are the server's (/api/kinds, in its order): a page lists them from there, and a
// game the catalogue does not know is named and described in the server's English.

// gameTitle returns a game's name in the active language.
/** @param {string} kind */
export function gameTitle(kind) {
  const k = knownKind(kind);
  return tOr(`game.${kind}.title`, k ? k.title : kind);
}

// gameSummary returns a game's line of description in the active language.
/** @param {string} kind */
export function gameSummary(kind) {
  const k = knownKind(kind);
  return tOr(`game.${kind}.desc`, (k && k.summary) || "");
}

// optionLabel, optionDoc and optionValue put a game's options in words.
/** @param {string} kind @param {string} name */
export function optionLabel(kind, name) {
  return tOr(`opt.${kind}.${name}`, name);
}

/** @param {string} kind @param {OptionSpec} spec */
export function optionDoc(kind, spec) {
  return tOr(`opt.${kind}.${spec.name}.doc`, current() === "en" ? spec.doc || "" : "");
}

/** @param {string} kind @param {string} name @param {string} value */
export function optionValue(kind, name, value) {
  if (value === "true" || value === "false") return t(value === "true" ? "word.yes" : "word.no");
  return tOr(`opt.${kind}.${name}.${value}`, value);
}

// optionsSummary describes a game's options that differ from the defaults ("6x6, parallel
// start"), from a view's option map and the kind's specs; the ones named in always are said
// even at their defaults (the board's size of a challenge).
/** @param {string} kind @param {Record<string, string>} options @param {OptionSpec[] | undefined} specs @param {string[]} [always] */
export function optionsSummary(kind, options, specs, always = []) {
  const out = [];
  for (const sp of specs || []) {
    const v = options[sp.name];
    if (v === undefined || (v === sp.default && !always.includes(sp.name)) || sp.name === "seed" || sp.name === "setup") continue;
    out.push(`${optionLabel(kind, sp.name)}: ${optionValue(kind, sp.name, v)}`);
  }
  return out.join(" · ");
}

let uid = 0;

// optionField is the control of one of a game's options, with its label and its explanation:
// a checkbox, a select of its values, a number or a text (named "opt-NAME" in its form).
/** @param {string} kind @param {OptionSpec} spec @param {string} value */
export function optionField(kind, spec, value) {
  const id = `opt-${spec.name}-${++uid}`;
  let control;
  if (spec.kind === "bool") {
    control = h("input", {type: "checkbox", id, name: "opt-" + spec.name, checked: value === "true"});
  } else if (spec.values && spec.values.length) {
    control = h("select", {id, name: "opt-" + spec.name}, spec.values.map(v => h("option", {value: v, selected: v === value}, optionValue(kind, spec.name, v))));
  } else if (spec.kind === "int") {
    control = h("input", {type: "number", id, name: "opt-" + spec.name, value, min: spec.min ?? null, max: spec.max ?? null, step: 1, inputmode: "numeric"});
  } else {
    control = h("input", {type: "text", id, name: "opt-" + spec.name, value, spellcheck: "false", autocomplete: "off"});
  }
  const doc = optionDoc(kind, spec);
  const docId = id + "-doc";
  if (doc) control.setAttribute("aria-describedby", docId);
  return h("div", {class: "field" + (spec.kind === "bool" ? " check" : "")},
    h("label", {for: id}, optionLabel(kind, spec.name)),
    control,
    doc ? h("p", {class: "doc", id: docId}, doc, spec.default !== "" && spec.kind !== "text" ? " " + t("new.default", {value: optionValue(kind, spec.name, spec.default)}) : "") : null);
}

const REASONS = [
  [/^board full$/, "reason.boardFull"],
  // (Reversi adds the discs on the board, which the words of the result give already.)
  [/^neither side can move(;|$)/, "reason.noMoves"],
  [/^neither side can place a disc$/, "reason.noMoves"],
  [/^(Black|White) joins (rows 1 and 8|columns a and h)$/, "reason.joined"],
  [/^(Red|Yellow)'s board shows no white$/, "reason.noWhite"],
  [/^both boards show no white$/, "reason.bothNoWhite"],
  [/^round cap of (\d+) rounds$/, "reason.roundCap"],
  [/^checkmate$/, "reason.checkmate"],
  [/^stalemate$/, "reason.stalemate"],
  [/^terra arrasada/, "reason.terra"],
  [/^threefold repetition/, "reason.repetition"],
  [/^position repeated$/, "reason.repeated"],
  [/^(\d+) plies without capture/, "reason.fifty"],
  [/^took the last counter$/, "reason.lastMove"],
  [/^all white: (\S+) cannot move$/, "reason.allWhite", "side"],
  [/no castles?/i, "reason.noCastles"],
  [/last move/i, "reason.lastMove"],
];

// reasonWords translates a reason the rules gave ("board full"); "" when unknown outside English.
// A reason that names a side ("all white: One cannot move") says it by the side's own name.
/** @param {string | undefined} reason @param {View} [view] @param {(side: Side) => string} [sideName] */
export function reasonWords(reason, view, sideName) {
  if (!reason) return "";
  for (const [re, key, param] of /** @type {[RegExp, string, string?][]} */ (REASONS)) {
    const m = reason.match(re);
    if (!m || !has(key)) continue;
    if (param === "side" && view && sideName) return t(key, {side: sideName(view.sides[1] === m[1] ? "second" : "first")});
    return t(key, {n: m[1] || ""});
  }
  return current() === "en" ? reason : "";
}

// outcomeWords says how a game ended: who won, the score (in both conventions for Reversi when
// empty squares went to the winner), and why.
/** @param {View} view @param {(side: Side | null) => string} sideName */
export function outcomeWords(view, sideName) {
  const o = view.outcome;
  if (!o.over) return "";
  // The server says the end in the page's language (outcome.text), the sides by the game's own
  // names: shown as it is, unless the board's theme names the sides otherwise (by post's red and
  // blue), when the page says it from its own catalogue.
  if (o.text && [0, 1].every(i => sideName(i ? "second" : "first") === tOr(`side.${view.sides[i]}`, view.sides[i]))) return o.text;
  const loser = o.winner ? (o.winner === "first" ? "second" : "first") : null;
  let text;
  switch (o.ending) {
    case "resignation":
      return t("outcome.resigned", {loser: sideName(loser), winner: sideName(o.winner)});
    case "time":
      return o.winner ? t("outcome.time", {loser: sideName(loser), winner: sideName(o.winner)}) : t("outcome.timeDraw");
    case "agreement":
      return t("outcome.agreed");
    case "abort":
      return t("outcome.aborted");
    case "adjudication":
      return o.winner ? t("outcome.adjudicatedWin", {winner: sideName(o.winner)}) : t("outcome.adjudicatedDraw");
    case "claim":
      return t("outcome.claimed");
    case "abandoned":
      return t("outcome.abandoned", {loser: sideName(loser), winner: sideName(o.winner)});
  }
  // One sentence: who won, the score, and in one bracket the discs on the board (when the
  // empty squares went to the winner) and why the game ended.
  text = o.winner ? t("outcome.wins", {winner: sideName(o.winner)}) : t("outcome.draw");
  const more = [];
  if (o.scored && o.score) {
    text += " " + scoreText(o.score);
    const discs = discTallies(view);
    if (discs && (discs[0] !== o.score[0] || discs[1] !== o.score[1])) {
      more.push(t("outcome.discs", {score: scoreText(discs)}));
    }
  }
  const why = reasonWords(o.reason, view, sideName);
  if (why) more.push(why);
  if (more.length) text += ` (${more.join("; ")})`;
  return text;
}

// optionMap reads options written as text ("size=6,start=parallel").
/** @param {string} text @returns {Record<string, string>} */
export function optionMap(text) {
  /** @type {Record<string, string>} */
  const out = {};
  for (const kv of (text || "").split(",")) {
    const i = kv.indexOf("=");
    if (i > 0) out[kv.slice(0, i).trim()] = kv.slice(i + 1).trim();
  }
  return out;
}

// timeWords says a time control: "No clock", "5 min + 3 s", "1 day a move".
/** @param {{kind: string, baseMs?: number, incrementMs?: number} | undefined} c */
export function timeWords(c) {
  if (!c || c.kind === "untimed" || !c.kind) return t("time.untimed");
  if (c.kind === "fischer") return t("time.fischerShort", {minutes: num((c.baseMs || 0) / 60000), seconds: num((c.incrementMs || 0) / 1000)});
  const days = (c.baseMs || 0) / 86400000, inc = (c.incrementMs || 0) / 86400000;
  const base = tn("time.perMove", days);
  return inc ? base + " " + tn("time.plusDays", inc) : base;
}

// ratingWords says a player's rating: "1500", or "new" before their first rated game in the
// variant.
/** @param {{rating: number, games: number} | null | undefined} r */
export function ratingWords(r) {
  if (!r) return "";
  return r.games ? num(Math.round(r.rating), {useGrouping: false}) : t("rating.new");
}

// challengeDetails describes an open challenge: options, rated or casual, time, challenger.
/** @param {Summary} g @param {import("../../types/turncoat").Kind | undefined} spec */
export function challengeDetails(g, spec) {
  const i = g.seats.findIndex(s => !s.open);
  const host = i >= 0 ? g.seats[i] : null;
  const opts = optionsSummary(g.kind, optionMap(g.options), spec ? spec.options : [], ["size"]);
  const r = host && g.ratings ? g.ratings[i] : null;
  return h("span", {class: "challenge-details"},
    opts ? h("span", {class: "ch-options"}, opts) : null,
    h("span", {class: "tag " + (g.rated ? "badge-rated" : "badge-casual")}, t(g.rated ? "play.rated" : "play.casual")),
    h("span", {class: "ch-time"}, timeWords(g.clock)),
    host ? h("span", {class: "ch-host"}, host.player || seatWords(host), r ? h("span", {class: "rating"}, ` (${ratingWords(r)})`) : null) : null);
}

/** @param {number[]} score */
export function scoreText(score) {
  return `${num(score[0])}–${num(score[1])}`;
}

// discTallies returns the disc counts of both sides from a view's board, if it has them.
/** @param {View} view */
export function discTallies(view) {
  const tl = view.board && view.board.tallies;
  if (!tl) return null;
  const f = tl.find(x => x.name === "discs" && x.side === "first"), s = tl.find(x => x.name === "discs" && x.side === "second");
  return f && s ? [f.value, s.value] : null;
}

// startGame creates a game and returns its JSON (the server makes a guest account on the way
// when the browser has none).
/** @param {Partial<import("../../types/turncoat").CreateGame>} body @returns {Promise<import("../../types/turncoat").Game>} */
export async function startGame(body) {
  // A game against the AI whose AI this page's engine can play (see ../engine/aiseat.js).
  if (browserAIWanted(body)) body = {...body, browserAI: true};
  return api("/games", {method: "POST", body});
}

// quickAI starts a game against the AI with the defaults: one click from the home page.
/** @param {string} kind */
export function quickAI(kind) {
  return startGame({kind, mode: "ai", level: prefs.get("level") || 3, side: "first"});
}

// errorText says what went wrong, in one sentence.
/** @param {unknown} e */
export function errorText(e) {
  return e instanceof ApiError ? e.describe() : e instanceof Error ? e.message : String(e);
}

// seatWords names who holds a seat: you, the AI with its level, a player, or nobody yet.
/** @param {Seat} seat */
export function seatWords(seat) {
  if (seat.you) return t("seat.you");
  if (seat.ai) {
    const m = seat.ai.match(/level=(\d+)/);
    return m ? t("seat.aiLevel", {level: num(+m[1])}) : t("seat.ai");
  }
  if (seat.open) return t("seat.open");
  return seat.player || "?";
}

// gameLink returns a link to a game's page.
/** @param {string} id @param {string} text */
export function gameLink(id, text) {
  return h("a", {href: `/play/${id}`}, text);
}
