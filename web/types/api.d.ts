// The JSON API's types, generated from the Go package api (and the types its fields use) by
// web/apitypes_test.go: do not edit. After a change to those types:
//
//	go test ./web -run TestAPITypes -update
//
// Optional fields are those the server leaves out when empty (omitempty, omitzero); a pointer it
// always writes is "| null". A list is typed as a list: the server writes its lists as lists.

/** A side of a game: the first to move ("Black", "Red", "White" in Turnover) or the second. */
export type Side = "first" | "second";

/**
 * Action describes a legal move of a game whose pieces go from one square to another, so a
 * client can highlight a picked piece's destinations without knowing the game's notation.
 */
export interface Action {
  /** Move is the move in the game's notation (what the client sends back). */
  move: string;
  /**
   * From and To are the origin and target squares (empty for a move without squares, like a
   * claim).
   */
  from?: string;
  to?: string;
  /**
   * Class is what the move does on its target: "move", "combine", "turnover", "capture",
   * "claim".
   */
  class: string;
  /**
   * Result is the kind of the piece on the target after the move ("queen" after a
   * promotion), as the board view names kinds.
   */
  result?: string;
}

/**
 * Analysis is the answer to an analysis: the position's view for the side, and with a level
 * the engine's values of its moves.
 */
export interface Analysis {
  view: View;
  side: Side | null;
  actions?: Action[];
  level?: number;
  moves?: Hint[];
}

/**
 * Analyze is the body of POST /api/analyze: a position of any game, given as a start and
 * moves from it, and how hard the engine should look at it.
 */
export interface Analyze {
  kind: string;
  options: Record<string, string>;
  /**
   * State is the starting position: the game's own position notation (an OBF-like board for
   * Reversi) or a canonical encoding (a view's "state"); empty for the start under Options.
   */
  state: string;
  /** Moves are played from the starting position, in the game's notation. */
  moves: string[];
  /**
   * Level is the engine's strength, 1 to 10; 0 only replays the position (a replay of a
   * game's earlier position, a variation on the analysis board).
   */
  level: number;
  /** Side is whose moves to value at a simultaneous node ("first" or "second"; default first). */
  side: string;
}

/** BoardStatus says where a board stands. */
export type BoardStatus = "waiting" | "playing" | "finished";

/**
 * A Board is a position drawn as grids of cells, so that a client (the web UI, a bot) can draw
 * any game without parsing its encoding. Games provide it through [BoardViewer]. Everything in
 * it is public: both sides and spectators may see it (a simultaneous node's pending selections
 * are never part of it).
 */
export interface BoardView {
  /** Grids are the game's boards: one for most games, Red's and Yellow's for Turncoat. */
  grids: Grid[];
  /**
   * Tallies are counts a player reads beside the board: discs per side, black pieces per
   * Turncoat board, pieces in hand.
   */
  tallies?: Tally[];
}

/** BookMove is a move of the opening explorer. */
export interface BookMove {
  move: string;
  /** Value is the move's value for the side to move, in discs (null while unknown). */
  value: number | null;
  games: number;
  /** Leaf marks the best move outside the book, valued by the engine. */
  leaf?: boolean;
  /** Opening names the opening the move reaches, when it reaches a named one. */
  opening?: string;
}

/** BookPosition is what the opening book knows of a position (GET /api/book). */
export interface BookPosition {
  toMove: string;
  inBook: boolean;
  /** Games is the number of the book's games through the position (in the book only). */
  games?: number;
  /** Value is the position's value for the side to move, in discs, when known. */
  value?: number;
  moves: BookMove[];
  /** Opening names the line's opening, reached at OpeningPly. */
  opening: string;
  openingPly: number;
  book: BookStats;
}

/** BookStats is the size of the opening book. */
export interface BookStats {
  positions: number;
  games: number;
  plies: number;
  depth: number;
}

/** A Cell is one square of a grid. */
export interface Cell {
  /** Coord is the square's name in the game's notation ("d3"). */
  coord: string;
  /**
   * Hole marks a square that is not part of the board (a Turncoat blank): nothing can stand
   * on it.
   */
  hole?: boolean;
  /** Piece is what stands on the square; nil when it is empty. */
  piece?: Piece;
}

/** ChatInfo is the chat as the caller may use it in one game. */
export interface ChatInfo {
  /** Enabled tells whether the game has a chat (a game between people). */
  enabled: boolean;
  /** Read and Write tell whether the caller may read and write it now. */
  read: boolean;
  write: boolean;
  /** Off is the caller's own setting: the chat switched off in every game. */
  off: boolean;
  /** OpponentOff tells a player that the opponent switched the chat off. */
  opponentOff?: boolean;
  /** Seat is a player's settings in this game. */
  seat?: ChatSeat;
  /** Spectators tells whether both players let the spectators read. */
  spectators: boolean;
}

/** ChatMessage is a message of a game's chat. */
export interface ChatMessage {
  id: number;
  name: string;
  body: string;
  created: string;
  /** Hidden tells that a moderator hid the message: it comes without its text. */
  hidden?: boolean;
}

/** ChatOff is the body and answer of PUT /api/me/chat: the chat switched off in every game. */
export interface ChatOff {
  off: boolean;
}

/** ChatSeat is a player's chat settings in one game. */
export interface ChatSeat {
  /** Muted hides the opponent's messages from the player. */
  muted: boolean;
  /** Spectators lets the game's spectators read the chat (when both players let them). */
  spectators: boolean;
}

/** ChatText is the body of POST /api/games/{id}/chat. */
export interface ChatText {
  text: string;
}

/** ClientMessage is a client-to-server WebSocket message. */
export interface ClientMessage {
  type: string;
  /** ID is echoed in the reply to a command. */
  id: string;
  game: string;
  /**
   * After asks for the events after this version (a reconnecting client's last version);
   * absent, only new events come.
   */
  after: number | null;
  /** Views asks for the fresh view with every batch of events. */
  views: boolean;
  command: string;
  side: string;
  move: string;
  ply: number | null;
  moves: number;
  accept: boolean;
  /**
   * AI marks a move as the AI seat's, computed by the engine in the browser of the game's
   * player (a game created with CreateGame.BrowserAI); it must name the ply it was computed
   * at.
   */
  ai?: boolean;
}

/** ClockView is the clocks at a moment, for clients. */
export interface ClockView {
  control: TimeControl;
  /** RemainingMs is each side's time left in milliseconds. */
  remainingMs: [number, number];
  /** Running tells whose clock runs. */
  running: [boolean, boolean];
  /**
   * FirstMoveMs is, in a Fischer game before both sides have made their first move (no clock
   * runs yet), the time left to the side to move to make its first move before the game is
   * aborted.
   */
  firstMoveMs?: number;
}

/**
 * Code says what kind of failure an Error is. Codes are stable: clients read them. Each has one
 * meaning, so an adapter maps each to one status of its protocol.
 */
