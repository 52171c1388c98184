// Account: who you are (a guest until you sign up; a guest who signs up keeps its games), sign
// in, sign out, and a registered player's API tokens for bots and scripts.

import {h, toast} from "../dom.js";
import {t, date, current} from "../i18n.js";
import {api, ApiError} from "../api.js";
import {title, navigate} from "../router.js";
import {errorText} from "./common.js";
import {gameRow} from "./home.js";

// remember notes the registered user signed in on this browser (the header then shows their
// notifications without asking the server about visitors who have no account).
/** @param {string} name */
function remember(name) {
  try {
    if (name) localStorage.setItem("turncoat.user", name);
    else localStorage.removeItem("turncoat.user");
  } catch {
    // Storage refused: the header just shows no notifications.
  }
}

/** @param {HTMLElement} main */
export async function render(main) {
  title(t("account.title"));
  main.append(h("h1", {}, t("account.title")));
  /** @type {import("../../types/turncoat").User | null} */
  let me = null;
  try {
    me = (await api("/me")).user;
  } catch (e) {
    if (!(e instanceof ApiError && e.status === 401)) toast(errorText(e), "error");
  }
  remember(me && !me.guest ? me.name : "");
  if (me) {
    main.append(h("p", {}, me.guest ? t("account.guest", {name: me.name}) : t("account.signedIn", {name: me.name})));
    if (!me.guest) {
      main.append(h("button", {type: "button", on: {click: async () => {
        await api("/logout", {method: "POST", body: {}});
        remember("");
        navigate("/account", {replace: true});
      }}}, t("account.signOut")));
      main.append(await mailSettings());
      main.append(passwordSection());
      main.append(await tokens());
      main.append(yourData());
    }
  } else {
    main.append(h("p", {}, t("account.none")));
  }
  /** @param {string} kind @param {string} legend */
  const form = (kind, legend) => {
    const name = /** @type {HTMLInputElement} */ (h("input", {type: "text", id: `${kind}-name`, autocomplete: "username", required: true, minlength: 2, maxlength: 24}));
    const pw = /** @type {HTMLInputElement} */ (h("input", {type: "password", id: `${kind}-pw`, autocomplete: kind === "signup" ? "new-password" : "current-password", required: true}));
    const err = h("p", {class: "error", role: "alert"});
    const f = h("form", {class: "auth", novalidate: true}, h("h2", {}, legend),
      h("div", {class: "field"}, h("label", {for: `${kind}-name`}, t("account.name")), name),
      h("div", {class: "field"}, h("label", {for: `${kind}-pw`}, t("account.password")), pw),
      kind === "signup" ? h("p", {class: "doc"}, t("account.rules")) : null,
      h("button", {type: "submit", class: "primary"}, legend),
      kind === "login" ? h("p", {}, h("a", {href: "/forgot-password", id: "forgot-link"}, t("account.forgot"))) : null, err);
    f.addEventListener("submit", async e => {
      e.preventDefault();
      err.textContent = "";
      // The server's rules for a new account, said before anything is sent.
      if (kind === "signup") {
        const n = name.value.trim();
        const problem = [...n].length < 2 || [...n].length > 24 ? "error.nameLength"
          : !/^[\p{L}\p{N}._-]+$/u.test(n) ? "error.nameChars"
          : n.toLowerCase().startsWith("guest-") ? "error.nameGuest"
          : pw.value.length < 8 || pw.value.length > 256 ? "error.password" : "";
        if (problem) {
          err.textContent = t(problem);
          (problem === "error.password" ? pw : name).focus();
          return;
        }
      }
      try {
        await api(`/${kind}`, {method: "POST", body: {name: name.value, password: pw.value}});
        toast(t("account.welcome", {name: name.value}));
        remember(name.value);
        location.assign("/account");
      } catch (ex) {
        err.textContent = errorText(ex);
      }
    });
    return f;
  };
  if (!me || me.guest) main.append(h("div", {class: "columns"}, form("login", t("account.signIn")), form("signup", t("account.signUp"))));
  if (me) {
    const list = await api("/games").catch(() => []);
    if (list.length) {
      const ul = h("ul", {class: "game-list"});
      for (const g of list) ul.append(gameRow(g));
      main.append(h("h2", {}, t("home.yourGames")), ul);
    }
  }
}

