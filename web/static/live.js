// Live updates over one WebSocket (/api/ws): games and the lobby are followed by subscription;
// when the connection drops it reconnects by itself, with a growing pause, and asks each game for
// the events after the last version the page has (resync by version), with a fresh view.
import {current} from "./i18n.js";

/** @typedef {import("../types/turncoat").Message} Message */
/** @typedef {import("../types/turncoat").ClientMessage} ClientMessage */
/** @typedef {import("../types/turncoat").Lobby} Lobby */
/** @typedef {import("../types/turncoat").Notification} Notification */
/** @typedef {{version: number, handler: (msg: Message) => void}} Sub */

/** @type {WebSocket | null} */
let ws = null;
let state = "idle"; // idle | connecting | online | offline
let retries = 0;
let timer = 0;
/** @type {Map<string, Sub>} game id -> the page's subscription */
const games = new Map();
/** @type {Set<(games: Lobby | undefined) => void>} */
const lobby = new Set();
/** @type {Set<(n: Notification | undefined) => void>} handlers of the user's notifications */
const notes = new Set();
const wanted = () => games.size || lobby.size || notes.size;
/** @type {Set<(state: string) => void>} */
const statusListeners = new Set();

/** @param {string} s */
function setState(s) {
  if (state === s) return;
  state = s;
  for (const f of statusListeners) f(s);
}

/** @param {Partial<ClientMessage>} msg */
function send(msg) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
}

/** @param {string} id @param {Sub} sub */
function subscribeMsg(id, sub) {
  return {type: "subscribe", game: id, after: sub.version, views: true};
}

function connect() {
  if (ws || !wanted()) return;
  clearTimeout(timer);
  setState("connecting");
  const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/api/ws?lang=" + encodeURIComponent(current());
  const sock = new WebSocket(url);
  ws = sock;
  sock.onopen = () => {
    retries = 0;
    setState("online");
    // Notifications pushed while no socket was open are not sent again: each handler is told
    // (with undefined) to count them afresh.
    for (const f of notes) f(undefined);
    for (const [id, sub] of games) send(subscribeMsg(id, sub));
    if (lobby.size) send({type: "lobby"});
  };
  sock.onmessage = ev => {
    /** @type {Message} */
    let msg;
    try {
      msg = JSON.parse(ev.data);
    } catch {
      return;
    }
    if (msg.type === "notification") {
      for (const f of notes) f(msg.notification);
      return;
    }
    if (msg.type === "lobby") {
      for (const f of lobby) f(msg.games);
      return;
    }
    const sub = msg.game && games.get(msg.game);
    if (sub) sub.handler(msg);
  };
  sock.onclose = () => {
    if (ws !== sock) return;
    ws = null;
    if (!wanted()) {
      setState("idle");
      return;
    }
    setState("offline");
    const wait = Math.min(8000, 400 * 2 ** retries++);
    timer = setTimeout(connect, wait);
  };
  sock.onerror = () => { /* onclose follows and reconnects */ };
}

// Reconnect at once when the network or the tab comes back.
addEventListener("online", () => { if (!ws) connect(); });
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible" && !ws) connect();
});

// follow subscribes to a game's events from version on; handler gets every message of the game
// ("event" with the fresh view, "subscribed", "presence", "error"). The returned
// object's setVersion records the version the page has drawn (a reconnection resumes after it);
// stop ends the subscription.
/** @param {string} id @param {number} version @param {(msg: Message) => void} handler */
export function follow(id, version, handler) {
  /** @type {Sub} */
  const sub = {version, handler};
  games.set(id, sub);
  if (ws && ws.readyState === WebSocket.OPEN) send(subscribeMsg(id, sub));
  else connect();
  return {
    /** @param {number} v */
    setVersion(v) { if (v > sub.version) sub.version = v; },
    stop() {
      if (games.get(id) !== sub) return;
      games.delete(id);
      send({type: "unsubscribe", game: id});
      idle();
    },
  };
}

// followLobby calls handler with the lobby's lists whenever they change; it returns stop.
/** @param {(games: Lobby | undefined) => void} handler */
export function followLobby(handler) {
  lobby.add(handler);
  if (ws && ws.readyState === WebSocket.OPEN) send({type: "lobby"});
  else connect();
  return () => {
    lobby.delete(handler);
    idle();
  };
}

// followNotifications calls handler with each notification the server pushes to the signed-in
// user, and with undefined once the socket is open (at once when it already is, and after each
// reconnection), when what was pushed meanwhile is lost and the unread ones must be counted
// again; it returns stop.
/** @param {(n: Notification | undefined) => void} handler */
export function followNotifications(handler) {
  notes.add(handler);
  if (ws && ws.readyState === WebSocket.OPEN) handler(undefined);
  else connect();
  return () => {
    notes.delete(handler);
    idle();
  };
}

function idle() {
  if (!wanted() && ws) {
    const sock = ws;
    ws = null;
    sock.close(1000);
    setState("idle");
  }
}

// onStatus calls f with the connection's state on every change; it returns stop.
/** @param {(state: string) => void} f */
export function onStatus(f) {
  statusListeners.add(f);
  return () => statusListeners.delete(f);
}

// status returns the connection's state.
export function status() {
  return state;
}

// drop closes the connection as a network failure would (for tests of the reconnection).
export function drop() {
  if (ws) ws.close(4000, "dropped");
}
