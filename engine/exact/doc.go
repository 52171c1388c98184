// Package exact solves Turncoat's small games exactly, as oracles for the tests and the AI.
//
//   - Matrix games: MatrixSolver finds the value and optimal mixed strategies of a zero-sum
//     game in normal form (a saddle point, else a small dense simplex), allocation-free.
//   - Turncoat on tiny boards: SolveTurncoat and SolveTurncoatSpace run value iteration over
//     every position (Red's board, Yellow's board) reachable, with one matrix game per position
//     and round; the values are exact for a round cap. A TurncoatGame is one position's matrix
//     game with its equilibrium, and measures a strategy's exploitability.
//   - Blocs: Grundy values by the Tartan theorem for the flipping phase, the placement phase by
//     search over (filled squares, XOR so far, whether any piece shows black), retrograde
//     analysis and a full placement table for the opposite seating, the end of the placement
//     played through games/blocs; BlocsAgent plays from them, perfectly or with deliberate
//     blunders.
//
// The package does no I/O and does not log; long computations take a context.
package exact