// tokens is the section of a registered player's API tokens: each with its expiry and a revoke
// button, and a form that makes one (its secret shown once, to copy).
async function tokens() {
  const list = h("ul", {class: "tokens"});
  const draw = async () => {
    const all = await api("/tokens").catch(e => { toast(errorText(e), "error"); return []; });
    list.replaceChildren(...all.map((/** @type {import("../../types/turncoat").Token} */ tok) => h("li", {},
      h("span", {class: "token-name"}, tok.name),
      h("span", {class: "muted"}, tok.expires ? [t(tok.expired ? "tokens.expired" : "tokens.expires"), " ",
        h("time", {datetime: tok.expires}, date(tok.expires))] : t("tokens.noExpiry")),
      h("button", {type: "button", class: "small", on: {click: async () => {
        try {
          await api(`/tokens/${encodeURIComponent(tok.id)}`, {method: "DELETE"});
          toast(t("tokens.revoked", {name: tok.name}));
        } catch (e) {
          toast(errorText(e), "error");
        }
        draw();
      }}}, t("tokens.revoke")))));
    if (!all.length) list.append(h("li", {class: "muted"}, t("tokens.none")));
  };
  const name = h("input", {type: "text", id: "token-name", maxlength: 64, required: true});
  const days = h("select", {id: "token-days"},
    ...[0, 30, 90, 365].map(d => h("option", {value: d}, d ? t("tokens.days", {n: d}) : t("tokens.never"))));
  const secret = h("div", {class: "field token-secret", hidden: true});
  const err = h("p", {class: "error", role: "alert"});
  const form = h("form", {},
    h("div", {class: "field"}, h("label", {for: "token-name"}, t("tokens.name")), name),
    h("div", {class: "field"}, h("label", {for: "token-days"}, t("tokens.expiry")), days),
    h("button", {type: "submit"}, t("tokens.create")), err, secret);
  form.addEventListener("submit", async e => {
    e.preventDefault();
    err.textContent = "";
    try {
      const tok = await api("/tokens", {method: "POST", body: {name: name.value, expiresInDays: +days.value}});
      name.value = "";
      const value = h("input", {type: "text", id: "token-value", readonly: true, value: tok.token});
      secret.replaceChildren(h("label", {for: "token-value"}, t("tokens.copy")), value);
      secret.hidden = false;
      value.select();
      draw();
    } catch (ex) {
      err.textContent = errorText(ex);
    }
  });
  await draw();
  return h("section", {class: "auth api-tokens"}, h("h2", {}, t("tokens.title")), h("p", {class: "doc"}, t("tokens.about")), list, form);
}

// mailSettings is the section of a registered player's address for the notices by mail
// (reminders, your move, tournament rounds, game over), which are written in this page's
// language. An address given waits for its owner to follow the link mailed to it; until then
// the confirmed address, if any, keeps the mails.
async function mailSettings() {
  const set = await api("/me/email").catch(() => ({email: "", pending: ""}));
  const email = /** @type {HTMLInputElement} */ (h("input", {type: "email", id: "mail-address", autocomplete: "email", maxlength: 254, value: set.pending || set.email || ""}));
  const err = h("p", {class: "error", role: "alert"});
  const state = h("div", {class: "mail-state", role: "status"});
  /** @param {{email?: string, pending?: string}} s */
  const show = s => {
    const parts = [];
    if (s.email) parts.push(h("p", {class: "confirmed"}, t("mail.confirmed", {email: s.email})));
    if (s.pending) {
      parts.push(h("p", {class: "pending"}, t("mail.pending", {email: s.pending}), " ",
        h("button", {type: "button", class: "small", id: "mail-resend", on: {click: () => save(s.pending || "")}}, t("mail.resend"))));
    }
    state.replaceChildren(...parts);
  };
  /** @param {string} address */
  const save = async address => {
    err.textContent = "";
    try {
      const s = await api("/me/email", {method: "PUT", body: {email: address, lang: current()}});
      toast(s.pending ? t("mail.sent", {email: s.pending}) : t("mail.saved"));
      show(s);
    } catch (ex) {
      err.textContent = errorText(ex);
    }
  };
  const form = h("form", {},
    h("div", {class: "field"}, h("label", {for: "mail-address"}, t("mail.address")), email),
    h("button", {type: "submit"}, t("mail.save")), err);
  form.addEventListener("submit", e => {
    e.preventDefault();
    save(email.value.trim());
  });
  show(set);
  return h("section", {class: "auth mail-settings"}, h("h2", {}, t("mail.title")), h("p", {class: "doc"}, t("mail.about")), state, form);
}

