// The status line above the board: what is happening now, in words. A forced pass is told as
// information with its Pass button and the choice to pass by itself from then on (a preference);
// the game's board module adds what it knows of the position (a Castle in check).

import {h, morph} from "../dom.js";
import {t, num} from "../i18n.js";
import * as prefs from "../prefs.js";
import {outcomeWords} from "../pages/common.js";

/** @typedef {import("./page.js").GamePage} GamePage */

/**
 * @param {GamePage} page
 * @param {HTMLElement} line
 * @param {{act: (move: string) => void, verified: Map<number, boolean>}} deps
 */
export function status(page, line, {act, verified}) {
  let autoPassed = -1; // the version at which the page passed by itself

  function update() {
    const v = page.view, game = page.game;
    const words = [];
    let mustPass = null;
    if (page.replay) {
      words.push(t("play.replaying", {n: num(page.replay.ply), total: num(v.ply)}));
    } else if (game.status === "open") {
      words.push(t("play.waitingOpponent"));
    } else if (v.outcome.over && page.holdResult) {
      words.push(t("play.lastMovePlaying"));
    } else if (v.outcome.over) {
      words.push(outcomeWords(v, s => page.sideName(s)));
    } else if (page.simultaneous()) {
      if (page.hotseat()) words.push(t("play.bothSelect"));
      else if (page.mine().length && v.own) words.push(t("play.youSelected", {square: v.own.toUpperCase()}));
      else if (page.mine().length) words.push(t("play.selectNow"));
      else words.push(t("play.bothSelect"));
    } else {
      const side = v.toAct[0];
      if (v.legal.length === 1 && v.legal[0] === "pass" && (page.hotseat() || page.mine().includes(side))) {
        mustPass = side;
      } else if (page.hotseat()) words.push(t("play.toMove", {side: page.sideName(side)}));
      else if (page.mine().includes(side)) words.push(t("play.yourMove", {side: page.sideName(side)}));
      else if (page.isAI(side)) words.push(t("play.aiThinking", {side: page.sideName(side)}));
      else words.push(t("play.waitingSide", {side: page.sideName(side)}));
      const last = v.lastMove;
      if (last && last.text === "pass" && !mustPass) words.unshift(t("play.passed", {side: page.sideName(last.by[0])}) + ".");
      if (page.mod.notes) words.push(...page.mod.notes(v, side, s => page.sideName(s), t));
    }
    const items = [h("span", {class: "status-text"}, words.join(" "))];
    const last = v.lastMove;
    if (last && last.reveal && verified.has(last.ply) && !page.replay) {
      const ok = verified.get(last.ply);
      items.push(h("span", {class: "verified" + (ok ? "" : " bad"), "data-verified": String(ok)}, ok ? t("play.verified") : t("play.notVerified")));
    }
    if (mustPass) items.push(...passNotice(mustPass));
    // the Pass button stays the same element across updates: a tap on it is never lost
    morph(line, items);
  }

  /** @param {import("../../types/turncoat").Side} side */
  function passNotice(side) {
    const v = page.view;
    const auto = !!prefs.get("autopass");
    const box = h("input", {type: "checkbox", id: "autopass", checked: auto,
      on: {change: e => prefs.set("autopass", /** @type {HTMLInputElement} */ (e.target).checked)}});
    const items = [h("span", {class: "pass-notice", role: "status"}, t("play.mustPass", {side: page.sideName(side)})),
      h("button", {type: "button", class: "primary", id: "pass-btn", on: {click: () => act("pass")}}, t("play.pass")),
      h("span", {class: "check small"}, box, h("label", {for: "autopass"}, t("play.autopass")))];
    if (auto && autoPassed !== v.version && !page.replay) {
      autoPassed = v.version;
      setTimeout(() => {
        if (!page.stopped && page.view.version === v.version) act("pass");
      }, 600);
    }
    return items;
  }

  return {update};
}