export type Code = "bad_request" | "bad_json" | "too_large" | "bad_option" | "unknown_kind" | "bad_record" | "not_found" | "illegal_move" | "bad_notation" | "not_your_turn" | "game_over" | "stale_ply" | "conflict" | "not_allowed" | "unauthorized" | "forbidden" | "rate_limited" | "busy" | "bad_login" | "name_taken" | "unavailable" | "internal" | "token_expired" | "session_expired" | "session_ended" | "token_revoked" | "too_many_tokens" | "too_many_sockets" | "too_many_subscriptions" | "login_backoff" | "weak_password" | "account_closed" | "account_suspended" | "link_invalid" | "bad_post" | "pass_refused" | "not_your_board" | "not_your_round" | "second_post" | "round_closed" | "no_post" | "wrong_phase" | "chat_empty" | "chat_too_long" | "chat_off";

/** Command is the body of the command endpoints (every field optional but "move"). */
export interface Command {
  side: string;
  move: string;
  ply: number | null;
  moves: number;
  accept: boolean;
  /**
   * AI marks a move as the AI seat's, computed by the engine in the browser of the game's
   * player (a game created with CreateGame.BrowserAI); it must name the ply it was computed
   * at.
   */
  ai?: boolean;
}

/**
 * Config is how a play-by-post tournament is run. The zero value of a field means its default;
 * Normalize fills them in.
 */
export interface Config {
  /**
   * Title names the tournament in its texts ("6x6 Reversi, March"); by default the game's
   * variant title (game.Info.VariantTitle: "6x6 Reversi").
   */
  title: string;
  /**
   * Game and Options are the game played on every board and its options
   * ("name=value,..."): by default 6x6 Reversi. The game must say it can be played by post
   * (game.Info.Tournament).
   */
  game: string;
  options: string;
  /**
   * Sides name the colours in the tournament's texts, First's (who moves first) then
   * Second's: by default Red and Blue for Reversi (the by-post discs), the game's own side
   * names otherwise.
   */
  sides: [string, string];
  /**
   * RoundLength is how long a round stays open (default 24 hours); Window how long
   * subscription stays open from the tournament's creation (default 24 hours).
   */
  roundLength: number;
  window: number;
  /** Reward is what each board's winner receives (a draw shares it), in Currency. */
  reward: number;
  currency: string;
  /** NoReward makes a tournament without rewards (a zero Reward means the default). */
  noReward?: boolean;
  /** OddPlayer is what happens to an odd player out (default OddWaits). */
  oddPlayer: OddPlayer;
  /** Missed is what a missed round does (default MissCounts). */
  missed: MissRule;
  /**
   * ReplaceAfter is how many consecutive missed rounds let the host replace a player
   * (default 2, as the source says).
   */
  replaceAfter: number;
}

/**
 * Correspondence is a correspondence time control as the API takes it: days per move and an
 * optional increment in days.
 */
export interface Correspondence {
  days: number;
  incrementDays: number;
}

/** CreateEvent is the body of POST /api/events. */
export interface CreateEvent {
  format: string;
  kind: string;
  options: Record<string, string>;
  time: TimeControl;
  correspondence: Correspondence | null;
  rated: boolean;
  rounds: number;
}

/** CreateGame is the body of POST /api/games. */
export interface CreateGame {
  kind: string;
  options: Record<string, string>;
  /**
   * Mode is "hotseat" (you hold both seats), "ai" (you against the AI) or "online" (you
   * against a person who joins by invitation or from the lobby).
   */
  mode: Mode;
  /** Side is the side you play ("first", "second", or "random"); hot-seat games ignore it. */
  side: string;
  /** Level (1-10) or Engine (a vetted engine spec) set the AI of an "ai" game. */
  level: number;
  engine: string;
  /**
   * Open puts an online game in the lobby for anyone to accept; otherwise only the
   * invitation link lets someone join.
   */
  open: boolean;
  time: TimeControl;
  rated: boolean;
  /** Correspondence sets a correspondence time control in days (instead of Time). */
  correspondence: Correspondence | null;
  /** Hints gives both players of an online game the engine's help while it runs. */
  hints: boolean;
  /**
   * Position, when set, is the position the game starts from, in the game's position
   * notation or a view's "state" (a review's "practise from here"): hot-seat games and games
   * against the AI only.
   */
  position?: string;
  /**
   * BrowserAI (a game against the AI at a level) lets the page's own engine play the AI's
   * moves: the player's page sends them (POST /api/games/{id}/move with "ai": true), and
   * the server's AI moves for the seat only when none comes within a few seconds.
   */
  browserAI?: boolean;
}

/** CreateToken is the body of POST /api/tokens. */
export interface CreateToken {
  name: string;
  expiresInDays: number;
}

/**
 * CreateTournament is the body of POST /api/tournaments: tournament.Config with durations as
 * text ("24h", "90m") and the options as text.
 */
export interface CreateTournament {
  title: string;
  game: string;
  options: string;
  sides: [string, string];
  roundLength: string;
  window: string;
  reward: number | null;
  currency: string;
  noReward: boolean;
  oddPlayer: string;
  missed: string;
  replaceAfter: number;
}

/** Credentials is the body of POST /api/signup and POST /api/login. */
export interface Credentials {
  name: string;
  password: string;
}

/**
 * Drill is one step of a drill (POST /api/trainer/drill): the line drilled, the colour the
 * player plays, the moves played so far (the player's and the book's replies, as the previous
 * step returned them), and the seed that picks the book's replies. The server keeps nothing
 * of a drill but its result in the account's schedule: each step sends the whole drill.
 */
export interface Drill {
  /** Line is the line drilled (a move list from the start; "" drills from the start). */
  line: string;
  /** Color is the player's: "black" or "white". */
  color: string;
  /** Moves are the drill's moves so far, from the start (the line's first moves included). */
  moves: string;
  /**
   * Seed picks the book's replies among its moves, weighted by how often they were played:
   * the same seed and moves give the same reply.
   */
  seed: number;
  /** Plies ends the drill after that many moves from the start (0: at the book's depth). */
  plies?: number;
}

/**
 * DrillStep is the answer to a drill's step: the moves with the book's reply added, the
 * check of every move of the player's, and whether the drill is over.
 */
