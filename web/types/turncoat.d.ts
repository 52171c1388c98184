// The shapes of the web UI's own modules, for the JSDoc type check (tsc --checkJs --noEmit,
// see web/jsconfig.json), and the server's JSON, which api.d.ts holds as generated from the Go
// wire types. Nothing here is served: the browser runs the plain modules of web/static.

import type {Action, Hint, Kind, Side, Tally, View} from "./api";
import type {Toggle} from "../static/prefs.js";

export * from "./api";

// What dom.js's h and s take: attributes ("on" holds listeners, "dataset" data attributes,
// "text" the text; null, undefined and false leave an attribute out) and children.
export type Attrs = {[name: string]: string | number | boolean | null | undefined | Record<string, string> | Record<string, (e: Event) => unknown>};
export type Child = Node | string | number | null | undefined | false | Child[];

// What a page gives a board renderer.
export interface BoardCtx {
  t: (key: string, params?: Record<string, unknown>) => string;
  kind: string;
  // spec is the game as the server describes it (GET /api/kinds), where the page has it.
  spec?: Kind;
  label: string;
  hotseat?: boolean;
  sideName: (side: Side) => string;
  act: (move: string, side?: Side) => unknown;
  refuse: (coord: string, why?: string) => void;
  say: (text: string) => void;
  setViewer?: (side: Side | null) => Promise<void> | void;
}

export interface DrawOptions {
  interactive?: boolean;
  actions?: Action[];
  // focusOwn shows the viewer's own board where a game has several (Turncoat; default true).
  focusOwn?: boolean;
}

// A board renderer: the same few functions for every game.
export interface Board {
  draw(view: View, opts?: DrawOptions): void;
  // animate draws next, showing how it came from prev; it resolves when the motion ends.
  animate(prev: View, next: View, opts?: DrawOptions): Promise<void> | null;
  hints(list: Hint[]): void;
  focus(): void;
  destroy(): void;
  // viewerWanted is the side whose view the page should fetch in hot-seat play (null: any).
  viewerWanted?(): Side | null;
}

// What a game's board module says about the game, besides drawing it.
export interface BoardModule {
  create(host: HTMLElement, ctx: BoardCtx): Board;
  // chip is the small picture of a side beside its player's name (view: the position shown).
  chip(side: Side, view?: View): Element;
  // tally picks the count shown beside a player (discs, castles...).
  tally(view: View, side: Side): Tally | null;
  // tallyWords says the count needs its name beside it ("3 Castles").
  tallyWords?: boolean;
  // prefsShown are the display preferences the board follows.
  prefsShown: Toggle[];
  // notes are words about the position the status line adds (a Castle in check).
  notes?(view: View, side: Side, sideName: (side: Side) => string, t: (key: string, params?: Record<string, unknown>) => string): string[];
  // passes says a side without a move passes (the page may pass for the player).
  passes?: boolean;
  // evaluation says whether the game's values are in discs, for the evaluation graph.
  evaluation?: boolean;
  // opening names the opening a game has reached ("" when none).
  opening?(view: View): Promise<string>;
  // analysisURL is the analysis board's address for a game's position, where there is one.
  analysisURL?(start: View, moves: string[]): string;
}
