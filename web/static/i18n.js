// Message catalogues: one JSON file per language in i18n/, keys by meaning ("game.pass"), values
// with {name} placeholders. The language comes from the preference, else the browser; switching
// reloads the catalogue and re-renders the page.

import * as prefs from "./prefs.js";

export const LANGS = ["en", "pt", "es"];
let lang = "en";
/** @type {Record<string, string>} */
let catalogue = {};

// pick returns the language to use: the remembered choice, else the browser's first supported.
function pick() {
  const chosen = prefs.get("lang");
  if (LANGS.includes(chosen)) return chosen;
  for (const l of navigator.languages || [navigator.language || "en"]) {
    const base = String(l).toLowerCase().split("-")[0];
    if (LANGS.includes(base)) return base;
  }
  return "en";
}

// load fetches and installs the catalogue of the chosen language.
/** @param {string} [choice] */
export async function load(choice) {
  lang = choice || pick();
  // Beside this module, under the UI's version: the browser keeps it as long as the module.
  const res = await fetch(new URL(`./i18n/${lang}.json`, import.meta.url));
  catalogue = await res.json();
  document.documentElement.lang = lang;
  return lang;
}

// current returns the active language.
export function current() {
  return lang;
}

// has tells whether the catalogue has a key.
/** @param {string} key */
export function has(key) {
  return Object.prototype.hasOwnProperty.call(catalogue, key);
}

// t returns the text of key with its {placeholders} filled in.
/** @param {string} key @param {Record<string, unknown>} [params] */
export function t(key, params) {
  let text = has(key) ? catalogue[key] : key;
  if (params) {
    text = text.replace(/\{(\w+)\}/g, (/** @type {string} */ m, /** @type {string} */ name) => (name in params ? String(params[name]) : m));
  }
  return text;
}

// tn returns the plural form of key for count n (key.one or key.other), with {n} filled in.
/** @param {string} key @param {number} n @param {Record<string, unknown>} [params] */
export function tn(key, n, params = {}) {
  const form = new Intl.PluralRules(lang).select(n);
  const k = has(`${key}.${form}`) ? `${key}.${form}` : `${key}.other`;
  return t(k, {n: num(n), ...params});
}

// tOr returns the translation of key if the catalogue has it, else fallback (text from the
// server the catalogue does not know, like an engine's name).
/** @param {string} key @param {string} fallback */
export function tOr(key, fallback) {
  return has(key) ? t(key) : fallback;
}

// num formats a number for the active language.
/** @param {number} n @param {Intl.NumberFormatOptions} [opts] */
export function num(n, opts) {
  return new Intl.NumberFormat(lang, opts).format(n);
}

// date formats a date and time for the active language.
/** @param {string | number | Date} d */
export function date(d) {
  return new Intl.DateTimeFormat(lang, {dateStyle: "medium", timeStyle: "short"}).format(new Date(d));
}

// applyStatic translates the elements of root marked with data-i18n (text) and
// data-i18n-attr ("aria-label:key;title:key").
/** @param {ParentNode} [root] */
export function applyStatic(root = document) {
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll("[data-i18n]"))) el.textContent = t(el.dataset.i18n || "");
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll("[data-i18n-attr]"))) {
    for (const pair of (el.dataset.i18nAttr || "").split(";")) {
      const [attr, key] = pair.split(":");
      el.setAttribute(attr, t(key));
    }
  }
}

// sideName returns the translated name of a side of a game ("Black", "Red"...), under the
// board theme's colours where they rename the sides (the by-post red and blue).
/** @param {string} kind @param {string[] | null | undefined} names @param {string | number | null | undefined} side @param {string} [theme] */
export function sideName(kind, names, side, theme) {
  const i = side === "second" || side === 1 ? 1 : 0;
  if (kind === "reversi" && theme === "bypost") return t(i ? "side.Blue" : "side.Red");
  const name = names ? names[i] : "";
  return tOr(`side.${kind}.${name}`, tOr(`side.${name}`, name));
}