export interface DrillStep {
  /** Moves are the drill's moves, the book's reply (if any) last. */
  moves: string[];
  /** Reply is the book's reply played this step ("" when none). */
  reply?: string;
  /** Checks are the player's moves judged, in order; the last is the move just played. */
  checks: MoveCheck[];
  /** ToMove is the colour to move next ("" when the drill is over). */
  toMove?: string;
  /**
   * Done tells that the drill is over; End says why: "left" (the player's move left the
   * book), "book" (the book has no more moves along this line), "plies" (the drill's or
   * the book's depth is reached).
   */
  done: boolean;
  end?: string;
  /** Right tells, when done, whether every move of the player's was right. */
  right: boolean;
  /** Ply is the number of moves played; Plies where the drill ends at the latest. */
  ply: number;
  plies: number;
  /** Opening names the opening the moves have reached ("" before any named one). */
  opening: string;
  /** Seed is the drill's seed, to send back with the next step. */
  seed: number;
  /**
   * Schedule is the line's place in the account's schedule once the drill is over (signed-in
   * accounts only).
   */
  schedule?: TrainerDueLine;
}

/** An Edge is a side of a grid's frame ("top", "bottom", "left", "right") and who owns it. */
export interface Edge {
  side: string;
  owner: Side | null;
}

/** Email is the body and answer of PUT /api/me/email. */
export interface Email {
  email: string;
}

/** Ending is what ended a game. Its wire form is its name ("rules", "resignation", ...). */
export type Ending = "none" | "rules" | "resignation" | "agreement" | "time" | "abort" | "adjudication" | "claim" | "abandoned";

/** Error is an error as the API writes it: {"error": {"code", "message", "view"}}. */
export interface Error {
  code: Code;
  message: string;
  /** View is the fresh state sent with a conflict, so the client catches up at once. */
  view?: Game;
}

/** ErrorBody is the body of an error answer. */
export interface ErrorBody {
  error: Error;
}

/**
 * EventPairing is one board of a paired event's round: Players[0] plays First. A bye has no
 * second player and no game.
 */
export interface EventPairing {
  board: number;
  players: [string, string];
  game?: string;
  result?: GameResult;
  /** Ending is how the game ended (game.Outcome.Ending). */
  ending?: string;
  /** Advanced is who went through a knockout match (the higher seed on a draw). */
  advanced?: string;
}

/** EventRound is one round of a paired event. */
export interface EventRound {
  number: number;
  pairings: EventPairing[];
}

/**
 * Game is a game as the caller sees it: the game's row and the table's view for the caller's
 * side.
 */
export interface Game {
  id: string;
  kind: string;
  mode: Mode;
  status: Status;
  rated: boolean;
  created: string;
  rematchOf?: string;
  rematch?: string;
  seats: [Seat, Seat];
  you: string[];
  invite?: string;
  view: View;
  /**
   * Actions describe the viewer's legal moves square by square, in games whose moves take a
   * piece from one square to another (Turnover).
   */
  actions?: Action[];
}

/** GameAnalysis is the body of POST /api/games/{id}/analysis. */
export interface GameAnalysis {
  /** Ply is the position's number: 0 the start, n after the game's n-th move. */
  ply: number;
  /** Level is the engine's strength (1-10), or 0 for the position alone. */
  level: number;
}

/**
 * Event is one change at a table, as the table's commands return them. Version is the table's
 * version after the event and Ply the number of moves played then, so a client that missed
 * events knows from which version to ask again and never applies one twice.
 *
 * A selection event's selection is secret: it is not part of the event's exported fields (so it
 * can never be marshalled by mistake) and For puts it back only in its owner's copy.
 */
export interface GameEvent {
  version: number;
  kind: GameEventKind;
  /**
   * Player is the side that acted (NoPlayer for a simultaneous round, a takeback or an
   * adjudication).
   */
  player: Side | null;
  ply: number;
  at: string;
  /** Move is the move in notation (EventMove). */
  move?: string;
  /** Reveal holds both selections of a simultaneous round and their nonces (EventMove). */
  reveal?: [Reveal, Reveal];
  /** Commitment is the commitment to a selection (EventSelection). */
  commitment?: string;
  /** Selection is the owner's own selection in notation, only in the owner's copy. */
  selection?: string;
  /** Plies is the number of moves taken back (EventTakeback). */
  plies?: number;
  /** Outcome is how the game ended (EventEnd). */
  outcome?: Outcome;
  /** Clock is the clocks after the event, in timed games. */
  clock?: ClockView;
  /** Ref is the game an event names (EventRematch). */
  ref?: string;
}

/** EventKind says what happened at a table. Its wire form is its name. */
export type GameEventKind = "move" | "selection" | "withdrawn" | "draw_offer" | "draw_declined" | "takeback" | "takeback_request" | "takeback_declined" | "end" | "time_added" | "begin" | "rematch";

/**
 * GameInfo is what a game's page shows beside the board: the settings, the players' ratings
 * in the game's variant (and their change at the end), the number of spectators, and what the
 * caller may do.
 */
export interface GameInfo {
  hints: boolean;
  /** EngineHelp tells whether the engine may help now (hints, evaluation, analysis board). */
  engineHelp: boolean;
  /** BetweenPeople tells whether the game is played online by two people. */
  betweenPeople: boolean;
  rated: boolean;
  /** Ratings are the players' ratings in a rated game (before it, while it runs). */
  ratings?: [GameRating, GameRating];
  watchers: number;
  chat: ChatInfo;
}

/** GameRating is a player's rating as a game's page shows it. */
export interface GameRating {
  rating: number;
  deviation: number;
  games: number;
  /** Change is the rating's change by this game, once it is over and rated. */
  change?: number;
}

/** Record is a game's JSON record (GET /api/games/{id}/export?format=json). */
export interface GameRecord {
  id: string;
  game: string;
  options: Record<string, string>;
  start: string;
  players: [string, string];
  date: string;
  moves: string[];
  result: Outcome;
}

/**
 * GameResult is one finished game (or a bye) of a round-robin, Swiss or knockout event, as
 * standings and pairings read it.
 */
export interface GameResult {
  round: number;
  /** Players are First and Second; Players[1] is empty for a bye. */
  players: [string, string];
  /** Winner is the winning side, or null for a draw. */
  winner: Side | null;
  /**
   * Margin is First's score difference (game.Outcome.Margin(game.First)): the disc
   * difference in Othello.
   */
  margin: number;
}

/**
 * GameReview is the answer to POST and GET /api/games/{id}/review: the game's review, one per
 * game and shared by everyone who opens it, computed by a durable job. State is "none" (nobody
 * asked for it yet), "queued", "running", "done" or "failed" (Error says why; asking again
 * tries again); Done of Total moves are reviewed while it runs; Review is the review once done.
 */
export interface GameReview {
  game: string;
  plies: number;
  state: string;
  done: number;
  total: number;
  error?: string;
  review?: ReviewBody;
}

