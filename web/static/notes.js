// A notification in the reader's words: the server stores its English sentence and what it is
// about (the kind, the game and, for the reader, the opponent); the page says it in its own
// language, with its times in the reader's local time.

import {t, date, current, tOr} from "./i18n.js";

// UTC reads a time as the server writes it in a message ("2026-03-02 15:04 UTC").
/** @param {string} text */
function utc(text) {
  const m = text.match(/(\d{4}-\d\d-\d\d) (\d\d:\d\d) UTC/);
  return m ? date(`${m[1]}T${m[2]}:00Z`) : "";
}

// noteWords says a notification.
/** @param {import("../types/turncoat").Notification} n */
export function noteWords(n) {
  const about = n.about || {kind: "", opponent: ""};
  const game = about.kind ? tOr(`game.${about.kind}.title`, about.kind) : "";
  const opponent = about.opponent === "AI" ? t("seat.ai") : about.opponent || t("notes.someone");
  const msg = n.message || "";
  const when = utc(msg);
  switch (n.kind) {
    case "your_move":
      if (game) return when ? t("notes.yourMoveBy", {game, opponent, when}) : t("notes.yourMove", {game, opponent});
      break;
    case "reminder":
      if (game && when) return t("notes.reminder", {game, opponent, when});
      break;
    case "game_over":
      if (game) return t("notes.gameOver", {game, opponent});
      break;
    case "event_game": {
      const m = msg.match(/^Event (\S+), round (\d+): you play (First|Second) against (.+) \(game/);
      if (m && game) return t("notes.eventGame", {round: m[2], game, opponent: m[4]});
      break;
    }
    case "warning": {
      const m = msg.match(/^A moderator warns you: ([\s\S]*)$/);
      if (m) return t("notes.warning", {reason: m[1]});
      break;
    }
    case "tournament_round": {
      const m = msg.match(/^(.*): Round (\d+)\b.*Post your move for Board #(\d+) by/);
      if (m) return t("notes.round", {title: m[1], round: m[2], board: m[3], when});
      break;
    }
  }
  return current() === "en" ? msg : t("notes.generic");
}
