// Package domain is the ground floor of Turncoat's game service: the statuses and modes of games,
// the one error type of its services with its codes (no HTTP: the adapter maps codes to
// statuses), the rows the services keep (games, seats, users, notifications, tournaments,
// ratings) and the durable jobs that follow a change. It imports no package of ours but the
// rules' contract (game) and the rating value (rating); storage (store) implements the ports the
// services declare, and HTTP (server) adapts them.
package domain
