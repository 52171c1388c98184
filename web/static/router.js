// Navigation within the single page. The router (app.js) registers itself here, so that pages
// can change the page without importing app.js, whose start waits for the first page.

/** @type {() => void} */
let route = () => {};

// setRouter installs the function that draws the page of the current URL.
/** @param {() => void} f */
export function setRouter(f) {
  route = f;
}

// navigate goes to a page of the app (pushing it on the history unless replace).
/** @param {string} path @param {{replace?: boolean}} [opts] */
export function navigate(path, {replace = false} = {}) {
  if (replace) history.replaceState(null, "", path);
  else history.pushState(null, "", path);
  route();
}

// title sets the document's title for a page.
/** @param {string} text */
export function title(text) {
  document.title = text ? `${text} · Turncoat` : "Turncoat";
}
