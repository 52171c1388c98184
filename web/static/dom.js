// Small DOM helpers: build elements and SVG from plain values, announce to screen readers,
// show short notices.

const SVGNS = "http://www.w3.org/2000/svg";

/** @typedef {import("../types/turncoat").Attrs} Attrs */
/** @typedef {import("../types/turncoat").Child} Child */

// h builds an HTML element: h("a", {href: "/", class: "x", on: {click: f}}, "text", child...).
/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag @param {Attrs | null} [attrs] @param {...Child} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs, ...children) {
  return build(document.createElement(tag), attrs, children);
}

// s builds an SVG element the same way.
/**
 * @template {keyof SVGElementTagNameMap} K
 * @param {K} tag @param {Attrs | null} [attrs] @param {...Child} children
 * @returns {SVGElementTagNameMap[K]}
 */
export function s(tag, attrs, ...children) {
  return build(document.createElementNS(SVGNS, tag), attrs, children);
}

// listeners keeps the handlers build gave each element, so that morph can swap them.
/** @type {WeakMap<Element, Record<string, (e: Event) => unknown>>} */
const listeners = new WeakMap();

/** @template {HTMLElement | SVGElement} E @param {E} el @param {Attrs | null | undefined} attrs @param {Child[]} children @returns {E} */
function build(el, attrs, children) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "on") {
      const on = /** @type {Record<string, (e: Event) => unknown>} */ (v);
      for (const [ev, f] of Object.entries(on)) el.addEventListener(ev, f);
      listeners.set(el, on);
    } else if (k === "text") {
      el.textContent = String(v);
    } else if (k === "dataset") {
      Object.assign(el.dataset, v);
    } else {
      el.setAttribute(k, v === true ? "" : String(v));
    }
  }
  children.forEach(c => add(el, c));
  return el;
}

/** @param {Element} el @param {Child} c */
function add(el, c) {
  if (Array.isArray(c)) c.forEach(x => add(el, x));
  else if (c !== null && c !== undefined && c !== false) el.append(c instanceof Node ? c : String(c));
}

// byId returns the page's element with that id, which index.html always has.
/** @param {string} id @returns {HTMLElement} */
export function byId(id) {
  const el = document.getElementById(id);
  if (!el) throw new Error(`the page has no #${id}`);
  return el;
}

// clear empties an element and returns it.
/** @template {Element} E @param {E} el @returns {E} */
export function clear(el) {
  el.replaceChildren();
  return el;
}

// morph makes host's children those given (built by h), keeping the elements already there
// that have the same tag and id, or the same tag and place when they have no id: their
// attributes, texts, handlers and children are brought up to date in place. A page redrawn
// this way on every update keeps its buttons, so a press and release that straddle an update
// still make a click, and the focus stays where it was.
/** @param {Element} host @param {Child[]} children */
export function morph(host, ...children) {
  /** @type {Node[]} */
  const want = [];
  const collect = (/** @type {Child} */ c) => {
    if (Array.isArray(c)) c.forEach(collect);
    else if (c !== null && c !== undefined && c !== false) want.push(c instanceof Node ? c : document.createTextNode(String(c)));
  };
  children.forEach(collect);
  want.forEach((n, i) => {
    const at = host.childNodes[i] || null;
    const keep = n instanceof Element && n.id ? host.querySelector(`:scope > #${CSS.escape(n.id)}`) : at;
    if (keep && sameKind(keep, n)) {
      if (keep !== at) host.insertBefore(keep, at);
      update(keep, n);
    } else {
      host.insertBefore(n, at);
    }
  });
  while (host.childNodes.length > want.length) host.lastChild?.remove();
}

/** @param {Node} a @param {Node} b */
function sameKind(a, b) {
  if (a.nodeType !== b.nodeType || a.nodeName !== b.nodeName) return false;
  return !(a instanceof Element) || a.id === /** @type {Element} */ (b).id;
}

