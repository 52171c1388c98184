// The AI's moves of a casual game against the AI created with browserAI (its AI seat says
// "browser"), found by the engine in the player's browser at the game's level and sent for the
// AI's seat (a move with "ai": true, pinned to its ply). The server checks them as any move, and
// moves for the AI itself when none comes within its wait (a page closed, an engine that failed).

import {api, ApiError} from "../api.js";
import {openEngine, readyEngine} from "./client.js";

/** @typedef {import("../play/page.js").GamePage} GamePage */
/** @typedef {import("../../types/turncoat").Game} Game */

// browserAIWanted tells whether a new game should ask for browserAI: a game against the AI at a
// level, on a page whose engine is ready (a phone that cannot run it leaves the AI to the server).
/** @param {{mode?: string, engine?: string}} body */
export function browserAIWanted(body) {
  return body.mode === "ai" && !body.engine && !!readyEngine();
}

/**
 * browserAI plays the AI's moves of the page's game from this page when its AI seat is the
 * browser's; update() follows each change of the game, apply installs the server's answer. The
 * board host's data-browser-ai says "thinking", "sent-PLY", or "server" (left to the server).
 * @param {GamePage} page
 * @param {{boardHost: HTMLElement, apply: (g: Game, opts?: {force?: boolean}) => void}} deps
 */
export function browserAI(page, {boardHost, apply}) {
  let working = -1; // the version whose move is being found

  async function move() {
    const g = page.game, v = g.view;
    const seat = g.mode === "ai" && !g.rated ? g.seats.find(s => s.ai && s.browser) : undefined;
    if (!seat || !seat.side || page.stopped || g.status !== "active" || v.outcome.over) return;
    const side = seat.side, level = +(/^level=(\d+)$/.exec(seat.ai || "") || [0, 0])[1];
    // Only the game's player sends them (never a spectator's page), in turn, once a version.
    if (!page.mine().includes(side === "first" ? "second" : "first") || !level) return;
    if (!v.toAct.includes(side) || v.submitted[side === "second" ? 1 : 0] || working === v.version) return;
    working = v.version;
    boardHost.dataset.browserAi = "thinking";
    const engine = readyEngine() || await openEngine().catch(() => null);
    let chosen = "", id = "";
    try {
      if (engine) {
        id = (await engine.newGame({game: g.kind, options: v.options, state: v.state})).id;
        chosen = (await engine.aiMove(id, {level, side})).move;
      }
    } catch {
      // The server's AI moves once its wait is over.
    } finally {
      if (engine && id) engine.close(id).catch(() => {});
    }
    if (!chosen) boardHost.dataset.browserAi = "server";
    if (!chosen || page.stopped || page.view.version !== v.version) return;
    try {
      apply(await api(`/games/${page.id}/move`, {method: "POST", body: {move: chosen, side, ply: v.ply, ai: true}}));
      boardHost.dataset.browserAi = `sent-${v.ply}`;
    } catch (e) {
      // The game moved on (the server's AI was first, a takeback): its view is the news.
      boardHost.dataset.browserAi = "server";
      if (e instanceof ApiError && e.view) apply(e.view, {force: true});
    }
  }

  return {update() { move(); }};
}
