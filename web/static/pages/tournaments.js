// Play-by-post tournaments: the list with the form that creates one, and a tournament's page:
// its phase, players, the open round, every board, the post form (the forum's text), the
// round's summary to copy into the thread, the standings, the ledger and the host's tools.

import {h, toast, announce} from "../dom.js";
import {t, date, sideName as sideNameOf} from "../i18n.js";
import * as prefs from "../prefs.js";
import {api, ApiError} from "../api.js";
import {navigate, title} from "../router.js";
import {GAMES, gameTitle, errorText} from "./common.js";

// field is a labelled input.
function field(id, label, input) {
  input.id = id;
  return h("div", {class: "field"}, h("label", {for: id}, label), input);
}

function select(values, words) {
  return h("select", {}, values.map(v => h("option", {value: v}, words(v))));
}

// list draws /tournaments.
async function list(main) {
  title(t("tour.title"));
  main.append(h("h1", {}, t("tour.title")));
  const box = h("section", {"aria-labelledby": "h-tlist"}, h("h2", {id: "h-tlist"}, t("tour.list")));
  main.append(box);
  try {
    const ts = await api("/tournaments");
    if (!ts.length) box.append(h("p", {class: "muted"}, t("tour.none")));
    const ul = h("ul", {class: "tour-list"});
    for (const x of ts) {
      ul.append(h("li", {}, h("a", {href: `/tournament/${x.id}`}, x.title), " · ", gameTitle(x.game), " · ",
        t(`tour.phase.${x.phase}`), " · ", t("tour.host", {name: x.host})));
    }
    box.append(ul);
  } catch (e) {
    box.append(h("p", {class: "error"}, errorText(e)));
  }
  main.append(createForm());
}

// createForm is the host's form for a new tournament.
function createForm() {
  const name = h("input", {type: "text", required: true, maxlength: 120});
  const kind = select(GAMES, gameTitle);
  const options = h("input", {type: "text", placeholder: "size=6"});
  const round = select(["24h", "48h", "72h", "12h"], v => v);
  const win = select(["24h", "48h", "72h", "12h"], v => v);
  const reward = h("input", {type: "text", inputmode: "decimal", value: "150"});
  const currency = h("input", {type: "text", value: "WRZ$", maxlength: 12});
  const odd = select(["wait", "house"], v => t(`tour.odd.${v}`));
  const missed = select(["miss", "pass"], v => t(`tour.missed.${v}`));
  const err = h("p", {class: "error", role: "alert"});
  const f = h("form", {class: "tour-create", "aria-labelledby": "h-tcreate"},
    h("h2", {id: "h-tcreate"}, t("tour.create")),
    field("tc-title", t("tour.f.title"), name), field("tc-game", t("tour.f.game"), kind),
    field("tc-options", t("tour.f.options"), options), field("tc-round", t("tour.f.round"), round),
    field("tc-window", t("tour.f.window"), win), field("tc-reward", t("tour.f.reward"), reward),
    field("tc-currency", t("tour.f.currency"), currency), field("tc-odd", t("tour.f.odd"), odd),
    field("tc-missed", t("tour.f.missed"), missed),
    h("button", {type: "submit", class: "primary"}, t("tour.create")), err);
  f.addEventListener("submit", async e => {
    e.preventDefault();
    err.textContent = "";
    const body = {title: name.value, game: kind.value, options: options.value, roundLength: round.value, window: win.value,
      currency: currency.value, oddPlayer: odd.value, missed: missed.value};
    if (reward.value.trim() === "" || reward.value.trim() === "0") body.noReward = true;
    else body.reward = reward.value.trim();
    try {
      const x = await api("/tournaments", {method: "POST", body});
      navigate(`/tournament/${x.id}`);
    } catch (ex) {
      err.textContent = ex instanceof ApiError && ex.status === 401 ? t("tour.signIn") : errorText(ex);
    }
  });
  return f;
}

const sideWord = (x, side) => (side === "first" ? x.config.sides[0] : side === "second" ? x.config.sides[1] : "");

// boardItem is one board in words: its number, players and colours, whose move.
function boardItem(x, b) {
  const seats = b.seats && b.seats[0].player
    ? `${b.seats[0].player} (${x.config.sides[0]}) – ${b.seats[1].player} (${x.config.sides[1]})`
    : b.pair.filter(Boolean).join(" – ");
  const parts = [h("strong", {}, t("tour.board", {n: b.number})), " ", seats];
  if (b.result) parts.push(" · ", t("tour.finished"));
  else if (b.toMove === "first" || b.toMove === "second") parts.push(" · ", t("tour.toMove", {side: sideWord(x, b.toMove)}), b.due ? " · " + t("tour.due") : "");
  else parts.push(" · ", t(`tour.status.${b.status}`) === `tour.status.${b.status}` ? b.status : t(`tour.status.${b.status}`));
  if (b.last && b.last.move) parts.push(" · ", t("tour.last", {move: b.last.move}));
  return h("li", {"data-board": b.number}, ...parts);
}

