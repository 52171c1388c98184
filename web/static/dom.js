// Small DOM helpers: build elements and SVG from plain values, announce to screen readers,
// show short notices.

const SVGNS = "http://www.w3.org/2000/svg";

// h builds an HTML element: h("a", {href: "/", class: "x", on: {click: f}}, "text", child...).
export function h(tag, attrs, ...children) {
  return build(document.createElement(tag), attrs, children);
}

// s builds an SVG element the same way.
export function s(tag, attrs, ...children) {
  return build(document.createElementNS(SVGNS, tag), attrs, children);
}

function build(el, attrs, children) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "on") {
      for (const [ev, f] of Object.entries(v)) el.addEventListener(ev, f);
    } else if (k === "text") {
      el.textContent = v;
    } else if (k === "dataset") {
      Object.assign(el.dataset, v);
    } else {
      el.setAttribute(k, v === true ? "" : String(v));
    }
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : String(c));
  }
  return el;
}

// clear empties an element and returns it.
export function clear(el) {
  el.replaceChildren();
  return el;
}

// announce says something to screen readers through the page's live region.
export function announce(text) {
  const el = document.getElementById("announce");
  if (!el) return;
  el.textContent = "";
  // A new text node in a later frame makes the same words be read again.
  requestAnimationFrame(() => { el.textContent = text; });
}

// toast shows a short notice; kind "error" stays longer.
export function toast(text, kind = "info") {
  const box = document.getElementById("toasts");
  if (!box) return;
  const el = h("div", {class: "toast " + kind, role: kind === "error" ? "alert" : null}, text);
  box.append(el);
  setTimeout(() => el.remove(), kind === "error" ? 6000 : 3000);
}

// copyText copies text to the clipboard, falling back to a selected input.
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
export function sleep(ms) {
  return new Promise(r => setTimeout(r, ms));
}
