package server

import (
	"crypto/rand"
	_ "embed"
	"encoding/base64"
	"fmt"
	"strings"
	"sync"
	"turncoat/platform"
)

// passwords.txt is the 10,000 most common passwords, one a line, lowercase, most common first:
// the head of zxcvbn's ranking of Mark Burnett's public ten-million-password data set (MIT
// licence). A sign-up may not use one of them, in any case.
//
//go:embed passwords.txt
var commonPasswordsText string

var commonPasswords = sync.OnceValue(func() map[string]struct{} {
	m := make(map[string]struct{}, 10000)
	for _, p := range strings.Split(commonPasswordsText, "\n") {
		if p != "" {
			m[p] = struct{}{}
		}
	}
	return m
})

// weakPassword refuses a password that is the name or one of the most common passwords.
func weakPassword(name, pw string) error {
	if strings.EqualFold(strings.TrimSpace(pw), strings.TrimSpace(name)) {
		return platform.Errorf(platform.WeakPassword, "a password may not be the name")
	}
	if _, ok := commonPasswords()[strings.ToLower(pw)]; ok {
		return platform.Errorf(platform.WeakPassword, "this password is one of the 10,000 most common ones: choose another")
	}
	return nil
}

// dummyHash is a password hash that matches no password, checked for names without a password
// (unknown, or guests) so that a log-in takes as long whether the name exists or not.
var dummyHash = sync.OnceValue(func() string {
	salt, key := make([]byte, 16), make([]byte, argonKeyLen)
	rand.Read(salt)
	rand.Read(key)
	return phc(salt, key)
})

// phc writes an argon2id hash with the server's parameters as a PHC string.
func phc(salt, key []byte) string {
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=19$m=%d,t=%d,p=%d$%s$%s", argonMemory, argonTime, argonThreads, b64.EncodeToString(salt), b64.EncodeToString(key))
}
