// The single page's router: every URL is a page (/, /new/reversi, /play/ID, /lobby, /analysis,
// /import, /rules/turnover, /account) drawn by a module of pages/, loaded when first needed.
// Links inside the page change the URL without a reload; the language, theme and sound
// controls of the header live here.

import * as i18n from "./i18n.js";
import * as prefs from "./prefs.js";
import {clear, h, byId} from "./dom.js";
import {navigate, setRouter} from "./router.js";
import {api, kinds} from "./api.js";
import {followNotifications} from "./live.js";
import {noteWords} from "./notes.js";
import {toast} from "./dom.js";
import {startNetwork, isOffline} from "./offline/net.js";

const routes = [
  [/^\/$/, "home"],
  [/^\/new\/([a-z0-9-]+)$/, "new"],
  [/^\/play\/([a-z0-9]+)$/, "play"],
  [/^\/lobby$/, "lobby"],
  [/^\/analysis$/, "analysis"],
  [/^\/trainer$/, "trainer"],
  [/^\/puzzles(?:\/([a-z0-9]+))?$/, "puzzles"],
  [/^\/import$/, "import"],
  [/^\/rules\/([a-z0-9-]+)$/, "rules"],
  [/^\/account$/, "account"],
  [/^\/(?:forgot-password|confirm-email|reset-password)$/, "links"],
  [/^\/tournaments$/, "tournaments"],
  [/^\/players\/([^/]+)$/, "people"],
  [/^\/leaderboard$/, "people"],
  [/^\/notifications$/, "people"],
  [/^\/tournament\/([a-z0-9]+)$/, "tournaments"],
  [/^\/moderation$/, "moderation"],
  [/^\/offline(?:\/([a-z0-9]+))?$/, "offline"],
];

/** @typedef {import("../types/turncoat").Notification} Notification */

const main = byId("main");
/** @type {(() => void) | null} */
let cleanup = null;
let renderSeq = 0;

async function route({keepFocus = false} = {}) {
  const seq = ++renderSeq;
  if (cleanup) {
    try {
      cleanup();
    } catch (e) {
      console.warn(e);
    }
    cleanup = null;
  }
  const path = location.pathname;
  let name = "notfound";
  /** @type {string[]} */
  let params = [];
  for (const [re, page] of /** @type {[RegExp, string][]} */ (routes)) {
    const m = path.match(re);
    if (m) {
      name = page;
      params = m.slice(1);
      break;
    }
  }
  for (const a of document.querySelectorAll("header nav a")) {
    a.toggleAttribute("aria-current", a.getAttribute("href") === path);
    if (a.hasAttribute("aria-current")) a.setAttribute("aria-current", "page");
  }
  if (name === "notfound") {
    clear(main).append(h("h1", {}, i18n.t("notfound.title")), h("p", {}, h("a", {href: "/"}, i18n.t("notfound.home"))));
    document.title = i18n.t("notfound.title") + " · Turncoat";
    return;
  }
  const mod = await import(`./pages/${name}.js`);
  if (seq !== renderSeq) return;
  clear(main);
  main.className = "page-" + name;
  const ret = await mod.render(main, params, new URLSearchParams(location.search));
  if (seq !== renderSeq) {
    if (typeof ret === "function") ret();
    return;
  }
  cleanup = typeof ret === "function" ? ret : null;
  if (!keepFocus && document.activeElement === document.body) main.focus({preventScroll: true});
}

function setupHeader() {
  const lang = /** @type {HTMLSelectElement} */ (byId("pref-lang"));
  lang.value = i18n.current();
  lang.addEventListener("change", async () => {
    prefs.set("lang", lang.value);
    await i18n.load(lang.value);
    i18n.applyStatic();
    route({keepFocus: true});
  });
  const theme = byId("pref-theme");
  const showTheme = () => theme.setAttribute("aria-pressed", String(document.documentElement.dataset.theme === "dark"));
  theme.addEventListener("click", () => {
    prefs.set("theme", document.documentElement.dataset.theme === "dark" ? "light" : "dark");
    prefs.applyTheme();
    showTheme();
  });
  matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => {
    prefs.applyTheme();
    showTheme();
  });
  showTheme();
  const sound = byId("pref-sound");
  const showSound = () => {
    sound.setAttribute("aria-pressed", String(prefs.get("sound")));
    sound.classList.toggle("off", !prefs.get("sound"));
  };
  sound.addEventListener("click", () => {
    prefs.set("sound", !prefs.get("sound"));
    showSound();
  });
  showSound();
}

// Links within the app change the page without a reload.
document.addEventListener("click", e => {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  const target = /** @type {Element} */ (e.target);
  const a = /** @type {HTMLAnchorElement} */ (target.closest && target.closest("a[href]"));
  if (!a || a.target || a.hasAttribute("download")) return;
  const url = new URL(a.href, location.href);
  if (url.origin !== location.origin || url.pathname.startsWith("/api/") || url.pathname.startsWith("/rules/") && url.pathname.endsWith(".md")) return;
  e.preventDefault();
  if (url.pathname + url.search !== location.pathname + location.search) navigate(url.pathname + url.search);
});
addEventListener("popstate", () => route());

setRouter(route);
prefs.applyTheme();
// The games' names and lists come from the server: asked for with the catalogue, not after it.
await Promise.all([i18n.load(), kinds().catch(() => [])]);
startNetwork();
i18n.applyStatic();
setupHeader();
// The installed app opened without the network starts on the games this device plays alone.
if (isOffline() && location.pathname === "/") history.replaceState(null, "", "/offline");
await route();
document.documentElement.dataset.ready = "1";
notifications();

// notifications shows a registered user's unread notifications as a badge on the header's link,
// and each new one pushed over the WebSocket as a notice.
async function notifications() {
  let known = null;
  try {
    known = localStorage.getItem("turncoat.user");
  } catch {
    // No storage: no notifications in the header.
  }
  if (!known) return;
  const full = await api("/me").catch(() => null);
  const me = full && full.user;
  if (!me || me.guest) return;
  byId("moderation-link").hidden = !full.moderator;
  const link = byId("notes-link");
  const badge = byId("notes-badge");
  /** @param {number} n */
  const show = n => {
    badge.hidden = !n;
    badge.textContent = n ? String(n) : "";
    link.setAttribute("aria-label", i18n.t("notes.linkLabel", {n}));
  };
  link.hidden = false;
  // The count is always the server's: asked again on each push and each (re)connection, the
  // latest answer wins, so a notification stored while the page was subscribing is not missed.
  let asked = 0;
  const recount = async () => {
    const mine = ++asked;
    const list = await api("/notifications?unread=1&limit=1").catch(() => null);
    if (list && mine === asked) show(list.unread);
  };
  addEventListener("notifications-read", () => { asked++; show(0); });
  followNotifications(async n => {
    recount();
    if (!n) return;
    // The list says what the notification is about (the game, the opponent).
    /** @type {Notification | undefined} */
    const full = await api("/notifications?limit=5").then(l => l.notifications.find((/** @type {Notification} */ x) => x.id === n.id), () => undefined);
    toast(noteWords(full || n));
    dispatchEvent(new CustomEvent("notification", {detail: full || n}));
  });
}