// page draws /tournament/{id}.
async function page(main, id) {
  let x;
  try {
    x = await api(`/tournaments/${id}`);
  } catch (e) {
    main.append(h("h1", {}, t("tour.title")), h("p", {class: "error"}, errorText(e)));
    return;
  }
  title(x.title);
  const you = x.you || {};
  const meName = !x.you ? "" : await api("/me").then(m => m.user && m.user.name, () => "");
  main.append(h("h1", {}, x.title),
    h("p", {class: "lead"}, gameTitle(x.game), x.config.options ? ` (${x.config.options.replaceAll(",", ", ")})` : "", " · ",
      h("span", {class: "tour-phase"}, t(`tour.phase.${x.phase}`)), " · ", t("tour.host", {name: x.host})));
  if (x.round) {
    main.append(h("h2", {class: "tour-round"}, x.round.title),
      h("p", {}, t("tour.deadline", {when: date(x.round.deadline)})));
  } else if (x.phase === "subscription") {
    main.append(h("p", {}, t("tour.closes", {when: date(x.subscriptionCloses)})));
  }
  const act = (path, body = {}) => async () => {
    try {
      await api(`/tournaments/${id}/${path}`, {method: "POST", body});
      navigate(`/tournament/${id}`, {replace: true});
    } catch (e) {
      toast(errorText(e), "error");
    }
  };
  const players = h("section", {"aria-labelledby": "h-tplayers"}, h("h2", {id: "h-tplayers"}, t("tour.players")),
    h("p", {class: "tour-subscribers"}, x.subscribers.length ? x.subscribers.flatMap((n, i) => [i ? ", " : null, h("a", {href: `/players/${encodeURIComponent(n)}`}, n)]) : t("tour.noPlayers")),
    x.reserves.length ? h("p", {}, t("tour.reserves", {names: x.reserves.join(", ")})) : null);
  const subscribed = x.subscribers.includes(meName) || x.reserves.includes(meName);
  if (x.phase === "subscription" && !subscribed) {
    players.append(h("button", {type: "button", class: "primary", id: "tour-subscribe", on: {click: act("subscribe")}}, t("tour.subscribe")));
  } else if (x.phase === "subscription" && subscribed) {
    players.append(h("button", {type: "button", on: {click: act("unsubscribe")}}, t("tour.unsubscribe")));
  }
  main.append(players);

  const boards = h("section", {"aria-labelledby": "h-tboards"}, h("h2", {id: "h-tboards"}, t("tour.boards")));
  main.append(boards);
  const bl = await api(`/tournaments/${id}/boards`).catch(() => []);
  if (bl.length) boards.append(h("ul", {class: "tour-boards"}, bl.map(b => boardItem(x, b))));
  else boards.append(h("p", {class: "muted"}, t("tour.noBoards")));
  const drawn = [];
  drawBoards(id, x, you, bl, boards, drawn).catch(e => console.warn(e));

  if (x.round && you.player) main.append(postForm(id, you));

  const summary = h("pre", {class: "tour-summary", tabindex: 0, "aria-labelledby": "h-tsummary"});
  const copy = h("button", {type: "button", on: {click: async () => {
    try {
      await navigator.clipboard.writeText(summary.textContent);
      toast(t("tour.copied"));
    } catch {
      getSelection().selectAllChildren(summary);
    }
  }}}, t("tour.copy"));
  main.append(h("section", {class: "tour-sum"}, h("h2", {id: "h-tsummary"}, t("tour.summary")), summary, copy));
  fetch(`/api/tournaments/${id}/summary`, {credentials: "same-origin"}).then(r => r.text()).then(s => summary.textContent = s);

  const st = await api(`/tournaments/${id}/standings`).catch(() => []);
  if (st && st.length) {
    main.append(h("section", {"aria-labelledby": "h-tstand"}, h("h2", {id: "h-tstand"}, t("tour.standings")),
      h("div", {class: "table-wrap"}, h("table", {class: "tour-standings"},
        h("thead", {}, h("tr", {}, ["#", t("tour.player"), t("tour.h.board"), t("tour.colour"), t("tour.state"), t("tour.margin"), t("tour.balance")].map(c => h("th", {scope: "col"}, c)))),
        h("tbody", {}, st.map(p => h("tr", {}, h("td", {}, p.rank), h("th", {scope: "row"}, h("a", {href: `/players/${encodeURIComponent(p.player)}`}, p.player)), h("td", {}, p.board),
          h("td", {}, sideWord(x, p.side)), h("td", {}, t(`tour.status.${p.status}`)), h("td", {}, p.margin > 0 ? "+" + p.margin : p.margin),
          h("td", {}, `${p.balance} ${x.config.currency || ""}`))))))));
  }
  const led = await api(`/tournaments/${id}/ledger`).catch(() => null);
  if (led && led.entries && led.entries.length) {
    main.append(h("section", {"aria-labelledby": "h-tledger"}, h("h2", {id: "h-tledger"}, t("tour.ledger")),
      h("ul", {class: "tour-ledger"}, led.entries.map(e => h("li", {}, `${e.player}: ${e.amount} ${led.currency} — ${e.reason}`)))));
  }
  if (you.host) main.append(hostTools(id, x, act));
  return () => drawn.forEach(b => b.destroy && b.destroy());
}