/** A Grid is one rectangular board of cells. */
export interface Grid {
  /** Name says which board this is ("red", "yellow"); empty when the game has one board. */
  name?: string;
  /** Owner is the side the board belongs to, where boards belong to sides (Turncoat). */
  owner: Side | null;
  /** Rows and Cols are the grid's size. */
  rows: number;
  cols: number;
  /**
   * ColNames label the columns left to right ("a".."h"); RowNames label the rows top to
   * bottom ("1".."8" in Othello, "8".."1" in Turnover, as each game's players print them).
   */
  colNames: string[];
  rowNames: string[];
  /** Cells are the squares row by row, top row first: Rows*Cols of them. */
  cells: Cell[];
  /** Edges are sides of the frame a player owns (Troll's owned edges). */
  edges?: Edge[];
  /** Marks are squares to point out (the last move, a winning chain, Troll's free squares). */
  marks?: Mark[];
}

/** Hint is the engine's opinion of one move, as hints and analyses report it. */
export interface Hint {
  move: string;
  visits: number;
  value: number;
  unit: string;
  pv?: string;
  /** Exact tells that Value is the move's value with perfect play (a solved endgame). */
  exact?: boolean;
}

/** Hints is the answer to GET /api/games/{id}/hint. */
export interface Hints {
  side: Side | null;
  level: number;
  moves: Hint[];
}

/** HostAction is the body of the host's tools. */
export interface HostAction {
  board: number;
  player: string;
  out: string;
  in: string;
  duration: string;
  winner: Side | null | null;
  draw: boolean;
  reason: string;
  seq: number;
  amount: number;
}

/** Import is the body of POST /api/import. */
export interface Import {
  kind: string;
  format: string;
  text: string;
  options: Record<string, string>;
  /**
   * Finished refuses a record that does not reach the game's end: a game played on a device
   * without the network is uploaded only once it is over, as a finished casual game.
   */
  finished?: boolean;
}

/**
 * Join is the body of POST /api/games/{id}/join: the invitation's token, or nothing for an
 * open challenge.
 */
export interface Join {
  token: string;
}

/** Kind describes a game kind (GET /api/kinds). */
export interface Kind {
  name: string;
  title: string;
  sides: [string, string];
  options: OptionSpec[];
  records: string[];
  levels: [number, number];
  hints: boolean;
  /**
   * Summary, Pieces, Checkered and Tournament are what the game says of itself
   * (game.Info, filled in by DescribeKind), so that the UI shows any game without knowing
   * it by name: one line of English for the home page; how its pieces and its sides are
   * drawn ("disc", "stack" or "number"); a board of light and dark squares; whether
   * play-by-post tournaments may run it; and the board theme its options pick for the
   * "auto" setting (6x6 Othello in the forum's red and blue), the first hint that applies.
   */
  summary: string;
  pieces: PieceStyle;
  checkered: boolean;
  tournament: boolean;
  themes?: ThemeHint[];
}

/**
 * Knockout is a single-elimination bracket. Players are seeded in the order given (seed 1
 * first); the bracket has the next power of two of places, and the missing players are byes
 * given to the top seeds. Seeds meet in the standard order (1 against the last, and 1 and 2 can
 * only meet in the final). In every match the higher seed plays First. A match needs a winner:
 * a drawn game is the caller's to decide (a replay, the disc difference, a die), and Report
 * takes the player who goes through. It is plain data: its JSON is its stored form
 * (ValidateKnockout checks one read back).
 */
export interface Knockout {
  /** Players are the players in seed order. */
  players: string[];
  /**
   * Rounds are the rounds so far: the first one whole, each next one once the previous one
   * is decided.
   */
  rounds: Match[][];
}

/** LastKind says what happened on a board in the last round that concerned it. */
export type LastKind = "move" | "missed" | "forced_pass" | "adjudged";

/** LastPlay is what happened last on a board: the round summary shows it. */
export interface LastPlay {
  round: number;
  side: Side | null;
  kind: LastKind;
  /** Move is the move played, in the game's notation (LastMove). */
  move?: string;
}

/** Leaderboard is a variant's best ratings (GET /api/leaderboard). */
export interface Leaderboard {
  variant: string;
  players: Rating[];
}

/** Ledger is a tournament's ledger. */
export interface Ledger {
  currency: string;
  entries: LedgerEntry[];
  balances: Record<string, number>;
  total: number;
}

/**
 * LedgerEntry is one line of the rewards ledger: an award or a correction, with the player's
 * running balance after it. Entries are never changed once written: a correction is a new entry
 * that names the one it corrects.
 */
export interface LedgerEntry {
  /** Seq is the entry's number, from 1, in the order entries were written. */
  seq: number;
  at: string;
  player: string;
  amount: number;
  /** Balance is the player's balance after this entry: the sum of the player's amounts so far. */
  balance: number;
  /**
   * Board and Round say which board's result the award is for, and in which round it was
   * decided (0 when not about a board).
   */
  board?: number;
  round?: number;
  /** Reason says why, in words ("won Board #3 20-16", "shared Board #5 (draw)"). */
  reason: string;
  /** Corrects is the Seq of the entry a correction corrects, 0 for an award. */
  corrects?: number;
}

/** Lobby is the lobby's lists. */
export interface Lobby {
  challenges: Summary[];
  live: Summary[];
}

/**
 * Logout is the body of POST /api/logout: everywhere also ends every other session of the
 * user.
 */
export interface Logout {
  everywhere: boolean;
}

/** A Mark points out a square: Kind says why ("last", "chain", "free", "check"). */
export interface Mark {
  coord: string;
  kind: string;
}

/** MarkRead is the body of POST /api/notifications/read: the ids to mark, or none for all. */
export interface MarkRead {
  ids: number[];
}

/** Marked is the answer to POST /api/notifications/read. */
export interface Marked {
  marked: number;
}

/** Match is one match of a knockout round. */
export interface Match {
  round: number;
  /** Number is the match's place in its round, from 1. */
  number: number;
  /** Players are First and Second, the higher seed first; Players[1] is empty for a bye. */
  players: [string, string];
  /** Winner is who goes through ("" until decided; a bye's player at once). */
  winner?: string;
}

/**
 * Me is the answer to the account endpoints: the user, and for a new guest or a bot's log-in
 * the bearer token of its session.
 */
export interface Me {
  user: User;
  token?: string;
  /** Moderator tells that the user is a moderator (GET /api/me). */
  moderator?: boolean;
}

/** Message is a server-to-client message of the live protocol (WebSocket, event streams). */
export interface Message {
  type: string;
  id?: string;
  game?: string;
  version?: number;
  event?: GameEvent;
  view?: Game;
  error?: Error;
  games?: Lobby;
  ok?: boolean;
  /** Online tells, in a presence message, which seats have a player following the game. */
  online?: [boolean, boolean];
  /** Watchers counts, in a watchers message, the spectators following the game. */
  watchers?: number;
  /** Chat is a chat message. */
  chat?: ChatMessage;
  /** Notification is one of the user's notifications. */
  notification?: Notification;
}

/** MissRule is what a round without a post from a player who had to post does to their board. */
export type MissRule = "miss" | "pass";

