// The lobby: open challenges to accept (live), games in play to watch, and a way to post a
// challenge of your own.

import {h, toast} from "../dom.js";
import {t} from "../i18n.js";
import {api} from "../api.js";
import {followLobby} from "../live.js";
import {title, navigate} from "../router.js";
import {GAMES, gameTitle, seatWords, errorText} from "./common.js";

export async function render(main) {
  title(t("lobby.title"));
  const challenges = h("section", {"aria-labelledby": "h-ch"}, h("h2", {id: "h-ch"}, t("lobby.challenges")));
  const live = h("section", {"aria-labelledby": "h-live"}, h("h2", {id: "h-live"}, t("lobby.live")));
  const pick = h("select", {id: "ch-kind", "aria-label": t("lobby.game")}, GAMES.map(k => h("option", {value: k}, gameTitle(k))));
  const post = h("button", {type: "button", class: "primary", on: {click: async () => {
    post.disabled = true;
    try {
      const g = await api("/games", {method: "POST", body: {kind: pick.value, mode: "online", open: true, side: "random"}});
      navigate(`/play/${g.id}`);
    } catch (e) {
      toast(errorText(e), "error");
      post.disabled = false;
    }
  }}}, t("lobby.post"));
  main.append(h("h1", {}, t("lobby.title")),
    h("div", {class: "post-row"}, h("label", {for: "ch-kind"}, t("lobby.postLabel")), pick, post,
      h("span", {class: "muted small"}, t("lobby.postHint"))),
    h("div", {class: "columns"}, challenges, live));
  const show = l => {
    fill(challenges, "h-ch", t("lobby.challenges"), (l && l.challenges) || [], t("lobby.noChallenges"), g =>
      h("a", {class: "button small primary", href: `/play/${g.id}?join=1`}, t("lobby.accept")));
    fill(live, "h-live", t("lobby.live"), (l && l.live) || [], t("lobby.noLive"), g =>
      h("a", {class: "button small", href: `/play/${g.id}`}, t("lobby.watch")));
  };
  api("/lobby").then(show).catch(e => toast(errorText(e), "error"));
  return followLobby(show);
}

function fill(box, id, heading, list, empty, action) {
  box.replaceChildren(h("h2", {id}, heading));
  if (!list.length) {
    box.append(h("p", {class: "muted"}, empty));
    return;
  }
  const ul = h("ul", {class: "game-list"});
  for (const g of list) {
    const names = g.seats.map(s => (s.open ? t("seat.open") : s.player || seatWords(s)));
    ul.append(h("li", {}, h("strong", {}, gameTitle(g.kind)), " ", h("span", {class: "muted"}, names.join(" – ")), " ", action(g)));
  }
  box.append(ul);
}