const RENDERERS = {
  reversi: () => import("../board/reversi.js"),
  troll: () => import("../board/troll.js"),
  blocs: () => import("../board/blocs.js"),
  turncoat: () => import("../board/turncoat.js"),
  turnover: () => import("../board/turnover.js"),
};

// drawBoards draws the boards in play small, with the game's own renderer: read-only, except
// the caller's board when their post is due, where a click on a legal square posts the move.
async function drawBoards(id, x, you, bl, section, drawn) {
  const load = RENDERERS[x.game];
  const playing = bl.filter(b => b.status === "playing").slice(0, 24);
  if (!load || !playing.length) return;
  const {create} = await load();
  const wrap = h("div", {class: "tour-minis"});
  section.append(wrap);
  for (const b of playing) {
    const j = await api(`/tournaments/${id}/boards/${b.number}`).catch(() => null);
    if (!j || !j.view || !j.view.board) continue;
    const mine = you.due && you.board === b.number;
    const host = h("div", {class: "board-host", "data-kind": x.game, "data-board": b.number});
    wrap.append(h("figure", {class: "tour-mini" + (mine ? " mine" : "")}, host, h("figcaption", {}, t("tour.board", {n: b.number}))));
    const theme = () => prefs.boardTheme(x.game, j.view.options || {});
    const ctx = {
      t, kind: x.game, label: t("tour.board", {n: b.number}),
      sideName: side => sideNameOf(x.game, j.view.sides, side, theme()),
      act: async move => {
        try {
          await api(`/tournaments/${id}/posts`, {method: "POST", body: {board: b.number, move}});
          toast(t("tour.posted"));
          navigate(`/tournament/${id}`, {replace: true});
        } catch (e) {
          toast(errorText(e), "error");
        }
      },
      refuse: c => toast(t("play.notLegal", {square: c})),
      say: announce,
    };
    host.dataset.boardTheme = theme();
    const board = create(host, ctx);
    drawn.push(board);
    board.draw(j.view, {interactive: mine});
  }
}

// postForm takes the post as the forum's text.
function postForm(id, you) {
  const text = h("textarea", {rows: 3, required: true, placeholder: "Board #3\nD 5"});
  if (you.board) text.value = `Board #${you.board}\n`;
  const err = h("p", {class: "error", role: "alert"});
  const f = h("form", {class: "tour-post", "aria-labelledby": "h-tpost"}, h("h2", {id: "h-tpost"}, t("tour.post")),
    h("p", {class: "doc"}, you.due ? t("tour.postDue") : t("tour.postHelp")),
    field("tour-post-text", t("tour.postText"), text),
    h("button", {type: "submit", class: "primary"}, t("tour.send")), err);
  f.addEventListener("submit", async e => {
    e.preventDefault();
    err.textContent = "";
    try {
      await api(`/tournaments/${id}/posts`, {method: "POST", body: {text: text.value}});
      toast(t("tour.posted"));
      navigate(`/tournament/${id}`, {replace: true});
    } catch (ex) {
      err.textContent = errorText(ex);
    }
  });
  return f;
}

// hostTools are the host's buttons and forms.
function hostTools(id, x, act) {
  const num = () => h("input", {type: "number", min: 1, max: Math.max(1, x.boards), value: 1});
  const txt = () => h("input", {type: "text"});
  const sec = h("section", {class: "tour-host", "aria-labelledby": "h-thost"}, h("h2", {id: "h-thost"}, t("tour.hostTools")),
    h("button", {type: "button", id: "tour-advance", on: {click: act("advance")}}, t("tour.advance")));
  const tool = (op, label, inputs, body) => {
    const f = h("form", {class: "tour-tool"}, h("h3", {}, label),
      inputs.map(([name, el]) => field(`th-${op}-${name}`, t(`tour.h.${name}`), el)),
      h("button", {type: "submit"}, label));
    f.addEventListener("submit", e => {
      e.preventDefault();
      act(op, body(Object.fromEntries(inputs.map(([n, el]) => [n, el.value]))))();
    });
    sec.append(f);
  };
  const dur = select(["12h", "24h", "48h"], v => v);
  tool("extend", t("tour.extend"), [["duration", dur]], v => ({duration: v.duration}));
  tool("replace", t("tour.replace"), [["board", num()], ["out", txt()], ["in", txt()]], v => ({board: +v.board, out: v.out, in: v.in}));
  tool("forfeit", t("tour.forfeit"), [["board", num()], ["player", txt()], ["reason", txt()]], v => ({board: +v.board, player: v.player, reason: v.reason}));
  return sec;
}

export async function render(main, params) {
  if (params[0]) await page(main, params[0]);
  else await list(main);
}
