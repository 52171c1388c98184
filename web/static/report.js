// What a player does about another: block, mute, and report a player, a game or a chat line
// (a dialog with a category and the reason). The profile page and the game's chat use it.

import {h, toast} from "./dom.js";
import {t} from "./i18n.js";
import {api} from "./api.js";
import {errorText} from "./pages/common.js";

/** @typedef {import("../types/turncoat").ReportRequest} ReportRequest */

// CATEGORIES are a report's categories, as the server knows them.
export const CATEGORIES = ["abuse", "spam", "cheating", "name", "other"];

// maxReason is the server's bound on a reason.
const maxReason = 500;

// openReport shows the dialog that reports a player, a game or a chat line; what says which
// ({user}, {game}, {message}), label names it in the dialog's title.
/** @param {Partial<ReportRequest>} what @param {string} label */
export function openReport(what, label) {
  const category = /** @type {HTMLSelectElement} */ (h("select", {id: "report-category", required: true},
    CATEGORIES.map(c => h("option", {value: c}, t("report.cat." + c)))));
  const reason = /** @type {HTMLTextAreaElement} */ (h("textarea", {id: "report-reason", maxlength: maxReason, rows: 4, required: true}));
  const cancel = h("button", {type: "button", class: "secondary"}, t("report.cancel"));
  const form = h("form", {method: "dialog", class: "report-form"},
    h("h2", {}, t("report.title", {what: label})),
    h("label", {for: "report-category"}, t("report.category")), category,
    h("label", {for: "report-reason"}, t("report.reason")), reason,
    h("p", {class: "muted small"}, t("report.note")),
    h("div", {class: "copy-row"}, h("button", {type: "submit", id: "report-send"}, t("report.send")), cancel));
  const dialog = /** @type {HTMLDialogElement} */ (h("dialog", {class: "report-dialog", "aria-labelledby": "report-title"}, form));
  cancel.addEventListener("click", () => dialog.close());
  dialog.addEventListener("close", () => dialog.remove());
  form.addEventListener("submit", async e => {
    e.preventDefault();
    try {
      await api("/reports", {method: "POST", body: {...what, category: category.value, reason: reason.value.trim()}});
      dialog.close();
      toast(t("report.sent"));
    } catch (ex) {
      toast(errorText(ex), "error");
    }
  });
  document.body.append(dialog);
  dialog.showModal();
  reason.focus();
}

// relation returns whether the signed-in user blocked and muted a user.
/** @param {string} name @returns {Promise<{blocked: boolean, muted: boolean}>} */
export async function relation(name) {
  const key = name.toLowerCase();
  const [b, m] = await Promise.all([api("/me/blocks"), api("/me/mutes")]);
  return {blocked: b.users.some((/** @type {string} */ u) => u.toLowerCase() === key), muted: m.users.some((/** @type {string} */ u) => u.toLowerCase() === key)};
}

// setRelation blocks or mutes a user (on), or lifts it.
/** @param {"blocks" | "mutes"} what @param {string} name @param {boolean} on */
export async function setRelation(what, name, on) {
  await api(`/me/${what}/${encodeURIComponent(name)}`, {method: on ? "PUT" : "DELETE"});
  toast(t(`report.${what}.${on ? "on" : "off"}`, {name}));
}

// playerActions are the buttons that block, mute and report a player (the profile's).
/** @param {string} name */
export async function playerActions(name) {
  const box = h("div", {class: "copy-row player-actions"});
  let rel = await relation(name);
  const draw = () => {
    box.replaceChildren(
      h("button", {type: "button", class: "secondary", id: "block-user", on: {click: async () => {
        try {
          await setRelation("blocks", name, !rel.blocked);
          rel = {...rel, blocked: !rel.blocked};
          draw();
        } catch (e) {
          toast(errorText(e), "error");
        }
      }}}, rel.blocked ? t("report.unblock") : t("report.block")),
      h("button", {type: "button", class: "secondary", id: "mute-user", on: {click: async () => {
        try {
          await setRelation("mutes", name, !rel.muted);
          rel = {...rel, muted: !rel.muted};
          draw();
        } catch (e) {
          toast(errorText(e), "error");
        }
      }}}, rel.muted ? t("report.unmute") : t("report.mute")),
      h("button", {type: "button", class: "secondary", id: "report-user", on: {click: () => openReport({user: name}, name)}}, t("report.report")));
  };
  draw();
  return box;
}
