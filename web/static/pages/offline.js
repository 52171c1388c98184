// Play on this device: games against the AI or between two players on one device, played by
// the engine in the browser (../engine/client.js) with no server, so that they play without
// the network. The page says what needs the network; it lists the games kept on this device
// (../offline/store.js) and, once online and signed in, uploads the finished ones to the
// player's account, where they become finished casual games, never rated. /offline/ID plays
// one of them with the same board and panel parts as a game of the server's: hints and
// takebacks as on a hot-seat game's page, the move list and its replay (a finished game's
// too), and at a Turncoat round of a hot-seat game the cover between the players' selections.

import {h, toast, announce} from "../dom.js";
import {t, tn, num, date} from "../i18n.js";
import {api, kinds, kind as kindOf} from "../api.js";
import {navigate, title} from "../router.js";
import * as prefs from "../prefs.js";
import * as sound from "../sound.js";
import {loadBoard} from "../board/index.js";
import {gameTitle, optionField, optionsSummary, outcomeWords, errorText, discTallies} from "./common.js";
import {GamePage, moveLabel} from "../play/page.js";
import {moveList} from "../play/moves.js";
import {button} from "../play/actions.js";
import {players} from "../play/players.js";
import {status} from "../play/status.js";
import {openEngine} from "../engine/client.js";
import {saveGame, getGame, allGames, deleteGame, newID} from "../offline/store.js";
import {isOffline, onNetwork} from "../offline/net.js";

/** @typedef {import("../offline/store.js").LocalGame} LocalGame */
/** @typedef {import("../../types/turncoat").Game} Game */
/** @typedef {import("../../types/turncoat").View} View */
/** @typedef {import("../../types/turncoat").Side} Side */

// The AI's levels offered here, and the one chosen first.
const LEVELS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const DEFAULT_LEVEL = 3;

/** @param {HTMLElement} main @param {(string | undefined)[]} params */
export async function render(main, [id]) {
  return id ? playPage(main, id) : listPage(main);
}

// networkNote says what needs the network, and whether the page has it now.
function networkNote() {
  const now = h("p", {class: "net-now", "data-state": isOffline() ? "offline" : "online"});
  const show = () => {
    now.dataset.state = isOffline() ? "offline" : "online";
    now.textContent = isOffline() ? t("offline.nowOffline") : t("offline.nowOnline");
  };
  show();
  const stop = onNetwork(show);
  return {el: h("aside", {class: "box needs-network", "aria-label": t("offline.needsTitle")},
    h("h2", {}, t("offline.needsTitle")), h("p", {}, t("offline.needs")), now), stop};
}

// opponentWords says who a game of this device is against.
/** @param {LocalGame} g */
function opponentWords(g) {
  return g.opponent === "ai" ? t("offline.vsAI", {level: num(g.level)}) : t("offline.vsPlayer");
}

