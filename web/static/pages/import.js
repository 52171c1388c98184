// Import a record (an Othello GGF or move list, or any game's own text record) from a file or
// pasted text: it becomes a game of yours to replay, analyse or continue.

import {h, toast} from "../dom.js";
import {t, tOr} from "../i18n.js";
import {api, kinds} from "../api.js";
import {navigate, title} from "../router.js";
import {gameTitle, errorText} from "./common.js";

/** @param {HTMLElement} main */
export async function render(main) {
  title(t("import.title"));
  const all = await kinds();
  const kindSel = h("select", {id: "imp-kind"}, all.map(k => h("option", {value: k.name}, gameTitle(k.name))));
  const formatSel = h("select", {id: "imp-format"});
  const fillFormats = () => {
    const k = all.find(x => x.name === kindSel.value);
    formatSel.replaceChildren(h("option", {value: ""}, t("import.detect")),
      ...(k ? k.records : []).filter(f => f !== "json").map(f => h("option", {value: f}, tOr(`format.${f}`, f))));
  };
  kindSel.addEventListener("change", fillFormats);
  fillFormats();
  const text = h("textarea", {id: "imp-text", rows: 10, spellcheck: "false", placeholder: "f5d6c3d3c4f4f6f3e6e7"});
  const file = h("input", {type: "file", id: "imp-file", accept: ".ggf,.txt,.pgn,.json,text/plain"});
  file.addEventListener("change", async () => {
    const f = file.files && file.files[0];
    if (!f) return;
    text.value = await f.text();
    if (/\.ggf$/i.test(f.name)) formatSel.value = "ggf";
  });
  const err = h("p", {class: "error", role: "alert"});
  const go = h("button", {type: "submit", class: "primary"}, t("import.go"));
  const form = h("form", {class: "import"},
    h("div", {class: "field"}, h("label", {for: "imp-kind"}, t("import.game")), kindSel),
    h("div", {class: "field"}, h("label", {for: "imp-format"}, t("import.format")), formatSel),
    h("div", {class: "field"}, h("label", {for: "imp-file"}, t("import.file")), file),
    h("div", {class: "field wide"}, h("label", {for: "imp-text"}, t("import.text")), text),
    h("div", {class: "actions"}, go), err);
  form.addEventListener("submit", async e => {
    e.preventDefault();
    err.textContent = "";
    go.disabled = true;
    try {
      const g = await api("/import", {method: "POST", body: {kind: kindSel.value, format: formatSel.value, text: text.value}});
      navigate(`/play/${g.id}`);
    } catch (ex) {
      err.textContent = errorText(ex);
      toast(errorText(ex), "error");
      go.disabled = false;
    }
  });
  main.append(h("h1", {}, t("import.title")), h("p", {class: "lead"}, t("import.lead")), form);
}
