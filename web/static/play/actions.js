// The controls of a game: hint (where the engine may help), takeback, draw offers, abort (before
// both sides' first moves), resign (asked twice), claim, join an open challenge, rematch; the offers to answer; the invitation to send.

import {h, morph, toast, announce, copyText} from "../dom.js";
import {t, tn} from "../i18n.js";
import {api} from "../api.js";
import * as prefs from "../prefs.js";
import {errorText} from "../pages/common.js";
import {readyEngine, engineFailed} from "../engine/client.js";

/** @typedef {import("./page.js").GamePage} GamePage */
/** @typedef {import("../../types/turncoat").Game} Game */

// bothMoved tells whether both sides have made a move (the game can no longer be aborted).
/** @param {import("../../types/turncoat").View} v */
function bothMoved(v) {
  const by = new Set();
  for (const m of v.moves) for (const s of m.by) by.add(s);
  return by.size === 2;
}

/**
 * @param {string} label
 * @param {(e: Event) => unknown} onClick
 * @param {{cls?: string, id?: string, title?: string}} [opts]
 */
export function button(label, onClick, {cls = "", id, title} = {}) {
  return h("button", {type: "button", class: cls, id, title, on: {click: onClick}}, label);
}

/**
 * @param {GamePage} page
 * @param {{actions: HTMLElement, offers: HTMLElement, invite: HTMLElement}} hosts
 * @param {{command: (name: string, body?: object) => Promise<Game | null>, apply: (g: Game, opts?: {force?: boolean}) => void}} deps
 */
