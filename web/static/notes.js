// A notification in the reader's words: the server says it in the language the page asked for
// (its message, and lang, the language the message is in); a notice stored before the server
// said notices in their reader's language is in English, which the page shows on an English
// page and words generically on another.

import {t, current} from "./i18n.js";

// noteWords says a notification.
/** @param {import("../types/turncoat").Notification} n */
export function noteWords(n) {
  const msg = n.message || "";
  if (n.lang === current() || current() === "en") return msg;
  return t("notes.generic");
}
