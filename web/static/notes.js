// A notification in the reader's words: the server says it in the language the page asked for
// (its message, and lang, the language the message is in); a notice stored before the server
// said notices in their reader's language is in English, which the page shows on an English
// page and words generically on another.

import {t, current, date} from "./i18n.js";

// UTC_TIME is a time as the server writes it in a message ("2026-03-02 15:04 UTC"): the page
// shows it in the reader's own time zone and language.
const UTC_TIME = /(\d{4}-\d\d-\d\d) (\d\d:\d\d) UTC/g;

// noteWords says a notification.
/** @param {import("../types/turncoat").Notification} n */
export function noteWords(n) {
  const msg = n.message || "";
  if (n.lang === current() || current() === "en") return msg.replace(UTC_TIME, (_, d, hm) => date(`${d}T${hm}:00Z`));
  return t("notes.generic");
}
