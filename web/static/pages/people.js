// Players: a profile (/players/NAME: ratings with their deviation per variant, recent games),
// the leaderboard of a game (/leaderboard?game=reversi) and the signed-in user's notifications.

import {h} from "../dom.js";
import {t, num, date} from "../i18n.js";
import {api, ApiError} from "../api.js";
import {navigate, title} from "../router.js";
import {gameTitle, errorText, optionMap, optionValue, optionsSummary} from "./common.js";
import {kinds} from "../api.js";
import {gameRow} from "./home.js";
import {noteWords} from "../notes.js";
import {playerActions} from "../report.js";

// variantWords names a rating's variant ("reversi:size=8,...") in words: the game, its size, and
// the options that differ from the defaults ("Reversi / Othello 6×6 (Start position: Parallel)").
/** @param {string} v @param {import("../../types/turncoat").Kind[]} specs */
function variantWords(v, specs) {
  const [kind, opts] = v.split(":");
  const spec = specs.find(k => k.name === kind);
  if (!spec) return v;
  const m = optionMap(opts);
  const size = m.size ? " " + optionValue(kind, "size", m.size) : "";
  delete m.size;
  const rest = optionsSummary(kind, m, spec.options);
  return gameTitle(kind) + size + (rest ? ` (${rest.replaceAll(" · ", ", ")})` : "");
}

/** @param {import("../../types/turncoat").Rating[]} rows @param {boolean} withPlayer @param {import("../../types/turncoat").Kind[]} specs */
function ratingsTable(rows, withPlayer, specs) {
  const head = [withPlayer ? "#" : null, withPlayer ? t("people.player") : t("people.variant"), t("people.rating"), t("people.deviation"), t("people.games")].filter(Boolean);
  return h("div", {class: "table-wrap"}, h("table", {class: "ratings"},
    h("thead", {}, h("tr", {}, head.map(c => h("th", {scope: "col"}, c)))),
    h("tbody", {}, rows.map(r => h("tr", {},
      withPlayer ? h("td", {}, r.rank) : null,
      h("th", {scope: "row"}, withPlayer ? h("a", {href: `/players/${encodeURIComponent(r.player || "")}`}, r.player) : variantWords(r.variant, specs)),
      h("td", {class: "num"}, num(Math.round(r.rating))),
      h("td", {class: "num"}, "± " + num(Math.round(r.deviation))),
      h("td", {class: "num"}, r.games))))));
}

/** @param {HTMLElement} main @param {string} name */
async function profile(main, name) {
  title(name);
  main.append(h("h1", {}, t("people.profile", {name})));
  try {
    const p = await api(`/users/${encodeURIComponent(name)}`);
    // Block, mute, report: for a registered user on this browser, on another's profile.
    let me = null;
    try {
      me = localStorage.getItem("turncoat.user");
    } catch {
      // No storage: no actions.
    }
    if (me && me.toLowerCase() !== p.user.name.toLowerCase()) main.append(await playerActions(p.user.name).catch(() => ""));
    main.append(h("section", {"aria-labelledby": "h-ratings"}, h("h2", {id: "h-ratings"}, t("people.ratings")),
      p.ratings.length ? ratingsTable(p.ratings, false, await kinds().catch(() => [])) : h("p", {class: "muted"}, t("people.unrated"))));
    const recent = h("section", {"aria-labelledby": "h-recent"}, h("h2", {id: "h-recent"}, t("people.recent")));
    recent.append(p.recent && p.recent.length ? h("ul", {class: "game-list"}, p.recent.map((/** @type {import("../../types/turncoat").Summary} */ g) => gameRow(g, p.user.name))) : h("p", {class: "muted"}, t("people.noGames")));
    main.append(recent);
  } catch (e) {
    main.append(h("p", {class: "error"}, errorText(e)));
  }
}

/** @param {HTMLElement} main @param {URLSearchParams} q */
async function leaderboard(main, q) {
  title(t("people.leaderboard"));
  const names = (await kinds().catch(() => [])).map(k => k.name);
  const kind = names.find(k => k === q.get("game")) || names[0] || "reversi";
  const sel = h("select", {id: "lb-game"}, names.map(g => h("option", {value: g, selected: g === kind}, gameTitle(g))));
  sel.addEventListener("change", () => navigate(`/leaderboard?game=${sel.value}`));
  main.append(h("h1", {}, t("people.leaderboard")), h("div", {class: "field"}, h("label", {for: "lb-game"}, t("people.game")), sel));
  try {
    const lb = await api(`/leaderboard?game=${kind}`);
    const specs = await kinds().catch(() => []);
    main.append(h("p", {class: "muted"}, variantWords(lb.variant, specs)),
      lb.players.length ? ratingsTable(lb.players, true, specs) : h("p", {class: "muted"}, t("people.nobody")));
  } catch (e) {
    main.append(h("p", {class: "error"}, errorText(e)));
  }
}

/** @typedef {import("../../types/turncoat").Notification} Notification */

/** @param {HTMLElement} main */
async function notifications(main) {
  title(t("notes.title"));
  main.append(h("h1", {}, t("notes.title")));
  const ul = h("ul", {class: "notes", "aria-live": "polite"});
  /** @param {Notification} n */
  const item = n => h("li", {class: n.read ? "read" : "unread"},
    n.game ? h("a", {href: `/play/${n.game}`}, noteWords(n)) : n.tournament ? h("a", {href: `/tournament/${n.tournament}`}, noteWords(n)) : noteWords(n),
    " ", h("time", {class: "muted", datetime: n.created}, date(n.created)));
  try {
    const list = await api("/notifications?limit=50");
    if (!list.notifications.length) main.append(h("p", {class: "muted"}, t("notes.none")));
    ul.append(...list.notifications.map(item));
    // The button goes above the list: a notice pushed while the page is open is put at the
    // list's top, and must not slide the button away from under a finger.
    if (list.unread) {
      const read = h("button", {type: "button", id: "notes-read", on: {click: async () => {
        await api("/notifications/read", {method: "POST", body: {}});
        for (const li of ul.children) li.className = "read";
        read.remove();
        dispatchEvent(new Event("notifications-read"));
      }}}, t("notes.markRead"));
      main.append(read);
    }
    main.append(ul);
  } catch (e) {
    main.append(h("p", {class: "error"}, e instanceof ApiError && e.status === 401 ? t("notes.signIn") : errorText(e)));
  }
  /** @param {Event} e */
  const onNote = e => ul.prepend(item(/** @type {CustomEvent<Notification>} */ (e).detail));
  addEventListener("notification", onNote);
  return () => removeEventListener("notification", onNote);
}

/** @param {HTMLElement} main @param {string[]} params @param {URLSearchParams} q */
export async function render(main, params, q) {
  if (location.pathname === "/leaderboard") return leaderboard(main, q);
  if (location.pathname === "/notifications") return notifications(main);
  return profile(main, decodeURIComponent(params[0]));
}
