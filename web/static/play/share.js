// The game's link and records to download, and the display settings the game's board follows.

import {h, toast, copyText} from "../dom.js";
import {t, tOr} from "../i18n.js";
import * as prefs from "../prefs.js";
import {button} from "./actions.js";

/** @typedef {import("./page.js").GamePage} GamePage */

/** @param {GamePage} page @param {HTMLElement} box */
export function shareBox(page, box) {
  const url = `${location.origin}/play/${page.id}`;
  const input = /** @type {HTMLInputElement} */ (h("input", {type: "text", readonly: true, value: url, "aria-label": t("play.shareLink"), id: "share-url"}));
  box.append(h("p", {}, t("play.shareHint")), h("div", {class: "copy-row"}, input,
    button(t("play.copy"), async () => { if (await copyText(url, input)) toast(t("play.copied")); })));
  const list = h("ul", {class: "downloads"});
  for (const f of page.spec.records) {
    list.append(h("li", {}, h("a", {href: `/api/games/${page.id}/export?format=${f}`, download: `${page.id}.${f === "moves" ? "txt" : f}`},
      t("play.download", {format: tOr(`format.${f}`, f.toUpperCase())}))));
  }
  box.append(h("p", {}, t("play.downloadHint")), list);
}

// The words of each display preference.
/** @type {Record<string, string>} */
const PREF_WORDS = {markers: "prefs.markers", coords: "prefs.coords", letters: "prefs.letters", autopass: "prefs.autopass"};

/** @param {GamePage} page @param {HTMLElement} box */
export function settingsBox(page, box) {
  const sel = /** @type {HTMLSelectElement} */ (h("select", {id: "board-theme"}, ["auto", "classic", "bypost", "contrast"].map(v =>
    h("option", {value: v, selected: prefs.get("board") === v}, t("theme." + v)))));
  sel.addEventListener("change", () => prefs.set("board", sel.value));
  /** @param {string} name */
  const check = name => {
    const box = /** @type {HTMLInputElement} */ (h("input", {type: "checkbox", id: "pref-" + name, checked: !!prefs.get(name)}));
    box.addEventListener("change", () => prefs.set(name, box.checked));
    return h("div", {class: "field check"}, box, h("label", {for: "pref-" + name}, t(PREF_WORDS[name])));
  };
  const names = [...page.mod.prefsShown];
  if (page.mod.passes) names.push("autopass");
  box.append(h("div", {class: "field"}, h("label", {for: "board-theme"}, t("prefs.boardTheme")), sel), ...names.map(check));
}
