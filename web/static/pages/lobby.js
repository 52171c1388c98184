// The lobby: open challenges to accept (live), each with what one accepts — the game and its
// options that matter, rated or casual, the time control, the challenger and their rating — and
// a filter by game; games in play to watch; a way to post a challenge of your own.

import {h, toast} from "../dom.js";
import {t} from "../i18n.js";
import {api, kinds} from "../api.js";
import {followLobby} from "../live.js";
import {title, navigate} from "../router.js";
import {gameTitle, seatWords, errorText, challengeDetails} from "./common.js";

/** @typedef {import("../../types/turncoat").Lobby} Lobby */
/** @typedef {import("../../types/turncoat").Summary} Summary */

/** @param {HTMLElement} main @param {string[]} params @param {URLSearchParams} query */
export async function render(main, params, query) {
  title(t("lobby.title"));
  const specs = await kinds().catch(() => []);
  const names = specs.map(k => k.name);
  /** @param {string} k */
  const spec = k => specs.find(x => x.name === k);
  let filter = names.find(k => k === query.get("game")) || "";
  /** @type {Lobby | undefined} */
  let last;
  const challenges = h("section", {"aria-labelledby": "h-ch"}, h("h2", {id: "h-ch"}, t("lobby.challenges")));
  const live = h("section", {"aria-labelledby": "h-live"}, h("h2", {id: "h-live"}, t("lobby.live")));
  const pick = /** @type {HTMLSelectElement} */ (h("select", {id: "ch-kind", "aria-label": t("lobby.game")}, names.map(k => h("option", {value: k}, gameTitle(k)))));
  const post = /** @type {HTMLButtonElement} */ (h("button", {type: "button", class: "primary", on: {click: async () => {
    post.disabled = true;
    try {
      const g = await api("/games", {method: "POST", body: {kind: pick.value, mode: "online", open: true, side: "random"}});
      navigate(`/play/${g.id}`);
    } catch (e) {
      toast(errorText(e), "error");
      post.disabled = false;
    }
  }}}, t("lobby.post")));
  const filterSel = /** @type {HTMLSelectElement} */ (h("select", {id: "lobby-filter"}, h("option", {value: ""}, t("lobby.allGames")),
    names.map(k => h("option", {value: k, selected: k === filter}, gameTitle(k)))));
  filterSel.addEventListener("change", () => {
    filter = filterSel.value;
    history.replaceState(null, "", filter ? `/lobby?game=${filter}` : "/lobby");
    show(last);
  });
  main.append(h("h1", {}, t("lobby.title")),
    h("div", {class: "post-row"}, h("label", {for: "ch-kind"}, t("lobby.postLabel")), pick, post,
      h("span", {class: "muted small"}, t("lobby.postHint")), h("a", {href: "/new/reversi"}, t("lobby.moreOptions"))),
    h("div", {class: "field inline"}, h("label", {for: "lobby-filter"}, t("lobby.filter")), filterSel),
    h("div", {class: "columns"}, challenges, live));
  /** @param {Lobby | undefined} l */
  const show = l => {
    last = l;
    /** @param {Summary} g */
    const keep = g => !filter || g.kind === filter;
    fill(challenges, "h-ch", t("lobby.challenges"), ((l && l.challenges) || []).filter(keep), t("lobby.noChallenges"), g => [
      challengeDetails(g, spec(g.kind)),
      h("a", {class: "button small primary", href: `/play/${g.id}?join=1`}, t("lobby.accept"))]);
    fill(live, "h-live", t("lobby.live"), ((l && l.live) || []).filter(keep), t("lobby.noLive"), g => [
      h("span", {class: "muted"}, g.seats.map(s => (s.open ? t("seat.open") : s.player || seatWords(s))).join(" – ")),
      h("a", {class: "button small", href: `/play/${g.id}`}, t("lobby.watch"))]);
  };
  api("/lobby").then(show).catch(e => toast(errorText(e), "error"));
  return followLobby(show);
}

/**
 * @param {HTMLElement} box @param {string} id @param {string} heading @param {Summary[]} list @param {string} empty
 * @param {(g: Summary) => import("../../types/turncoat").Child[]} details
 */
function fill(box, id, heading, list, empty, details) {
  box.replaceChildren(h("h2", {id}, heading));
  if (!list.length) {
    box.append(h("p", {class: "muted"}, empty));
    return;
  }
  const ul = h("ul", {class: "game-list lobby-list"});
  for (const g of list) ul.append(h("li", {"data-game": g.id, "data-kind": g.kind}, h("strong", {}, gameTitle(g.kind)), " ", ...details(g)));
  box.append(ul);
}
