// The engine in the browser: the games' rules and AI (the same Go code as the server's, built to
// WebAssembly) in a Web Worker, so a page can play, hint and analyse without the server and
// without freezing. openEngine() starts it once and says null where the browser cannot run it.
// Every method takes and returns the API's JSON forms; a refusal rejects with an ApiError whose
// code and message are the server's for the same input.

import {ApiError} from "../api.js";

/** @typedef {import("../../types/turncoat").Game} Game */
/** @typedef {import("../../types/turncoat").Hint} Hint */
/** @typedef {import("../../types/turncoat").Analyze} Analyze */
/** @typedef {import("../../types/turncoat").Analysis} Analysis */
/** @typedef {import("../../types/turncoat").GameRecord} GameRecord */
/** @typedef {import("../../types/turncoat").Side} Side */

/**
 * A move as the server's move command takes it: the move in the game's notation, or
 * {move, side}, where side is needed only when both sides act (a Turncoat round: each side's
 * selection is played by its own call, as in a hot-seat game on the server; the round is
 * played when both are in), and ply, when given, refuses the move if the game has moved on.
 * @typedef {string | {move: string, side?: Side, ply?: number}} Move
 */

/**
 * The values of a position's moves, best first: each as the server's hints give it (value in
 * unit: "discs" for Othello, "winrate" for the Monte Carlo engines...; exact when solved).
 * @typedef {{side: Side, level: number, moves: Hint[], best: string}} Values
 */

/**
 * A game's record: the JSON record (as GET /api/games/{id}/export?format=json) and the text of
 * each record format the game writes, by the format's name (what POST /api/import reads).
 * @typedef {{record: GameRecord, formats: Record<string, string>}} Records
 */

/**
 * The engine of the page.
 * @typedef {object} Engine
 * @property {(req: {game: string, options?: Record<string, string>, state?: string}) => Promise<{id: string, view: Game}>} newGame
 *   starts a game: game a registry name ("reversi", "turncoat", "turnover", "blocs", "troll"),
 *   options as POST /api/games takes them, state a position to start from (as POST /api/analyze
 *   reads it: a view's "state", or the game's position notation; none: the start); view is the
 *   game object of a hot-seat game (both
 *   seats the viewer's), seen by the side to act (the first side when both act)
 * @property {(id: string) => Promise<string[]>} legal the legal moves of the side the view is for, as the view lists them
 * @property {(id: string, move: Move) => Promise<{view: Game}>} play plays a move
 * @property {(id: string, as?: Side) => Promise<{view: Game}>} view the game as it stands, seen
 *   by the side as (none: the side to act, the first when both act); at a Turncoat round each
 *   side sees its own selection only, as the server shows a hot-seat game to ?as=side
 * @property {(id: string, opts?: {level?: number, ms?: number, side?: Side}) => Promise<{move: string, side: Side}>} aiMove
 *   the AI's move for the side to act at a level (1-10, default 5), within ms milliseconds (0 or
 *   none: the level's own time); play it with play()
 * @property {(id: string, opts: {level?: number, depth?: number, side?: Side}) => Promise<Values>} analyse
 *   every legal move of the side to act valued at the server's analysis level (1-10; depth is
 *   read as the level), as the server's hints and analysis board give them
 * @property {(req: Partial<Analyze> & {kind: string}) => Promise<Analysis>} analysis
 *   what POST /api/analyze answers for the same body (the position reached from state, or the
 *   start, by moves, as a view for the side to act, and with a level its moves valued)
 * @property {(id: string) => Promise<Records>} record the game's record
 * @property {(id: string) => Promise<{ok: boolean}>} close forgets a game
 * @property {(req: {moves: string[], depth: number}) => Promise<{nodes: number, ms: number, nodesPerSec: number, score: number}>} bench
 *   a measure of the Othello search's speed: the 8x8 position after moves searched to depth (1-14) without a clock
 */

/** @type {Record<string, number>} the HTTP status the server gives each code (for ApiError) */
const STATUS = {
  bad_request: 400, bad_json: 400, bad_option: 400, unknown_kind: 400, not_found: 404,
  illegal_move: 422, bad_notation: 422, not_your_turn: 409, game_over: 409, stale_ply: 409,
  conflict: 409, not_allowed: 409, unavailable: 503, internal: 500,
};

/** @type {Promise<Engine | null> | null} */
let opened = null;

// openEngine starts the engine once (later calls share it), or answers null where the browser
// cannot run it: no WebAssembly, workers or gzip streams, little memory, or a failed start.
/** @returns {Promise<Engine | null>} */
export function openEngine() {
  if (!opened) opened = start();
  return opened;
}

/** @type {Engine | null} the engine once started */
let started = null;

// readyEngine starts the engine (once) and returns it if it is ready now, else null: a page
// that must not wait for the download asks the server meanwhile.
/** @returns {Engine | null} */
export function readyEngine() {
  openEngine().then(e => { started = e; }, () => {});
  return started;
}

// engineFailed tells whether an error is the browser's engine failing (it stopped, or broke on
// its own) rather than a refusal of the input, which the server would refuse alike: a caller
// then asks the server instead.
/** @param {unknown} e */
export function engineFailed(e) {
  return e instanceof ApiError && (e.code === "unavailable" || e.code === "internal");
}

// supported tells whether the browser has what the engine needs. Level 10's tables take 64 MB
// and the program itself some 40: a device that says it has under 1 GB is left to the server.
function supported() {
  if (typeof WebAssembly !== "object" || typeof Worker !== "function" || typeof DecompressionStream !== "function") return false;
  const mem = /** @type {{deviceMemory?: number}} */ (navigator).deviceMemory;
  return !(typeof mem === "number" && mem < 1);
}

/** @returns {Promise<Engine | null>} */
async function start() {
  if (!supported()) return null;
  /** @type {Worker} */
  let worker;
  try {
    worker = new Worker(new URL("./worker.js", import.meta.url), {type: "module"});
  } catch {
    return null;
  }
  let next = 0;
  /** @type {Map<number, {resolve: (v: any) => void, reject: (e: Error) => void}>} */
  const pending = new Map();
  /** @type {Error | null} */
  let broken = null;
  worker.onmessage = e => {
    const {id, result, error} = e.data;
    const p = pending.get(id);
    if (!p) return;
    pending.delete(id);
    if (error) p.reject(new ApiError(STATUS[error.code] || 500, error.code, error.message));
    else p.resolve(result);
  };
  worker.onerror = e => {
    broken = new ApiError(503, "unavailable", `the engine stopped: ${e.message || "an error in its worker"}`);
    for (const p of pending.values()) p.reject(broken);
    pending.clear();
  };
  /** @param {string} method @param {unknown} params @returns {Promise<any>} */
  function call(method, params) {
    if (broken) return Promise.reject(broken);
    return new Promise((resolve, reject) => {
      const id = ++next;
      pending.set(id, {resolve, reject});
      worker.postMessage({id, method, params});
    });
  }
  try {
    await call("hello", {});
  } catch {
    worker.terminate();
    return null;
  }
  return {
    newGame: req => call("newGame", req),
    legal: id => call("legal", {id}),
    play: (id, move) => call("play", {id, move}),
    view: (id, as) => call("view", as ? {id, as} : {id}),
    aiMove: (id, opts = {}) => call("aiMove", {id, ...opts}),
    analyse: (id, opts) => call("analyse", {id, ...opts}),
    analysis: req => call("analysis", req),
    record: id => call("record", {id}),
    close: id => call("close", {id}),
    bench: req => call("bench", req),
  };
}
