// Discs: the two-faced pieces of Reversi, Troll, Blocs and Turncoat, drawn so that the faces
// differ by more than hue (a light face has a dark edge and, in the colour themes, a ring), and
// turned with a short flip; the game's hole (a Turncoat blank) is drawn as a hole, clearly not
// a piece.

import {s, reducedMotion} from "../dom.js";
import * as sound from "../sound.js";

// disc returns a disc showing colour ("black" or "white") at (x, y).
export function disc(x, y, colour, r = 40) {
  return s("g", {class: `disc c-${colour}`, transform: `translate(${x} ${y})`},
    s("g", {class: "spin"},
      s("circle", {class: "face", r}),
      s("circle", {class: "mark", r: r * 0.42})));
}

// hole returns an empty hole at (x, y).
export function hole(x, y) {
  return s("g", {class: "hole", transform: `translate(${x} ${y})`},
    s("circle", {r: 38}),
    s("path", {d: "M-14 -14L14 14M14 -14L-14 14"}));
}

// setColour shows colour on a disc element at once.
export function setColour(el, colour) {
  el.classList.remove("c-black", "c-white");
  el.classList.add(`c-${colour}`);
}

// colourOf returns the colour a disc element shows.
export function colourOf(el) {
  return el.classList.contains("c-black") ? "black" : "white";
}

// flip turns a disc element to colour with the flip animation, through anim (an Anim), after
// delay ms; with reduced motion it changes at once and glows briefly.
export function flip(anim, el, colour, delay = 0, i = 0) {
  const spin = el.firstChild;
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
export function drop(anim, el, delay = 0) {
  el.style.visibility = "hidden";
  anim.after(delay, () => {
    el.style.visibility = "";
    if (!reducedMotion()) el.classList.add("drop");
    sound.place();
  });
  return delay + 140;
}

// pieceWords returns the words for what stands on a cell, for screen readers.
export function pieceWords(t, cell) {
  if (cell.hole) return t("cell.hole");
  if (!cell.piece) return t("cell.empty");
  if (cell.piece.kind === "disc") return t(cell.piece.colour === "black" ? "cell.black" : "cell.white");
  return t("piece." + cell.piece.kind) + ", " + t("colour." + cell.piece.colour);
}
