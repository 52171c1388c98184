// The shapes of the server's JSON and of the web UI's own modules, for the JSDoc type check
// (tsc --checkJs --noEmit, see web/jsconfig.json). Nothing here is served: the browser runs
// the plain modules of web/static.

export type Side = "first" | "second";

export interface Piece {
  kind?: string;
  colour?: string;
  owner?: Side;
}

export interface Cell {
  coord: string;
  piece?: Piece | null;
}

export interface Grid {
  cols?: number;
  rows?: number;
  cells: Cell[];
  marks?: {coord: string; kind: string}[];
}

export interface Tally {
  name: string;
  side?: Side;
  grid?: number;
  value: number;
}

export interface BoardView {
  grids: Grid[];
  tallies: Tally[];
}

export interface Reveal {
  selection: string;
  nonce: string;
}

export interface MoveView {
  ply: number;
  by: Side[];
  text: string;
  at?: string;
  reveal?: [Reveal, Reveal];
}

export interface ClockView {
  control?: {kind: string; baseMs?: number; incrementMs?: number};
  remainingMs: [number, number];
  running: [boolean, boolean];
}

export interface Outcome {
  over: boolean;
  winner?: Side | null;
  ending?: string;
  reason?: string;
  score?: [number, number];
  scored?: boolean;
}

export interface View {
  game: string;
  options: Record<string, string>;
  sides: [string, string];
  viewer: Side | null;
  version: number;
  ply: number;
  state: string;
  toAct: Side[];
  submitted: [boolean, boolean];
  commitments: [string, string];
  own?: string;
  legal: string[];
  canClaimDraw?: boolean;
  lastMove?: MoveView | null;
  moves: MoveView[];
  /** When set, moves start after this many: the page keeps its first movesFrom moves. */
  movesFrom?: number;
  clock?: ClockView | null;
  drawOffer?: Side | null;
  takeback?: {by: Side; moves: number} | null;
  outcome: Outcome;
  board?: BoardView | null;
}

export interface Seat {
  side?: Side;
  name?: string;
  player?: string;
  ai?: string;
  open: boolean;
  you: boolean;
}

export interface Action {
  move: string;
  from?: string;
  to?: string;
}

export interface Game {
  id: string;
  kind: string;
  mode: "hotseat" | "ai" | "online";
  status: "open" | "active" | "over";
  rated: boolean;
  rematch?: string;
  seats: [Seat, Seat];
  you: Side[];
  invite?: string;
  view: View;
  actions?: Action[];
}

export interface OptionSpec {
  name: string;
  kind: string;
  default: string;
  values?: string[];
  min?: number;
  max?: number;
  doc?: string;
}

export interface KindSpec {
  name: string;
  title: string;
  sides: [string, string];
  options: OptionSpec[];
  records: string[];
  levels: [number, number];
  hints: boolean;
}

export interface Hint {
  move: string;
  value: number;
  unit: string;
  visits?: number;
  pv?: string;
}

export interface Analysis {
  view: View;
  side: Side;
  level?: number;
  moves?: Hint[];
}

export interface GameRating {
  rating: number;
  deviation: number;
  games: number;
  change?: number;
}

export interface ChatSeat {
  muted: boolean;
  spectators: boolean;
}

export interface ChatInfo {
  enabled: boolean;
  read: boolean;
  write: boolean;
  off: boolean;
  opponentOff?: boolean;
  seat?: ChatSeat;
  spectators: boolean;
}

export interface GameInfo {
  hints: boolean;
  engineHelp: boolean;
  betweenPeople: boolean;
  rated: boolean;
  ratings?: [GameRating, GameRating];
  watchers: number;
  chat: ChatInfo;
}

export interface ChatMessage {
  id: number;
  name: string;
  body: string;
  created: string;
}

// What a page gives a board renderer.
export interface BoardCtx {
  t: (key: string, params?: Record<string, any>) => string;
  kind: string;
  label: string;
  hotseat?: boolean;
  sideName: (side: Side | string) => string;
  act: (move: string, side?: Side) => any;
  refuse: (coord: string, why?: string) => void;
  say: (text: string) => void;
  setViewer?: (side: Side | null) => Promise<void> | void;
}

export interface DrawOptions {
  interactive?: boolean;
  actions?: Action[];
}

// A board renderer: the same few functions for every game.
export interface Board {
  draw(view: View, opts?: DrawOptions): void;
  animate(prev: View, next: View, opts?: DrawOptions): Promise<void> | null;
  hints(list: Hint[]): void;
  destroy(): void;
}

// What a game's board module says about the game, besides drawing it.
export interface BoardModule {
  create(host: HTMLElement, ctx: BoardCtx): Board;
  // chip is the small picture of a side beside its player's name.
  chip(side: Side): Element;
  // tally picks the count shown beside a player (discs, castles...).
  tally(view: View, side: Side): Tally | null;
  // tallyWords says the count needs its name beside it ("3 Castles").
  tallyWords?: boolean;
  // prefsShown are the display preferences the board follows.
  prefsShown: string[];
  // notes are words about the position the status line adds (a Castle in check).
  notes?(view: View, side: Side, sideName: (side: Side) => string, t: (key: string, params?: object) => string): string[];
  // passes says a side without a move passes (the page may pass for the player).
  passes?: boolean;
  // evaluation says whether the game's values are in discs, for the evaluation graph.
  evaluation?: boolean;
  // opening names the opening a game has reached ("" when none).
  opening?(view: View): Promise<string>;
  // analysisURL is the analysis board's address for a game's position, where there is one.
  analysisURL?(start: View, moves: string[]): string;
}
