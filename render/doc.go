// Package render draws the games' boards as pictures outside the browser: a position as PNG or
// SVG, a whole game as an animated GIF, and a sheet of numbered boards (a tournament round's) in
// one image, for forum posts, link previews and mail.
//
// It draws from the structured board the web UI draws ([game.Board], through
// [game.BoardViewer]), with the UI's look: Reversi's felt and discs, both Turncoat boards side by
// side under their red and yellow tabs, Turnover's stacks as concentric rings with their letters,
// Blocs, Troll's owned edges and winning chain, the coordinates, and the UI's board themes
// (classic, the by-post red and blue, high contrast). The last move is marked: a dot on a placed
// piece, a highlighted square where a move selects or moves a piece, and a ring on every disc it
// flipped (found by comparing the position before the move with the position after it).
//
// A picture shows only what the board it is given shows, and a game.Board never holds a
// simultaneous round's pending selections; [TablePosition] and [TableReplay] take a table's
// public view (the spectator's), never its pending selections.
//
// Raster pictures are drawn anti-aliased with golang.org/x/image/vector and an embedded Go font,
// and encoded with the standard library as paletted PNG and GIF (a palette chosen for each
// picture, seeded with the theme's colours so that small marks keep theirs). A [Renderer] keeps
// the pieces it has drawn once (per theme, size and sub-pixel offset) and copies them after that,
// so a picture costs little more than its encoding; the package-level functions share one.
package render