/**
 * ModAction is the body of POST /api/moderation/actions: what a moderator does (warn, hide,
 * unhide, mute, unmute, close, reinstate, resolve, dismiss), to whom (User) or to which chat
 * line (Message) or report (Report), why, and for a mute for how many minutes.
 */
export interface ModAction {
  action: string;
  user?: string;
  message?: number;
  report?: number;
  reason?: string;
  minutes?: number;
}

/** ModLogEntry is one entry of the moderation log: who did what to whom, why and when. */
export interface ModLogEntry {
  id: number;
  moderator: string;
  action: string;
  user?: string;
  report?: number;
  message?: number;
  game?: string;
  reason: string;
  until?: string;
  created: string;
}

/** Mode is how a game is played. */
export type Mode = "hotseat" | "ai" | "online";

/** MoveCheck judges a move of the player's against the opening book. */
export interface MoveCheck {
  ply: number;
  move: string;
  /** InBook tells whether the move is one of the book's moves (its position is in the book). */
  inBook: boolean;
  /** Best is the book's best move there and BestValue its value, in discs for the player. */
  best: string;
  bestValue: number;
  /**
   * Value is the move's value in discs for the player; Source says where it comes from:
   * "book" (the book's negamax, or its valued best move outside the book) or "engine" (a
   * short search of the position after a move the book does not have).
   */
  value: number;
  source: string;
  /** Cost is how many discs the move gives away against the book's best (0 or more). */
  cost: number;
  /** LineMove is the drilled line's move there, when the player was still on the line. */
  lineMove?: string;
  /**
   * Right tells whether the move counts as right: the line's move while on the line, else
   * within the margin of the book's best.
   */
  right: boolean;
}

/** MoveView is one move of a view's history. */
export interface MoveView {
  /** Ply is the move's number, from 1. */
  ply: number;
  /** By is who moved (both sides for a simultaneous round). */
  by: Side[];
  text: string;
  at: string;
  /** Reveal holds a simultaneous round's selections and nonces. */
  reveal?: [Reveal, Reveal];
  /**
   * Steps are the stages of a move that plays out in stages (see Stepper), with the cells
   * each changed: only the view's LastMove carries them, for clients to animate it.
   */
  steps?: Step[];
}

/** Notification is one of a user's notifications, with what its reader's page says it with. */
export interface Notification {
  id: number;
  kind: string;
  game?: string;
  tournament?: string;
  message: string;
  /**
   * Lang is the language Message is in: the reader's, or English for a notice stored
   * before notices were said in their reader's language.
   */
  lang: string;
  created: string;
  read: boolean;
  /** About is the game's kind and the reader's opponent in it. */
  about?: NotificationAbout;
}

/** NotificationAbout is the game a notification is about. */
export interface NotificationAbout {
  kind: string;
  opponent?: string;
}

/** Notifications is the answer to GET /api/notifications. */
export interface Notifications {
  notifications: Notification[];
  unread: number;
}

/** OK is the answer of an action with nothing else to say. */
export interface OK {
  ok: boolean;
}

/** OddPlayer is what happens to the player left over when an odd number subscribed. */
export type OddPlayer = "wait" | "house";

/**
 * OpResult is the answer to a tournament operation: the tournament's version and the events it
 * caused.
 */
export interface OpResult {
  version: number;
  events: TournamentEvent[];
}

/** OptionKind is the type of an option's value. */
export type OptionKind = "enum" | "int" | "bool" | "text";

/** OptionSpec describes one option of a game. */
export interface OptionSpec {
  name: string;
  kind: OptionKind;
  doc: string;
  default: string;
  /** Values are the allowed values of an enum, or of an int when only some are allowed. */
  values?: string[];
  /** Min and Max bound an int option without Values. */
  min?: number;
  max?: number;
  /**
   * Fresh marks an option a rematch does not keep (a random setup's seed): the rematch takes
   * the default again, so that it is a new game and not a replay.
   */
  fresh?: boolean;
}

/** Outcome is how a game ended, or that it has not. */
export interface Outcome {
  over: boolean;
  winner: Side | null;
  scored?: boolean;
  score?: [number, number];
  ending: Ending;
  reason?: string;
  text?: string;
}

/** PairedEvent is a round-robin, Swiss or knockout event as the API shows it. */
export interface PairedEvent {
  id: string;
  format: string;
  kind: string;
  options?: Record<string, string>;
  time: TimeControl;
  rated: boolean;
  /**
   * Rounds is the number of rounds: given for Swiss, n-1 (n made even) for a round robin,
   * the bracket's depth for a knockout.
   */
  rounds: number;
  host: string;
  status: string;
  /** Players are the names in seed order. */
  players: string[];
  roundList: EventRound[];
  bracket?: Knockout;
  champion?: string;
  standings: Standing[];
}

/** A Part is one piece of a stack. */
export interface Part {
  name: string;
  colour: string;
}

/** A Piece is what stands on a square: a disc, a Turnover stack. */
export interface Piece {
  /**
   * Kind is what the piece is: "disc" for the disc games; for Turnover the stack's kind
   * ("castle", "knight", "queen", "pawn", "bishop", "rook").
   */
  kind: string;
  /**
   * Owner is the side it belongs to, NoPlayer where pieces belong to nobody (Blocs, Turncoat's
   * discs, which both players turn).
   */
  owner: Side | null;
  /** Colour is the face shown: "black" or "white" for discs; the owner's colour for stacks. */
  colour: string;
  /**
   * Parts are the pieces a stack is made of, outside in (Turnover: "outer", "inner",
   * "button"), each with its visible colour.
   */
  parts?: Part[];
  /** Label is a short text for the piece ("C" for a Castle), where the game has one. */
  label?: string;
}

/** PieceStyle is how a game's pieces, and its sides beside their names and counts, are drawn. */
export type PieceStyle = "disc" | "stack" | "number";

/** Placing is one line of a play-by-post tournament's standings. */
export interface Placing {
  /** Rank is the place, from 1; players with the same balance and margin share it. */
  rank: number;
  player: string;
  board: number;
  side: Side | null;
  status: PlacingStatus;
  /**
   * Margin is the player's disc (or score) difference: the final one on a finished board,
   * the current one on a board in play.
   */
  margin: number;
  /** Balance is what the player has received (corrections included). */
  balance: number;
}

/** PlacingStatus says where a player stands on their board. */
export type PlacingStatus = "waiting" | "playing" | "won" | "drew" | "lost" | "replaced";

/**
 * Post is a post as the API takes it: the forum's text, or a board and a move (for an edit, the
 * round of the post: by default the open one).
 */
export interface Post {
  text: string;
  board: number;
  move: string;
  round: number;
}

/** Profile is a player's profile (GET /api/users/{name}). */
export interface Profile {
  user: User;
  ratings: Rating[];
  recent: Summary[];
}

