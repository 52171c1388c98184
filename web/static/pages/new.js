// A new game: every option the game offers, with its default and in words, who plays each side
// (you against the AI at a level, two players on this device, or a person online by invitation
// or open challenge), and the time control.

import {h, toast} from "../dom.js";
import {t, num} from "../i18n.js";
import {kind as kindOf} from "../api.js";
import {navigate, title} from "../router.js";
import * as prefs from "../prefs.js";
import {gameTitle, optionField, optionValue, startGame, errorText} from "./common.js";
import {sideName} from "../i18n.js";
import {readyEngine} from "../engine/client.js";

/** @typedef {import("../../types/turncoat").CreateGame} CreateGame */
/** @typedef {import("../../types/turncoat").Side} Side */

/** @param {string} name @param {string} value @param {string} label @param {boolean} checked @param {string} [hint] */
function radio(name, value, label, checked, hint) {
  const id = `${name}-${value}`;
  return h("div", {class: "radio"},
    h("input", {type: "radio", id, name, value, checked}),
    h("label", {for: id}, label),
    hint ? h("p", {class: "doc"}, hint) : null);
}

/** @param {HTMLElement} main @param {string[]} params @param {URLSearchParams} query */
export async function render(main, [kind], query) {
  const k = await kindOf(kind);
  if (!k) {
    main.append(h("h1", {}, t("notfound.title")));
    return;
  }
  title(t("new.title", {game: gameTitle(kind)}));
  readyEngine(); // fetched while the player chooses: the page's engine then plays the AI
  /** @type {Record<string, string>} */
  const preset = {};
  for (const [name, v] of query) if (name.startsWith("o.")) preset[name.slice(2)] = v;
  const form = h("form", {class: "new-game", novalidate: true});
  const opts = h("fieldset", {}, h("legend", {}, t("new.options")));
  for (const spec of k.options) {
    if (spec.name === "seed" || spec.name === "setup") continue; // for tests and puzzles: the API and the import take them
    opts.append(optionField(kind, spec, preset[spec.name] ?? spec.default));
  }
  const sides = k.sides;
  // The sides' names follow the board's colours: the by-post red and blue of 6x6 Othello.
  const sizeNow = () => {
    const el = /** @type {HTMLSelectElement} */ (opts.querySelector("[name=opt-size]"));
    const spec = k.options.find(o => o.name === "size");
    return el ? el.value : preset.size || (spec ? spec.default : "");
  };
  const theme = () => prefs.boardTheme(kind, {size: sizeNow()});
  /** @param {Side} s */
  const side = s => sideName(kind, sides, s, theme());
  const colours = h("p", {class: "doc colours-note", hidden: true});
  opts.append(colours);
  const level = h("input", {type: "range", id: "level", name: "level", min: k.levels[0], max: k.levels[1], value: prefs.get("level") || 3});
  const levelOut = h("output", {for: "level", id: "level-out"}, num(+level.value));
  level.addEventListener("input", () => { levelOut.textContent = num(+level.value); });
  const sideSel = /** @type {HTMLSelectElement} */ (h("select", {id: "side", name: "side"},
    h("option", {value: "first"}, side("first")),
    h("option", {value: "second"}, side("second")),
    h("option", {value: "random"}, t("new.random"))));
  const rated = h("input", {type: "checkbox", id: "rated", name: "rated"});
  const hints = h("input", {type: "checkbox", id: "hints", name: "hints"});
  const who = h("fieldset", {class: "who"}, h("legend", {}, t("new.who")),
    radio("who", "ai", t("new.modeAI"), true, t("new.modeAIHint")),
    h("div", {class: "sub ai-only"},
      h("label", {for: "level"}, t("new.level")), level, levelOut,
      h("p", {class: "doc"}, t("new.levelHint"))),
    radio("who", "hotseat", t("new.modeHotseat"), false, t("new.modeHotseatHint")),
    radio("who", "online", t("new.modeOnline"), false, t("new.modeOnlineHint")),
    h("div", {class: "sub online-only"},
      radio("invite", "link", t("new.inviteLink"), true),
      radio("invite", "open", t("new.inviteOpen"), false),
      h("div", {class: "field check"}, rated, h("label", {for: "rated"}, t("new.rated")), h("p", {class: "doc"}, t("new.ratedHint"))),
      h("div", {class: "field check hints-field"}, hints, h("label", {for: "hints"}, t("new.hints")), h("p", {class: "doc"}, t("new.hintsHint")))),
    h("div", {class: "field side-field"}, h("label", {for: "side"}, t("new.side")), sideSel));
  const tkind = h("select", {id: "tkind", name: "tkind"},
    h("option", {value: "untimed"}, t("time.untimed")),
    h("option", {value: "fischer"}, t("time.fischer")),
    h("option", {value: "correspondence"}, t("time.correspondence")));
  const minutes = h("input", {type: "number", id: "tbase", min: 1, max: 180, value: 5});
  const inc = h("input", {type: "number", id: "tinc", min: 0, max: 60, value: 3});
  const days = h("select", {id: "tdays"}, [1, 2, 3, 5, 7, 10, 14].map(d => h("option", {value: d, selected: d === 3}, String(d))));
  const incDays = h("input", {type: "number", id: "tincdays", min: 0, max: 14, value: 0, inputmode: "numeric"});
  const time = h("fieldset", {class: "time"}, h("legend", {}, t("new.time")),
    h("div", {class: "field"}, h("label", {for: "tkind"}, t("new.timeKind")), tkind),
    h("div", {class: "field fischer-only"}, h("label", {for: "tbase"}, t("time.minutes")), minutes),
    h("div", {class: "field fischer-only"}, h("label", {for: "tinc"}, t("time.increment")), inc),
    h("div", {class: "field corr-only"}, h("label", {for: "tdays"}, t("time.days")), days),
    h("div", {class: "field corr-only"}, h("label", {for: "tincdays"}, t("time.incrementDays")), incDays,
      h("p", {class: "doc"}, t("time.incrementDaysHint"))));
  const submit = h("button", {type: "submit", class: "primary big"}, t("new.start"));
  const err = h("p", {class: "error", role: "alert"});
  form.append(opts, who, time, h("div", {class: "actions"}, submit, h("a", {href: `/rules/${kind}`, class: "button subtle"}, t("home.rules"))), err);
  main.append(h("h1", {}, t("new.title", {game: gameTitle(kind)})), form);

  // checked is the value of the radio button chosen in a group (each has one chosen from the
  // start).
  /** @param {string} name */
  const checked = name => {
    const el = form.querySelector(`input[name=${name}]:checked`);
    return el instanceof HTMLInputElement ? el.value : "";
  };
  /** @param {string} sel @param {boolean} hidden */
  const hide = (sel, hidden) => {
    for (const el of form.querySelectorAll(sel)) if (el instanceof HTMLElement) el.hidden = hidden;
  };
  const sync = () => {
    const mode = checked("who");
    sideSel.options[0].textContent = side("first");
    sideSel.options[1].textContent = side("second");
    colours.hidden = theme() !== "bypost";
    colours.textContent = t("new.bypostColours", {first: side("first"), second: side("second")});
    hide(".ai-only", mode !== "ai");
    hide(".online-only", mode !== "online");
    hide(".side-field", mode === "hotseat");
    time.hidden = mode === "ai";
    // A rated game has no hints.
    hide(".hints-field", rated.checked);
    hide(".fischer-only", tkind.value !== "fischer");
    hide(".corr-only", tkind.value !== "correspondence");
  };
  form.addEventListener("change", sync);
  sync();

  form.addEventListener("submit", async e => {
    e.preventDefault();
    err.textContent = "";
    /** @type {Record<string, string>} */
    const options = {};
    for (const spec of k.options) {
      const el = form.elements.namedItem("opt-" + spec.name);
      if (el instanceof HTMLInputElement && spec.kind === "bool") options[spec.name] = String(el.checked);
      else if (el instanceof HTMLInputElement || el instanceof HTMLSelectElement) options[spec.name] = el.value.trim();
    }
    const mode = /** @type {CreateGame["mode"]} */ (checked("who"));
    /** @type {Partial<CreateGame>} */
    const body = {kind, options, mode, side: sideSel.value};
    if (mode === "ai") {
      body.level = +level.value;
      prefs.set("level", +level.value);
    }
    if (mode === "online") {
      body.open = checked("invite") === "open";
      if (rated.checked) body.rated = true;
      else if (hints.checked) body.hints = true;
    }
    if (mode !== "ai" && tkind.value === "fischer") body.time = {kind: "fischer", baseMs: +minutes.value * 60000, incrementMs: +inc.value * 1000};
    if (mode !== "ai" && tkind.value === "correspondence") body.correspondence = {days: +days.value, incrementDays: +incDays.value || 0};
    submit.disabled = true;
    try {
      const g = await startGame(body);
      if (g.invite) sessionStorage.setItem("invite:" + g.id, g.invite);
      navigate(`/play/${g.id}`);
    } catch (ex) {
      err.textContent = errorText(ex);
      toast(errorText(ex), "error");
      submit.disabled = false;
    }
  });
}
