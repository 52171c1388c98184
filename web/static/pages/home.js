// Home: the games the server plays, each with a line of description, one click to play the AI
// with the defaults, the way to set options and choose who plays, and the rules; then your
// games to resume and the open challenges of others.

import {h} from "../dom.js";
import {t, date, sideName} from "../i18n.js";
import {api, kinds} from "../api.js";
import {navigate, title} from "../router.js";
import {gameTitle, gameSummary, quickAI, errorText, seatWords, challengeDetails, ratingWords} from "./common.js";
import {toast} from "../dom.js";
import {followLobby} from "../live.js";

/** @typedef {import("../../types/turncoat").Kind} Kind */
/** @typedef {import("../../types/turncoat").Summary} Summary */

// icon draws a small picture of a game with the same shapes as its board: its own for the
// games that have one, else one of its piece style on its board's squares.
/** @param {Kind} spec */
function icon(spec) {
  const kind = spec.name;
  /** @param {string[]} parts */
  const svg = (...parts) => {
    const el = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    el.setAttribute("viewBox", "0 0 40 40");
    el.setAttribute("aria-hidden", "true");
    el.setAttribute("class", "game-icon icon-" + kind);
    el.innerHTML = parts.join("");
    return el;
  };
  switch (kind) {
    case "reversi":
      return svg('<rect width="40" height="40" rx="6" class="i-felt"/>', '<circle cx="13" cy="13" r="7" class="i-w"/>', '<circle cx="27" cy="13" r="7" class="i-b"/>', '<circle cx="13" cy="27" r="7" class="i-b"/>', '<circle cx="27" cy="27" r="7" class="i-w"/>');
    case "turncoat":
      return svg('<rect width="19" height="40" rx="5" class="i-red"/>', '<rect x="21" width="19" height="40" rx="5" class="i-yellow"/>', '<circle cx="9.5" cy="13" r="5" class="i-w"/>', '<circle cx="9.5" cy="27" r="5" class="i-b"/>', '<circle cx="30.5" cy="13" r="5" class="i-b"/>', '<circle cx="30.5" cy="27" r="5" class="i-w"/>');
    case "turnover":
      return svg('<rect width="40" height="40" rx="6" class="i-sq"/>', '<circle cx="20" cy="20" r="15" class="i-ring"/>', '<circle cx="20" cy="20" r="9" class="i-ring"/>', '<circle cx="20" cy="20" r="4" class="i-btn"/>');
    case "blocs":
      return svg('<rect width="40" height="40" rx="6" class="i-felt"/>', '<rect x="6" y="6" width="20" height="20" rx="3" class="i-sel"/>', '<circle cx="11" cy="11" r="4" class="i-b"/>', '<circle cx="21" cy="11" r="4" class="i-w"/>', '<circle cx="11" cy="21" r="4" class="i-w"/>', '<circle cx="21" cy="21" r="4" class="i-b"/>', '<circle cx="31" cy="31" r="4" class="i-w"/>');
    case "troll":
      return svg('<rect width="40" height="40" rx="6" class="i-felt"/>', '<rect width="40" height="4" class="i-edge-b"/>', '<rect y="36" width="40" height="4" class="i-edge-b"/>', '<rect width="4" height="40" class="i-edge-w"/>', '<rect x="36" width="4" height="40" class="i-edge-w"/>', '<path d="M20 6V34" class="i-chain"/>', '<circle cx="20" cy="11" r="4" class="i-b"/>', '<circle cx="20" cy="20" r="4" class="i-b"/>', '<circle cx="20" cy="29" r="4" class="i-b"/>');
  }
  const board = spec.checkered
    ? ['<rect width="40" height="40" rx="6" class="i-sq"/>', '<rect x="20" width="20" height="20" class="i-dark"/>', '<rect y="20" width="20" height="20" class="i-dark"/>']
    : ['<rect width="40" height="40" rx="6" class="i-felt"/>'];
  if (spec.pieces === "stack") return svg(...board, '<circle cx="20" cy="20" r="13" class="i-ring"/>', '<circle cx="20" cy="20" r="4" class="i-btn"/>');
  if (spec.pieces === "number") return svg(...board, '<text x="11" y="26" class="i-num">1</text>', '<text x="29" y="26" class="i-num">2</text>');
  return svg(...board, '<circle cx="11" cy="11" r="6" class="i-b"/>', '<circle cx="29" cy="29" r="6" class="i-w"/>');
}