/** @param {HTMLElement} main */
async function listPage(main) {
  title(t("offline.title"));
  openEngine(); // started while the player chooses: the game opens at once
  const note = networkNote();
  const specs = await kinds().catch(() => []);
  main.append(h("h1", {}, t("offline.title")), h("p", {class: "lead"}, t("offline.lead")), note.el);
  if (!specs.length) {
    main.append(h("p", {class: "error"}, t("offline.noKinds")));
    return note.stop;
  }

  // A new game.
  const kindSel = h("select", {id: "off-kind", name: "kind"}, specs.map(k => h("option", {value: k.name}, gameTitle(k.name))));
  const opts = h("div", {class: "off-options"});
  const fillOptions = () => {
    const k = specs.find(x => x.name === kindSel.value);
    opts.replaceChildren(...(k ? k.options : []).filter(o => o.name !== "seed" && o.name !== "setup").map(o => optionField(k ? k.name : "", o, o.default)));
  };
  kindSel.addEventListener("change", fillOptions);
  fillOptions();
  const opponent = h("select", {id: "off-opponent", name: "opponent"},
    h("option", {value: "ai"}, t("offline.ai")), h("option", {value: "hotseat"}, t("offline.hotseat")));
  const level = h("select", {id: "off-level", name: "level"}, LEVELS.map(l => h("option", {value: String(l), selected: l === DEFAULT_LEVEL}, num(l))));
  const side = h("select", {id: "off-side", name: "side"},
    h("option", {value: "first"}, t("offline.sideFirst")), h("option", {value: "second"}, t("offline.sideSecond")));
  const aiFields = h("div", {class: "off-ai"},
    h("div", {class: "field"}, h("label", {for: "off-level"}, t("offline.level")), level),
    h("div", {class: "field"}, h("label", {for: "off-side"}, t("offline.side")), side));
  opponent.addEventListener("change", () => { aiFields.hidden = opponent.value !== "ai"; });
  const start = h("button", {type: "submit", class: "primary", id: "off-start"}, t("offline.start"));
  const form = h("form", {class: "offline-new box"},
    h("h2", {}, t("offline.new")),
    h("div", {class: "field"}, h("label", {for: "off-kind"}, t("offline.game")), kindSel),
    opts,
    h("div", {class: "field"}, h("label", {for: "off-opponent"}, t("offline.opponent")), opponent),
    aiFields, h("div", {class: "actions"}, start));
  form.addEventListener("submit", async e => {
    e.preventDefault();
    /** @type {Record<string, string>} */
    const options = {};
    for (const el of /** @type {NodeListOf<HTMLInputElement>} */ (opts.querySelectorAll("[name^=opt-]"))) {
      options[el.name.slice(4)] = el.type === "checkbox" ? String(el.checked) : el.value;
    }
    /** @type {LocalGame} */
    const g = {id: newID(), kind: kindSel.value, options, opponent: opponent.value === "hotseat" ? "hotseat" : "ai",
      level: +level.value, human: side.value === "second" ? "second" : "first", plays: [], created: Date.now(), updated: 0,
      over: false, result: "", record: null, uploaded: ""};
    await saveGame(g);
    navigate(`/offline/${g.id}`);
  });
  main.append(form);

  // The games kept here.
  const list = h("ul", {class: "offline-games", id: "offline-games"});
  const uploadAll = h("button", {type: "button", id: "off-upload", class: "primary"}, t("offline.uploadAll"));
  const uploadNote = h("p", {class: "muted small", id: "off-upload-note"});
  main.append(h("section", {class: "box"}, h("h2", {}, t("offline.saved")), list, h("p", {class: "muted small"}, t("offline.uploadWhat")), uploadAll, uploadNote));

  /** @type {boolean | null} whether a registered player is signed in (null: not known) */
  let signedIn = null;
  async function whoAmI() {
    let known = null;
    try {
      known = localStorage.getItem("turncoat.user");
    } catch {
      // No storage: nobody is known to be signed in.
    }
    if (isOffline() || !known) return;
    const me = await api("/me").catch(() => null);
    signedIn = !!(me && me.user && !me.user.guest);
  }

  async function fill() {
    const games = await allGames().catch(() => []);
    list.replaceChildren(...games.map(g => h("li", {class: "offline-game", "data-id": g.id, "data-over": String(g.over), "data-uploaded": g.uploaded || ""},
      h("a", {href: `/offline/${g.id}`}, gameTitle(g.kind)), " ",
      h("span", {class: "muted small"}, [opponentWords(g), date(new Date(g.created))].join(" · ")), " ",
      h("span", {class: "off-state"}, g.over ? g.result : t("offline.inPlay")), " ",
      g.uploaded ? h("a", {href: `/play/${g.uploaded}`, class: "off-uploaded"}, t("offline.uploaded")) : null, " ",
      h("button", {type: "button", class: "small", on: {click: async () => { await deleteGame(g.id); fill(); }}}, t("offline.delete")))));
    if (!games.length) list.append(h("li", {class: "muted"}, t("offline.none")));
    const waiting = games.filter(g => g.over && g.record && !g.uploaded);
    uploadAll.disabled = !waiting.length || isOffline() || !signedIn;
    uploadNote.textContent = !waiting.length ? "" : isOffline() ? t("offline.uploadOnline") : !signedIn ? t("offline.uploadSignIn") : tn("offline.uploadReady", waiting.length);
  }

  uploadAll.addEventListener("click", async () => {
    uploadAll.disabled = true;
    const games = (await allGames()).filter(g => g.over && g.record && !g.uploaded);
    let done = 0;
    for (const g of games) {
      try {
        await upload(g);
        done++;
      } catch (e) {
        toast(errorText(e), "error");
      }
    }
    if (done) toast(tn("offline.uploadedN", done));
    fill();
  });

  const stopNet = onNetwork(async () => {
    await whoAmI();
    fill();
  });
  await whoAmI();
  await fill();
  return () => {
    note.stop();
    stopNet();
  };
}

