// The network as the page sees it: the service worker that keeps the app for play without the
// network (registered here), and the header's "Offline" mark, shown while the browser says it
// has no network or the server cannot be reached (an API call failed to connect); it links to
// the games this device plays by itself.

import {h} from "../dom.js";

let offline = typeof navigator !== "undefined" && navigator.onLine === false;
/** @type {Set<(offline: boolean) => void>} */
const listeners = new Set();
/** @type {HTMLElement | null} */
let badge = null;

// isOffline tells whether the page has no network (or no server) now.
export function isOffline() {
  return offline;
}

// onNetwork calls f with each change of isOffline; it returns the function that stops.
/** @param {(offline: boolean) => void} f */
export function onNetwork(f) {
  listeners.add(f);
  return () => { listeners.delete(f); };
}

/** @param {boolean} v */
function set(v) {
  if (v === offline) return;
  offline = v;
  show();
  for (const f of listeners) f(v);
}

function show() {
  if (badge) badge.hidden = !offline;
  document.documentElement.dataset.network = offline ? "offline" : "online";
}

// startNetwork registers the service worker, puts the mark in the header and follows the
// browser's and the API's word on the network.
export function startNetwork() {
  if ("serviceWorker" in navigator) {
    // The worker is served at the root, so that it keeps every page of the app.
    navigator.serviceWorker.register("/sw.js", {scope: "/"}).catch(e => console.warn("the app's service worker:", e));
  }
  badge = h("a", {id: "offline-badge", class: "offline-badge", href: "/offline", hidden: true,
    "data-i18n": "net.offline", "data-i18n-attr": "title:net.offlineTitle"});
  const prefs = document.querySelector("header .prefs");
  if (prefs) prefs.prepend(badge);
  addEventListener("online", () => set(false));
  addEventListener("offline", () => set(true));
  addEventListener("api-unreachable", () => set(true));
  addEventListener("api-reached", () => set(navigator.onLine === false));
  show();
}