export function controls(page, {actions, offers, invite}, {command, apply}) {
  let confirmResign = false;

  async function hint() {
    const btn = /** @type {HTMLButtonElement} */ (actions.querySelector("#hint-btn"));
    if (btn) {
      btn.disabled = true;
      btn.textContent = t("play.thinking");
    }
    try {
      const side = page.hotseat() ? page.mySide() : page.actingSide();
      const level = Math.max(4, prefs.get("level") || 3);
      // Hot-seat games and games against the AI are hinted in the browser when its engine is
      // ready (the same engine and values as the server's), else by the server.
      const engine = page.online() ? null : readyEngine();
      const v = page.view;
      /** @type {import("../../types/turncoat").Hint[] | null} */
      let moves = null;
      if (engine && side) {
        try {
          moves = (await engine.analysis({kind: page.kind, options: v.options, state: v.state, moves: [], level, side})).moves || [];
          actions.dataset.hintBy = "browser";
        } catch (e) {
          if (!engineFailed(e)) throw e;
        }
      }
      if (!moves) {
        moves = /** @type {import("../../types/turncoat").Hints} */ (await api(`/games/${page.id}/hint?as=${side}&level=${level}`)).moves;
        actions.dataset.hintBy = "server";
      }
      page.lastHints = moves;
      page.board.hints(moves);
      announce(t("play.hintShown"));
    } catch (e) {
      toast(errorText(e), "error");
    } finally {
      actionsUpdate();
    }
  }

  function actionsUpdate() {
    morph(actions, ...actionButtons());
  }

  // actionButtons lists the controls the game's state calls for.
  function actionButtons() {
    const v = page.view, game = page.game;
    /** @type {Element[]} */
    const out = [];
    const playing = page.playing();
    const me = page.mySide();
    const seated = page.mine().length > 0;
    if (page.replay) return out;
    const myTurn = page.hotseat() ? v.toAct.length === 1 || !!page.asSide : !!me && v.toAct.includes(me);
    if (playing && seated && page.spec.hints && page.engineHelp() && myTurn) {
      if (!page.online()) readyEngine(); // fetched while the player thinks, for the hint
      out.push(button(t("play.hint"), hint, {id: "hint-btn"}));
    }
    if (playing && seated && v.ply > 0 && !(v.takeback && v.takeback.by === me)) {
      out.push(button(t("play.takeback"), () => command("takeback", {side: me}), {id: "takeback-btn"}));
    }
    // Until both sides have made their first move the game may be called off (nobody wins,
    // nothing is rated); resigning or offering a draw then makes no sense.
    const abortable = playing && seated && !bothMoved(v);
    if (abortable) {
      out.push(button(t("play.abort"), () => command("abort", {side: me}), {id: "abort-btn"}));
    }
    if (playing && seated && page.online() && !v.drawOffer && !abortable) {
      out.push(button(t("play.offerDraw"), () => command("draw", {side: me}), {id: "draw-btn"}));
    }
    if (playing && seated && v.canClaimDraw) {
      out.push(button(t("play.claim"), () => command("claim", {side: me}), {id: "claim-btn", cls: "primary"}));
    }
    if (playing && seated && !abortable) {
      const label = confirmResign ? t("play.resignConfirm", {side: page.sideName(me || null)}) : t("play.resign");
      out.push(button(label, () => {
        if (!confirmResign) {
          confirmResign = true;
          actionsUpdate();
          setTimeout(() => { confirmResign = false; if (!page.stopped) actionsUpdate(); }, 4000);
          return;
        }
        confirmResign = false;
        command("resign", {side: me});
      }, {id: "resign-btn", cls: confirmResign ? "danger" : ""}));
    }
    if (game.status === "open" && !seated && game.seats.some(x => x.open)) {
      out.push(button(t("lobby.accept"), async () => {
        try {
          apply(await api(`/games/${page.id}/join`, {method: "POST", body: {}}), {force: true});
        } catch (e) {
          toast(errorText(e), "error");
        }
      }, {cls: "primary", id: "join-btn"}));
    }
    if (v.outcome.over && seated && !page.holdResult) {
      if (game.rematch) {
        out.push(h("a", {class: "button primary", href: `/play/${game.rematch}`, id: "rematch-link"}, t("play.toRematch")));
      } else if (game.seats.every(x => !x.open)) {
        out.push(button(t("play.rematch"), async () => {
          const g = await command("rematch");
          if (g && g.id && g.id !== page.id) location.assign(`/play/${g.id}`);
        }, {cls: "primary", id: "rematch-btn"}));
      }
      const q = new URLSearchParams();
      for (const [k, val] of Object.entries(v.options)) if (k !== "seed") q.set("o." + k, val);
      out.push(h("a", {class: "button", href: `/new/${page.kind}?${q}`}, t("play.otherOptions")));
    }
    return out;
  }

  function offersUpdate() {
    morph(offers, ...offerItems());
  }

  // offerItems lists the open offers to answer, or the notice of one's own.
  function offerItems() {
    const v = page.view;
    /** @type {Element[]} */
    const out = [];
    const me = page.mySide();
    if (v.outcome.over || page.replay) return out;
    if (v.drawOffer && page.mine().length) {
      if (v.drawOffer !== me || page.hotseat()) {
        const other = v.drawOffer === "first" ? "second" : "first";
        out.push(h("div", {class: "offer", role: "alert"}, t("play.drawOffered", {side: page.sideName(v.drawOffer)}),
          button(t("play.accept"), () => command("draw", {side: other}), {cls: "primary", id: "accept-draw"}),
          button(t("play.decline"), () => command("decline", {side: other}), {id: "decline-draw"})));
      } else {
        out.push(h("p", {class: "muted"}, t("play.drawSent")));
      }
    }
    if (v.takeback && page.mine().length) {
      const by = v.takeback.by;
      if (by !== me || page.hotseat()) {
        const other = by === "first" ? "second" : "first";
        out.push(h("div", {class: "offer", role: "alert"}, tn("play.takebackAsked", v.takeback.moves, {side: page.sideName(by)}),
          button(t("play.accept"), () => command("takeback/answer", {side: other, accept: true}), {cls: "primary", id: "accept-takeback"}),
          button(t("play.decline"), () => command("takeback/answer", {side: other, accept: false}), {id: "decline-takeback"})));
      } else {
        out.push(h("p", {class: "muted"}, t("play.takebackSent")));
      }
    }
    return out;
  }

  function inviteUpdate() {
    morph(invite, ...inviteItems());
  }

  // inviteItems shows the link that invites the other player to an open game.
  function inviteItems() {
    /** @type {Element[]} */
    const out = [];
    if (page.game.status !== "open") return out;
    const link = sessionStorage.getItem("invite:" + page.id);
    if (link && page.mine().length) {
      const url = location.origin + link;
      const input = /** @type {HTMLInputElement} */ (h("input", {type: "text", readonly: true, value: url, "aria-label": t("play.inviteLink"), id: "invite-url"}));
      out.push(h("p", {}, t("play.inviteHint")), h("div", {class: "copy-row"}, input,
        button(t("play.copy"), async () => {
          // the field on the page: morph keeps the one already shown, not this build's
          const field = /** @type {HTMLInputElement | null} */ (invite.querySelector("#invite-url"));
          if (await copyText(url, field || input)) toast(t("play.copied"));
        })));
    } else if (page.mine().length) {
      out.push(h("p", {}, t("play.inLobby")));
    }
    return out;
  }

  return {
    update() {
      actionsUpdate();
      offersUpdate();
      inviteUpdate();
    },
  };
}
