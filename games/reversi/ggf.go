package reversi

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"turncoat/games/discs"
)

// GGF, the Generic Game Format of the Othello game servers: "(;GM[Othello]PB[..]PW[..]
// RE[+2.00]BO[8 ---...--- *]B[f5]W[d6/-1.50/2.01]...;)". Tags and values are read
// case-insensitively, moves may carry an evaluation and a time after '/', PA is a pass and
// passes left out are inferred. Results may be fractional (GGS komi games: RE[-22.87] with
// KM[]). Without a BO[], the game starts from the standard position of the size TY[] gives
// (TY[6]: 6x6), or of 8x8 (the registry's reader: of the options' size). A board size other
// than 4, 6 or 8 is an error, and so is an anti game (TY[8a]: the fewest discs win), which
// Turncoat does not play.

// ParseGGF reads one GGF game.
func ParseGGF(text string) (Record, error) { return parseGGF(text, Start(8)) }

// parseGGF reads one GGF game, which starts from start when it has neither a BO[] nor a TY[]
// with a size.
func parseGGF(text string, start Board) (Record, error) {
	text = strings.TrimSpace(text)
	if !strings.HasPrefix(text, "(;") {
		return Record{}, fmt.Errorf("GGF game must start with \"(;\"")
	}
	if len(text) < 4 || !strings.HasSuffix(text, ";)") {
		return Record{}, fmt.Errorf("GGF game must end with \";)\"")
	}
	tags, err := ggfTags(text[2:len(text)-2], 2)
	if err != nil {
		return Record{}, err
	}
	var r Record
	type move struct {
		colour int
		text   string
	}
	var (
		moves            []move
		board            *Board
		result, komi, ty string
		hasRE, hasKM     bool
	)
	for _, t := range tags {
		name, value := strings.ToUpper(t[0]), t[1]
		switch name {
		case "GM":
			if !strings.EqualFold(value, "othello") && !strings.EqualFold(value, "reversi") {
				return Record{}, fmt.Errorf("GM[%s]: not an Othello game", value)
			}
			r.Extra = append(r.Extra, [2]string{"GM", value})
		case "PB":
			r.Black = value
		case "PW":
			r.White = value
		case "PC":
			r.Place = value
		case "DT":
			r.Date = value
		case "EV":
			r.Event = value
		case "RE":
			result, hasRE = value, true
		case "KM":
			komi, hasKM = value, true
		case "BO":
			b, err := parseGGFBoard(value)
			if err != nil {
				return Record{}, fmt.Errorf("BO[%s]: %v", clip(value), err)
			}
			if len(moves) > 0 {
				return Record{}, fmt.Errorf("BO[] after the first move")
			}
			board = &b
		case "B", "W":
			c := 0
			if name == "W" {
				c = 1
			}
			moves = append(moves, move{c, value})
		default:
			if name == "TY" {
				ty = value
			}
			r.Extra = append(r.Extra, [2]string{name, value})
		}
	}
	size, err := ggfTypeSize(ty)
	if err != nil {
		return Record{}, err
	}
	switch {
	case board != nil:
		if size != 0 && size != board.Size {
			return Record{}, fmt.Errorf("TY[%s] is a %dx%d game but BO[] sets up %dx%d", ty, size, size, board.Size, board.Size)
		}
		r.Start = *board
	case size != 0:
		r.Start = Start(size)
	default:
		r.Start = start
	}
	if hasKM {
		k, err := strconv.ParseFloat(strings.TrimSpace(komi), 64)
		if err != nil || math.IsNaN(k) || math.Abs(k) > float64(r.Start.Size*r.Start.Size) {
			return Record{}, fmt.Errorf("KM[%s]: want a komi like -0.5 or +2", komi)
		}
		r.HasKomi, r.Komi = true, k
	}
	if hasRE {
		if err := r.parseGGFResult(result); err != nil {
			return Record{}, err
		}
	}
	pl := player{b: r.Start}
	for i, m := range moves {
		mv, _, _ := strings.Cut(m.text, "/")
		mv = strings.TrimSpace(mv)
		sq := Pass
		if !isPass(mv) {
			if sq, err = discs.ParseSquare(mv); err != nil {
				return Record{}, &RecordError{Ply: i + 1, Err: fmt.Errorf("%s[%s]: %v", "BW"[m.colour:m.colour+1], m.text, err)}
			}
		}
		mover := pl.b.Turn
		if sq != Pass && pl.b.Moves() == 0 && pl.b.OpponentMoves() != 0 {
			mover ^= 1 // the side to move must pass: the move is the opponent's
		}
		if m.colour != mover {
			return Record{}, &RecordError{Ply: i + 1, Square: SquareName(sq), Err: fmt.Errorf("%w: %s[%s] but %s is to move", ErrIllegalMove, "BW"[m.colour:m.colour+1], m.text, colourName(mover))}
		}
		if err := pl.play(sq, i+1); err != nil {
			return Record{}, err
		}
	}
	r.Moves = pl.moves
	return r, nil
}