// passwordSection changes the password (given the current one: the other sessions end) and
// signs out everywhere (every session, this one included, and every API token).
function passwordSection() {
  const old = /** @type {HTMLInputElement} */ (h("input", {type: "password", id: "pw-old", autocomplete: "current-password", required: true}));
  const pw = /** @type {HTMLInputElement} */ (h("input", {type: "password", id: "pw-new", autocomplete: "new-password", required: true, minlength: 8, maxlength: 256}));
  const err = h("p", {class: "error", role: "alert"});
  const form = h("form", {novalidate: true},
    h("div", {class: "field"}, h("label", {for: "pw-old"}, t("password.old")), old),
    h("div", {class: "field"}, h("label", {for: "pw-new"}, t("password.new")), pw),
    h("button", {type: "submit"}, t("password.change")), err);
  form.addEventListener("submit", async e => {
    e.preventDefault();
    err.textContent = "";
    if (pw.value.length < 8 || pw.value.length > 256) {
      err.textContent = t("error.password");
      pw.focus();
      return;
    }
    try {
      await api("/me/password", {method: "POST", body: {old: old.value, password: pw.value}});
      old.value = pw.value = "";
      toast(t("password.changed"));
    } catch (ex) {
      err.textContent = errorText(ex);
    }
  });
  const everywhere = h("button", {type: "button", id: "logout-all", on: {click: async () => {
    try {
      await api("/me/logout-all", {method: "POST", body: {}});
      remember("");
      location.assign("/account");
    } catch (ex) {
      toast(errorText(ex), "error");
    }
  }}}, t("password.logoutAll"));
  return h("section", {class: "auth password"}, h("h2", {}, t("password.title")), form,
    h("p", {class: "doc"}, t("password.logoutAllAbout")), everywhere);
}

// yourData links the download of everything the server keeps of the player, and closes the
// account (asking its password: the games stay, under an anonymous name).
function yourData() {
  const pw = /** @type {HTMLInputElement} */ (h("input", {type: "password", id: "close-pw", autocomplete: "current-password", required: true}));
  const err = h("p", {class: "error", role: "alert"});
  const form = h("form", {class: "close-account", novalidate: true},
    h("p", {class: "doc"}, t("close.about")),
    h("div", {class: "field"}, h("label", {for: "close-pw"}, t("close.password")), pw),
    h("button", {type: "submit", class: "danger"}, t("close.button")), err);
  form.addEventListener("submit", async e => {
    e.preventDefault();
    err.textContent = "";
    if (!pw.value) {
      err.textContent = t("close.needPassword");
      pw.focus();
      return;
    }
    try {
      await api("/me/close", {method: "POST", body: {password: pw.value}});
      remember("");
      toast(t("close.done"));
      location.assign("/");
    } catch (ex) {
      err.textContent = errorText(ex);
    }
  });
  return h("section", {class: "auth your-data"}, h("h2", {}, t("data.title")),
    h("p", {}, h("a", {href: "/api/me/export", download: "turncoat-data.json", id: "export-link"}, t("data.download"))),
    h("details", {}, h("summary", {}, t("close.title")), form));
}
