// A game's rules, from the project's own help files (rules/<game>.md), drawn with a minimal
// Markdown reader: headings, paragraphs, lists, tables, emphasis and code; a game without one
// says so.

import {h} from "../dom.js";
import {t} from "../i18n.js";
import {title} from "../router.js";
import {kinds} from "../api.js";
import {gameTitle} from "./common.js";

/** @param {string} text @returns {(string | HTMLElement)[]} */
function inline(text) {
  // **bold**, *italic*, `code`: built as nodes, never as HTML.
  const out = [];
  const re = /(\*\*[^*]+\*\*|`[^`]+`|\*[^*\s][^*]*\*)/g;
  let last = 0, m;
  while ((m = re.exec(text))) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const tok = m[0];
    if (tok.startsWith("**")) out.push(h("strong", {}, tok.slice(2, -2)));
    else if (tok.startsWith("`")) out.push(h("code", {}, tok.slice(1, -1)));
    else out.push(h("em", {}, tok.slice(1, -1)));
    last = m.index + tok.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

// markdown turns the help text into elements.
/** @param {string} src @returns {HTMLElement[]} */
export function markdown(src) {
  const out = [];
  const lines = src.replace(/\r/g, "").split("\n");
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim()) {
      i++;
      continue;
    }
    const hm = line.match(/^(#{1,4})\s+(.*)$/);
    if (hm) {
      out.push(h(/** @type {"h2" | "h3" | "h4"} */ ("h" + Math.min(4, hm[1].length + 1)), {}, ...inline(hm[2])));
      i++;
      continue;
    }
    if (/^\s*[-*]\s+/.test(line) || /^\s*\d+\.\s+/.test(line)) {
      const ordered = /^\s*\d+\./.test(line);
      const list = h(ordered ? "ol" : "ul", {});
      while (i < lines.length && (/^\s*([-*]|\d+\.)\s+/.test(lines[i]) || (/^\s{2,}\S/.test(lines[i]) && list.lastElementChild))) {
        if (/^\s*([-*]|\d+\.)\s+/.test(lines[i])) list.append(h("li", {}, ...inline(lines[i].replace(/^\s*([-*]|\d+\.)\s+/, ""))));
        else list.lastElementChild?.append(" ", ...inline(lines[i].trim()));
        i++;
      }
      out.push(list);
      continue;
    }
    if (line.startsWith("|")) {
      const rows = [];
      while (i < lines.length && lines[i].startsWith("|")) rows.push(lines[i++]);
      /** @param {string} r */
      const cells = r => r.replace(/^\||\|$/g, "").split("|").map(c => c.trim());
      const table = h("table", {});
      const body = rows.filter(r => !/^\|[\s:|-]+\|$/.test(r));
      body.forEach((r, k) => table.append(h("tr", {}, cells(r).map(c => h(k ? "td" : "th", {}, ...inline(c))))));
      out.push(h("div", {class: "table-wrap"}, table));
      continue;
    }
    if (line.startsWith("    ")) {
      const code = [];
      while (i < lines.length && (lines[i].startsWith("    ") || !lines[i].trim())) code.push(lines[i++].slice(4));
      out.push(h("pre", {}, code.join("\n").trimEnd()));
      continue;
    }
    const para = [];
    while (i < lines.length && lines[i].trim() && !/^(#|\||\s*[-*]\s|\s*\d+\.\s)/.test(lines[i])) para.push(lines[i++].trim());
    out.push(h("p", {}, ...inline(para.join(" "))));
  }
  return out;
}

/** @param {HTMLElement} main @param {string[]} params */
export async function render(main, [kind]) {
  const games = await kinds().catch(() => []);
  if (!games.some(k => k.name === kind)) {
    main.append(h("h1", {}, t("notfound.title")));
    return;
  }
  title(t("rules.title", {game: gameTitle(kind)}));
  const nav = h("nav", {class: "rules-nav", "aria-label": t("rules.other")}, games.map(k =>
    h("a", {href: `/rules/${k.name}`, "aria-current": k.name === kind ? "page" : null}, gameTitle(k.name))));
  const body = h("article", {class: "rules", lang: "en"});
  main.append(nav, h("div", {class: "rules-head"},
    h("p", {class: "muted"}, t("rules.english")),
    h("a", {class: "button primary", href: `/new/${kind}`}, t("rules.play"))), body);
  // A game may come without a help file: that is said, not shown as an error. (The server
  // answers a path it has no file for with the app's page, which is no help file either.)
  const res = await fetch(new URL(`../rules/${kind}.md`, import.meta.url)).catch(() => null);
  if (res && res.ok && !(res.headers.get("content-type") || "").startsWith("text/html")) body.append(...markdown(await res.text()));
  else body.replaceWith(h("p", {class: "rules-none muted"}, t("rules.none", {game: gameTitle(kind)})));
}
