// The player's preferences, remembered in local storage: language, page theme, board theme,
// sounds, legal-move markers, coordinates, Turnover letters. Nothing about a game is stored here.

import {knownKind} from "./api.js";
const KEY = "turncoat.prefs";
const defaults = {
  lang: "",        // "" follows the browser
  theme: "auto",   // auto | light | dark
  board: "auto",   // auto | classic | bypost | contrast
  sound: true,
  markers: true,
  coords: true,
  letters: true,
  autopass: false, // pass by itself when the player has no move
  level: 3,
};

/** @typedef {typeof defaults} Prefs */
/** @typedef {"markers" | "coords" | "letters" | "autopass"} Toggle a display preference the game page switches */

let values = {...defaults};
try {
  Object.assign(values, JSON.parse(localStorage.getItem(KEY) || "{}"));
} catch { /* a damaged entry falls back to the defaults */ }

/** @type {Set<(name: string, value: unknown) => void>} */
const listeners = new Set();

// get returns a preference.
/** @template {keyof Prefs} K @param {K} name @returns {Prefs[K]} */
export function get(name) {
  return values[name];
}

// set changes a preference, remembers it and tells the listeners.
/** @template {keyof Prefs} K @param {K} name @param {Prefs[K]} value */
export function set(name, value) {
  values[name] = value;
  try {
    localStorage.setItem(KEY, JSON.stringify(values));
  } catch { /* private mode: the preference lasts for this page */ }
  for (const f of listeners) f(name, value);
}

// onChange calls f(name, value) after every change; it returns the function that stops it.
/** @param {(name: string, value: unknown) => void} f */
export function onChange(f) {
  listeners.add(f);
  return () => listeners.delete(f);
}

// applyTheme sets the page theme on the document.
export function applyTheme() {
  const t = values.theme;
  const dark = t === "dark" || (t === "auto" && matchMedia("(prefers-color-scheme: dark)").matches);
  document.documentElement.dataset.theme = dark ? "dark" : "light";
}

// boardTheme returns the board theme for a game: "auto" takes the theme the game's options
// pick, as the server describes the game (6x6 Reversi in the by-post red and blue, as the forum
// tournaments play it), else the classic one.
/** @param {string} kind @param {Record<string, string> | undefined} options */
export function boardTheme(kind, options) {
  const b = values.board;
  if (b !== "auto") return b;
  const k = knownKind(kind);
  const o = options || {};
  for (const h of (k && k.themes) || []) {
    if (Object.entries(h.when || {}).every(([name, value]) => o[name] === value)) return h.theme;
  }
  return "classic";
}
