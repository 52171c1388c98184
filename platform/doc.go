// Package platform is the domain of Turncoat's game service, without its transports: the
// statuses and modes of games, the one error type of its services with its codes (no HTTP: the
// adapter maps codes to statuses), and the typed values its services share. The rules of the
// games are not here (package game and games/*); nor is storage (package store) or HTTP.
package platform