/**
 * Puzzle is a puzzle as the player sees it before solving: the position (a view for the side
 * to move), its rating and themes, and the game it comes from. The answers stay on the server.
 */
export interface Puzzle {
  id: string;
  kind: string;
  view: View;
  /** Side is the side the player plays. */
  side: Side | null;
  /** Moves is the number of moves the player must find. */
  moves: number;
  empties: number;
  rating: number;
  plays: number;
  themes: string[];
  source: PuzzleSource;
  /** Daily is the UTC day ("2006-01-02") of which this is the daily puzzle, if it is. */
  daily?: string;
  /**
   * Unit is the unit of the puzzle's values: "discs" (Othello: the final disc difference),
   * "mate" (Turnover: a move that mates sooner is worth more), "result" (Blocs, Troll,
   * Turncoat: +1 a win, 0 a draw, -1 a loss).
   */
  unit: string;
  /**
   * Goal is what the player must reach, in Unit: the number of the player's moves to mate
   * ("mate"), the result to keep ("result": 1 a win, 0 a draw); 0 in discs, whose value the
   * end of the puzzle tells.
   */
  goal: number;
  /**
   * Actions describe the player's legal moves square by square, for a game whose pieces go
   * from one square to another (Turnover).
   */
  actions?: Action[];
}

/**
 * PuzzleAttempt is the player's moves so far in a puzzle, the first move first (the opponent's
 * replies are the server's and are not repeated). Guest is the puzzle rating a player kept in
 * the browser: a guest's, to rate the attempt from; a signed-in player's first puzzle starts
 * from it.
 */
export interface PuzzleAttempt {
  moves: string[];
  guest?: RatingRating;
}

/** PuzzleKind is one kind of puzzles and their number. */
export interface PuzzleKind {
  kind: string;
  count: number;
}

/**
 * PuzzleKinds are the kinds of puzzles a server has (game names, in the order of the games),
 * with how many of each.
 */
export interface PuzzleKinds {
  kinds: PuzzleKind[];
}

/** PuzzleMe is a player's puzzle rating and counts. */
export interface PuzzleMe {
  rating: RatingRating;
  attempts: number;
  solved: number;
}

/**
 * PuzzleResult answers an attempt. With "continue" the last move was right and the puzzle goes
 * on: Reply holds the opponent's answer ("pass" for a side that must pass). "solved" and
 * "failed" end it: Loss is how many discs the wrong move gives away against the best, Best the
 * move that was wanted, Line the whole solution and the perfect play after it to the game's end.
 */
export interface PuzzleResult {
  result: string;
  reply?: string[];
  /** Views are the positions after the player's last move and after each reply. */
  views: View[];
  /** Value is the position's exact value for the player (discs with perfect play). */
  value: number;
  loss: number;
  best?: string;
  line?: string[];
  /**
   * Rating is the player's puzzle rating after a finished puzzle (the stored one of a
   * signed-in player, which an attempt after the first does not change; a guest's from the
   * Guest rating sent), Before the one before; Rated tells whether this attempt changed it.
   */
  rating?: RatingRating;
  before?: RatingRating;
  rated: boolean;
  /**
   * Member tells that the server keeps the player's rating (a member's); else the browser
   * keeps the guest's.
   */
  member: boolean;
  /** PuzzleRating is the puzzle's rating after the attempt. */
  puzzleRating?: number;
  /**
   * Unit is the unit of Value and Loss: "discs" (the disc difference with perfect play),
   * "mate" (100 less the player's moves to mate; a move that misses every mate is worth 0),
   * "result" (+1 a win, 0 a draw, -1 a loss). Loss is the value less the move's.
   */
  unit: string;
  /**
   * Actions describe the player's legal moves after the replies, when the puzzle goes on
   * (see Puzzle.Actions).
   */
  actions?: Action[];
}

/** PuzzleSource is the real game a puzzle's position comes from. */
export interface PuzzleSource {
  black?: string;
  white?: string;
  year?: number;
  tournament?: string;
}

/** Rating is a rating as profiles and leaderboards show it. */
export interface Rating {
  rank?: number;
  player?: string;
  variant: string;
  rating: number;
  deviation: number;
  volatility: number;
  games: number;
  /** Text is the rating as players read it: "1464 ± 303" (two deviations). */
  text: string;
}

/** Rating is a player's Glicko-2 rating on the familiar scale (1500 for a new player). */
export interface RatingRating {
  rating: number;
  deviation: number;
  volatility: number;
}

/** Replacement is one change of a seat's player. */
export interface Replacement {
  out: string;
  in: string;
  round: number;
  at: string;
}

/** Report is a report as the moderators see it, with its context. */
export interface Report {
  id: number;
  reporter: string;
  user: string;
  game?: string;
  message?: number;
  category: string;
  reason: string;
  status: string;
  created: string;
  closedBy?: string;
  /** Summary is the game's: its kind, players and status. */
  summary?: ReportGame;
  /**
   * Lines are the reported chat line and the lines around it, with their text even when
   * hidden.
   */
  lines?: ReportLine[];
}

/** ReportGame is the summary of a reported game. */
export interface ReportGame {
  id: string;
  kind: string;
  players: string[];
  status: string;
}

/** ReportLine is a chat line in a report's context. */
export interface ReportLine {
  id: number;
  name: string;
  body: string;
  created: string;
  hidden?: boolean;
  reported?: boolean;
}

/**
 * ReportRequest is the body of POST /api/reports: a player (User), a game (Game, and the
 * player reported in it: by default the caller's opponent) or a chat line (Message, whose
 * author is reported), a category and the reason in the reporter's words.
 */
export interface ReportRequest {
  user?: string;
  game?: string;
  message?: number;
  category: string;
  reason: string;
}

/**
 * Result is how a board ended: its outcome (by the rules, or adjudicated: a forfeit), the
 * players who held the colours then, and what each received.
 */
export interface Result {
  outcome: Outcome;
  players: [string, string];
  rewards: [number, number];
  round: number;
  at: string;
  /**
   * Walkover tells that the board never got its second player: the one present was awarded
   * the board.
   */
  walkover?: boolean;
}

/**
 * Reveal is one side's selection of a simultaneous round made public with the nonce of its
 * commitment: Commit(Nonce, Selection) must equal the commitment the opponent received.
 */
export interface Reveal {
  selection: string;
  nonce: string;
}

/**
 * ReviewBody is a game's review: each move's loss against the best move, its class, the sides'
 * totals, the evaluation graph and the turning point. Values are in Unit ("discs" for Othello,
 * "pawns" for Turnover, "winrate" and "result" in percent for the others), each for the side
 * that moved; Graph is from the first player's view.
 */
