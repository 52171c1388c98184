// The chat of a game between people: its messages (shown as text, never as markup), the line to
// write one, and the player's settings: mute the opponent, let spectators read along (both
// players must), switch the chat off in every game. Spectators read it only when both players
// let them; the count of spectators is shown above it. Each line of another player has its
// actions (report the line, mute or block its author); a line a moderator hid shows as such.

import {h, toast} from "../dom.js";
import {t, tn} from "../i18n.js";
import {api} from "../api.js";
import {errorText} from "../pages/common.js";
import {openReport, setRelation} from "../report.js";

/** @typedef {import("./page.js").GamePage} GamePage */
/** @typedef {import("../../types/turncoat").ChatMessage} ChatMessage */

// maxChat is the server's bound on a message.
const maxChat = 300;

/** @param {GamePage} page @param {HTMLElement} host @param {HTMLElement} watchersLine */
export function chat(page, host, watchersLine) {
  let last = 0; // the id of the last message shown
  const log = h("ol", {class: "chat-log", "aria-live": "polite", "aria-label": t("chat.messages")});
  const input = h("input", {type: "text", id: "chat-text", maxlength: maxChat, autocomplete: "off", "aria-label": t("chat.write")});
  const form = h("form", {class: "chat-form copy-row"}, input, h("button", {type: "submit"}, t("chat.send")));
  const settings = h("div", {class: "chat-settings small"});
  const note = h("p", {class: "muted small chat-note"});
  let state = "";
  // The player's own name (a spectator's lines have no actions: they write none).
  const mine = page.game.seats.find(s => s.you);
  const myName = mine && mine.player || "";

  form.addEventListener("submit", async e => {
    e.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    try {
      const m = await api(`/games/${page.id}/chat`, {method: "POST", body: {text}});
      input.value = "";
      add([m]);
    } catch (ex) {
      toast(errorText(ex), "error");
    }
  });

  /** @param {ChatMessage} m */
  function line(m) {
    const body = m.hidden ? h("em", {class: "chat-body chat-hidden muted"}, t("chat.hidden")) : h("span", {class: "chat-body"}, m.body);
    const li = h("li", {"data-id": String(m.id)}, h("strong", {class: "chat-name"}, m.name), " ", body);
    if (myName && m.name !== myName && !m.hidden) {
      const actions = h("span", {class: "chat-actions", hidden: true},
        h("button", {type: "button", class: "link chat-report", on: {click: () => openReport({message: m.id}, t("report.line", {name: m.name}))}}, t("report.report")),
        h("button", {type: "button", class: "link chat-mute", on: {click: () => relate("mutes", m.name)}}, t("report.mute")),
        h("button", {type: "button", class: "link chat-block", on: {click: () => relate("blocks", m.name)}}, t("report.block")));
      const more = h("button", {type: "button", class: "link chat-more", "aria-label": t("chat.more", {name: m.name}), "aria-expanded": "false"}, "⋯");
      more.addEventListener("click", () => {
        actions.hidden = !actions.hidden;
        more.setAttribute("aria-expanded", String(!actions.hidden));
      });
      li.append(" ", more, actions);
    }
    return li;
  }

  /** @param {"mutes" | "blocks"} what @param {string} name */
  async function relate(what, name) {
    try {
      await setRelation(what, name, true);
      if (what === "mutes") {
        log.replaceChildren(); // the muted player's lines are no longer shown
        last = 0;
        fetchNew();
      }
    } catch (e) {
      toast(errorText(e), "error");
    }
  }

  /** @param {ChatMessage[]} list */
  function add(list) {
    for (const m of list) {
      if (m.id <= last) {
        // A line a moderator hid (or showed again) is drawn anew where it is.
        const old = log.querySelector(`li[data-id="${m.id}"]`);
        if (old) old.replaceWith(line(m));
        continue;
      }
      last = m.id;
      log.append(line(m));
    }
    log.scrollTop = log.scrollHeight;
  }

  // fetchNew reads the messages after the last one shown (after a reconnection, a move).
  async function fetchNew() {
    const c = page.info && page.info.chat;
    if (!c || !c.read) return;
    try {
      add(await api(`/games/${page.id}/chat?after=${last}`));
    } catch {
      // The next event tries again.
    }
  }

  /** @param {string} name @param {boolean} checked @param {string} label @param {(on: boolean) => Promise<void>} change */
  function setting(name, checked, label, change) {
    const box = /** @type {HTMLInputElement} */ (h("input", {type: "checkbox", id: "chat-" + name, checked}));
    box.addEventListener("change", async () => {
      try {
        await change(box.checked);
      } catch (e) {
        toast(errorText(e), "error");
      }
    });
    return h("span", {class: "check"}, box, h("label", {for: "chat-" + name}, label));
  }

  /** @param {Partial<import("../../types/turncoat").ChatSeat>} change */
  async function setSeat(change) {
    const info = page.info;
    if (!info) return;
    const seat = {...info.chat.seat, ...change};
    info.chat = await api(`/games/${page.id}/chat/settings`, {method: "PUT", body: seat});
    log.replaceChildren(); // what the player now sees is read again
    last = 0;
    redraw(true);
  }

  /** @param {boolean} off */
  async function setOff(off) {
    await api("/me/chat", {method: "PUT", body: {off}});
    page.info = await api(`/games/${page.id}/info`);
    log.replaceChildren();
    last = 0;
    redraw(true);
  }

  function redraw(force = false) {
    const info = page.info;
    watchersLine.hidden = !page.online() || !page.watchers;
    watchersLine.textContent = tn("play.watchers", page.watchers);
    const c = info && info.chat;
    host.hidden = !c || !c.enabled;
    if (!c || host.hidden) return;
    const key = JSON.stringify(c);
    if (key === state && !force) return;
    state = key;
    const seat = c.seat;
    host.replaceChildren(h("h2", {}, t("chat.title")));
    if (c.read) host.append(log);
    if (c.write) host.append(form);
    note.textContent = c.off ? t("chat.youOff") : c.opponentOff ? t("chat.opponentOff") : !seat && !c.read ? t("chat.private") : "";
    if (note.textContent) host.append(note);
    settings.replaceChildren();
    if (seat) {
      if (!c.off) {
        settings.append(setting("mute", seat.muted, t("chat.mute"), on => setSeat({muted: on})),
          setting("spectators", seat.spectators, t("chat.spectators"), on => setSeat({spectators: on})));
      }
      settings.append(setting("off", c.off, t("chat.off"), setOff));
      host.append(settings);
    }
    if (c.read && !log.firstChild) fetchNew();
  }

  return {
    update: () => redraw(),
    /** @param {ChatMessage} m */
    receive(m) {
      add([m]);
    },
    fetchNew,
  };
}
