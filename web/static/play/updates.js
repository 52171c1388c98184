// How a game's page follows the game: it sends the player's moves and commands, installs every
// newer game the server sends (a command's answer, a push over the WebSocket, a fetch after a
// join or a reconnection), animates a move it did not make, says it, plays its sound; and in
// Turncoat keeps the commitments seen before each reveal to check them after it.

import {toast, announce, ask} from "../dom.js";
import {t, tOr, num} from "../i18n.js";
import {api, ApiError} from "../api.js";
import * as sound from "../sound.js";
import {outcomeWords, errorText} from "../pages/common.js";

/** @typedef {import("./page.js").GamePage} GamePage */
/** @typedef {import("../../types/turncoat").Game} Game */
/** @typedef {import("../../types/turncoat").View} View */
/** @typedef {import("../../types/turncoat").MoveView} MoveView */

// sha256hex returns the hex SHA-256 of a text (to check a Turncoat commitment).
/** @param {string} text */
export async function sha256hex(text) {
  const d = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(d)].map(b => b.toString(16).padStart(2, "0")).join("");
}

/**
 * @param {GamePage} page
 * @param {{boardHost: HTMLElement, draw: (animate: boolean, prev?: View) => Promise<void> | null, setVersion: (v: number) => void, changed: (before: Game) => void}} deps
 */
