package mail

import (
	"fmt"
	"html"
	"strings"
)

// The mails of an account itself, in the user's language: the link that confirms an address,
// and the link that sets a new password. Neither can be unsubscribed from: each is sent only
// when its owner (or someone who knows the name or address) asks.

// Account mail kinds.
const (
	// ConfirmEmail asks to confirm an address.
	ConfirmEmail = "confirm_email"
	// ResetPassword carries a password reset link.
	ResetPassword = "reset_password"
)

type accountWords struct {
	subject, intro, action, ignore string
}

var accountLangs = map[string]map[string]accountWords{
	"en": {
		ConfirmEmail: {
			subject: "Turncoat: confirm your address",
			intro:   "Hello %s, you gave Turncoat this address for your notices. Open the link below and press the button to confirm it (the link works once, for %s).",
			action:  "Confirm my address",
			ignore:  "If you did not ask for this, ignore this mail: nothing will be sent to this address.",
		},
		ResetPassword: {
			subject: "Turncoat: set a new password",
			intro:   "Hello %s, someone (you, we hope) asked to set a new password for your Turncoat account. Open the link below to choose it (the link works once, for %s).",
			action:  "Set a new password",
			ignore:  "If you did not ask for this, ignore this mail: your password stays as it is.",
		},
	},
	"pt": {
		ConfirmEmail: {
			subject: "Turncoat: confirme seu endereço",
			intro:   "Olá %s, você deu ao Turncoat este endereço para seus avisos. Abra o link abaixo e aperte o botão para confirmá-lo (o link funciona uma vez, por %s).",
			action:  "Confirmar meu endereço",
			ignore:  "Se você não pediu isto, ignore este e-mail: nada será enviado a este endereço.",
		},
		ResetPassword: {
			subject: "Turncoat: defina uma nova senha",
			intro:   "Olá %s, alguém (você, esperamos) pediu para definir uma nova senha para sua conta do Turncoat. Abra o link abaixo para escolhê-la (o link funciona uma vez, por %s).",
			action:  "Definir uma nova senha",
			ignore:  "Se você não pediu isto, ignore este e-mail: sua senha continua a mesma.",
		},
	},
	"es": {
		ConfirmEmail: {
			subject: "Turncoat: confirma tu dirección",
			intro:   "Hola %s, diste a Turncoat esta dirección para tus avisos. Abre el enlace de abajo y pulsa el botón para confirmarla (el enlace funciona una vez, durante %s).",
			action:  "Confirmar mi dirección",
			ignore:  "Si no lo pediste, ignora este correo: no se enviará nada a esta dirección.",
		},
		ResetPassword: {
			subject: "Turncoat: elige una nueva contraseña",
			intro:   "Hola %s, alguien (tú, esperamos) pidió elegir una nueva contraseña para tu cuenta de Turncoat. Abre el enlace de abajo para elegirla (el enlace funciona una vez, durante %s).",
			action:  "Elegir una nueva contraseña",
			ignore:  "Si no lo pediste, ignora este correo: tu contraseña sigue igual.",
		},
	},
}

// lasting says how long a link lasts in a language: "24 hours", "30 minutes".
func lasting(lang string, minutes int) string {
	units := map[string][2]string{"en": {"hours", "minutes"}, "pt": {"horas", "minutos"}, "es": {"horas", "minutos"}}[lang]
	if minutes%60 == 0 {
		return fmt.Sprintf("%d %s", minutes/60, units[0])
	}
	return fmt.Sprintf("%d %s", minutes, units[1])
}

// AccountMail writes an account's mail of a kind (ConfirmEmail, ResetPassword) in lang (English
// when there are no words for it) to the user of name: link is what it carries, valid for
// minutes. The recipient is left for the caller to set.
func AccountMail(kind, lang, name, link string, minutes int) Message {
	if _, ok := accountLangs[lang]; !ok {
		lang = "en"
	}
	w := accountLangs[lang][kind]
	intro := fmt.Sprintf(w.intro, name, lasting(lang, minutes))
	var text strings.Builder
	fmt.Fprintf(&text, "%s\n\n%s: %s\n\n-- \n%s\n", intro, w.action, link, w.ignore)
	esc := html.EscapeString
	h := fmt.Sprintf("<!doctype html><html><body style=\"font-family:sans-serif\">\n<p>%s</p>\n<p><a href=\"%s\">%s</a></p>\n<hr><p style=\"font-size:smaller;color:#666\">%s</p>\n</body></html>\n",
		esc(intro), esc(link), esc(w.action), esc(w.ignore))
	return Message{Subject: w.subject, Text: text.String(), HTML: h, UserName: name}
}
