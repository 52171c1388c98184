// Live updates over one WebSocket (/api/ws): games and the lobby are followed by subscription;
// when the connection drops it reconnects by itself, with a growing pause, and asks each game for
// the events after the last version the page has (resync by version), with a fresh view.

let ws = null;
let state = "idle"; // idle | connecting | online | offline
let retries = 0;
let timer = 0;
const games = new Map(); // game id -> {version, handler}
const lobby = new Set();
const notes = new Set(); // handlers of the user's notifications
const wanted = () => games.size || lobby.size || notes.size;
const statusListeners = new Set();

function setState(s) {
  if (state === s) return;
  state = s;
  for (const f of statusListeners) f(s);
}

function send(msg) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
}

function subscribeMsg(id, sub) {
  return {type: "subscribe", game: id, after: sub.version, views: true};
}

function connect() {
  if (ws || !wanted()) return;
  clearTimeout(timer);
  setState("connecting");
  const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/api/ws";
  const sock = new WebSocket(url);
  ws = sock;
  sock.onopen = () => {
    retries = 0;
    setState("online");
    for (const [id, sub] of games) send(subscribeMsg(id, sub));
    if (lobby.size) send({type: "lobby"});
  };
  sock.onmessage = ev => {
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
export function follow(id, version, handler) {
  const sub = {version, handler};
  games.set(id, sub);
  if (ws && ws.readyState === WebSocket.OPEN) send(subscribeMsg(id, sub));
  else connect();
  return {
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
// user; it returns stop.
export function followNotifications(handler) {
  notes.add(handler);
  connect();
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