/** @param {HTMLElement} main */
export async function render(main) {
  title("");
  const cards = h("ul", {class: "games"});
  const specs = await kinds().catch(() => []);
  for (const spec of specs) {
    const kind = spec.name;
    const play = h("button", {type: "button", class: "primary", "data-quick": kind, on: {click: async () => {
      play.disabled = true;
      try {
        const g = await quickAI(kind);
        navigate(`/play/${g.id}`);
      } catch (e) {
        toast(errorText(e), "error");
        play.disabled = false;
      }
    }}}, t("home.playAI"));
    cards.append(h("li", {class: "game-card", "data-kind": kind},
      icon(spec),
      h("div", {class: "game-text"},
        h("h2", {}, gameTitle(kind)),
        h("p", {}, gameSummary(kind))),
      h("div", {class: "game-actions"},
        play,
        h("a", {class: "button", href: `/new/${kind}`}, t("home.options")),
        h("a", {class: "button subtle", href: `/rules/${kind}`}, t("home.rules")))));
  }
  const mine = h("section", {class: "mine", "aria-labelledby": "h-mine"}, h("h2", {id: "h-mine"}, t("home.yourGames")), h("p", {class: "muted"}, t("app.loading")));
  const open = h("section", {class: "challenges", "aria-labelledby": "h-open"}, h("h2", {id: "h-open"}, t("home.challenges")), h("p", {class: "muted"}, t("app.loading")));
  const daily = h("section", {class: "daily-puzzle", id: "daily-puzzle", hidden: true, "aria-labelledby": "h-daily"});
  main.append(
    h("section", {class: "hero"},
      h("h1", {}, t("home.title")),
      h("p", {class: "lead"}, t("home.lead")),
      h("p", {class: "offline-link"}, h("a", {href: "/offline", id: "home-offline"}, t("home.offline"))),
      h("p", {}, h("a", {href: "/trainer", id: "home-trainer"}, t("home.trainer")))),
    // The daily puzzle comes in its own request, after the page: below the games' buttons, so
    // that its arrival does not slide them from under a finger about to tap one.
    cards,
    daily,
    h("div", {class: "columns"}, mine, open));

  api("/games").then((/** @type {Summary[]} */ list) => {
    mine.replaceChildren(h("h2", {id: "h-mine"}, t("home.yourGames")));
    if (!list.length) {
      mine.append(h("p", {class: "muted"}, t("home.noGames")));
      return;
    }
    const ul = h("ul", {class: "game-list"});
    for (const g of list.slice(0, 20)) ul.append(gameRow(g));
    mine.append(ul);
  }).catch(e => mine.replaceChildren(h("h2", {}, t("home.yourGames")), h("p", {class: "error"}, errorText(e))));

  api("/puzzles/daily").then((/** @type {import("../../types/turncoat").Puzzle} */ p) => {
    // the days take the kinds of puzzles in turn: the side is named as its game names it
    const side = sideName(p.kind, p.view.sides, p.side);
    daily.replaceChildren(
      h("a", {href: "/puzzles/daily", class: "daily-link"},
        h("img", {src: `/api/puzzles/${encodeURIComponent(p.id)}/board.svg`, alt: t("puzzles.dailyAlt"), width: "96", height: "96", loading: "lazy"}),
        h("span", {class: "daily-text"},
          h("h2", {id: "h-daily"}, t("puzzles.daily")),
          h("span", {}, p.kind === "reversi" ? t("puzzles.dailyLine", {side, rating: p.rating})
            : t("puzzles.dailyLineKind", {game: gameTitle(p.kind), side, rating: p.rating})))));
    daily.hidden = false;
  }).catch(() => {});

  const stop = followLobby(l => showChallenges(open, l, specs));
  api("/lobby").then(l => showChallenges(open, l, specs)).catch(() => {});
  return stop;
}

/** @param {Summary} g */
function statusWords(g) {
  if (g.status === "open") return t("status.open");
  if (g.outcome && g.outcome.over) return t("status.over");
  return t("status.playing");
}

// gameRow is one of a player's games: the game, who plays, where it stands; in a profile (the
// player's name given) the result for that player and the opponent's rating in a rated game.
/** @param {Summary} g @param {string} [player] */
export function gameRow(g, player) {
  const mine = player ? g.seats.findIndex(s => s.player === player) : g.seats.findIndex(s => s.you);
  const oppIndex = mine === 0 ? 1 : mine === 1 ? 0 : g.seats.findIndex(s => !s.you) >= 0 ? g.seats.findIndex(s => !s.you) : 1;
  const opp = g.seats[oppIndex];
  const who = g.mode === "hotseat" ? t("mode.hotseat") : player && opp.player ? opp.player : seatWords(opp);
  const r = g.ratings && g.ratings[oppIndex];
  let result = null;
  if (player && mine >= 0 && g.outcome && g.outcome.over) {
    const side = mine === 0 ? "first" : "second";
    const key = g.outcome.ending === "abort" ? "result.aborted" : !g.outcome.winner ? "result.drawn" : g.outcome.winner === side ? "result.won" : "result.lost";
    result = h("span", {class: "result-word " + key.slice(7)}, t(key));
  }
  return h("li", {class: g.yourMove ? "your-move" : null},
    h("a", {href: `/play/${g.id}`}, gameTitle(g.kind)),
    g.yourMove ? [" ", h("span", {class: "tag your-move-tag"}, t("home.yourMove"))] : null,
    result ? [" · ", result] : null,
    h("span", {class: "muted"}, ` · ${who}` + (r ? ` (${ratingWords({rating: r.rating, games: 1})})` : "") + ` · ${result ? "" : statusWords(g) + " · "}`),
    h("time", {datetime: g.updated, class: "muted"}, date(g.updated)));
}

/** @param {HTMLElement} box @param {import("../../types/turncoat").Lobby | undefined} l @param {import("../../types/turncoat").Kind[]} specs */
function showChallenges(box, l, specs) {
  const list = (l && l.challenges) || [];
  box.replaceChildren(h("h2", {id: "h-open"}, t("home.challenges")));
  if (!list.length) {
    box.append(h("p", {class: "muted"}, t("home.noChallenges")), h("p", {}, h("a", {href: "/lobby"}, t("home.toLobby"))));
    return;
  }
  const ul = h("ul", {class: "game-list"});
  for (const g of list.slice(0, 10)) {
    ul.append(h("li", {class: "lobby-item"},
      h("a", {href: `/play/${g.id}`}, gameTitle(g.kind)), " ",
      challengeDetails(g, specs.find(k => k.name === g.kind)), " ",
      h("a", {class: "button small", href: `/play/${g.id}?join=1`}, t("lobby.accept"))));
  }
  box.append(ul);
}
