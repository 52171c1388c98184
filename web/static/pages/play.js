// A game: the board (drawn by the game's renderer from the server's view) and the panel beside
// it — the players with their counts and clocks, what is happening now, the controls (pass,
// hint, takeback, draw, resign, claim, rematch), offers to answer, the move list (click a move
// to see its position; replay controls), Othello's evaluation graph, the record to download, the
// link to share. Live updates come over the WebSocket; a move the page did not make is
// animated, and input is never blocked by an animation.

import {h, s, clear, announce, toast, copyText} from "../dom.js";
import {t, tn, num, sideName as sideNameOf, tOr} from "../i18n.js";
import {api, kind as kindOf, ApiError} from "../api.js";
import {follow, onStatus, status as liveStatus} from "../live.js";
import * as prefs from "../prefs.js";
import * as sound from "../sound.js";
import {title} from "../router.js";
import {gameTitle, outcomeWords, errorText, seatWords, optionsSummary, discTallies} from "./common.js";

const RENDERERS = {
  reversi: () => import("../board/reversi.js"),
  troll: () => import("../board/troll.js"),
  blocs: () => import("../board/blocs.js"),
  turncoat: () => import("../board/turncoat.js"),
  turnover: () => import("../board/turnover.js"),
};

// sha256hex returns the hex SHA-256 of a text (to check a Turncoat commitment).
export async function sha256hex(text) {
  const d = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(d)].map(b => b.toString(16).padStart(2, "0")).join("");
}

