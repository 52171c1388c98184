// The moderators' page (/moderation): the open reports, each with its context (the game's link
// and summary, the reported chat line and the lines around it) and the actions on it (warn,
// hide the line, mute in the chat for a time, close the account; resolve or dismiss the
// report), a form that lifts any of these, and the log of every moderator's action.

import {h, toast} from "../dom.js";
import {t, date} from "../i18n.js";
import {api} from "../api.js";
import {title} from "../router.js";
import {errorText, gameTitle, gameLink} from "./common.js";

/** @typedef {import("../../types/turncoat").Report} Report */
/** @typedef {import("../../types/turncoat").ModLogEntry} ModLogEntry */
/** @typedef {import("../../types/turncoat").ModAction} ModAction */

// MUTES are the mute's lengths offered, in minutes.
const MUTES = [10, 60, 24 * 60, 7 * 24 * 60];

/** @param {HTMLElement} main */
export async function render(main) {
  title(t("mod.title"));
  main.append(h("h1", {}, t("mod.title")));
  const reports = h("section", {"aria-labelledby": "h-reports"});
  const lift = h("section", {"aria-labelledby": "h-lift"});
  const log = h("section", {"aria-labelledby": "h-log"});
  main.append(reports, lift, log);

  /** @param {ModAction} action */
  async function act(action) {
    try {
      await api("/moderation/actions", {method: "POST", body: action});
      toast(t("mod.done." + action.action));
      await draw();
    } catch (e) {
      toast(errorText(e), "error");
    }
  }

  /** @param {Report} r */
  function card(r) {
    const reason = /** @type {HTMLInputElement} */ (h("input", {type: "text", class: "mod-reason", maxlength: 500,
      "aria-label": t("mod.why"), placeholder: t("mod.why")}));
    const minutes = /** @type {HTMLSelectElement} */ (h("select", {class: "mod-minutes", "aria-label": t("mod.minutes")},
      MUTES.map(m => h("option", {value: String(m)}, t("mod.for." + m)))));
    /** @param {string} action @param {Partial<ModAction>} [extra] */
    const button = (action, extra = {}) => h("button", {type: "button", class: "secondary mod-" + action,
      on: {click: () => act({action, report: r.id, user: r.user, reason: reason.value.trim(), ...extra})}}, t("mod.action." + action));
    const reported = r.lines && r.lines.find(l => l.reported);
    return h("article", {class: "card report", "data-id": String(r.id)},
      h("h3", {}, t("mod.report", {user: r.user, category: t("report.cat." + r.category)})),
      h("p", {class: "small muted"}, t("mod.by", {reporter: r.reporter, when: date(r.created)})),
      h("blockquote", {class: "report-reason"}, r.reason),
      r.summary ? h("p", {}, gameLink(r.summary.id, gameTitle(r.summary.kind)), " · ", r.summary.players.join(" – "), " · ", t("mod.status." + r.summary.status)) : null,
      r.lines && r.lines.length ? h("ol", {class: "chat-log report-lines"}, r.lines.map(l => h("li", {class: l.reported ? "reported" : ""},
        h("strong", {}, l.name), " ", l.hidden ? h("span", {}, h("em", {class: "muted"}, t("chat.hidden")), " ", h("s", {}, l.body)) : l.body))) : null,
      h("div", {class: "mod-actions"},
        reason,
        h("div", {class: "copy-row"},
          button("warn"),
          reported ? button(reported.hidden ? "unhide" : "hide", {message: reported.id, user: undefined}) : null,
          h("span", {class: "copy-row"}, button("mute", {minutes: +minutes.value}), minutes),
          button("close")),
        h("div", {class: "copy-row"}, button("resolve", {user: undefined}), button("dismiss", {user: undefined}))));
  }

  function liftForm() {
    const user = /** @type {HTMLInputElement} */ (h("input", {type: "text", id: "lift-user", autocomplete: "off"}));
    const message = /** @type {HTMLInputElement} */ (h("input", {type: "number", id: "lift-message", min: 1}));
    const what = /** @type {HTMLSelectElement} */ (h("select", {id: "lift-action"},
      ["unmute", "reinstate", "unhide"].map(a => h("option", {value: a}, t("mod.action." + a)))));
    const reason = /** @type {HTMLInputElement} */ (h("input", {type: "text", id: "lift-reason", maxlength: 500}));
    const form = h("form", {class: "lift-form"},
      h("label", {for: "lift-action"}, t("mod.lift.what")), what,
      h("label", {for: "lift-user"}, t("mod.lift.user")), user,
      h("label", {for: "lift-message"}, t("mod.lift.message")), message,
      h("label", {for: "lift-reason"}, t("mod.why")), reason,
      h("button", {type: "submit"}, t("mod.lift.do")));
    form.addEventListener("submit", e => {
      e.preventDefault();
      act({action: what.value, user: what.value === "unhide" ? undefined : user.value.trim(), message: what.value === "unhide" ? +message.value : undefined, reason: reason.value.trim()});
    });
    return form;
  }

  async function draw() {
    try {
      const [open, entries] = await Promise.all([api("/moderation/reports"), api("/moderation/log")]);
      reports.replaceChildren(h("h2", {id: "h-reports"}, t("mod.open", {n: open.length})),
        open.length ? h("div", {class: "reports"}, open.map(card)) : h("p", {class: "muted"}, t("mod.none")));
      lift.replaceChildren(h("h2", {id: "h-lift"}, t("mod.lift.title")), liftForm());
      log.replaceChildren(h("h2", {id: "h-log"}, t("mod.log")), entries.length ? h("div", {class: "table-wrap"}, h("table", {class: "mod-log"},
        h("thead", {}, h("tr", {}, ["when", "who", "what", "whom", "why"].map(c => h("th", {scope: "col"}, t("mod.col." + c))))),
        h("tbody", {}, entries.map((/** @type {ModLogEntry} */ e) => h("tr", {},
          h("td", {}, date(e.created)), h("td", {}, e.moderator),
          h("td", {}, t("mod.action." + e.action), e.until ? " " + t("mod.until", {when: date(e.until)}) : ""),
          h("td", {}, e.user || "", e.message ? ` (#${e.message})` : ""), h("td", {}, e.reason))))))
        : h("p", {class: "muted"}, t("mod.noLog")));
    } catch (e) {
      reports.replaceChildren(h("p", {class: "error"}, errorText(e)));
      lift.replaceChildren();
      log.replaceChildren();
    }
  }
  await draw();
}
