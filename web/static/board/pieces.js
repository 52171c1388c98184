// Pieces as the server describes them (game.Piece), drawn whatever the game: a disc; a stack of
// parts seen from above (Turnover's outer ring, inner ring and button, each in its own colour,
// so the kinds differ by silhouette); any other piece as a token with its label.

import {s} from "../dom.js";
import {disc} from "./discs.js";

/** @typedef {import("../../types/turncoat").Piece} Piece */

/** @type {Record<string, [number, number]>} a part's radius and ring width */
const RADII = {outer: [40, 9], inner: [25, 8], button: [11, 0]};

// stack draws a stack's parts at (x, y), with its label in a corner when letter is set.
/** @param {number} x @param {number} y @param {Piece} piece @param {boolean} [letter] */
export function stack(x, y, piece, letter) {
  const inner = s("g", {class: "stk"});
  for (const p of piece.parts || []) {
    const [r, w] = RADII[p.name] || RADII.outer;
    if (p.name === "button") {
      inner.append(s("circle", {class: `part button p-${p.colour}`, r}));
    } else {
      inner.append(s("circle", {class: `part-edge e-${p.colour}`, r, "stroke-width": w + 4}),
        s("circle", {class: `part ring p-${p.colour}`, r, "stroke-width": w}));
    }
  }
  const g = s("g", {class: `stack o-${piece.colour}`, transform: `translate(${x} ${y})`}, inner);
  if (letter && piece.label) g.append(s("text", {class: `stk-letter l-${piece.colour}`, x: -44, y: -30}, piece.label));
  return g;
}

// token draws a piece that is neither a disc nor a stack: a round token in its colour with its
// label (or its kind's initial), turned like a disc when its colour changes.
/** @param {number} x @param {number} y @param {Piece} piece */
export function token(x, y, piece) {
  const text = piece.label || (piece.kind || "?").charAt(0).toUpperCase();
  return s("g", {class: `disc token c-${piece.colour}`, transform: `translate(${x} ${y})`},
    s("g", {class: "spin"},
      s("circle", {class: "face", r: 40}),
      s("text", {class: "token-label", y: 12}, text)));
}

// piece draws any piece at (x, y): letters shows stacks' labels.
/** @param {number} x @param {number} y @param {Piece} p @param {{letters?: boolean}} [opts] */
export function piece(x, y, p, {letters = false} = {}) {
  if (p.parts && p.parts.length) return stack(x, y, p, letters);
  if (p.kind === "disc") return disc(x, y, p.colour);
  return token(x, y, p);
}
