#!/usr/bin/env bash
# curl-bot.sh: plays a whole game of every kind against the server's AI with curl and jq only.
#
#   docs/examples/curl-bot.sh [URL] [KIND[:OPTIONS_JSON]...]
#
#   docs/examples/curl-bot.sh http://localhost:8080
#   docs/examples/curl-bot.sh http://localhost:8080 'reversi:{"size":"6"}' turncoat
#
# For each game it creates a game against the AI (level 1, the bot plays the first side),
# follows the game's newline-delimited JSON stream with the viewer's fresh view on every batch
# of events (GET /api/games/ID/stream?views=1), and whenever the view says the bot must act
# posts a random legal move with the ply it saw, until the stream ends with the game. It prints
# one line per event and the outcome, and exits non-zero on any unexpected answer.
set -euo pipefail

URL=${1:-http://localhost:8080}
shift || true
if [ $# -eq 0 ]; then
  set -- reversi turnover turncoat blocs troll
fi

# A guest account: its token is the bot's bearer token.
TOKEN=$(curl -sSf -X POST "$URL/api/guest" | jq -r .token)

# api METHOD PATH [BODY]: prints the body; fails unless the status is 2xx.
api() {
  curl -sSf -X "$1" -H "Authorization: Bearer $TOKEN" "$URL$2" ${3:+-d "$3"}
}

# move ID SIDE PLY MOVE: posts a move and prints the game's version after it. A 409 (the game
# moved on meanwhile) is not an error: its body carries the fresh view.
move() {
  local out status
  out=$(mktemp)
  status=$(curl -sS -o "$out" -w '%{http_code}' -X POST -H "Authorization: Bearer $TOKEN" \
    "$URL/api/games/$1/move" -d "{\"side\":\"$2\",\"ply\":$3,\"move\":\"$4\"}")
  case $status in
    200) jq -r .view.version "$out" ;;
    409) echo "   (409 $(jq -r .error.code "$out"): the game moved on)" >&2
         jq -r .error.view.view.version "$out" ;;
    *) echo "move $4 refused: $status $(cat "$out")" >&2; rm -f "$out"; return 1 ;;
  esac
  rm -f "$out"
}

play() {
  local kind=${1%%:*} options='{}'
  [ "$kind" != "$1" ] && options=${1#*:}
  local game id me acted=-1
  game=$(api POST /api/games "{\"kind\":\"$kind\",\"mode\":\"ai\",\"level\":1,\"side\":\"first\",\"options\":$options}")
  id=$(jq -r .id <<<"$game")
  me=$(jq -r '.you[0]' <<<"$game")
  echo "== $kind: game $id, the bot plays $(jq -r '.seats[0].name' <<<"$game") against $(jq -r '.seats[1].ai' <<<"$game")"
  # The stream sends the events after ?after=, then "subscribed" (with the view), then each
  # new event as it happens, and ends with the game's "end" event.
  while IFS= read -r line; do
    jq -r 'select(.type == "event") | .event |
      "   v\(.version) \(.kind) \(.player // "both") \(.move // .commitment // "")"' <<<"$line"
    # Act on fresh views only: one older than the bot's last move was sent before it.
    jq -e '.view.view // empty' <<<"$line" >/dev/null || continue
    local view ply version
    view=$(jq -c .view.view <<<"$line")
    version=$(jq -r .version <<<"$view")
    ply=$(jq -r .ply <<<"$view")
    [ "$version" -gt "$acted" ] || continue
    if jq -e --arg me "$me" '(.toAct | index($me)) and (.submitted[if $me == "first" then 0 else 1 end] | not)' <<<"$view" >/dev/null; then
      local pick
      pick=$(jq -r --argjson r "$RANDOM" '.legal[$r % (.legal | length)]' <<<"$view")
      acted=$(move "$id" "$me" "$ply" "$pick")
    fi
  done < <(curl -sSfN -H "Authorization: Bearer $TOKEN" "$URL/api/games/$id/stream?after=0&views=1")
  api GET "/api/games/$id" | jq -r '.view as $v | "== \(.kind) over after \($v.ply) moves: " +
    (if $v.outcome.winner == null then "draw" else "\($v.sides[if $v.outcome.winner == "first" then 0 else 1 end]) wins" end) +
    " (\($v.outcome.ending): \($v.outcome.reason // ""))" + (if $v.outcome.score then " score \($v.outcome.score | join("-"))" else "" end)'
  api GET "/api/games/$id" | jq -e '.view.outcome.over' >/dev/null
}

for spec in "$@"; do
  play "$spec"
done
