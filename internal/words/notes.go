package words

// Note says a notification's sentence (key, with its stored args) in lang: the game it is about
// by its title (or its id) and the reader's opponent by name ("AI" is the AI's, "" someone
// unnamed), unless the args name them already. It reports whether the catalogues have key.
func Note(lang, key string, args map[string]string, game, opponent string) (string, bool) {
	all := make(map[string]string, len(args)+2)
	if _, ok := args["game"]; !ok {
		all["game"] = game
	}
	if _, ok := args["opponent"]; !ok {
		switch opponent {
		case "":
			all["opponent"], _ = Say(lang, "note.someone", nil)
		case "AI":
			all["opponent"], _ = Say(lang, "note.ai", nil)
		default:
			all["opponent"] = opponent
		}
	}
	for k, v := range args {
		all[k] = v
	}
	return Say(lang, key, all)
}