// update brings the node cur (of the same kind) to what n is.
/** @param {Node} cur @param {Node} n */
function update(cur, n) {
  if (!(cur instanceof Element) || !(n instanceof Element)) {
    if (cur.nodeValue !== n.nodeValue) cur.nodeValue = n.nodeValue;
    return;
  }
  for (const a of [...cur.attributes]) if (!n.hasAttribute(a.name)) cur.removeAttribute(a.name);
  for (const a of n.attributes) if (cur.getAttribute(a.name) !== a.value) cur.setAttribute(a.name, a.value);
  if (cur instanceof HTMLInputElement && n instanceof HTMLInputElement) {
    if (cur.value !== n.value && document.activeElement !== cur) cur.value = n.value;
    if (cur.checked !== n.checked) cur.checked = n.checked;
  }
  const was = listeners.get(cur), now = listeners.get(n);
  if (was) for (const [ev, f] of Object.entries(was)) cur.removeEventListener(ev, f);
  if (now) for (const [ev, f] of Object.entries(now)) cur.addEventListener(ev, f);
  if (now) listeners.set(cur, now);
  else listeners.delete(cur);
  morph(cur, ...n.childNodes);
}

// announce says something to screen readers through the page's live region.
/** @param {string} text */
export function announce(text) {
  const el = document.getElementById("announce");
  if (!el) return;
  el.textContent = "";
  // A new text node in a later frame makes the same words be read again.
  requestAnimationFrame(() => { el.textContent = text; });
}

// toast shows a short notice; kind "error" stays longer; a click or tap dismisses it. Toasts
// never cover a board: they show at the bottom of the screen, or at its top when a board on
// screen reaches further down than up.
/** @param {string} text @param {string} [kind] */
export function toast(text, kind = "info") {
  const box = document.getElementById("toasts");
  if (!box) return;
  const el = h("div", {class: "toast " + kind, role: kind === "error" ? "alert" : null}, text);
  el.addEventListener("click", () => el.remove());
  if (!box.children.length) box.classList.toggle("top", boardsReachDown());
  box.append(el);
  setTimeout(() => el.remove(), kind === "error" ? 6000 : 3000);
}

// boardsReachDown tells whether the boards on screen leave less room below them than above.
function boardsReachDown() {
  let top = innerHeight, bottom = 0;
  for (const b of document.querySelectorAll("svg.board")) {
    const r = b.getBoundingClientRect();
    if (r.bottom <= 0 || r.top >= innerHeight || !r.width) continue;
    top = Math.min(top, r.top);
    bottom = Math.max(bottom, r.bottom);
  }
  return bottom > 0 && innerHeight - bottom < top;
}

// ask shows a modal question with two buttons and resolves true when the person chose yes;
// no, Escape, or leaving the page (the browser's Back) resolves false. No has the focus, so a
// key pressed in haste does not say yes.
/** @param {string} text @param {string} yes @param {string} no @param {{id?: string, danger?: boolean}} [opts] @returns {Promise<boolean>} */
export function ask(text, yes, no, {id = "ask", danger = false} = {}) {
  const say = h("p", {id: id + "-text", class: "ask-text"}, text);
  const form = h("form", {method: "dialog", class: "ask-form"}, say,
    h("div", {class: "copy-row"},
      h("button", {type: "submit", value: "yes", id: id + "-yes", class: danger ? "danger" : "primary"}, yes),
      h("button", {type: "submit", value: "no", id: id + "-no", class: "secondary", autofocus: true}, no)));
  const dialog = h("dialog", {class: "ask-dialog", id, role: "alertdialog", "aria-describedby": say.id}, form);
  document.body.append(dialog);
  const leave = () => dialog.close();
  return new Promise(resolve => {
    dialog.addEventListener("close", () => {
      removeEventListener("popstate", leave);
      dialog.remove();
      resolve(dialog.returnValue === "yes");
    });
    addEventListener("popstate", leave);
    dialog.showModal();
  });
}

// copyText copies text to the clipboard, falling back to a selected input.
/** @param {string} text @param {HTMLInputElement} [input] */
export async function copyText(text, input) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (input) {
      input.select();
      return document.execCommand && document.execCommand("copy");
    }
    return false;
  }
}

// reducedMotion tells whether the user asked for less motion.
export function reducedMotion() {
  return matchMedia("(prefers-reduced-motion: reduce)").matches;
}

// sleep waits ms milliseconds (an animation step).
/** @param {number} ms */
export function sleep(ms) {
  return new Promise(r => setTimeout(r, ms));
}
