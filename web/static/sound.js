// Short sounds made with Web Audio (no sound files): a disc placed, a disc turned, a game's end,
// a notice. They follow the sound preference and start only after the player has touched the
// page, as browsers require.

import * as prefs from "./prefs.js";

/** @type {AudioContext | null} */
let ctx = null;

function audio() {
  if (!prefs.get("sound")) return null;
  if (!ctx) {
    const AC = window.AudioContext || /** @type {Window & {webkitAudioContext?: typeof AudioContext}} */ (window).webkitAudioContext;
    if (!AC || !navigator.userActivation || !navigator.userActivation.hasBeenActive) return null;
    ctx = new AC();
  }
  return ctx;
}

/** @param {number} freq @param {number} ms @param {{type?: OscillatorType, gain?: number, delay?: number, slide?: number}} [opts] */
function tone(freq, ms, {type = "sine", gain = 0.08, delay = 0, slide = 0} = {}) {
  const a = audio();
  if (!a) return;
  const t0 = a.currentTime + delay / 1000;
  const osc = a.createOscillator();
  const g = a.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, t0);
  if (slide) osc.frequency.exponentialRampToValueAtTime(freq * slide, t0 + ms / 1000);
  g.gain.setValueAtTime(0.0001, t0);
  g.gain.exponentialRampToValueAtTime(gain, t0 + 0.008);
  g.gain.exponentialRampToValueAtTime(0.0001, t0 + ms / 1000);
  osc.connect(g).connect(a.destination);
  osc.start(t0);
  osc.stop(t0 + ms / 1000 + 0.02);
}

// place: a piece put on the board.
export function place() {
  tone(220, 90, {type: "triangle", gain: 0.12, slide: 0.6});
}

// flip: a piece turned.
export function flip(i = 0) {
  tone(660 + 40 * (i % 6), 45, {type: "sine", gain: 0.04, delay: 0});
}

// end: the game is over.
/** @param {boolean} [won] */
export function end(won) {
  const notes = won === false ? [392, 330, 262] : [262, 330, 392, 523];
  notes.forEach((f, i) => tone(f, 180, {type: "triangle", gain: 0.07, delay: i * 140}));
}

// notice: something needs the player (an offer, a pass, your turn online).
export function notice() {
  tone(880, 120, {gain: 0.05});
  tone(1175, 160, {gain: 0.05, delay: 110});
}
