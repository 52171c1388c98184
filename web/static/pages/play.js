// A game: the board (drawn by the game's own board module from the server's view) and the panel
// beside it — the players with their counts, ratings and clocks, what is happening now, the
// controls, offers to answer, the move list with the replay, the chat of a game between
// people, the evaluation graph, the record to download, the link to share. Each part is a
// module of ../play/; this page loads the game, lays the parts out and wires them together.
// Live updates come over the WebSocket; a move the page did not make is animated, and input is
// never blocked by an animation.

import {h, toast, announce} from "../dom.js";
import {t} from "../i18n.js";
import {api, kind as kindOf} from "../api.js";
import {follow, onStatus, status as liveStatus} from "../live.js";
import * as prefs from "../prefs.js";
import * as sound from "../sound.js";
import {title} from "../router.js";
import {loadBoard} from "../board/index.js";
import {gameTitle, errorText, optionsSummary, outcomeWords, discTallies} from "./common.js";
import {GamePage} from "../play/page.js";
import {players} from "../play/players.js";
import {status} from "../play/status.js";
import {moveList} from "../play/moves.js";
import {controls} from "../play/actions.js";
import {evaluation} from "../play/evaluation.js";
import {review} from "../play/review.js";
import {chat} from "../play/chat.js";
import {shareBox, settingsBox} from "../play/share.js";
import {updates} from "../play/updates.js";
import {browserAI} from "../engine/aiseat.js";

/** @typedef {import("../../types/turncoat").Game} Game */
/** @typedef {import("../../types/turncoat").View} View */

// load fetches the game, taking its seat first when the URL carries an invitation (?seat=) or
// accepts a challenge (?join=1); it returns null after saying why there is no game to show.
/** @param {HTMLElement} main @param {string} id @param {URLSearchParams} query @returns {Promise<Game | null>} */
async function load(main, id, query) {
  /** @param {unknown} e */
  const notFound = e => {
    main.append(h("h1", {}, t("play.notFound")), h("p", {class: "error"}, errorText(e)), h("p", {}, h("a", {href: "/"}, t("notfound.home"))));
    return null;
  };
  if (query.get("seat") || query.get("join")) {
    try {
      const g = await api(`/games/${id}/join`, {method: "POST", body: {token: query.get("seat") || ""}});
      history.replaceState(null, "", `/play/${id}`);
      return g;
    } catch (e) {
      toast(errorText(e), "error");
    }
  }
  try {
    return await api(`/games/${id}`);
  } catch (e) {
    return notFound(e);
  }
}

