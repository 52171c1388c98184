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
  pictures(page, box, url);
}

// pictures offers the board as a picture (PNG, SVG), the whole game as an animated GIF, and
// the code that shows the picture, linked to the game, in a forum post.
/** @param {GamePage} page @param {HTMLElement} box @param {string} url */
function pictures(page, box, url) {
  const api = `${location.origin}/api/games/${page.id}`;
  const png = `${api}/board.png`;
  box.append(h("p", {}, t("play.imageHint")),
    h("a", {href: png, class: "share-picture"}, h("img", {src: `${png}?size=240`, width: 240, alt: t("play.imageAlt"), loading: "lazy", id: "share-image"})),
    h("ul", {class: "downloads"},
      h("li", {}, h("a", {href: png, download: `${page.id}.png`}, t("play.imagePNG"))),
      h("li", {}, h("a", {href: `${api}/board.svg`, download: `${page.id}.svg`}, t("play.imageSVG"))),
      h("li", {}, h("a", {href: `${api}/game.gif`, download: `${page.id}.gif`, id: "share-gif"}, t("play.gif")))));
  /** @type {[string, string, string][]} */
  const codes = [
    ["bbcode", t("play.bbcode"), `[url=${url}][img]${png}[/img][/url]`],
    ["markdown", t("play.markdown"), `[![${t("play.imageAlt")}](${png})](${url})`],
  ];
  box.append(h("p", {}, t("play.forumHint")));
  for (const [name, label, code] of codes) {
    const input = /** @type {HTMLInputElement} */ (h("input", {type: "text", readonly: true, value: code, id: `share-${name}`}));
    box.append(h("div", {class: "field"}, h("label", {for: `share-${name}`}, label),
      h("div", {class: "copy-row"}, input, button(t("play.copy"), async () => { if (await copyText(code, input)) toast(t("play.copied")); }))));
  }
}

// The words of each display preference.
/** @type {Record<string, string>} */
const PREF_WORDS = {markers: "prefs.markers", coords: "prefs.coords", letters: "prefs.letters", autopass: "prefs.autopass"};

/** @param {GamePage} page @param {HTMLElement} box */
export function settingsBox(page, box) {
  const sel = /** @type {HTMLSelectElement} */ (h("select", {id: "board-theme"}, ["auto", "classic", "bypost", "contrast"].map(v =>
    h("option", {value: v, selected: prefs.get("board") === v}, t("theme." + v)))));
  sel.addEventListener("change", () => prefs.set("board", sel.value));
  /** @param {import("../prefs.js").Toggle} name */
  const check = name => {
    const box = /** @type {HTMLInputElement} */ (h("input", {type: "checkbox", id: "pref-" + name, checked: !!prefs.get(name)}));
    box.addEventListener("change", () => prefs.set(name, box.checked));
    return h("div", {class: "field check"}, box, h("label", {for: "pref-" + name}, t(PREF_WORDS[name])));
  };
  /** @type {import("../prefs.js").Toggle[]} */
  const names = [...page.mod.prefsShown];
  if (page.mod.passes) names.push("autopass");
  box.append(h("div", {class: "field"}, h("label", {for: "board-theme"}, t("prefs.boardTheme")), sel), ...names.map(check));
}
