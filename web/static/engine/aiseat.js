// The AI's moves of a game against the AI found by the engine in the browser: a casual game the
// page created with browserAI (the AI's seat says "browser") takes the AI's moves from its
// player's page, which searches at the game's level in its Web Worker and sends each move for the
// AI's seat (POST /api/games/{id}/move with "ai": true, pinned to its ply). The server's cores
// are left to the games that need them. Nothing here is trusted: the server takes such a move
// only from the game's player, in turn and legal, and plays the AI itself when none comes within
// its wait (a page closed, an engine that failed), so a failure here only costs that wait.

import {api, ApiError} from "../api.js";
import {openEngine, readyEngine} from "./client.js";

/** @typedef {import("../play/page.js").GamePage} GamePage */
/** @typedef {import("../../types/turncoat").Game} Game */
/** @typedef {import("../../types/turncoat").Side} Side */

// browserAIWanted tells whether a new game should let the page's engine play its AI: a game
// against the AI at a level, on a page whose engine is ready (started by readyEngine() while
// the player chose the game). A phone that cannot run the engine leaves the AI to the server.
/** @param {{mode?: string, engine?: string, rated?: boolean}} body */
export function browserAIWanted(body) {
  return body.mode === "ai" && !body.engine && !body.rated && !!readyEngine();
}

// aiSide returns the side of the game whose AI moves come from this page (its seat marked
// "browser"), or null.
/** @param {Game} g @returns {Side | null} */
export function browserAISide(g) {
  if (g.mode !== "ai" || g.rated) return null;
  for (const s of g.seats) if (s.ai && s.browser) return s.side;
  return null;
}

// levelOf reads the level of an AI seat's spec ("level=3"); 0 when it is no level.
/** @param {string} spec */
function levelOf(spec) {
  const m = /^level=(\d+)$/.exec(spec || "");
  return m ? +m[1] : 0;
}

/**
 * browserAI plays, from this page, the AI's moves of the page's game when its AI seat is the
 * browser's. update() is called after each change of the game; apply installs the server's answer.
 * The part marks the board host with data-browser-ai: "thinking", then the ply of the last move
 * it sent ("sent-N"), or "server" when it left a move to the server.
 * @param {GamePage} page
 * @param {{boardHost: HTMLElement, apply: (g: Game, opts?: {force?: boolean}) => void}} deps
 */
export function browserAI(page, {boardHost, apply}) {
  /** the version the page is finding a move for (-1: none) */
  let working = -1;

  async function move() {
    const g = page.game, v = g.view;
    const side = browserAISide(g);
    if (!side || page.stopped || g.status !== "active" || v.outcome.over) return;
    // Only the game's player sends the AI's moves (a spectator's page leaves them alone).
    if (!page.mine().includes(side === "first" ? "second" : "first")) return;
    if (!v.toAct.includes(side) || v.submitted[side === "second" ? 1 : 0]) return;
    const level = levelOf(page.seat(side).ai || "");
    if (!level || working === v.version) return;
    working = v.version;
    boardHost.dataset.browserAi = "thinking";
    let engine = readyEngine();
    if (!engine) engine = await openEngine().catch(() => null);
    let chosen = "", id = "";
    try {
      if (!engine) throw new Error("no engine");
      const started = await engine.newGame({game: g.kind, options: v.options, state: v.state});
      id = started.id;
      chosen = (await engine.aiMove(id, {level, side})).move;
    } catch {
      chosen = ""; // the server's AI moves once its wait is over
    } finally {
      if (engine && id) engine.close(id).catch(() => {});
    }
    if (!chosen || page.stopped || page.view.version !== v.version) {
      if (!chosen) boardHost.dataset.browserAi = "server";
      return;
    }
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
