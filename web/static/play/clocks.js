// The players' clocks. The page keeps the clocks of the server's latest view and when it got
// them; a clock runs on the page only where the server says it runs, in a game in play (never
// while a game waits for its opponent). Every view the page installs (a move, the join, a
// reconnection) resets them from the server's.

import {t, tn, num} from "../i18n.js";

/** @typedef {import("./page.js").GamePage} GamePage */

// clockText writes the time left: "4:58", "1:02:03", "9.7" under ten seconds, days and hours
// for correspondence, the hours rounded up ("3 days" just after a 3-day move began, then
// "2 days 23 h").
/** @param {number} ms */
export function clockText(ms) {
  if (ms <= 0) return "0:00";
  if (ms >= 86400000) {
    const hours = Math.ceil(ms / 3600000), days = Math.floor(hours / 24);
    return hours % 24 ? tn("time.daysHoursLeft", days, {h: num(hours % 24)}) : tn("time.daysLeft", days);
  }
  const total = Math.floor(ms / 1000);
  const hh = Math.floor(total / 3600), mm = Math.floor(total / 60) % 60, ss = total % 60;
  if (ms < 10000) return `${ss}.${Math.floor(ms / 100) % 10}`;
  return (hh ? `${hh}:${String(mm).padStart(2, "0")}` : String(mm)) + ":" + String(ss).padStart(2, "0");
}

// running tells whether side i's clock runs.
/** @param {GamePage} page @param {number} i */
export function running(page, i) {
  const c = page.view.clock;
  return !!c && c.running[i] && page.playing();
}

// left returns side i's time left now.
/** @param {GamePage} page @param {number} i */
export function left(page, i) {
  const c = page.view.clock;
  if (!c) return 0;
  return c.remainingMs[i] - (running(page, i) ? performance.now() - page.clockAt : 0);
}

// updateClocks writes the clocks (elements .clock[data-i]) under root.
/** @param {GamePage} page @param {ParentNode} root */
export function updateClocks(page, root) {
  for (const node of root.querySelectorAll(".clock")) {
    const el = /** @type {HTMLElement} */ (node);
    const i = Number(el.dataset.i || 0);
    const ms = left(page, i);
    el.textContent = clockText(ms);
    el.classList.toggle("running", running(page, i));
    el.classList.toggle("low", ms < 20000);
  }
  for (const node of root.querySelectorAll(".first-move")) {
    node.textContent = t("play.firstMove", {time: clockText(firstMoveLeft(page))});
  }
}

// firstMoveLeft returns the time left now to make the first move (a Fischer game's first moves,
// which no clock counts, before the game is aborted); 0 when none is waited for.
/** @param {GamePage} page */
export function firstMoveLeft(page) {
  const c = page.view.clock;
  if (!c || !c.firstMoveMs || !page.playing()) return 0;
  return Math.max(c.firstMoveMs - (performance.now() - page.clockAt), 0);
}