// ggfTypeSize reads the board size of a GGF game type: the number in it ("8", "6", "8k",
// "s8r20"), 0 when there is none. Sizes Turncoat does not play, and anti games ("8a"), are
// errors.
func ggfTypeSize(ty string) (int, error) {
	i := strings.IndexAny(ty, "0123456789")
	if i < 0 {
		return 0, nil
	}
	j := i
	for j < len(ty) && ty[j] >= '0' && ty[j] <= '9' {
		j++
	}
	size, err := strconv.Atoi(ty[i:j])
	if err != nil || (size != 4 && size != 6 && size != 8) {
		return 0, fmt.Errorf("TY[%s]: board size %s: want 4, 6 or 8", ty, ty[i:j])
	}
	if strings.ContainsAny(ty, "aA") {
		return 0, fmt.Errorf("TY[%s]: an anti game (the fewest discs win), which Turncoat does not play", ty)
	}
	return size, nil
}

// ggfTags splits "TAG[value]TAG[value]..." into pairs; "\]" and "\\" escape in values. base is
// s's offset in the game's text, for errors.
func ggfTags(s string, base int) ([][2]string, error) {
	var tags [][2]string
	for i := 0; i < len(s); {
		c := s[i]
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ';' {
			i++
			continue
		}
		j := i
		for j < len(s) && ((s[j] >= 'A' && s[j] <= 'Z') || (s[j] >= 'a' && s[j] <= 'z') || (s[j] >= '0' && s[j] <= '9')) {
			j++
		}
		if j == i || j == len(s) || s[j] != '[' {
			return nil, fmt.Errorf("offset %d: want TAG[value], found %q", base+i, clip(s[i:]))
		}
		name := s[i:j]
		var v strings.Builder
		k := j + 1
		for ; k < len(s) && s[k] != ']'; k++ {
			if s[k] == '\\' && k+1 < len(s) {
				k++
			}
			v.WriteByte(s[k])
		}
		if k == len(s) {
			return nil, fmt.Errorf("offset %d: %s[ is not closed", base+i, name)
		}
		tags = append(tags, [2]string{name, v.String()})
		i = k + 1
	}
	return tags, nil
}

// parseGGFResult reads RE[+n.nn[:r|t|s]], Black's result, once the start and the komi are
// known: a whole disc difference, or a fraction (a komi game's, or any GGS result).
func (r *Record) parseGGFResult(v string) error {
	v = strings.TrimSpace(v)
	if v == "" || v == "?" {
		return nil
	}
	num, note, _ := strings.Cut(v, ":")
	x, err := strconv.ParseFloat(strings.TrimSpace(num), 64)
	if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
		return fmt.Errorf("RE[%s]: want a result like +2, -10.00 or -22.87", v)
	}
	implied := x
	if r.HasKomi {
		implied += r.Komi
	}
	squares := r.Start.Size * r.Start.Size
	if math.Abs(implied) > float64(squares) {
		return fmt.Errorf("RE[%s]: on %dx%d the disc difference is at most %d", v, r.Start.Size, r.Start.Size, squares)
	}
	r.HasResult, r.Result = true, int(math.Round(implied))
	if x != float64(r.Result) {
		r.HasStated, r.Stated = true, x
	}
	switch strings.ToLower(note) {
	case "":
	case "r":
		r.ResultNote = "resigned"
	case "t":
		r.ResultNote = "timeout"
	case "s":
		r.ResultNote = "agreed"
	default:
		return fmt.Errorf("RE[%s]: unknown result kind %q (want r, t or s)", v, note)
	}
	return nil
}

