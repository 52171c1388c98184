// The JSON API: every call goes through api(), which turns the server's error object
// {"error": {"code", "message", "view"}} into an ApiError.

import {t, has} from "./i18n.js";

// ApiError is an error the server reported (or a failed connection: status 0).
export class ApiError extends Error {
  constructor(status, code, message, view) {
    super(message);
    this.status = status;
    this.code = code;
    this.view = view;
  }

  // describe says what went wrong in the active language: the code's words where the catalogue
  // has them, with the server's own message (which names the move, the option...) after.
  describe() {
    const key = `error.${this.code}`;
    if (!has(key)) return this.message || t("error.unknown");
    return this.message ? `${t(key)} (${this.message})` : t(key);
  }
}

// api calls the API: api("/games", {method: "POST", body: {...}}).
/** @param {string} path @param {{method?: string, body?: any, signal?: AbortSignal}} [opts] @returns {Promise<any>} */
export async function api(path, {method = "GET", body, signal} = {}) {
  let res;
  try {
    res = await fetch("/api" + path, {
      method,
      signal,
      headers: body === undefined ? {} : {"Content-Type": "application/json"},
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
    });
  } catch (e) {
    if (e.name === "AbortError") throw e;
    throw new ApiError(0, "offline", "");
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
    throw new ApiError(res.status, err.code || "http_" + res.status, err.message || "", err.view);
  }
  return data;
}

let kindsPromise = null;

// kinds returns the games the server plays, with their options (fetched once).
export function kinds() {
  if (!kindsPromise) {
    kindsPromise = api("/kinds").catch(e => {
      kindsPromise = null;
      throw e;
    });
  }
  return kindsPromise;
}

// kind returns one game's description.
export async function kind(name) {
  return (await kinds()).find(k => k.name === name);
}