export interface ReviewBody {
  /** What names what was reviewed ("othello 8x8", "blocs", ...). */
  what: string;
  unit: string;
  /** ExactEmpties is the number of empty squares from which Othello's values are exact. */
  exactEmpties?: number;
  moves: ReviewMove[];
  sides: [ReviewSide, ReviewSide];
  graph: number[];
  /** TurningPoint is the ply of the game's turning point (0: none). */
  turningPoint: number;
  /** Final is the result from the first player's view; Over whether the game ended. */
  final: number;
  over: boolean;
  /**
   * Thresholds are the classes' thresholds in Unit: the most a best move, a good move, an
   * inaccuracy and a mistake lose (above the last: a blunder).
   */
  thresholds: [number, number, number, number];
}

/**
 * ReviewMove is the review of one move (ply from 1; passes are not reviewed). Source says where
 * the values come from: "book", "solver", "engine", "grundy" or "mcts"; Exact that both are
 * exact. PV is the better line, from Best, when the move lost something.
 */
export interface ReviewMove {
  ply: number;
  side: number;
  move: string;
  best: string;
  before: number;
  played: number;
  loss: number;
  class: string;
  exact: boolean;
  source: string;
  empties?: number;
  pv?: string[];
}

/**
 * ReviewSide is one side's totals: moves reviewed, total and average loss, accuracy (0-100) and
 * the number of moves of each class.
 */
export interface ReviewSide {
  moves: number;
  loss: number;
  average: number;
  accuracy: number;
  counts: Record<string, number>;
}

/** Round is a tournament's open round. */
export interface Round {
  number: number;
  side: Side | null;
  colour: string;
  title: string;
  opened: string;
  deadline: string;
}

/** Seat is a seat as clients see it. */
export interface Seat {
  side: Side | null;
  name: string;
  player?: string;
  ai?: string;
  open: boolean;
  you: boolean;
  /**
   * Browser: the seat's AI moves may come from its game's player's browser (see
   * CreateGame.BrowserAI).
   */
  browser?: boolean;
}

/** Standing is one line of an event's standings. */
export interface Standing {
  /** Rank is the place, from 1; players equal on points and every tie-break share it. */
  rank: number;
  player: string;
  points: number;
  games: number;
  wins: number;
  draws: number;
  losses: number;
  byes: number;
  /** Buchholz and SonnebornBerger are the tie-break sums; Discs the sum of disc differences. */
  buchholz: number;
  sonnebornBerger: number;
  discs: number;
}

/** Status is where a game is in its life. */
export type Status = "open" | "active" | "over";

/**
 * A Step is one stage of a move (see Stepper): the grid of the board it happens on, the square
 * it starts from, who caused it, and the cells it changed, as they are after it.
 */
export interface Step {
  grid: number;
  coord?: string;
  by: Side | null;
  cells: Cell[];
}

/** Summary is a game in a list (your games, the lobby, a profile). */
export interface Summary {
  id: string;
  kind: string;
  mode: Mode;
  status: Status;
  rated: boolean;
  options: string;
  time: string;
  seats: [Seat, Seat];
  ply: number;
  updated: string;
  outcome: Outcome;
  /** Clock is the time control (Time in words). */
  clock: TimeControl;
  /**
   * Ratings are the seated players' ratings in the game's variant (lobby challenges), or
   * before the game with its change (a profile's rated games).
   */
  ratings?: [GameRating, GameRating];
  /** YourMove tells the caller that they must act in the game (their own list). */
  yourMove?: boolean;
}

/** TakeVacation is the body of POST /api/vacation. */
export interface TakeVacation {
  days: number;
}

/** TakebackRequest is a side's standing request to take back the last Moves moves. */
export interface TakebackRequest {
  by: Side | null;
  moves: number;
}

/**
 * A Tally is a count shown beside the board: Name says what is counted ("discs", "black"),
 * Side whose it is (NoPlayer for none), and Grid which grid it concerns (-1 for none).
 */
export interface Tally {
  name: string;
  side: Side | null;
  grid: number;
  value: number;
}

/**
 * ThemeHint picks the board theme a game is drawn in by default under some of its options: the
 * UI's and the pictures' "auto" theme (6x6 Othello is drawn in the forum's red and blue).
 */
export interface ThemeHint {
  /**
   * When holds option values, by name in canonical form (Options.Map), that the game's
   * options must all have for the hint to apply.
   */
  when: Record<string, string>;
  /** Theme is the name of the theme: "classic", "bypost" or "contrast". */
  theme: string;
}

/** TimeControl is how much time the sides have. The zero value is untimed. */
export interface TimeControl {
  kind: TimeKind;
  baseMs?: number;
  incrementMs?: number;
}

/** TimeKind is the kind of a time control. */
export type TimeKind = "untimed" | "fischer" | "correspondence";

/** Token is an API token as the API describes it; Token, the secret, only once, when made. */
export interface Token {
  token?: string;
  id: string;
  name: string;
  created: string;
  expires?: string;
  expired: boolean;
}

/** Tournament is a tournament as clients see it. */
export interface Tournament {
  config: Config;
  subscriptionCloses: string;
  subscribers: string[];
  reserves: string[];
  boards: number;
  round?: Round;
  closedRounds: number;
  /** You says what the caller is: the host, a player (with their board), due to post. */
  you?: TournamentYou;
  id: string;
  title: string;
  host: string;
  game: string;
  phase: string;
  version: number;
  created: string;
  updated: string;
  /** NextDeadline is when the tournament next needs advancing (zero when nothing is due). */
  nextDeadline?: string;
}

/** Board is a tournament's board with its game as a client draws it. */
export interface TournamentBoard {
  view?: View;
  status: BoardStatus;
  /** ToMove is the colour whose move it is (null when the board is not in play). */
  toMove: Side | null;
  /** Due tells that the player to move must still post in the open round. */
  due: boolean;
  /** Plies counts the moves played, forced passes included. */
  plies: number;
  /** State is the position's canonical encoding (empty while the board waits). */
  state?: string;
  number: number;
  /**
   * Pair are the players as paired, in the order of the dice; Pair[1] is empty while the
   * board waits for a reserve.
   */
  pair: [string, string];
  rolls?: [number, number][];
  /** Seats are the colours, First (Red) then Second (Blue), once the dice have decided. */
  seats: [TournamentSeat, TournamentSeat];
  post?: TournamentPost;
  last?: LastPlay;
  result?: Result;
}

/**
 * Event is one change in a tournament, as its operations return them: Version is the
 * tournament's version after the event, so a server stores and broadcasts exactly these and a
 * client that missed some knows from which version to ask again. Text says what happened in a
 * sentence, for feeds and logs.
 */
export interface TournamentEvent {
  version: number;
  kind: TournamentEventKind;
  at: string;
  round?: number;
  board?: number;
  player?: string;
  players?: [string, string];
  replaced?: string;
  /** Side is the colour concerned (the colour that posts, for EventRoundOpened), or null. */
  side: Side | null;
  move?: string;
  roll?: [number, number];
  misses?: number;
  early?: boolean;
  deadline?: string;
  outcome?: Outcome;
  entry?: LedgerEntry;
  /** TableEvents are the events of the board's game.Table that the change caused. */
  tableEvents?: GameEvent[];
  text: string;
}

