// The state of a game's page, shared by the modules that draw its parts: the game as the server
// last sent it, the position shown (the live one, or an earlier one while replaying), what the
// page knows besides (the game's settings and ratings, who follows it), and the questions every
// part asks of it (whose move, may this page act, what is a side called).

import {sideName as sideNameOf} from "../i18n.js";
import * as prefs from "../prefs.js";

/** @typedef {import("../../types/turncoat").Game} Game */
/** @typedef {import("../../types/turncoat").View} View */
/** @typedef {import("../../types/turncoat").Side} Side */
/** @typedef {import("../../types/turncoat").Kind} Kind */
/** @typedef {import("../../types/turncoat").BoardModule} BoardModule */
/** @typedef {import("../../types/turncoat").Board} Board */
/** @typedef {import("../../types/turncoat").GameInfo} GameInfo */
/** @typedef {import("../../types/turncoat").Hint} Hint */

export class GamePage {
  /**
   * @param {string} id
   * @param {Game} game
   * @param {Kind} spec
   * @param {BoardModule} mod
   */
  constructor(id, game, spec, mod) {
    this.id = id;
    this.kind = game.kind;
    /** @type {Game} the game as the server last sent it */
    this.game = game;
    this.spec = spec;
    this.mod = mod;
    /** @type {Board | null} */
    this.board_ = null;
    /** @type {{ply: number, view: View} | null} an earlier position shown instead of the live one */
    this.replay = null;
    /** @type {Side | null} whose view a hot-seat page shows at a simultaneous node */
    this.asSide = null;
    /** when the clocks of the game's view were read (performance.now()) */
    this.clockAt = performance.now();
    /** @type {GameInfo | null} */
    this.info = null;
    /** @type {[boolean, boolean] | null} which seats have a player following the game */
    this.presence = null;
    this.watchers = 0;
    /** @type {Hint[] | null} the hints written on the board */
    this.lastHints = null;
    /** @type {Map<number, string> | null} the review's class of each marked move, by ply */
    this.marks = null;
    /** @type {((ply: number) => void) | null} shows a reviewed move's better move (set by the review) */
    this.reviewPick = null;
    this.stopped = false;
    /** while the board still plays out the move that ended the game, the page keeps its result */
    this.holdResult = false;
    /** @type {() => void} redraws the panel (set by the page) */
    this.update = () => {};
  }

  get view() {
    return this.game.view;
  }

  // board is the game's board, which the page creates as it starts.
  /** @returns {Board} */
  get board() {
    if (!this.board_) throw new Error("the game's board is not made yet");
    return this.board_;
  }

  /** @param {Board} b */
  set board(b) {
    this.board_ = b;
  }

  theme() {
    return prefs.boardTheme(this.kind, this.view.options);
  }

  /** @param {Side | null} side */
  sideName(side) {
    return sideNameOf(this.kind, this.view.sides, side, this.theme());
  }

  /** @returns {Side[]} the sides this page's player holds */
  mine() {
    return (this.game.you || []).filter(isSide);
  }

  hotseat() {
    return this.game.mode === "hotseat";
  }

  online() {
    return this.game.mode === "online";
  }

  // simultaneous tells whether both sides act at once (a Turncoat round).
  simultaneous() {
    return this.view.toAct.length === 2;
  }

  /** @param {Side} side */
  seat(side) {
    return this.game.seats[side === "second" ? 1 : 0];
  }

  /** @param {Side} side */
  isAI(side) {
    return !!this.seat(side).ai;
  }

  playing() {
    return this.game.status === "active" && !this.view.outcome.over;
  }

  // canAct tells whether the player of this page may move on the board now.
  canAct() {
    const v = this.view;
    if (!this.playing() || this.replay) return false;
    if (this.hotseat()) return v.toAct.length > 0;
    return v.legal.length > 0 && this.mine().some(s => v.toAct.includes(s));
  }

  /** @returns {Side | undefined} the side this page acts for now */
  mySide() {
    const v = this.view;
    if (this.hotseat()) return v.toAct.length === 1 ? v.toAct[0] : this.asSide || "first";
    return this.mine()[0];
  }

  /** @returns {Side | undefined} the page's side that must act now */
  actingSide() {
    const v = this.view;
    if (this.hotseat()) return v.toAct.length === 1 ? v.toAct[0] : this.asSide || undefined;
    return this.mine().find(s => v.toAct.includes(s));
  }

  // engineHelp tells whether the engine may help now: hints, the evaluation, the analysis board
  // (never in a game between people while it runs, unless it was created with hints for both).
  engineHelp() {
    return this.info ? this.info.engineHelp : !this.online() && !this.game.rated;
  }
}

/** @param {string} s @returns {s is Side} */
function isSide(s) {
  return s === "first" || s === "second";
}

// moveLabel writes a move as the move list shows it: a Turncoat round as both selections.
/** @param {import("../../types/turncoat").MoveView} m */
export function moveLabel(m) {
  return m.reveal ? `${m.reveal[0].selection} ${m.reveal[1].selection}` : m.text;
}