/** @param {HTMLElement} main @param {string[]} params @param {URLSearchParams} query */
export async function render(main, [id], query) {
  const game = await load(main, id, query);
  if (!game) return;
  const kind = game.kind;
  const spec = await kindOf(kind).catch(() => undefined);
  if (!spec) {
    main.append(h("h1", {}, t("play.notFound")), h("p", {}, h("a", {href: "/"}, t("notfound.home"))));
    return;
  }
  const mod = await loadBoard(kind, spec);
  const page = new GamePage(id, game, spec, mod);

  // Layout.
  const statusLine = h("div", {class: "status-line", id: "status-line", "aria-live": "polite"});
  const boardHost = h("div", {class: "board-host", "data-kind": kind});
  const replayBar = h("div", {class: "replay-bar", hidden: true});
  const boardArea = h("section", {class: "board-area", "aria-label": t("play.board")}, statusLine, boardHost, replayBar);
  const optionsLine = h("p", {class: "muted options-line"});
  const badges = h("p", {class: "badges"});
  const openingLine = h("p", {class: "opening-line muted small", hidden: true});
  const playersBox = h("div", {class: "players"});
  const result = h("div", {class: "result", id: "result", hidden: true, role: "status"});
  const actionsBox = h("div", {class: "controls"});
  const offersBox = h("div", {class: "offers"});
  const inviteBox = h("div", {class: "invite"});
  const list = h("ol", {class: "moves", "aria-label": t("play.moves")});
  const replayCtl = h("div", {class: "replay-ctl", role: "group", "aria-label": t("play.replay")});
  const watchersLine = h("p", {class: "watchers muted small", hidden: true});
  const chatBox = h("section", {class: "chat", hidden: true});
  const graphBox = h("div", {class: "eval"});
  const reviewBox = h("section", {class: "review", id: "review", hidden: true});
  const exportBox = h("div", {class: "export"});
  const settings = h("div", {class: "settings"});
  const conn = h("p", {class: "conn muted"});
  const panel = h("aside", {class: "panel", "aria-label": t("play.panel")},
    h("h1", {class: "game-title"}, gameTitle(kind)), optionsLine, badges, openingLine,
    playersBox, result, actionsBox, offersBox, inviteBox,
    h("section", {class: "history"}, h("h2", {}, t("play.moves")), replayCtl, list),
    watchersLine, chatBox, reviewBox, graphBox,
    h("details", {class: "box"}, h("summary", {}, t("play.share")), exportBox),
    h("details", {class: "box"}, h("summary", {}, t("play.settings")), settings),
    conn);
  const layout = h("div", {class: "play", "data-game": id}, boardArea, panel);
  main.append(layout);
  title(gameTitle(kind));

  // The board.
  /** @param {boolean} animate @param {View} [prev] @returns {Promise<void> | null} settled when the board shows the view */
  function draw(animate, prev) {
    layout.dataset.boardTheme = page.theme();
    boardHost.dataset.version = String(page.view.version);
    if (page.replay) return null;
    const v = page.view;
    const opts = {interactive: page.canAct(), actions: page.game.actions || []};
    const p = animate && prev && prev.ply + 1 === v.ply && prev.version < v.version ? page.board.animate(prev, v, opts) : (page.board.draw(v, opts), null);
    page.lastHints = null;
    if (!p) {
      boardHost.dataset.settled = String(v.version);
      return null;
    }
    return p.then(() => { if (!page.stopped && page.view.version === v.version) boardHost.dataset.settled = String(v.version); });
  }

  /** @type {ReturnType<typeof follow> | null} */
  let live = null;
  const sync = updates(page, {boardHost, draw, setVersion: v => live && live.setVersion(v), changed});
  page.board = mod.create(boardHost, {
    t, kind, spec,
    get label() { return t("play.boardOf", {game: gameTitle(kind)}); },
    get hotseat() { return page.hotseat(); },
    sideName: side => page.sideName(side),
    act: (text, side) => sync.act(text, side),
    refuse(coord, why) {
      const msg = why || t("play.notLegal", {square: coord});
      toast(msg);
      announce(msg);
    },
    say: announce,
    setViewer: async side => {
      page.asSide = side;
      if (!side) draw(false);
      else await sync.refresh();
    },
  });

  // The panel's parts.
  const moves = moveList(page, {list, controls: replayCtl, bar: replayBar, boardHost, verified: sync.verified, draw: () => draw(false)});
  const playersPart = players(page, playersBox);
  const parts = [
    playersPart,
    status(page, statusLine, {act: m => sync.act(m), verified: sync.verified}),
    controls(page, {actions: actionsBox, offers: offersBox, invite: inviteBox}, sync),
    moves,
    evaluation(page, graphBox, moves),
  ];
  // A casual game against the AI created with browserAI: this page's engine plays the AI.
  parts.push(browserAI(page, {boardHost, apply: sync.apply}));
  const reviewPart = review(page, reviewBox, moves);
  parts.push(reviewPart);
  const chatPart = chat(page, chatBox, watchersLine);
  parts.push(chatPart);
  shareBox(page, exportBox);
  settingsBox(page, settings);

  page.update = () => {
    const v = page.view;
    optionsLine.textContent = [t(`mode.${page.game.mode}`), optionsSummary(kind, v.options, spec.options)].filter(Boolean).join(" · ");
    badgesUpdate();
    openingUpdate();
    layout.dataset.status = v.outcome.over && !page.holdResult ? "over" : page.game.status;
    resultUpdate();
    for (const p of parts) p.update();
  };

  // openingUpdate names the opening the game has reached, where the game's board module knows
  // the openings' names (asked again only when the moves change).
  let openingOf = -1;
  function openingUpdate() {
    const v = page.view;
    if (!mod.opening || openingOf === v.version) return;
    openingOf = v.version;
    mod.opening(v).then(name => {
      if (page.stopped || openingOf !== v.version) return;
      openingLine.hidden = !name;
      openingLine.replaceChildren(t("analysis.opening"), " ", h("strong", {class: "opening-name", lang: "en"}, name));
    });
  }

  function badgesUpdate() {
    const info = page.info;
    badges.replaceChildren();
    if (page.game.rated) badges.append(h("span", {class: "badge-rated tag"}, t("play.rated")));
    else if (page.online()) badges.append(h("span", {class: "badge-casual tag"}, t("play.casual")));
    if (info && info.betweenPeople && info.hints) badges.append(h("span", {class: "badge-assist tag"}, t("play.hintsForBoth")));
    badges.hidden = !badges.firstChild;
  }

  function resultUpdate() {
    const v = page.view;
    result.hidden = !v.outcome.over || page.holdResult;
    if (result.hidden) return;
    const o = v.outcome;
    result.dataset.winner = o.winner || "draw";
    if (o.score) result.dataset.score = o.score.join("-");
    const discs = discTallies(v);
    if (discs) result.dataset.discs = discs.join("-");
    result.replaceChildren(h("strong", {}, outcomeWords(v, s => page.sideName(s))));
  }

  // info reads what the page shows beside the game (its settings, the ratings, the chat); at
  // the end of a rated game it asks again until the ratings' change is there.
  let infoTries = 0, infoSeq = 0;
  async function info() {
    const my = ++infoSeq;
    let got;
    try {
      got = await api(`/games/${id}/info`);
    } catch {
      return;
    }
    if (page.stopped || my !== infoSeq) return; // a later answer is on its way
    page.info = got;
    page.watchers = got.watchers;
    page.update();
    const r = got.ratings;
    if (page.view.outcome.over && r && (r[0].change === undefined || r[0].change === null) && infoTries++ < 6) {
      setTimeout(info, 500 * infoTries);
    }
  }

  // changed follows a new game from the server: a takeback rewrote the history, the game
  // started or ended (what the page may show changes).
  /** @param {Game} before */
  function changed(before) {
    const prev = before.view;
    if (page.view.ply <= prev.ply && page.view.version > prev.version) moves.forget();
    if (page.view.outcome.over !== prev.outcome.over || page.game.status !== before.status) info();
  }

  // Live.
  live = follow(id, game.view.version, msg => {
    if (msg.online) page.presence = msg.online;
    if (typeof msg.watchers === "number") page.watchers = msg.watchers;
    if (msg.online || typeof msg.watchers === "number") {
      playersPart.update();
      chatPart.update();
    }
    if (msg.type === "event" && msg.view) {
      sync.apply(msg.view);
      chatPart.fetchNew();
      const kind = msg.event && msg.event.kind;
      if (kind === "begin") info(); // the seats, their ratings and the chat changed
      else if (kind === "rematch") {
        toast(t("play.rematchReady"));
        sound.notice();
      }
    } else if (msg.type === "event" && msg.event && msg.event.kind === "selection") sync.selection(msg.event);
    else if (msg.type === "subscribed" && msg.view) {
      if (page.hotseat() && page.simultaneous() && page.asSide) sync.refresh();
      else sync.apply(msg.view);
      chatPart.fetchNew();
    } else if (msg.type === "chat" && msg.chat) chatPart.receive(msg.chat);
    else if (msg.type === "chat-settings") info();
  });
  /** @param {string} st */
  const connWords = st => (/** @type {Record<string, string>} */ ({online: t("live.online"), connecting: t("live.connecting"), offline: t("live.offline"), idle: ""}))[st] || "";
  const stopStatus = onStatus(st => {
    conn.textContent = connWords(st);
    conn.dataset.state = st;
  });
  conn.textContent = connWords(liveStatus());
  conn.dataset.state = liveStatus();
  const stopPrefs = prefs.onChange(() => {
    if (page.replay) page.board.draw(page.replay.view, {interactive: false});
    else draw(false);
    if (page.lastHints) page.board.hints(page.lastHints);
    page.update();
  });
  const tick = setInterval(() => playersPart.tick(), 200);

  draw(false);
  page.update();
  info();
  boardHost.dataset.ready = "1";
  performance.mark("board-interactive");
  document.documentElement.dataset.board = "ready";

  return () => {
    page.stopped = true;
    if (live) live.stop();
    stopStatus();
    stopPrefs();
    clearInterval(tick);
    moves.stop();
    reviewPart.stop();
    page.board.destroy();
    delete document.documentElement.dataset.board;
  };
}