/** EventKind says what happened in a tournament. Its wire form is its name. */
export type TournamentEventKind = "created" | "subscribed" | "unsubscribed" | "reserve" | "cancelled" | "paired" | "dice" | "seated" | "round_opened" | "post" | "post_changed" | "move" | "missed" | "forced_pass" | "round_closed" | "board_finished" | "award" | "replaced" | "extended" | "finished";

/**
 * Post is a player's standing post in the open round: the move that will be played on the
 * board when the round closes. It may be changed (Tournament.Edit) until then.
 */
export interface TournamentPost {
  round: number;
  player: string;
  side: Side | null;
  /** Move is the move in the game's notation ("d5", "pass"). */
  move: string;
  /** Text is the post as written. */
  text: string;
  at: string;
  /** Edits counts the changes made to the post; EditedAt is the last one's time. */
  edits?: number;
  editedAt?: string;
}

/** TournamentRow is a tournament in a list. */
export interface TournamentRow {
  id: string;
  title: string;
  host: string;
  game: string;
  phase: string;
  version: number;
  created: string;
  updated: string;
  /** NextDeadline is when the tournament next needs advancing (zero when nothing is due). */
  nextDeadline?: string;
}

/**
 * Seat is one colour of a board: who holds it now, how many rounds in a row they missed, and
 * the players it passed from (a replacement keeps the board, the colour and the history).
 */
export interface TournamentSeat {
  player: string;
  /**
   * Misses counts the rounds in a row the seat's player had to post and did not; a post
   * resets it. The host may replace the player once it reaches Config.ReplaceAfter.
   */
  misses: number;
  /** Missed counts every round the seat missed, whoever held it. */
  missed: number;
  /** Replaced lists the replacements, oldest first. */
  replaced?: Replacement[];
}

/** TournamentYou is what the caller is in a tournament. */
export interface TournamentYou {
  host: boolean;
  player: boolean;
  board?: number;
  due: boolean;
}

/**
 * TrainerAdopt brings a guest's schedule, kept by the browser, into the account it signed up
 * as (POST /api/trainer/adopt): the lines as the browser keeps them.
 */
export interface TrainerAdopt {
  lines: TrainerDueLine[];
}

/**
 * TrainerAdopted is what came of a TrainerAdopt: the lines taken into the account's schedule,
 * those left out (not lines of the book, bad colours, boxes or dates), and the schedule now.
 */
export interface TrainerAdopted {
  adopted: number;
  skipped: number;
  lines: TrainerDueLine[];
}

/**
 * TrainerDue is an account's schedule of lines (GET /api/trainer/due): those due first, then
 * the others by when they come due.
 */
export interface TrainerDue {
  lines: TrainerDueLine[];
}

/**
 * TrainerDueLine is a line in an account's schedule: its box (1 after a miss, one more after
 * each drill played right, up to 6), when it comes due, and its drills right and missed.
 */
export interface TrainerDueLine {
  name: string;
  line: string;
  color: string;
  box: number;
  dueAt: string;
  due: boolean;
  right: number;
  missed: number;
}

/**
 * TrainerLine is a line to drill: its moves from the start (the book's opponent plays its
 * side of them, and the player is asked to play theirs), its opening's name, and for a
 * repertoire line the colour the account played and how many of its games took it.
 */
export interface TrainerLine {
  name: string;
  line: string;
  color?: string;
  games?: number;
}

/**
 * TrainerOpenings lists what the opening trainer drills (GET /api/trainer/openings): the named
 * openings, and for a signed-in account its repertoire (the lines of its own finished 8x8
 * games, as far as the book knows them).
 */
export interface TrainerOpenings {
  openings: TrainerLine[];
  repertoire: TrainerLine[];
  /** Margin is how many discs below the book's best a move may be and still count as right. */
  margin: number;
  /** Plies is how deep the book goes: a drill ends there at the latest. */
  plies: number;
  /** Schedule tells whether the caller keeps a schedule of its drills (a registered account). */
  schedule: boolean;
}

/** User is an account as the API shows it. */
export interface User {
  id: number;
  name: string;
  guest: boolean;
  created: string;
}

/** Users is the answer of GET /api/me/blocks and GET /api/me/mutes: the names, in order. */
export interface Users {
  users: string[];
}

/**
 * Vacation is a player's vacation allowance, and (answering a vacation taken) its days and
 * games.
 */
export interface Vacation {
  year: number;
  allowanceDays: number;
  usedDays: number;
  days?: number;
  games?: string[];
}

/**
 * View is what one side, or a spectator, may see of a table: everything a client needs to draw
 * the game and offer the viewer its actions, without parsing the game's encoding.
 */
export interface View {
  game: string;
  title: string;
  /** Options are the game's options by name. */
  options: Record<string, string>;
  /** Sides are the names of First and Second under these options ("Black", "White"). */
  sides: [string, string];
  /** Viewer is the side this view is for; NoPlayer for a spectator. */
  viewer: Side | null;
  version: number;
  ply: number;
  /**
   * State is the canonical encoding of the current state (every game of Turncoat shows the
   * whole position to both sides).
   */
  state: string;
  /** ToAct is who must act now (empty once the game is over). */
  toAct: Side[];
  /**
   * Submitted tells which sides have a selection in at a simultaneous node, and Commitments
   * their commitments; the selection itself is shown only to its owner, in Own.
   */
  submitted: [boolean, boolean];
  commitments: [string, string];
  own?: string;
  /** Legal are the viewer's legal actions in notation (empty when the viewer does not act). */
  legal: string[];
  /**
   * Losing are those of Legal that lose the game at once for the viewer, moves the rules
   * make a way to resign (Forfeiter: Turnover's last Castle moved), for a client to confirm
   * before it sends one.
   */
  losing?: string[];
  /** CanClaimDraw tells whether the viewer may claim a draw under the rules now. */
  canClaimDraw?: boolean;
  /** LastMove is the last move played, if any. */
  lastMove?: MoveView;
  /** Moves is the history: all of it, or from MovesFrom on (see Since). */
  moves: MoveView[];
  /**
   * MovesFrom is the number of moves left out before Moves: a client that has the history
   * keeps its first MovesFrom moves and appends Moves.
   */
  movesFrom?: number;
  /** Clock is the clocks at the time of the view, in timed games. */
  clock?: ClockView;
  /** DrawOffer is the side whose draw offer stands, or null. */
  drawOffer: Side | null;
  /** Takeback is a standing takeback request. */
  takeback?: TakebackRequest;
  outcome: Outcome;
  /** Board is the position drawn as grids, for games that provide one. */
  board?: BoardView;
}
