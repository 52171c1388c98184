// The pages of an account's mailed links and of a forgotten password: /forgot-password asks for
// a name or address; /confirm-email?t=... and /reset-password?t=... ask before they act (a mail
// scanner that opens the link changes nothing: only the button posts).

import {h, toast} from "../dom.js";
import {t} from "../i18n.js";
import {api} from "../api.js";
import {title} from "../router.js";
import {errorText} from "./common.js";

/** @param {HTMLElement} main @param {string[]} _params @param {URLSearchParams} query */
export async function render(main, _params, query) {
  const path = location.pathname;
  const token = query.get("t") || "";
  const err = h("p", {class: "error", role: "alert"});
  const done = h("p", {class: "done", role: "status"});
  if (path === "/forgot-password") {
    title(t("forgot.title"));
    const who = /** @type {HTMLInputElement} */ (h("input", {type: "text", id: "forgot-who", autocomplete: "username", required: true, maxlength: 254}));
    const form = h("form", {class: "auth", novalidate: true},
      h("p", {class: "doc"}, t("forgot.about")),
      h("div", {class: "field"}, h("label", {for: "forgot-who"}, t("forgot.who")), who),
      h("button", {type: "submit", class: "primary"}, t("forgot.send")), err, done);
    form.addEventListener("submit", async e => {
      e.preventDefault();
      err.textContent = done.textContent = "";
      if (!who.value.trim()) {
        err.textContent = t("forgot.empty");
        who.focus();
        return;
      }
      try {
        await api("/password/forgot", {method: "POST", body: {who: who.value.trim()}});
        done.textContent = t("forgot.sent");
      } catch (ex) {
        err.textContent = errorText(ex);
      }
    });
    main.append(h("h1", {}, t("forgot.title")), form);
    return;
  }
  if (path === "/confirm-email") {
    title(t("confirm.title"));
    const button = h("button", {type: "submit", class: "primary", id: "confirm-btn"}, t("confirm.button"));
    const form = h("form", {class: "auth"}, h("p", {class: "doc"}, t("confirm.about")), button, err, done);
    form.addEventListener("submit", async e => {
      e.preventDefault();
      err.textContent = "";
      try {
        const r = await api("/email/confirm", {method: "POST", body: {token}});
        done.textContent = t("confirm.done", {email: r.email});
        button.remove();
      } catch (ex) {
        err.textContent = errorText(ex);
      }
    });
    main.append(h("h1", {}, t("confirm.title")), form);
    return;
  }
  // /reset-password
  title(t("reset.title"));
  const pw = /** @type {HTMLInputElement} */ (h("input", {type: "password", id: "reset-pw", autocomplete: "new-password", required: true, minlength: 8, maxlength: 256}));
  const form = h("form", {class: "auth", novalidate: true},
    h("p", {class: "doc"}, t("reset.about")),
    h("div", {class: "field"}, h("label", {for: "reset-pw"}, t("reset.password")), pw),
    h("button", {type: "submit", class: "primary"}, t("reset.button")), err, done);
  form.addEventListener("submit", async e => {
    e.preventDefault();
    err.textContent = done.textContent = "";
    if (pw.value.length < 8 || pw.value.length > 256) {
      err.textContent = t("error.password");
      pw.focus();
      return;
    }
    try {
      await api("/password/reset", {method: "POST", body: {token, password: pw.value}});
      toast(t("reset.done"));
      done.replaceChildren(t("reset.done"), " ", h("a", {href: "/account"}, t("account.signIn")));
      form.querySelector("button")?.remove();
    } catch (ex) {
      err.textContent = errorText(ex);
    }
  });
  main.append(h("h1", {}, t("reset.title")), form);
}