export async function render(main, [id], query) {
  let game = null;
  try {
    if (query.get("seat") || query.get("join")) {
      game = await api(`/games/${id}/join`, {method: "POST", body: {token: query.get("seat") || ""}});
      history.replaceState(null, "", `/play/${id}`);
    } else {
      game = await api(`/games/${id}`);
    }
  } catch (e) {
    if (query.get("seat") || query.get("join")) {
      toast(errorText(e), "error");
      try {
        game = await api(`/games/${id}`);
      } catch (e2) {
        main.append(h("h1", {}, t("play.notFound")), h("p", {class: "error"}, errorText(e2)), h("p", {}, h("a", {href: "/"}, t("notfound.home"))));
        return;
      }
    } else {
      main.append(h("h1", {}, t("play.notFound")), h("p", {class: "error"}, errorText(e)), h("p", {}, h("a", {href: "/"}, t("notfound.home"))));
      return;
    }
  }
  const kind = game.kind;
  const spec = await kindOf(kind);
  const mod = await RENDERERS[kind]();
  let stopped = false;

  const theme = () => prefs.boardTheme(kind, game.view.options);
  const sideName = side => sideNameOf(kind, game.view.sides, side, theme());
  const mine = () => game.you || [];
  const hotseat = () => game.mode === "hotseat";
  const simultaneous = () => game.view.toAct.length === 2;
  const isAI = side => !!game.seats[side === "second" ? 1 : 0].ai;

  // Layout.
  const statusLine = h("div", {class: "status-line", id: "status-line", "aria-live": "polite"});
  const boardHost = h("div", {class: "board-host", "data-kind": kind});
  const replayBar = h("div", {class: "replay-bar", hidden: true});
  const boardArea = h("section", {class: "board-area", "aria-label": t("play.board")}, statusLine, boardHost, replayBar);
  const players = h("div", {class: "players"});
  const result = h("div", {class: "result", id: "result", hidden: true, role: "status"});
  const actions = h("div", {class: "controls"});
  const offers = h("div", {class: "offers"});
  const invite = h("div", {class: "invite"});
  const moveList = h("ol", {class: "moves", "aria-label": t("play.moves")});
  const replayCtl = h("div", {class: "replay-ctl", role: "group", "aria-label": t("play.replay")});
  const graph = h("div", {class: "eval"});
  const exportBox = h("div", {class: "export"});
  const settings = h("div", {class: "settings"});
  const conn = h("p", {class: "conn muted"});
  const panel = h("aside", {class: "panel", "aria-label": t("play.panel")},
    h("h1", {class: "game-title"}, gameTitle(kind)),
    h("p", {class: "muted options-line"}),
    players, result, actions, offers, invite,
    h("section", {class: "history"}, h("h2", {}, t("play.moves")), replayCtl, moveList),
    graph,
    h("details", {class: "box"}, h("summary", {}, t("play.share")), exportBox),
    h("details", {class: "box"}, h("summary", {}, t("play.settings")), settings),
    conn);
  const layout = h("div", {class: "play", "data-game": id}, boardArea, panel);
  main.append(layout);
  title(gameTitle(kind));

  let shown = null;      // the live view on the board
  let replay = null;     // {ply, view} while an earlier position is shown
  let asSide = null;     // hot-seat Turncoat: whose view the page shows
  let clockAt = 0;       // when the clocks of the shown view were read
  let start = null;      // the game's start (for replays), fetched on demand
  const positions = new Map(); // ply -> view, for replays and the graph
  const commitments = new Map(); // ply -> [red, yellow] commitments seen before the reveal
  const verified = new Map(); // ply -> true/false
  let lastHints = null;
  let presence = null;   // which seats have a player following the game (online games)

  const ctx = {
    t, kind,
    get label() { return t("play.boardOf", {game: gameTitle(kind)}); },
    get hotseat() { return hotseat(); },
    sideName,
    act: (text, side) => act(text, side),
    refuse(coord, why) {
      const msg = why || t("play.notLegal", {square: coord});
      toast(msg);
      announce(msg);
    },
    say: announce,
    setViewer: async side => {
      asSide = side;
      if (!side) {
        draw(false);
        return;
      }
      await refresh();
    },
  };
  const board = mod.create(boardHost, ctx);

  function boardOpts() {
    return {interactive: canAct(), actions: game.actions || []};
  }

  function canAct() {
    const v = game.view;
    if (v.outcome.over || game.status !== "active" || replay) return false;
    if (hotseat()) return v.toAct.length > 0;
    return v.legal.length > 0 && mine().some(s => v.toAct.includes(s));
  }

  function draw(animate, prev) {
    layout.dataset.boardTheme = theme();
    boardHost.dataset.version = String(game.view.version);
    if (replay) return;
    const v = game.view;
    const p = animate && prev && prev.ply + 1 === v.ply && prev.version < v.version ? board.animate(prev, v, boardOpts()) : (board.draw(v, boardOpts()), null);
    shown = v;
    lastHints = null;
    if (p) p.then(() => { if (!stopped && shown === v) boardHost.dataset.settled = String(v.version); });
    else boardHost.dataset.settled = String(v.version);
  }

  // withHistory completes a view that carries only the moves after movesFrom (the answer to a
  // command, a push: what changed) with the first movesFrom moves the page has; null when the
  // page lacks some of them.
  function withHistory(g, prev) {
    const from = g.view.movesFrom || 0;
    if (!from) return g;
    if (prev.moves.length < from) return null;
    return {...g, view: {...g.view, moves: prev.moves.slice(0, from).concat(g.view.moves), movesFrom: 0}};
  }

  // apply installs a newer game JSON (from a command's answer, a push, a fetch) and draws it.
  function apply(g, {force = false} = {}) {
    if (!g || !g.view || stopped) return;
    const prev = game.view;
    if (!force && g.view.version < prev.version) return;
    g = withHistory(g, prev);
    if (!g) {
      refresh();
      return;
    }
    if (g.view.version === prev.version && g.view.viewer === prev.viewer && shown) {
      // The same position: redraw only if the player may now act where they could not (a
      // seat taken), so that an animation under way plays on.
      const could = canAct();
      game = {...g};
      if (canAct() !== could) draw(false);
      panelUpdate();
      return;
    }
    if (hotseat() && kind === "turncoat" && asSide && g.view.viewer !== asSide && g.view.toAct.length === 2) {
      refresh();
      return;
    }
    if (hotseat() && g.view.toAct.length === 1 && g.view.viewer !== g.view.toAct[0]) {
      // A command's answer is the mover's view: on one device the page shows the next mover's.
      api(`/games/${id}?as=${g.view.toAct[0]}`).then(next => apply(next)).catch(e => toast(errorText(e), "error"));
      return;
    }
    game = g;
    live.setVersion(g.view.version);
    clockAt = performance.now();
    noteCommitments(g.view);
    const isNew = prev.version < g.view.version;
    const newMove = isNew && g.view.ply > prev.ply;
    draw(newMove, prev);
    panelUpdate();
    if (newMove) {
      checkReveals(g.view);
      const last = g.view.lastMove;
      if (last) announce(moveWords(last));
      if (g.view.outcome.over && !prev.outcome.over) {
        sound.end(mine().length === 1 ? g.view.outcome.winner === mine()[0] : undefined);
        announce(outcomeWords(g.view, sideName));
      } else if (!hotseat() && canAct()) {
        sound.notice();
      }
    } else if (isNew && g.view.outcome.over && !prev.outcome.over) {
      sound.end(mine().length === 1 ? g.view.outcome.winner === mine()[0] : undefined);
      announce(outcomeWords(g.view, sideName));
    }
  }

  async function refresh() {
    try {
      const g = await api(`/games/${id}` + (asSide ? `?as=${asSide}` : ""));
      apply(g, {force: true});
    } catch (e) {
      toast(errorText(e), "error");
    }
  }

  function moveWords(m) {
    const who = m.by.length === 2 ? "" : sideName(m.by[0]);
    if (m.reveal) return t("play.roundWords", {n: num(m.ply), red: m.reveal[0].selection, yellow: m.reveal[1].selection, first: sideName("first"), second: sideName("second")});
    if (m.text === "pass") return t("play.passed", {side: who});
    return t("play.played", {side: who, move: m.text});
  }

  async function act(text, side) {
    if (replay) return;
    const v = game.view;
    side = side || (hotseat() ? (v.toAct.length === 1 ? v.toAct[0] : asSide) : mine().find(s => v.toAct.includes(s)));
    try {
      const g = await api(`/games/${id}/move`, {method: "POST", body: {move: text, side, ply: v.ply}});
      apply(g);
    } catch (e) {
      toast(errorText(e), "error");
      if (e instanceof ApiError && e.view) apply(e.view, {force: true});
    }
  }

  async function command(name, body = {}, {after} = {}) {
    try {
      const g = await api(`/games/${id}/${name}`, {method: "POST", body});
      if (g && g.view) {
        if (g.id !== id) return g;
        apply(g);
      }
      if (after) after(g);
      return g;
    } catch (e) {
      toast(errorText(e), "error");
      if (e instanceof ApiError && e.view) apply(e.view, {force: true});
      return null;
    }
  }

  // Turncoat: keep the commitments seen before each reveal, and check them after it.
  function noteCommitments(v) {
    if (v.toAct.length !== 2) return;
    const c = commitments.get(v.ply) || ["", ""];
    v.commitments.forEach((x, i) => { if (x) c[i] = x; });
    commitments.set(v.ply, c);
  }

  async function checkReveals(v) {
    for (const m of v.moves) {
      if (!m.reveal || verified.has(m.ply)) continue;
      const c = commitments.get(m.ply - 1);
      if (!c || (!c[0] && !c[1])) continue;
      let ok = true;
      for (let i = 0; i < 2; i++) {
        if (!c[i]) continue;
        const got = await sha256hex(m.reveal[i].nonce + ":" + m.reveal[i].selection);
        if (got !== c[i]) ok = false;
      }
      verified.set(m.ply, ok);
    }
    if (!stopped) {
      movesUpdate();
      statusUpdate();
    }
  }

  // The panel.
  function seatOf(side) {
    return game.seats[side === "second" ? 1 : 0];
  }

  function tally(side) {
    const tl = game.view.board && game.view.board.tallies;
    if (!tl) return null;
    const x = tl.find(y => y.side === side && (y.name === "discs" || y.name === "castles" || (y.name === "black" && kind !== "turncoat")));
    return x ? x : null;
  }

  function clockText(ms) {
    if (ms <= 0) return "0:00";
    if (ms >= 86400000) return tn("time.daysLeft", Math.floor(ms / 86400000));
    const total = Math.floor(ms / 1000);
    const hh = Math.floor(total / 3600), mm = Math.floor(total / 60) % 60, ss = total % 60;
    if (ms < 10000) return `${ss}.${Math.floor(ms / 100) % 10}`;
    return (hh ? `${hh}:${String(mm).padStart(2, "0")}` : String(mm)) + ":" + String(ss).padStart(2, "0");
  }

  function clocksUpdate() {
    const c = game.view.clock;
    if (!c || game.view.outcome.over && !c.running.some(Boolean)) {
      for (const el of players.querySelectorAll(".clock")) el.classList.toggle("running", false);
    }
    if (!c) return;
    const el = players.querySelectorAll(".clock");
    el.forEach((node, i) => {
      const left = c.remainingMs[i] - (c.running[i] && !game.view.outcome.over ? performance.now() - clockAt : 0);
      node.textContent = clockText(left);
      node.classList.toggle("running", c.running[i] && !game.view.outcome.over);
      node.classList.toggle("low", left < 20000);
    });
  }

  function playersUpdate() {
    const v = game.view;
    clear(players);
    for (const side of ["first", "second"]) {
      const seat = seatOf(side);
      const active = !v.outcome.over && v.toAct.includes(side);
      const tl = tally(side);
      const chip = kind === "blocs" ? h("span", {class: "chip num-chip", "aria-hidden": "true"}, side === "first" ? "1" : "2")
        : kind === "turncoat"
        ? h("span", {class: `chip tc-chip-${side}`, "aria-hidden": "true"})
        : kind === "turnover" ? h("span", {class: `chip stack-chip o-${side === "first" ? "white" : "black"}`, "aria-hidden": "true"})
          : h("span", {class: `chip disc-chip c-${side === "first" ? "black" : "white"}`, "aria-hidden": "true"});
      const sel = simultaneous() && v.submitted[side === "second" ? 1 : 0];
      const thinking = active && isAI(side) && game.status === "active" && !sel;
      const waiting = active && !isAI(side) && !hotseat() && !mine().includes(side) && game.status === "active";
      players.append(h("div", {class: "player" + (active ? " active" : ""), "data-side": side},
        chip,
        h("div", {class: "who"},
          h("span", {class: "side-name"}, sideName(side)),
          h("span", {class: "seat"}, seatWords(seat)),
          thinking ? h("span", {class: "thinking"}, t("play.thinking")) : null,
          waiting ? h("span", {class: "muted small"}, t("play.waitingFor")) : null,
          sel ? h("span", {class: "small"}, t("play.hasSelected")) : null,
          presence && game.mode === "online" && !seat.ai && !seat.open && !seat.you
            ? h("span", {class: "presence " + (presence[side === "second" ? 1 : 0] ? "here" : "away")}, t(presence[side === "second" ? 1 : 0] ? "play.here" : "play.away")) : null),
        tl ? h("span", {class: "tally", title: tOr(`tally.${tl.name}`, tl.name), "aria-label": `${tOr(`tally.${tl.name}`, tl.name)}: ${tl.value}`}, num(tl.value)) : null,
        v.clock ? h("span", {class: "clock", "aria-label": t("play.clock")}) : null));
    }
    clocksUpdate();
  }

  function statusUpdate() {
    const v = game.view;
    const words = [];
    let notice = null;
    if (replay) {
      words.push(t("play.replaying", {n: num(replay.ply), total: num(v.ply)}));
    } else if (game.status === "open") {
      words.push(t("play.waitingOpponent"));
    } else if (v.outcome.over) {
      words.push(outcomeWords(v, sideName));
    } else if (simultaneous()) {
      if (hotseat()) words.push(t("play.bothSelect"));
      else if (mine().length && v.own) words.push(t("play.youSelected", {square: v.own.toUpperCase()}));
      else if (mine().length) words.push(t("play.selectNow"));
      else words.push(t("play.bothSelect"));
    } else {
      const side = v.toAct[0];
      if (v.legal.length === 1 && v.legal[0] === "pass" && (hotseat() || mine().includes(side))) {
        notice = t("play.mustPass", {side: sideName(side)});
      } else if (hotseat()) words.push(t("play.toMove", {side: sideName(side)}));
      else if (mine().includes(side)) words.push(t("play.yourMove", {side: sideName(side)}));
      else if (isAI(side)) words.push(t("play.aiThinking", {side: sideName(side)}));
      else words.push(t("play.waitingSide", {side: sideName(side)}));
      const last = v.lastMove;
      if (last && last.text === "pass" && !notice) words.unshift(t("play.passed", {side: sideName(last.by[0])}) + ".");
      const checks = kind === "turnover" && (v.board.grids[0].marks || []).filter(m => m.kind === "check").map(m => m.coord);
      if (checks && checks.length) {
        const cells = v.board.grids[0].cells;
        const bySide = s2 => checks.filter(c => (cells.find(x => x.coord === c).piece || {}).owner === s2).length;
        const castles = s2 => (v.board.tallies.find(x => x.name === "castles" && x.side === s2) || {}).value;
        if (bySide(side) && bySide(side) === castles(side)) words.push(t("play.inCheck", {side: sideName(side)}));
        else if (bySide(side)) words.push(t("play.castleAttacked", {side: sideName(side)}));
      }
    }
    const lastReveal = v.lastMove && v.lastMove.reveal && verified.has(v.lastMove.ply) && !replay;
    statusLine.replaceChildren(h("span", {class: "status-text"}, words.join(" ")));
    if (lastReveal) {
      const ok = verified.get(v.lastMove.ply);
      statusLine.append(h("span", {class: "verified" + (ok ? "" : " bad"), "data-verified": String(ok)}, ok ? t("play.verified") : t("play.notVerified")));
    }
    if (notice) {
      statusLine.append(h("span", {class: "pass-notice", role: "alert"}, notice),
        h("button", {type: "button", class: "primary", id: "pass-btn", on: {click: () => act("pass")}}, t("play.pass")));
    }
  }

  function resultUpdate() {
    const v = game.view;
    result.hidden = !v.outcome.over;
    if (!v.outcome.over) return;
    const o = v.outcome;
    result.dataset.winner = o.winner || "draw";
    if (o.score) result.dataset.score = o.score.join("-");
    const discs = discTallies(v);
    if (discs) result.dataset.discs = discs.join("-");
    result.replaceChildren(h("strong", {}, outcomeWords(v, sideName)));
  }

  function button(label, onClick, {cls = "", id: bid, title: tip} = {}) {
    return h("button", {type: "button", class: cls, id: bid, title: tip, on: {click: onClick}}, label);
  }

  function mySide() {
    const v = game.view;
    if (hotseat()) return v.toAct.length === 1 ? v.toAct[0] : asSide || "first";
    return mine()[0];
  }

  let confirmResign = false;
  function actionsUpdate() {
    const v = game.view;
    clear(actions);
    const playing = game.status === "active" && !v.outcome.over;
    const me = mySide();
    const seated = mine().length > 0;
    if (replay) return;
    if (playing && seated && spec.hints && !game.rated && (hotseat() ? v.toAct.length === 1 || asSide : v.toAct.includes(me))) {
      actions.append(button(t("play.hint"), hint, {id: "hint-btn"}));
    }
    if (playing && seated && v.ply > 0 && !(game.view.takeback && game.view.takeback.by === me)) {
      actions.append(button(t("play.takeback"), () => command("takeback", {side: me}), {id: "takeback-btn"}));
    }
    if (playing && seated && game.mode === "online" && !v.drawOffer) {
      actions.append(button(t("play.offerDraw"), () => command("draw", {side: me}), {id: "draw-btn"}));
    }
    if (playing && seated && v.canClaimDraw) {
      actions.append(button(t("play.claim"), () => command("claim", {side: me}), {id: "claim-btn", cls: "primary"}));
    }
    if (playing && seated) {
      const label = confirmResign ? t("play.resignConfirm", {side: sideName(me)}) : t("play.resign");
      actions.append(button(label, () => {
        if (!confirmResign) {
          confirmResign = true;
          actionsUpdate();
          setTimeout(() => { confirmResign = false; if (!stopped) actionsUpdate(); }, 4000);
          return;
        }
        confirmResign = false;
        command("resign", {side: me});
      }, {id: "resign-btn", cls: confirmResign ? "danger" : ""}));
    }
    if (game.status === "open" && !seated && game.seats.some(x => x.open)) {
      actions.append(button(t("lobby.accept"), async () => {
        try {
          apply(await api(`/games/${id}/join`, {method: "POST", body: {}}), {force: true});
        } catch (e) {
          toast(errorText(e), "error");
        }
      }, {cls: "primary", id: "join-btn"}));
    }
    if (v.outcome.over && seated) {
      if (game.rematch) {
        actions.append(h("a", {class: "button primary", href: `/play/${game.rematch}`, id: "rematch-link"}, t("play.toRematch")));
      } else if (game.seats.every(x => !x.open)) {
        actions.append(button(t("play.rematch"), async () => {
          const g = await command("rematch");
          if (g && g.id && g.id !== id) location.assign(`/play/${g.id}`);
        }, {cls: "primary", id: "rematch-btn"}));
      }
      const q = new URLSearchParams();
      for (const [k, val] of Object.entries(v.options)) if (k !== "seed") q.set("o." + k, val);
      actions.append(h("a", {class: "button", href: `/new/${kind}?${q}`}, t("play.otherOptions")));
    }
  }

  function offersUpdate() {
    const v = game.view;
    clear(offers);
    const me = mySide();
    if (v.outcome.over || replay) return;
    if (v.drawOffer && mine().length) {
      if (v.drawOffer !== me || hotseat()) {
        offers.append(h("div", {class: "offer", role: "alert"}, t("play.drawOffered", {side: sideName(v.drawOffer)}),
          button(t("play.accept"), () => command("draw", {side: v.drawOffer === "first" ? "second" : "first"}), {cls: "primary", id: "accept-draw"}),
          button(t("play.decline"), () => command("decline", {side: v.drawOffer === "first" ? "second" : "first"}), {id: "decline-draw"})));
      } else {
        offers.append(h("p", {class: "muted"}, t("play.drawSent")));
      }
    }
    if (v.takeback && mine().length) {
      const by = v.takeback.by;
      if (by !== me || hotseat()) {
        const other = by === "first" ? "second" : "first";
        offers.append(h("div", {class: "offer", role: "alert"}, tn("play.takebackAsked", v.takeback.moves, {side: sideName(by)}),
          button(t("play.accept"), () => command("takeback/answer", {side: other, accept: true}), {cls: "primary", id: "accept-takeback"}),
          button(t("play.decline"), () => command("takeback/answer", {side: other, accept: false}), {id: "decline-takeback"})));
      } else {
        offers.append(h("p", {class: "muted"}, t("play.takebackSent")));
      }
    }
  }

  function inviteUpdate() {
    clear(invite);
    if (game.status !== "open") return;
    const link = sessionStorage.getItem("invite:" + id);
    if (link && mine().length) {
      const url = location.origin + link;
      const input = h("input", {type: "text", readonly: true, value: url, "aria-label": t("play.inviteLink"), id: "invite-url"});
      invite.append(h("p", {}, t("play.inviteHint")), h("div", {class: "copy-row"}, input,
        button(t("play.copy"), async () => { if (await copyText(url, input)) toast(t("play.copied")); })));
    } else if (mine().length) {
      invite.append(h("p", {}, t("play.inLobby")));
    }
  }

  function movesUpdate() {
    const v = game.view;
    clear(moveList);
    const cur = replay ? replay.ply : v.ply;
    const start = h("li", {class: "start"}, h("button", {type: "button", "data-ply": "0", "aria-current": cur === 0 ? "step" : null,
      on: {click: () => showPly(0)}}, t("play.start")));
    moveList.append(start);
    for (const m of v.moves) {
      const ver = verified.get(m.ply);
      const label = m.reveal ? `${m.reveal[0].selection} ${m.reveal[1].selection}` : m.text;
      moveList.append(h("li", {},
        h("span", {class: "ply"}, num(m.ply)),
        h("button", {type: "button", "data-ply": String(m.ply), "aria-current": m.ply === cur ? "step" : null,
          "aria-label": `${num(m.ply)}. ${m.by.length === 2 ? "" : sideName(m.by[0]) + " "}${label}`,
          on: {click: () => showPly(m.ply)}}, label),
        ver === true ? h("span", {class: "ok", title: t("play.verified"), "aria-label": t("play.verified")}, "✓") : null,
        ver === false ? h("span", {class: "bad", title: t("play.notVerified")}, "✗") : null));
    }
    const cur_ = moveList.querySelector("[aria-current]");
    if (cur_ && cur_.scrollIntoView && moveList.scrollHeight > moveList.clientHeight) cur_.scrollIntoView({block: "nearest"});
    clear(replayCtl);
    const n = v.ply;
    const ctl = (label, aria, ply, disabled) => h("button", {type: "button", "aria-label": aria, title: aria, disabled, on: {click: () => showPly(ply)}}, label);
    replayCtl.append(
      ctl("«", t("play.first"), 0, cur === 0),
      ctl("‹", t("play.prev"), Math.max(0, cur - 1), cur === 0),
      ctl("›", t("play.next"), Math.min(n, cur + 1), cur >= n),
      ctl("»", t("play.last"), n, cur >= n));
  }

  async function position(ply) {
    if (positions.has(ply)) return positions.get(ply);
    if (!start) start = await api(`/games/${id}/export?format=json`);
    const moves = game.view.moves.slice(0, ply).map(m => m.reveal ? `${m.reveal[0].selection} ${m.reveal[1].selection}` : m.text);
    const r = await api("/analyze", {method: "POST", body: {kind, state: start.start, moves}});
    positions.set(ply, r.view);
    return r.view;
  }

  async function showPly(ply) {
    const v = game.view;
    if (ply >= v.ply) {
      replay = null;
      replayBar.hidden = true;
      draw(false);
      panelUpdate();
      return;
    }
    try {
      const pv = await position(ply);
      replay = {ply, view: pv};
      board.draw(pv, {interactive: false});
      boardHost.dataset.replay = String(ply);
      replayBar.hidden = false;
      replayBar.replaceChildren(h("span", {}, t("play.replaying", {n: num(ply), total: num(v.ply)})),
        button(t("play.backToGame"), () => showPly(game.view.ply), {cls: "primary"}));
      panelUpdate();
    } catch (e) {
      toast(errorText(e), "error");
    }
  }

  async function hint() {
    const btn = actions.querySelector("#hint-btn");
    if (btn) {
      btn.disabled = true;
      btn.textContent = t("play.thinking");
    }
    try {
      const side = hotseat() ? mySide() : mine().find(x => game.view.toAct.includes(x));
      const r = await api(`/games/${id}/hint?as=${side}&level=${Math.max(4, prefs.get("level") || 3)}`);
      lastHints = r.moves;
      board.hints(r.moves);
      announce(t("play.hintShown"));
    } catch (e) {
      toast(errorText(e), "error");
    } finally {
      actionsUpdate();
    }
  }

  // Othello's evaluation graph: the engine's score of each position, from Black's side.
  function graphUpdate() {
    if (kind !== "reversi") return;
    if (!graph.firstChild) {
      graph.append(h("h2", {}, t("play.evaluation")),
        h("p", {class: "muted small"}, t("play.evalHint", {side: sideName("first")})),
        button(t("play.evaluate"), evaluate, {id: "eval-btn"}),
        h("div", {class: "graph-box"}));
    }
  }

  let evaluating = false;
  async function evaluate() {
    if (evaluating) return;
    evaluating = true;
    const btn = graph.querySelector("#eval-btn");
    btn.disabled = true;
    const values = [];
    const box = graph.querySelector(".graph-box");
    const total = game.view.ply;
    try {
      if (!start) start = await api(`/games/${id}/export?format=json`);
      for (let k = 0; k <= total && !stopped; k++) {
        btn.textContent = t("play.evaluating", {n: num(k), total: num(total)});
        const moves = game.view.moves.slice(0, k).map(m => m.text);
        const r = await api("/analyze", {method: "POST", body: {kind, state: start.start, moves, level: 4}});
        positions.set(k, r.view);
        let val;
        if (r.view.outcome.over) {
          const d = discTallies(r.view) || [0, 0];
          val = d[0] - d[1];
        } else if (r.moves && r.moves.length) {
          const best = Math.max(...r.moves.map(m => m.value));
          val = r.side === "second" ? -best : best;
        } else val = values.length ? values[values.length - 1] : 0;
        values.push(val);
        drawGraph(box, values, total);
      }
    } catch (e) {
      toast(errorText(e), "error");
    }
    btn.textContent = t("play.evaluate");
    btn.disabled = false;
    evaluating = false;
  }

  function drawGraph(box, values, total) {
    const W = 300, H = 120, max = Math.max(8, ...values.map(Math.abs));
    const x = k => (total ? (k / total) * W : 0), y = v => H / 2 - (v / max) * (H / 2 - 6);
    const pts = values.map((v, k) => `${x(k).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
    const svg = s("svg", {viewBox: `0 0 ${W} ${H}`, class: "graph", role: "img",
      "aria-label": t("play.graphLabel", {side: sideName("first"), value: values.length ? num(values[values.length - 1]) : "0"})},
      s("rect", {class: "g-bg", width: W, height: H}),
      s("rect", {class: "g-white", y: H / 2, width: W, height: H / 2}),
      s("line", {class: "g-axis", x1: 0, x2: W, y1: H / 2, y2: H / 2}),
      s("polyline", {class: "g-line", points: pts}));
    values.forEach((v, k) => {
      const dot = s("circle", {class: "g-dot", cx: x(k), cy: y(v), r: 3.5, tabindex: "-1"});
      dot.append(s("title", {}, `${num(k)}: ${v > 0 ? "+" : ""}${num(v)}`));
      dot.addEventListener("click", () => showPly(k));
      svg.append(dot);
    });
    box.replaceChildren(svg);
  }

  function exportUpdate() {
    if (exportBox.firstChild) return;
    const url = `${location.origin}/play/${id}`;
    const input = h("input", {type: "text", readonly: true, value: url, "aria-label": t("play.shareLink"), id: "share-url"});
    exportBox.append(h("p", {}, t("play.shareHint")), h("div", {class: "copy-row"}, input,
      button(t("play.copy"), async () => { if (await copyText(url, input)) toast(t("play.copied")); })));
    const list = h("ul", {class: "downloads"});
    for (const f of spec.records) {
      list.append(h("li", {}, h("a", {href: `/api/games/${id}/export?format=${f}`, download: `${id}.${f === "moves" ? "txt" : f}`},
        t("play.download", {format: tOr(`format.${f}`, f.toUpperCase())}))));
    }
    exportBox.append(h("p", {}, t("play.downloadHint")), list);
  }

  function settingsUpdate() {
    if (settings.firstChild) return;
    const sel = h("select", {id: "board-theme"}, ["auto", "classic", "bypost", "contrast"].map(v =>
      h("option", {value: v, selected: prefs.get("board") === v}, t("theme." + v))));
    sel.addEventListener("change", () => prefs.set("board", sel.value));
    const check = (name, label) => {
      const box = h("input", {type: "checkbox", id: "pref-" + name, checked: !!prefs.get(name)});
      box.addEventListener("change", () => prefs.set(name, box.checked));
      return h("div", {class: "field check"}, box, h("label", {for: "pref-" + name}, label));
    };
    settings.append(h("div", {class: "field"}, h("label", {for: "board-theme"}, t("prefs.boardTheme")), sel),
      kind === "turnover" ? check("letters", t("prefs.letters")) : check("markers", t("prefs.markers")),
      check("coords", t("prefs.coords")));
  }

  function panelUpdate() {
    panel.querySelector(".options-line").textContent = [t(`mode.${game.mode}`), optionsSummary(kind, game.view.options, spec.options)].filter(Boolean).join(" · ");
    layout.dataset.status = game.view.outcome.over ? "over" : game.status;
    playersUpdate();
    statusUpdate();
    resultUpdate();
    actionsUpdate();
    offersUpdate();
    inviteUpdate();
    movesUpdate();
    graphUpdate();
    exportUpdate();
    settingsUpdate();
  }

  // Live.
  const live = follow(id, game.view.version, msg => {
    if (msg.online) {
      presence = msg.online;
      playersUpdate();
    }
    if (msg.type === "event" && msg.view) {
      apply(msg.view);
      if (msg.event && msg.event.kind === "rematch") {
        toast(t("play.rematchReady"));
        sound.notice();
      }
    } else if (msg.type === "event" && msg.event && msg.event.kind === "selection") {
      const c = commitments.get(game.view.ply) || ["", ""];
      if (msg.event.commitment && msg.event.player) c[msg.event.player === "second" ? 1 : 0] = msg.event.commitment;
      commitments.set(game.view.ply, c);
    } else if (msg.type === "subscribed" && msg.view) {
      if (hotseat() && kind === "turncoat" && asSide) refresh();
      else apply(msg.view);
    }
  });
  const connWords = st => ({online: t("live.online"), connecting: t("live.connecting"), offline: t("live.offline"), idle: ""}[st] || "");
  const stopStatus = onStatus(st => {
    conn.textContent = connWords(st);
    conn.dataset.state = st;
  });
  conn.textContent = connWords(liveStatus());
  const stopPrefs = prefs.onChange(() => {
    if (replay) board.draw(replay.view, {interactive: false});
    else draw(false);
    if (lastHints) board.hints(lastHints);
    panelUpdate();
  });
  const tick = setInterval(() => {
    if (game.view.clock) clocksUpdate();
  }, 200);

  // Keyboard: [ and ] step through the moves.
  const keys = e => {
    if (e.target.closest && e.target.closest("input, select, textarea")) return;
    if (e.key === "[" || e.key === "]") {
      const cur = replay ? replay.ply : game.view.ply;
      showPly(Math.max(0, Math.min(game.view.ply, cur + (e.key === "]" ? 1 : -1))));
    }
  };
  document.addEventListener("keydown", keys);

  noteCommitments(game.view);
  draw(false);
  panelUpdate();
  boardHost.dataset.ready = "1";
  performance.mark("board-interactive");
  document.documentElement.dataset.board = "ready";

  return () => {
    stopped = true;
    live.stop();
    stopStatus();
    stopPrefs();
    clearInterval(tick);
    document.removeEventListener("keydown", keys);
    board.destroy();
    delete document.documentElement.dataset.board;
  };
}
