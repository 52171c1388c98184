package server_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"turncoat/store"
)

// said sends a request as c with an Accept-Language and returns the status and the error's
// message.
func said(t *testing.T, c *client, method, path, accept string, body any) (int, string) {
	t.Helper()
	b, _ := json.Marshal(body)
	if body == nil {
		b = nil
	}
	st, out := c.raw(method, path, b, "Accept-Language", accept)
	var e apiError
	json.Unmarshal(out, &e)
	return st, e.Error.Message
}

// TestAccountErrorsInTheirLanguage: the refusals of accounts, blocks and the chat that a
// person using the UI meets are written in the page's language (each its own sentence, with
// what it names: a name, a number), in Portuguese too, and in English as before.
func TestAccountErrorsInTheirLanguage(t *testing.T) {
	notUnderRace(t)
	t.Parallel()
	storeKinds(t, func(t *testing.T, dsn string, opts store.Options) {
		h := newHarness(t, dsn, opts)
		ann, bob := h.member("Ann"), h.member("Bob")
		shared := playing(t, ann, bob)
		v := h.browser()
		for _, c := range []struct {
			c                  *client
			method, path, lang string
			body               any
			status             int
			want               string
		}{
			{v, "POST", "/api/signup", "es-ES,es;q=0.9", map[string]string{"name": "ann", "password": "correct horse battery"}, http.StatusConflict, "El nombre ann ya existe."},
			{v, "POST", "/api/signup", "es", map[string]string{"name": "Carla", "password": "short"}, http.StatusBadRequest, "Una contraseña tiene de 8 a 256 caracteres."},
			{v, "POST", "/api/signup?lang=pt", "es", map[string]string{"name": "Carla", "password": "short"}, http.StatusBadRequest, "Uma senha tem de 8 a 256 caracteres."},
			{v, "POST", "/api/signup", "en-GB", map[string]string{"name": "Carla", "password": "short"}, http.StatusBadRequest, "A password has 8 to 256 characters."},
			{v, "POST", "/api/signup", "es", map[string]string{"name": "guest-7", "password": "correct horse battery"}, http.StatusBadRequest, "Los nombres que empiezan por guest- son para invitados."},
			{v, "POST", "/api/email/confirm", "es", map[string]string{"token": "nothing-like-it"}, http.StatusBadRequest, "Este enlace de confirmación es desconocido, ya se usó o caducó: pide uno nuevo desde la página de tu cuenta."},
			{v, "POST", "/api/email/confirm", "pt-BR", map[string]string{"token": "nothing-like-it"}, http.StatusBadRequest, "Este link de confirmação é desconhecido, já foi usado ou expirou: peça um novo na página da sua conta."},
			{ann, "POST", "/api/me/password", "es", map[string]string{"old": "not-the-password", "password": "another good secret"}, http.StatusUnauthorized, "Contraseña incorrecta."},
			{ann, "POST", "/api/games/" + shared + "/chat", "es", map[string]string{"text": strings.Repeat("a", 301)}, http.StatusBadRequest, "Un mensaje tiene como máximo 300 caracteres (este tiene 301)."},
			{ann, "PUT", "/api/me/blocks/Ann", "es", nil, http.StatusBadRequest, "No puedes bloquearte a ti mismo."},
			{ann, "PUT", "/api/me/blocks/Nadie", "es", nil, http.StatusNotFound, "No hay ningún usuario llamado Nadie."},
		} {
			if st, m := said(t, c.c, c.method, c.path, c.lang, c.body); st != c.status || m != c.want {
				t.Errorf("%s %s in %s: %d %q, want %d %q", c.method, c.path, c.lang, st, m, c.status, c.want)
			}
		}
		if st := ann.call("PUT", "/api/me/blocks/Bob", nil, nil); st != http.StatusOK {
			t.Fatalf("block: %d", st)
		}
		if st, m := said(t, bob, "POST", "/api/games/"+shared+"/chat", "es", map[string]string{"text": "hola"}); st != http.StatusForbidden ||
			m != "Ann te bloqueó: no puedes unirte a sus partidas, ofrecerle una revancha ni escribirle." {
			t.Errorf("a blocked player's line in Spanish: %d %q", st, m)
		}
		if st, m := said(t, ann, "POST", "/api/games/"+shared+"/chat", "en", map[string]string{"text": "hi"}); st != http.StatusForbidden ||
			m != "You blocked Bob: unblock them first to play or chat with them." {
			t.Errorf("a blocker's line in English: %d %q", st, m)
		}
	})
}
