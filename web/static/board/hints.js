// The engine's values as the boards write them: discs for Othello ("+4"), a win rate for the
// searching engines ("62%"), a won or lost position for the solved games.

import {num} from "../i18n.js";

/** @typedef {import("../../types/turncoat").Hint} Hint */

// hintText returns the short text of one move's value.
/** @param {Pick<Hint, "unit" | "value">} h @param {{t: (key: string) => string}} ctx */
export function hintText(h, {t}) {
  switch (h.unit) {
    case "discs": {
      const v = Math.round(h.value);
      return (v > 0 ? "+" : v < 0 ? "−" : "") + num(Math.abs(v));
    }
    case "winrate":
      return num(h.value, {style: "percent", maximumFractionDigits: 0});
    case "result":
      return h.value > 0.5 ? t("hint.win") : h.value < 0.5 ? t("hint.loss") : t("hint.draw");
    default:
      return num(h.value, {maximumFractionDigits: 2});
  }
}

// bestHints returns the moves with the best value.
/** @param {Hint[]} list @returns {Set<string>} */
export function bestHints(list) {
  if (!list.length) return new Set();
  const top = Math.max(...list.map(h => h.value));
  return new Set(list.filter(h => h.value >= top - 1e-9).map(h => h.move));
}