// upload imports a finished game of this device into the signed-in player's account, as a
// finished casual game (the server refuses a record that stops before the end), and notes the
// server's game on the device's.
/** @param {LocalGame} g */
async function upload(g) {
  if (!g.record) throw new Error("no record");
  const got = await api("/import", {method: "POST", body: {kind: g.kind, options: g.options, format: g.record.format, text: g.record.text, finished: true}});
  g.uploaded = got.id;
  await saveGame(g);
  return got;
}

// dress makes the engine's hot-seat game the game of this device: against the AI, one seat is
// the AI's and the other the player's.
/** @param {Game} game @param {LocalGame} g @returns {Game} */
function dress(game, g) {
  if (g.opponent !== "ai") return {...game, rated: false};
  const ai = g.human === "first" ? 1 : 0;
  /** @type {any[]} */
  const seats = game.seats.map((s, i) => i === ai ? {...s, you: false, ai: `level=${g.level}`} : {...s, you: true});
  return {...game, mode: "ai", rated: false, you: [g.human], seats: /** @type {any} */ (seats)};
}

// recordOf picks the record to upload: the first of the game's text formats the import reads.
/** @param {{formats: Record<string, string>}} recs @param {string[]} order */
function recordOf(recs, order) {
  const names = order.filter(f => f !== "json" && recs.formats[f]);
  const format = names[0] || Object.keys(recs.formats).find(f => f !== "json") || "";
  return format ? {format, text: recs.formats[format]} : null;
}

