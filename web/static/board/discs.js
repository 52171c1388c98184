// Discs: the two-faced pieces of Reversi, Troll, Blocs and Turncoat, drawn so that the faces
// differ by more than hue (a light face has a dark edge and, in the colour themes, a ring), and
// turned with a short flip; the game's hole (a Turncoat blank) is drawn as a hole, clearly not
// a piece.

import {s, reducedMotion} from "../dom.js";
import {tOr, has} from "../i18n.js";
import * as sound from "../sound.js";

/** @typedef {import("../../types/turncoat").Piece} Piece */

/** @typedef {import("./grid.js").Anim} Anim */

// disc returns a disc showing colour ("black" or "white") at (x, y).
/** @param {number} x @param {number} y @param {string} colour */
export function disc(x, y, colour, r = 40) {
  return s("g", {class: `disc c-${colour}`, transform: `translate(${x} ${y})`},
    s("g", {class: "spin"},
      s("circle", {class: "face", r}),
      s("circle", {class: "mark", r: r * 0.42})));
}

// hole returns an empty hole at (x, y).
/** @param {number} x @param {number} y */
export function hole(x, y) {
  return s("g", {class: "hole", transform: `translate(${x} ${y})`},
    s("circle", {r: 38}),
    s("path", {d: "M-14 -14L14 14M14 -14L-14 14"}));
}

// setColour shows colour on a disc element at once.
/** @param {Element} el @param {string} colour */
export function setColour(el, colour) {
  el.classList.remove(...[...el.classList].filter(c => c.startsWith("c-")));
  el.classList.add(`c-${colour}`);
}

// colourOf returns the colour a disc element shows.
/** @param {Element} el */
export function colourOf(el) {
  return el.classList.contains("c-black") ? "black" : "white";
}

// flip turns a disc element to colour with the flip animation, through anim (an Anim), after
// delay ms; with reduced motion it changes at once and glows briefly.
/** @param {Anim} anim @param {Element} el @param {string} colour */
export function flip(anim, el, colour, delay = 0, i = 0) {
  const spin = /** @type {Element} */ (el.firstElementChild);
  if (reducedMotion()) {
    anim.after(delay, () => {
      setColour(el, colour);
      el.classList.add("glow");
      anim.after(300, () => el.classList.remove("glow"));
    });
    return delay + 300;
  }
  anim.after(delay, () => {
    spin.classList.add("flip");
    sound.flip(i);
  });
  anim.after(delay + 110, () => setColour(el, colour));
  anim.after(delay + 230, () => spin.classList.remove("flip"));
  return delay + 230;
}

// drop makes a new disc fall in.
/** @param {Anim} anim @param {SVGElement} el */
export function drop(anim, el, delay = 0) {
  el.style.visibility = "hidden";
  anim.after(delay, () => {
    el.style.visibility = "";
    if (!reducedMotion()) el.classList.add("drop");
    sound.place();
  });
  return delay + 140;
}

// pieceWords returns the words for what stands on a cell, for screen readers: a piece or a
// colour the catalogue does not know in the server's words.
/** @param {(key: string) => string} t @param {{hole?: boolean, piece?: Piece | null}} cell */
export function pieceWords(t, cell) {
  const p = cell.piece;
  if (cell.hole) return t("cell.hole");
  if (!p) return t("cell.empty");
  if (p.kind === "disc" && (p.colour === "black" || p.colour === "white")) return t(p.colour === "black" ? "cell.black" : "cell.white");
  const known = has("piece." + p.kind);
  return [known ? t("piece." + p.kind) : p.kind, tOr("colour." + p.colour, p.colour), known ? "" : p.label].filter(Boolean).join(", ");
}