export function updates(page, {boardHost, draw, setVersion, changed}) {
  /** @type {Map<number, [string, string]>} ply -> the commitments seen before its reveal */
  const commitments = new Map();
  /** @type {Map<number, boolean>} ply -> whether its reveal matched the commitments */
  const verified = new Map();

  /** @param {MoveView} m */
  function moveWords(m) {
    const who = m.by.length === 2 ? "" : page.sideName(m.by[0]);
    if (m.reveal) {
      return t("play.roundWords", {n: num(m.ply), red: m.reveal[0].selection, yellow: m.reveal[1].selection,
        first: page.sideName("first"), second: page.sideName("second")});
    }
    if (m.text === "pass") return t("play.passed", {side: who});
    return t("play.played", {side: who, move: m.text});
  }

  function ended() {
    const v = page.view, mine = page.mine();
    sound.end(mine.length === 1 ? v.outcome.winner === mine[0] : undefined);
    announce(outcomeWords(v, s => page.sideName(s)));
  }

  // withHistory completes a view that carries only the moves after movesFrom (the answer to a
  // command, a push: what changed) with the first movesFrom moves the page has; null when the
  // page lacks some of them.
  /** @param {Game} g @param {View} prev @returns {Game | null} */
  function withHistory(g, prev) {
    const from = g.view.movesFrom || 0;
    if (!from) return g;
    if (prev.moves.length < from) return null;
    return {...g, view: {...g.view, moves: prev.moves.slice(0, from).concat(g.view.moves), movesFrom: 0}};
  }

  // apply installs a newer game and draws it; force installs it even when not newer.
  /** @param {Game} g @param {{force?: boolean}} [opts] */
  function apply(g, {force = false} = {}) {
    if (!g || !g.view || page.stopped) return;
    const before = page.game, prev = before.view;
    if (!force && g.view.version < prev.version) return;
    const whole = withHistory(g, prev);
    if (!whole) {
      refresh();
      return;
    }
    g = whole;
    if (g.view.version === prev.version && g.view.viewer === prev.viewer) {
      // The same position (a seat taken, a reconnection): its clocks and seats are the
      // server's; redraw the board only if the player may now act where they could not, so
      // that an animation under way plays on.
      const could = page.canAct();
      page.game = {...g};
      page.clockAt = performance.now();
      if (page.canAct() !== could) draw(false);
      changed(before);
      page.update();
      return;
    }
    if (page.hotseat() && page.asSide && g.view.viewer !== page.asSide && g.view.toAct.length === 2) {
      refresh();
      return;
    }
    if (page.hotseat() && g.view.toAct.length === 1 && g.view.viewer !== g.view.toAct[0]) {
      // A command's answer is the mover's view: on one device the page shows the next mover's.
      api(`/games/${page.id}?as=${g.view.toAct[0]}`).then(next => apply(next)).catch(e => toast(errorText(e), "error"));
      return;
    }
    page.game = g;
    setVersion(g.view.version);
    page.clockAt = performance.now();
    noteCommitments(g.view);
    const isNew = prev.version < g.view.version;
    const newMove = isNew && g.view.ply > prev.ply;
    page.holdResult = false;
    const settling = draw(newMove, prev);
    // A move that ends the game and plays out on the board (a Turncoat round's reveal): the
    // page tells the result once the board shows the end, not while it still shows the steps.
    const hold = newMove && !!settling && g.view.outcome.over && !prev.outcome.over;
    if (hold && settling) {
      page.holdResult = true;
      const version = g.view.version;
      settling.then(() => {
        if (page.stopped || !page.holdResult || page.view.version !== version) return;
        page.holdResult = false;
        page.update();
        ended();
      });
    }
    changed(before);
    page.update();
    if (newMove) {
      checkReveals(g.view);
      const last = g.view.lastMove;
      if (last) announce(moveWords(last));
      if (hold) {
        // told when the board has settled
      } else if (g.view.outcome.over && !prev.outcome.over) ended();
      else if (!page.hotseat() && page.canAct()) sound.notice();
    } else if (isNew && g.view.outcome.over && !prev.outcome.over) {
      ended();
    }
  }

  async function refresh() {
    try {
      const g = await api(`/games/${page.id}` + (page.asSide ? `?as=${page.asSide}` : ""));
      apply(g, {force: true});
    } catch (e) {
      toast(errorText(e), "error");
    }
  }

  // act plays a move for a side (by default the one the page acts for). A move the view marks
  // as losing the game at once (Turnover's last Castle moved: the rules' way to resign) is
  // sent only once the player confirms it; Cancel sends nothing, and so does a confirmation
  // that comes after the move stopped being legal.
  /** @param {string} text @param {import("../../types/turncoat").Side} [side] */
  async function act(text, side) {
    if (page.replay) return;
    let v = page.view;
    if ((v.losing || []).includes(text)) {
      const yes = await ask(tOr("play.losingMove." + page.kind, t("play.losingMove")), t("play.losingPlay"), t("play.losingCancel"), {id: "losing", danger: true});
      if (!yes || page.stopped || page.replay || !page.view.legal.includes(text)) return;
      v = page.view;
    }
    side = side || page.actingSide();
    try {
      apply(await api(`/games/${page.id}/move`, {method: "POST", body: {move: text, side, ply: v.ply}}));
    } catch (e) {
      toast(errorText(e), "error");
      if (e instanceof ApiError && e.view) apply(e.view, {force: true});
    }
  }

  // command sends a table command (resign, draw, takeback...) and installs the answer.
  /** @param {string} name @param {object} [body] @returns {Promise<Game | null>} */
  async function command(name, body = {}) {
    try {
      const g = await api(`/games/${page.id}/${name}`, {method: "POST", body});
      if (g && g.view && g.id === page.id) apply(g);
      return g;
    } catch (e) {
      toast(errorText(e), "error");
      if (e instanceof ApiError && e.view) apply(e.view, {force: true});
      return null;
    }
  }

  /** @param {View} v */
  function noteCommitments(v) {
    if (v.toAct.length !== 2) return;
    /** @type {[string, string]} */
    const c = commitments.get(v.ply) || ["", ""];
    v.commitments.forEach((x, i) => { if (x) c[i] = x; });
    commitments.set(v.ply, c);
  }

  /** @param {View} v */
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
    if (!page.stopped) page.update();
  }

  // selection notes a commitment pushed before the reveal.
  /** @param {{commitment?: string, player?: import("../../types/turncoat").Side | null}} ev */
  function selection(ev) {
    /** @type {[string, string]} */
    const c = commitments.get(page.view.ply) || ["", ""];
    if (ev.commitment && ev.player) c[ev.player === "second" ? 1 : 0] = ev.commitment;
    commitments.set(page.view.ply, c);
  }

  noteCommitments(page.view);
  boardHost.dataset.version = String(page.view.version);
  return {apply, refresh, act, command, selection, verified};
}
