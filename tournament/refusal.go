package tournament

// Refusal is a refused operation's error that names its sentence in the server's catalogues
// (internal/words): Key and Args, for an adapter to say it in the person's language. It wraps
// the error it says (ErrNotYourRound, ErrPostFormat...), whose English text it keeps, so
// errors.Is and the CLI read as before. An argument named side, or starting so, is a side's
// name as the tournament's configuration gives it (English), for the adapter to say in the
// language.
type Refusal struct {
	Err  error
	Key  string
	Args map[string]string
}

func (r *Refusal) Error() string { return r.Err.Error() }

// Unwrap returns the error said.
func (r *Refusal) Unwrap() error { return r.Err }

// refused returns err naming the sentence key, with its arguments as pairs.
func refused(key string, err error, args ...string) error {
	return &Refusal{Err: err, Key: key, Args: pairs(args)}
}
