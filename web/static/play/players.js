// The players beside the board: each side's chip (the game's own picture of it), its name and
// who holds it, whether they are here, thinking or to play, their rating in a rated game (and
// its change at the end), the game's count for them and their clock.

import {h, clear} from "../dom.js";
import {t, num, tOr} from "../i18n.js";
import {seatWords} from "../pages/common.js";
import {updateClocks} from "./clocks.js";

/** @typedef {import("./page.js").GamePage} GamePage */
/** @typedef {import("../../types/turncoat").Side} Side */

/** @param {GamePage} page @param {HTMLElement} host */
export function players(page, host) {
  /** @param {Side} side */
  function row(side) {
    const v = page.view, game = page.game;
    const i = side === "second" ? 1 : 0;
    const seat = page.seat(side);
    const active = !v.outcome.over && v.toAct.includes(side);
    const sel = page.simultaneous() && v.submitted[i];
    const thinking = active && page.isAI(side) && game.status === "active" && !sel;
    const waiting = active && !page.isAI(side) && !page.hotseat() && !page.mine().includes(side) && game.status === "active";
    const here = page.presence && page.online() && !seat.ai && !seat.open && !seat.you ? page.presence[i] : null;
    // The count is the position's shown: an earlier one while replaying.
    const tl = page.mod.tally(page.replay ? page.replay.view : v, side);
    const tallyName = tl ? tOr(`tally.${tl.name}`, tl.name) : "";
    const r = page.info && page.info.ratings ? page.info.ratings[i] : null;
    return h("div", {class: "player" + (active ? " active" : ""), "data-side": side},
      page.mod.chip(side, v),
      h("div", {class: "who"},
        h("span", {class: "side-name"}, page.sideName(side)),
        h("span", {class: "seat"}, seatWords(seat)),
        r ? h("span", {class: "rating-line"},
          h("span", {class: "rating", title: t("play.ratingTitle", {deviation: num(Math.round(2 * r.deviation))})}, num(Math.round(r.rating), {useGrouping: false})),
          r.change !== undefined && r.change !== null
            ? [" ", h("span", {class: "rating-change " + (r.change >= 0 ? "up" : "down"), title: t("play.ratingChange")}, (r.change >= 0 ? "+" : "−") + num(Math.abs(Math.round(r.change))))] : null) : null,
        thinking ? h("span", {class: "thinking"}, t("play.thinking")) : null,
        waiting ? h("span", {class: "muted small"}, t("play.waitingFor")) : null,
        sel ? h("span", {class: "small"}, t("play.hasSelected")) : null,
        active && !sel && v.clock && v.clock.firstMoveMs && game.status === "active" ? h("span", {class: "first-move small"}) : null,
        here !== null ? h("span", {class: "presence " + (here ? "here" : "away")}, t(here ? "play.here" : "play.away")) : null),
      tl ? h("span", {class: "tally", title: tallyName, "aria-label": `${tallyName}: ${tl.value}`},
        num(tl.value), page.mod.tallyWords ? h("span", {class: "tally-name"}, " " + tallyName) : null) : null,
      v.clock ? h("span", {class: "clock", "data-i": String(i), "aria-label": t("play.clock")}) : null);
  }

  return {
    update() {
      clear(host).append(row("first"), row("second"));
      updateClocks(page, host);
    },
    tick() {
      if (page.view.clock) updateClocks(page, host);
    },
  };
}
