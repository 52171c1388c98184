// Package tournament runs tournaments: play-by-post tournaments exactly as forum hosts run them
// by hand (Tournament), the pairings of round-robin, Swiss and knockout events (RoundRobin,
// Swiss, Knockout) with their standings and tie-breaks (Standings), and a simulation driver
// (Simulate).
//
// # Play by post
//
// A host creates a Tournament: a game and options (6x6 Reversi by default), a round length and a
// subscription window (24 hours each by default), a reward and its currency (150 WRZ$), what an
// odd player out does (wait for a reserve, or play the house AI), and what a missed round does
// (counts as a miss and the board waits, or the forced-pass rule passes the turn).
//
//   - Subscription: players Subscribe during the window. When it closes (Advance), they are
//     paired at random onto numbered boards (Board #1, #2, ...). On each board the two roll a die
//     each, ties rolled again, every roll recorded; the higher die plays Red (First), who moves
//     first. Colours are named by Config.Sides: Red and Blue for Reversi, whose game calls them
//     Black and White (the rules are the same).
//   - Rounds: in a round only one colour posts ("Round 7 — only Reds post"), Red in odd rounds,
//     Blue in even ones. On each board the player of that colour whose move it is posts their
//     move in the forum's text (ParsePost: "Board #3" then "D 5", or "Pass - no moves
//     available"), even to pass; a pass is refused while a move exists. One post per player per
//     round (Post); it may be changed (Edit) until the round closes, never after. A post out of
//     turn is refused with a message saying whose round it is. A round closes when its time runs
//     out (Advance), or as soon as everyone who must post has (Post closes it then); closing plays
//     every post on its board's game.Table (so the game's own rules judge every move), counts the
//     misses, and opens the next round.
//   - Misses: a player who did not post in two rounds in a row (Config.ReplaceAfter) may be
//     replaced by the host with a reserve (Replace: the board, the colour and the game's history
//     stay), or the host may forfeit the board (Forfeit, an adjudication). Under the forced-pass
//     rule a missed round passes the player's turn; since a pass is not a move of the game while
//     moves exist, the board's table is closed there and the game goes on in a new table from
//     the position with the turn passed (Tournament.Games lists them).
//   - Results: a board ends by the game's rules or by the host's decision. Its winner receives
//     the reward; a draw shares it (the odd hundredth to Red). The ledger records every award
//     with each player's running balance, and never changes a past entry: a correction is a new
//     entry (Correct). The tournament is over when every board has a result.
//   - The host also extends a round (Extend), seats a reserve on a board that waits for one
//     (Seat, or automatically when a reserve volunteers), lists the boards (Boards, Due), and
//     publishes each round's Summary: the title of the round now open, every board's number,
//     players, colours, the move just played and the board drawn in text, and the standings
//     (Placings).
//
// # Driving a tournament
//
// The package does no I/O and reads no clock: every operation takes the time it happens (now)
// and, where it draws (pairing, dice), a seeded *rand.Rand. Each returns the events it caused,
// each with the tournament's new version, for a server to store and broadcast; an operation
// that fails changes nothing, so a refused post is never half-taken and the poster keeps their
// text and the error saying why. A server calls Advance when NextDeadline passes (a durable job)
// and before taking posts. The whole state is a Snapshot (JSON) that Restore rebuilds, checking
// it as game.Restore checks a table: boards, dice, seats, games replayed through the rules,
// posts, rounds and the ledger.
//
// # Other formats
//
// RoundRobin draws everyone against everyone by the Berger tables, with their colour
// alternation. Swiss pairs a round from the results so far: score groups, no repeated games,
// balanced colours, byes. Knockout keeps a seeded bracket. Standings orders players by points
// and tie-breaks (Sonneborn-Berger, Buchholz, disc difference from game.Outcome's margins).
// Playing the games, live or by correspondence, is the server's: these give the pairings and
// read the results.
package tournament