// parseGGFBoard reads BO[8 <squares> <side>]: * black, O white, - empty; spaces anywhere.
func parseGGFBoard(v string) (Board, error) {
	f := strings.Fields(v)
	if len(f) < 3 {
		return Board{}, fmt.Errorf("want the size, the squares and the side to move")
	}
	size, err := strconv.Atoi(f[0])
	if err != nil || (size != 4 && size != 6 && size != 8) {
		return Board{}, fmt.Errorf("board size %q: want 4, 6 or 8", f[0])
	}
	b, err := ParseBoardText(strings.Join(f[1:len(f)-1], ""), size)
	if err != nil {
		return Board{}, err
	}
	switch f[len(f)-1] {
	case "*", "X", "x", "B", "b":
		b.Turn = 0
	case "O", "o", "W", "w":
		b.Turn = 1
	default:
		return Board{}, fmt.Errorf("side to move %q: want * or O", f[len(f)-1])
	}
	return b, nil
}

// ReadGGF reads every game of a GGF stream ("(;...;)" games, anything between them ignored);
// name is the file name for errors.
func ReadGGF(rd io.Reader, name string) ([]Record, error) { return readGGF(rd, name, Start(8)) }

// readGGF is ReadGGF with the start of games that say neither their board nor their size.
func readGGF(rd io.Reader, name string, start Board) ([]Record, error) {
	data, err := io.ReadAll(rd)
	if err != nil {
		return nil, err
	}
	text := string(data)
	var out []Record
	for n := 1; ; n++ {
		i := strings.Index(text, "(;")
		if i < 0 {
			break
		}
		j := strings.Index(text[i:], ";)")
		if j < 0 {
			return out, &RecordError{File: name, Game: n, Err: fmt.Errorf("game is not closed with \";)\"")}
		}
		r, err := parseGGF(text[i:i+j+2], start)
		if err != nil {
			return out, where(err, name, n)
		}
		out = append(out, r)
		text = text[i+j+2:]
	}
	return out, nil
}

// GGF writes the record as one GGF game, with PA for every pass.
func (r *Record) GGF() string {
	var b strings.Builder
	b.WriteString("(;")
	tag := func(name, v string) {
		b.WriteString(name)
		b.WriteByte('[')
		b.WriteString(strings.NewReplacer(`\`, `\\`, "]", `\]`).Replace(v))
		b.WriteByte(']')
	}
	hasGM := false
	for _, e := range r.Extra {
		if e[0] == "GM" {
			hasGM = true
		}
	}
	if !hasGM {
		tag("GM", "Othello")
	}
	for _, e := range r.Extra {
		tag(e[0], e[1])
	}
	for _, t := range [][2]string{{"PC", r.Place}, {"DT", r.Date}, {"EV", r.Event}, {"PB", r.Black}, {"PW", r.White}} {
		if t[1] != "" {
			tag(t[0], t[1])
		}
	}
	if r.HasKomi {
		tag("KM", signed(r.Komi))
	}
	if r.HasResult {
		res := signed(r.StatedResult())
		switch r.ResultNote {
		case "resigned":
			res += ":r"
		case "timeout":
			res += ":t"
		case "agreed":
			res += ":s"
		}
		tag("RE", res)
	}
	side := "*"
	if r.Start.Turn == 1 {
		side = "O"
	}
	board := strings.NewReplacer("X", "*", "/", " ").Replace(r.Start.Text())
	tag("BO", fmt.Sprintf("%d %s %s", r.Start.Size, board, side))
	turn := r.Start.Turn
	for _, sq := range r.Moves {
		name := "PA"
		if sq != Pass {
			name = strings.ToUpper(SquareName(sq))
		}
		tag(string("BW"[turn]), name)
		turn ^= 1
	}
	b.WriteString(";)")
	return b.String()
}

// signed writes x with its sign and as few digits as read back the same: "+2", "-22.87".
func signed(x float64) string {
	t := strconv.FormatFloat(x, 'f', -1, 64)
	if !strings.HasPrefix(t, "-") {
		t = "+" + t
	}
	return t
}
