// The JSON API: every call goes through api(), which turns the server's error object
// {"error": {"code", "message", "view"}} into an ApiError.

import {t, has, current} from "./i18n.js";

// MESSAGES are the server's messages the catalogue words itself, more precisely than their
// code does.
const MESSAGES = [
  [/^a password has 8 to 256 characters/i, "error.password"],
  [/^a name has 2 to 24 characters/i, "error.nameLength"],
  [/^a name has letters, digits/i, "error.nameChars"],
  [/^names starting with guest- are for guests/i, "error.nameGuest"],
  [/^this invitation is not valid/i, "error.invitation"],
  [/has no open seat/i, "error.noSeat"],
  [/^no engine help in a game between people/i, "error.noEngineHelp"],
  [/^no hints in rated games/i, "error.noHintsRated"],
  [/^too many messages/i, "error.chatRate"],
  [/^a message has at most/i, "error.chatLong"],
  [/^only the players write/i, "error.chatPlayers"],
  [/^your opponent switched the chat off/i, "chat.opponentOff"],
  [/^you switched the chat off/i, "chat.youOff"],
  [/^sign up \(a guest's name is not kept\)/i, "tour.signIn"],
];

// GENERIC codes stand for many refusals: the server's own sentence says which (in English); in
// another language the code's words do.
const GENERIC = new Set(["bad_request", "bad_json", "bad_record", "not_allowed", "forbidden", "conflict", "bad_option", "illegal_move", "bad_notation", "wrong_phase", "bad_post"]);

// sentence makes a message one sentence: a capital first and a full stop.
/** @param {string} s */
function sentence(s) {
  s = s.trim();
  return s.charAt(0).toUpperCase() + s.slice(1) + (/[.!?]$/.test(s) ? "" : ".");
}

// ApiError is an error the server reported (or a failed connection: status 0).
export class ApiError extends Error {
  /** @param {number} status @param {string} code @param {string} message @param {Game} [view] the fresh game sent with a conflict @param {string} [lang] the language the server wrote message in (Content-Language) */
  constructor(status, code, message, view, lang = "en") {
    super(message);
    this.status = status;
    this.code = code;
    this.view = view;
    this.lang = lang;
  }

  // describe says what went wrong, in one sentence in the active language: the catalogue's
  // words for the server's message or its code; for a code that stands for many refusals, the
  // server's own sentence on an English page (it names the move, the option...). The server
  // writes in the page's language (the requests say it) what its catalogues can say: a message
  // in the page's language is shown as it is.
  describe() {
    if (this.message && this.lang === current() && current() !== "en") return sentence(this.message);
    for (const [re, key] of /** @type {[RegExp, string][]} */ (MESSAGES)) {
      if (re.test(this.message) && has(key)) return t(key);
    }
    const key = `error.${this.code}`;
    if (has(key) && !GENERIC.has(this.code)) return t(key);
    if (this.message && current() === "en") return sentence(this.message);
    return has(key) ? t(key) : t("error.unknown");
  }
}

// unreachable tells whether the last call failed to reach the server.
let unreachable = false;

// api calls the API: api("/games", {method: "POST", body: {...}}).
// (Its answer is the server's JSON as it is: callers say which of the API's types it holds.)
/** @param {string} path @param {{method?: string, body?: unknown, signal?: AbortSignal}} [opts] @returns {Promise<any>} */
export async function api(path, {method = "GET", body, signal} = {}) {
  let res;
  try {
    res = await fetch("/api" + path, {
      method,
      signal,
      headers: body === undefined ? {"Accept-Language": current()} : {"Content-Type": "application/json", "Accept-Language": current()},
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === "AbortError") throw e;
    unreachable = true;
    dispatchEvent(new Event("api-unreachable")); // the header says the page is offline
    throw new ApiError(0, "offline", "");
  }
  if (unreachable) {
    unreachable = false;
    dispatchEvent(new Event("api-reached"));
  }
  let data = null;
  const text = await res.text();
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!res.ok) {
    const err = (data && data.error) || {};
    throw new ApiError(res.status, err.code || "http_" + res.status, err.message || "", err.view, res.headers.get("Content-Language") || "en");
  }
  return data;
}

/** @typedef {import("../types/turncoat").Kind} Kind */
/** @typedef {import("../types/turncoat").Game} Game */

/** @type {Promise<Kind[]> | null} */
let kindsPromise = null;
/** @type {Kind[]} the games as the last answer listed them */
let known = [];

// kinds returns the games the server plays, in the order it lists them, with their options and
// what they say of themselves (fetched once; the app waits for them before its first page).
/** @returns {Promise<Kind[]>} */
export function kinds() {
  if (!kindsPromise) {
    kindsPromise = api("/kinds").then(list => (known = list), e => {
      kindsPromise = null;
      throw e;
    });
  }
  return kindsPromise;
}

// kind returns one game's description.
/** @param {string} name */
export async function kind(name) {
  return (await kinds()).find(k => k.name === name);
}

// knownKind returns a game's description if the server's list has come (else undefined).
/** @param {string} name */
export function knownKind(name) {
  return known.find(k => k.name === name);
}