/** @param {HTMLElement} main @param {string} id */
async function playPage(main, id) {
  const g = await getGame(id).catch(() => undefined);
  const back = h("p", {}, h("a", {href: "/offline"}, t("offline.back")));
  if (!g) {
    main.append(h("h1", {}, t("play.notFound")), back);
    return;
  }
  const spec = await kindOf(g.kind).catch(() => undefined);
  const engine = await openEngine();
  if (!spec || !engine) {
    main.append(h("h1", {}, gameTitle(g.kind)), h("p", {class: "error"}, t(spec ? "offline.noEngine" : "offline.noKinds")), back);
    return;
  }
  // The engine's game, set up again from the moves kept.
  const lg = g, eng = engine, ks = spec;
  let started;
  try {
    started = await eng.newGame({game: lg.kind, options: lg.options});
    for (const p of lg.plays) started.view = (await eng.play(started.id, p)).view;
  } catch (e) {
    main.append(h("h1", {}, gameTitle(lg.kind)), h("p", {class: "error"}, errorText(e)), back);
    return;
  }
  // eid is the engine's game (a takeback replaces it).
  let eid = started.id;
  const mod = await loadBoard(lg.kind, ks);
  const page = new GamePage(id, dress(started.view, lg), ks, mod);

  const statusLine = h("div", {class: "status-line", id: "status-line", "aria-live": "polite"});
  // (data-engine names the engine's game: the page's tests read its legal moves from it.)
  const boardHost = h("div", {class: "board-host", "data-kind": lg.kind, "data-engine": eid});
  const replayBar = h("div", {class: "replay-bar", hidden: true});
  const boardArea = h("section", {class: "board-area", "aria-label": t("play.board")}, statusLine, boardHost, replayBar);
  const playersBox = h("div", {class: "players"});
  const result = h("div", {class: "result", id: "result", hidden: true, role: "status"});
  const list = h("ol", {class: "moves", "aria-label": t("play.moves")});
  const replayCtl = h("div", {class: "replay-ctl", role: "group", "aria-label": t("play.replay")});
  const again = h("button", {type: "button", id: "off-again"}, t("offline.again"));
  const controlsBox = h("div", {class: "controls"});
  const panel = h("aside", {class: "panel", "aria-label": t("play.panel")},
    h("h1", {class: "game-title"}, gameTitle(lg.kind)),
    h("p", {class: "muted options-line"}, [t("offline.onDevice"), opponentWords(lg), optionsSummary(lg.kind, lg.options, ks.options)].filter(Boolean).join(" · ")),
    playersBox, result, controlsBox,
    h("section", {class: "history"}, h("h2", {}, t("play.moves")), replayCtl, list), back);
  const layout = h("div", {class: "play offline-play", "data-game": id}, boardArea, panel);
  main.append(layout);
  title(gameTitle(lg.kind));

  /** @param {boolean} animate @param {View} [prev] @returns {Promise<void> | null} */
  function draw(animate, prev) {
    layout.dataset.boardTheme = page.theme();
    boardHost.dataset.version = String(page.view.version);
    if (page.replay) return null;
    const v = page.view;
    const opts = {interactive: page.canAct() && !busy, actions: page.game.actions || []};
    page.lastHints = null;
    layout.dataset.canAct = String(opts.interactive); // the board takes the player's moves
    boardHost.dataset.viewer = v.viewer || ""; // whose board is shown (a hot-seat round: each player's in turn)
    const p = animate && prev && prev.ply + 1 === v.ply && prev.version < v.version ? page.board.animate(prev, v, opts) : (page.board.draw(v, opts), null);
    if (!p) {
      boardHost.dataset.settled = String(v.version);
      return null;
    }
    return p.then(() => { if (!page.stopped && page.view.version === v.version) boardHost.dataset.settled = String(v.version); });
  }

  // busy: the engine is at work (a move being played, the AI thinking); the board waits.
  let busy = false;
  /** @param {boolean} v */
  const setBusy = v => {
    busy = v;
    layout.dataset.busy = String(v);
    if (v) layout.dataset.canAct = "false";
  };
  setBusy(false);
  // install shows the engine's new game, animating a move, and keeps the move on the device; it
  // resolves once the board has played the move out.
  /** @param {Game} next @param {string | {move: string, side?: Side}} played */
  async function install(next, played) {
    const prev = page.view;
    lg.plays.push(played);
    // At a hot-seat round the player who selected keeps their board (their selection on it)
    // until they hide it for the next player, as on a hot-seat game's page.
    if (page.hotseat() && page.asSide && next.view.toAct.length === 2 && next.view.viewer !== page.asSide) {
      next = (await eng.view(eid, page.asSide).catch(() => ({view: next}))).view;
    }
    page.game = dress(next, lg);
    const v = page.view;
    const ended = v.outcome.over && !prev.outcome.over;
    if (ended) {
      lg.over = true;
      lg.result = outcomeWords(v, s => page.sideName(s));
      try {
        lg.record = recordOf(await eng.record(eid), ks.records || []);
      } catch (e) {
        toast(errorText(e), "error");
      }
    }
    await saveGame(lg).catch(e => toast(errorText(e), "error"));
    const newMove = v.ply > prev.ply;
    // A move that ends the game: the result is told once the board shows the end.
    page.holdResult = newMove && ended;
    const settling = draw(newMove, prev);
    update();
    if (newMove && v.lastMove) announce(v.lastMove.text === "pass" ? t("play.passed", {side: page.sideName(v.lastMove.by[0])}) : t("play.played", {side: v.lastMove.by.length === 2 ? "" : page.sideName(v.lastMove.by[0]), move: moveLabel(v.lastMove)}));
    if (settling) await settling;
    if (page.holdResult && page.view.version === v.version) {
      page.holdResult = false;
      update();
    }
    if (ended) {
      const mine = page.mine();
      sound.end(lg.opponent === "ai" && mine.length === 1 ? v.outcome.winner === mine[0] : undefined);
      announce(lg.result);
    }
  }

  // act plays the player's move (side: which side, where both act at once). The AI answers once
  // the board has played the player's move out; the player's next move may come while the
  // board still plays the AI's.
  /** @param {string} text @param {Side} [side] */
  async function act(text, side) {
    if (busy || page.stopped) return;
    setBusy(true);
    const v = page.view;
    side = side || page.actingSide();
    const move = v.toAct.length === 2 && side ? {move: text, side} : text;
    let played;
    try {
      played = (await eng.play(eid, move)).view;
    } catch (e) {
      toast(errorText(e), "error");
    }
    setBusy(false);
    if (played) await install(played, move);
    else draw(false);
    await aiTurn();
  }

  // aiTurn plays the AI's moves while it is to act; at a simultaneous round it selects first,
  // before the player (so that it cannot know the player's selection).
  async function aiTurn() {
    if (lg.opponent !== "ai") return;
    /** @type {Side} */
    const aiSide = lg.human === "first" ? "second" : "first";
    const due = () => !page.stopped && !page.view.outcome.over && page.view.toAct.includes(aiSide) && !page.view.submitted[aiSide === "first" ? 0 : 1];
    while (due()) {
      setBusy(true);
      update();
      let settled;
      try {
        const choice = await eng.aiMove(eid, {level: lg.level, side: aiSide});
        if (page.stopped) return;
        /** @type {string | {move: string, side: Side}} */
        const move = page.view.toAct.length === 2 ? {move: choice.move, side: aiSide} : choice.move;
        const next = (await eng.play(eid, move)).view;
        setBusy(false);
        settled = install(next, move);
      } catch (e) {
        toast(errorText(e), "error");
        setBusy(false);
        return;
      }
      // The AI's move plays out while the player may already answer it; a second move of the
      // AI's (the player had to pass) waits for the first to be shown.
      if (!due()) return;
      await settled;
    }
  }

  page.board = mod.create(boardHost, {
    t, kind: lg.kind, spec: ks,
    get label() { return t("play.boardOf", {game: gameTitle(lg.kind)}); },
    get hotseat() { return page.hotseat(); },
    sideName: side => page.sideName(side),
    act: (text, side) => act(text, side),
    refuse(coord, why) {
      const msg = why || t("play.notLegal", {square: coord});
      toast(msg);
      announce(msg);
    },
    say: announce,
    // A hot-seat round: the board of the side shown (null: the cover between the players).
    setViewer: async side => {
      page.asSide = side;
      if (side && side !== page.view.viewer) {
        try {
          page.game = dress((await eng.view(eid, side)).view, lg);
        } catch (e) {
          toast(errorText(e), "error");
        }
      }
      draw(false);
      update();
    },
  });

  // at is the position after ply moves, found by the engine (for the replay).
  /** @param {number} ply @returns {Promise<View>} */
  async function at(ply) {
    const moves = page.view.moves.slice(0, ply).map(m => m.text);
    return (await eng.analysis({kind: lg.kind, options: lg.options, moves})).view;
  }
  const playersPart = players(page, playersBox);
  const verified = new Map();
  const statusPart = status(page, statusLine, {act: m => act(m), verified});
  const moves = moveList(page, {list, controls: replayCtl, bar: replayBar, boardHost, verified, draw: () => draw(false), at});

  // hint writes the engine's values of the player's moves on the board, as a hot-seat game's
  // page does with the browser's engine.
  async function hint() {
    const btn = /** @type {HTMLButtonElement | null} */ (controlsBox.querySelector("#hint-btn"));
    if (btn) {
      btn.disabled = true;
      btn.textContent = t("play.thinking");
    }
    const version = page.view.version;
    try {
      const side = lg.opponent === "ai" ? lg.human : page.mySide();
      const level = Math.max(4, prefs.get("level") || 3);
      const vals = await eng.analyse(eid, {level, side});
      if (page.stopped || page.view.version !== version || page.replay) return;
      page.lastHints = vals.moves;
      page.board.hints(vals.moves);
      announce(t("play.hintShown"));
    } catch (e) {
      toast(errorText(e), "error");
    } finally {
      controlsUpdate();
    }
  }

  // takeback takes back at once, as on a hot-seat game's page: the last move, and against the
  // AI back to before the player's last move (the AI's reply with it). The engine's game is
  // set up again from the moves kept, and so is the game kept on the device.
  async function takeback() {
    if (busy || page.stopped || page.view.outcome.over) return;
    const v = page.view;
    let to = v.ply - 1;
    if (lg.opponent === "ai") {
      const mine = v.moves.filter(m => m.by.includes(lg.human));
      to = mine.length ? mine[mine.length - 1].ply - 1 : -1;
    }
    if (to < 0) return;
    setBusy(true);
    try {
      const fresh = await eng.newGame({game: lg.kind, options: lg.options});
      let view = fresh.view;
      /** @type {LocalGame["plays"]} */
      const kept = [];
      for (const p of lg.plays) {
        if (view.view.ply >= to) break;
        view = (await eng.play(fresh.id, p)).view;
        kept.push(p);
      }
      eng.close(eid).catch(() => {});
      eid = fresh.id;
      boardHost.dataset.engine = eid;
      lg.plays = kept;
      await saveGame(lg).catch(e => toast(errorText(e), "error"));
      page.asSide = null;
      page.game = dress(view, lg);
      moves.forget();
      announce(t("offline.takenBack"));
    } catch (e) {
      toast(errorText(e), "error");
    }
    setBusy(false);
    draw(false);
    update();
    aiTurn();
  }

  function controlsUpdate() {
    const v = page.view;
    controlsBox.replaceChildren();
    const playing = !v.outcome.over && !page.replay;
    // (At a hot-seat round, only for the player whose board is shown: never on the cover.)
    const covered = page.hotseat() && page.simultaneous() && !page.asSide;
    if (playing && page.spec.hints && page.canAct() && !busy && !covered) controlsBox.append(button(t("play.hint"), hint, {id: "hint-btn"}));
    const theirs = lg.opponent === "ai" ? v.moves.some(m => m.by.includes(lg.human)) : v.ply > 0;
    if (playing && theirs) controlsBox.append(button(t("play.takeback"), takeback, {id: "takeback-btn"}));
    controlsBox.append(again);
  }

  function update() {
    const v = page.view;
    layout.dataset.status = v.outcome.over && !page.holdResult ? "over" : "active";
    playersPart.update();
    statusPart.update();
    moves.update();
    controlsUpdate();
    result.hidden = !v.outcome.over || page.holdResult;
    if (!result.hidden) {
      result.dataset.winner = v.outcome.winner || "draw";
      const discs = discTallies(v);
      if (discs) result.dataset.discs = discs.join("-");
      result.replaceChildren(h("strong", {}, outcomeWords(v, s => page.sideName(s))));
    }
  }
  again.addEventListener("click", async () => {
    /** @type {LocalGame} */
    const next = {...lg, id: newID(), plays: [], created: Date.now(), over: false, result: "", record: null, uploaded: ""};
    await saveGame(next);
    navigate(`/offline/${next.id}`);
  });
  const stopPrefs = prefs.onChange(() => {
    draw(false);
    update();
  });

  page.update = update;
  draw(false);
  update();
  boardHost.dataset.ready = "1";
  document.documentElement.dataset.board = "ready";
  aiTurn();

  return () => {
    page.stopped = true;
    stopPrefs();
    moves.stop();
    page.board.destroy();
    eng.close(eid).catch(() => {});
    delete document.documentElement.dataset.board;
  };
}
