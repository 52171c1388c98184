// Package api holds the wire types of Turncoat's HTTP API and live protocol (WebSocket and
// NDJSON messages): what clients send and receive, as JSON. The server's HTTP adapter writes
// them, the Go client reads them (package client), and docs/api.md describes them. They carry
// no behaviour: the services fill them in and the adapter encodes them.
package api
