// Players: a profile (/players/NAME: ratings with their deviation per variant, recent games),
// the leaderboard of a game (/leaderboard?game=reversi) and the signed-in user's notifications.

import {h} from "../dom.js";
import {t, num, date} from "../i18n.js";
import {api} from "../api.js";
import {navigate, title} from "../router.js";
import {GAMES, gameTitle, errorText, optionMap, optionValue, optionsSummary} from "./common.js";
import {kinds} from "../api.js";
import {gameRow} from "./home.js";
import {noteWords} from "../notes.js";

// variantWords names a rating's variant ("reversi:size=8,...") in words: the game, its size, and
// the options that differ from the defaults ("Reversi / Othello 6×6 (Start position: Parallel)").
/** @param {string} v @param {import("../../types/turncoat").KindSpec[]} specs */
function variantWords(v, specs) {
  const [kind, opts] = v.split(":");
  const spec = specs.find(k => k.name === kind);
  if (!GAMES.includes(kind) || !spec) return v;
  const m = optionMap(opts);
  const size = m.size ? " " + optionValue(kind, "size", m.size) : "";
  delete m.size;
  const rest = optionsSummary(kind, m, spec.options);
  return gameTitle(kind) + size + (rest ? ` (${rest.replaceAll(" · ", ", ")})` : "");
}

/** @param {any[]} rows @param {boolean} withPlayer @param {import("../../types/turncoat").KindSpec[]} specs */
function ratingsTable(rows, withPlayer, specs) {
  const head = [withPlayer ? "#" : null, withPlayer ? t("people.player") : t("people.variant"), t("people.rating"), t("people.deviation"), t("people.games")].filter(Boolean);
  return h("div", {class: "table-wrap"}, h("table", {class: "ratings"},
    h("thead", {}, h("tr", {}, head.map(c => h("th", {scope: "col"}, c)))),
    h("tbody", {}, rows.map(r => h("tr", {},
      withPlayer ? h("td", {}, r.rank) : null,
      h("th", {scope: "row"}, withPlayer ? h("a", {href: `/players/${encodeURIComponent(r.player)}`}, r.player) : variantWords(r.variant, specs)),
      h("td", {class: "num"}, num(Math.round(r.rating))),
      h("td", {class: "num"}, "± " + num(Math.round(r.deviation))),
      h("td", {class: "num"}, r.games))))));
}

async function profile(main, name) {
  title(name);
  main.append(h("h1", {}, t("people.profile", {name})));
  try {
    const p = await api(`/users/${encodeURIComponent(name)}`);
    main.append(h("section", {"aria-labelledby": "h-ratings"}, h("h2", {id: "h-ratings"}, t("people.ratings")),
      p.ratings.length ? ratingsTable(p.ratings, false, await kinds().catch(() => [])) : h("p", {class: "muted"}, t("people.unrated"))));
    const recent = h("section", {"aria-labelledby": "h-recent"}, h("h2", {id: "h-recent"}, t("people.recent")));
    recent.append(p.recent && p.recent.length ? h("ul", {class: "game-list"}, p.recent.map(g => gameRow(g, p.user.name))) : h("p", {class: "muted"}, t("people.noGames")));
    main.append(recent);
  } catch (e) {
    main.append(h("p", {class: "error"}, errorText(e)));
  }
}

async function leaderboard(main, q) {
  title(t("people.leaderboard"));
  const kind = GAMES.includes(q.get("game")) ? q.get("game") : "reversi";
  const sel = h("select", {id: "lb-game"}, GAMES.map(g => h("option", {value: g, selected: g === kind}, gameTitle(g))));
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

async function notifications(main) {
  title(t("notes.title"));
  main.append(h("h1", {}, t("notes.title")));
  const ul = h("ul", {class: "notes", "aria-live": "polite"});
  const item = n => h("li", {class: n.read ? "read" : "unread"},
    n.game ? h("a", {href: `/play/${n.game}`}, noteWords(n)) : n.tournament ? h("a", {href: `/tournament/${n.tournament}`}, noteWords(n)) : noteWords(n),
    " ", h("time", {class: "muted", datetime: n.created}, date(n.created)));
  try {
    const list = await api("/notifications?limit=50");
    if (!list.notifications.length) main.append(h("p", {class: "muted"}, t("notes.none")));
    ul.append(...list.notifications.map(item));
    main.append(ul);
    if (list.unread) {
      main.append(h("button", {type: "button", id: "notes-read", on: {click: async e => {
        await api("/notifications/read", {method: "POST", body: {}});
        for (const li of ul.children) li.className = "read";
        e.target.remove();
        dispatchEvent(new Event("notifications-read"));
      }}}, t("notes.markRead")));
    }
  } catch (e) {
    main.append(h("p", {class: "error"}, e.status === 401 ? t("notes.signIn") : errorText(e)));
  }
  const onNote = e => ul.prepend(item(e.detail));
  addEventListener("notification", onNote);
  return () => removeEventListener("notification", onNote);
}

export async function render(main, params, q) {
  if (location.pathname === "/leaderboard") return leaderboard(main, q);
  if (location.pathname === "/notifications") return notifications(main);
  return profile(main, decodeURIComponent(params[0]));
}
