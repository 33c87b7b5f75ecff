// The concombre web table: renders the seat's view and sends action documents, nothing more.
"use strict";

const $ = (id) => document.getElementById(id);
let socket = null;
let current = null;

const SUITS = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };

function cardLabel(text) {
  if (text.startsWith("JK")) return "\u2605" + text.slice(2);
  const rank = text[0] === "T" ? "10" : text[0];
  return rank + SUITS[text[1]] + (text.length > 2 ? text.slice(2) : "");
}

function cardButton(text, reason, onClick) {
  const button = document.createElement("button");
  button.className = "card" + ("DH".includes(text[1]) && !text.startsWith("JK") ? " red" : "");
  button.textContent = cardLabel(text);
  button.dataset.card = text;
  if (reason) { button.disabled = true; button.title = reason; }
  if (onClick && !reason) button.addEventListener("click", onClick);
  return button;
}

function send(action) {
  $("error").textContent = "";
  socket.send(JSON.stringify({ action }));
}

// Players name themselves: a name is text, never markup.
function esc(text) {
  return String(text).replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function renderScores(message) {
  const view = message.view;
  // In a tie-break round (R14) the tie-break points are shown in their own column, apart from the totals (R14a).
  const tieBreak = Boolean(view.tie_break_points) && view.round_number > view.players.length;
  const rows = view.players.map((name, seat) => {
    // What a game's view shows decides the columns, so that any game's scores can be drawn.
    const flags = view.opened ? (view.opened[seat] ? "opened" : "")
      : view.eliminated ? (view.eliminated[seat] ? "eliminated" : view.half_cucumber[seat] ? "half cucumber" : "")
      : "";
    const penalty = view.penalty_cards ? (view.penalty_cards[seat].map(cardLabel).join(" ") || "")
      : view.hand_sizes ? `${view.hand_sizes[seat]} cards` : "";
    const cls = view.to_play === seat ? ' class="turn"' : "";
    const extra = tieBreak ? `<td class="tie-break">${view.tie_break_points[seat]}</td>` : "";
    return `<tr${cls}><td>${esc(name)}${seat === message.you ? " (you)" : ""}</td><td>${view.scores[seat]}</td>` +
           `${extra}<td>${penalty}</td><td>${flags}</td></tr>`;
  });
  const head = `<th>Player</th><th>Score</th>${tieBreak ? "<th>Tie-break (R14a)</th>" : ""}<th></th><th></th>`;
  $("scores").innerHTML = `<table><tr>${head}</tr>${rows.join("")}</table>`;
}

function renderConcombre(message) {
  const view = message.view;
  const trick = view.trick.map(([seat, card]) => `${esc(view.players[seat])} ${cardLabel(card)}`).join(", ");
  const played = view.players.map((name, seat) => {
    const cards = [...view.tricks.flat(), ...view.trick].filter(([s]) => s === seat).map(([, c]) => cardLabel(c));
    return cards.length ? `${esc(name)}: ${cards.join(" ")}` : "";
  }).filter(Boolean).join(" | ");
  $("board").innerHTML = `<p>Round ${view.round_number}, ${view.deal_size} cards each. ` +
    `Trick: <strong id="trick">${trick || "nobody has played yet"}</strong></p>` +
    `<p>Played this round: ${played || "nothing yet"}</p>`;
  const hand = $("hand");
  hand.replaceChildren(...view.hand.map((card) => cardButton(
    card,
    view.to_play === message.you ? message.reasons[card] : "Wait for your turn.",
    () => send({ format: "concombre.action/1", type: "play", card }),
  )));
  $("controls").replaceChildren();
}

// Any other game: its hand, if its view has one, and the actions the server offers, as buttons.
function renderChoices(message) {
  const view = message.view;
  $("board").innerHTML = `<p>Round ${view.round_number ?? ""}</p>`;
  $("hand").replaceChildren(...(view.hand || []).map((card) => cardButton(card, "Choose below.", null)));
  $("controls").replaceChildren(...message.choices.map((choice) => {
    const button = document.createElement("button");
    button.className = "choice";
    button.textContent = choice.text;
    button.addEventListener("click", () => send(choice.action));
    return button;
  }));
}

function renderRomme(message) {
  const view = message.view;
  const melds = view.melds.map((meld, number) =>
    `<li>${number}: ${meld.cards.map(cardLabel).join(" ")} <small>(${meld.kind}, ` +
    `${[...new Set(meld.owners)].map((seat) => esc(view.players[seat])).join(", ")})</small></li>`).join("");
  const top = view.discard_pile.length ? cardLabel(view.discard_pile[view.discard_pile.length - 1]) : "empty";
  $("board").innerHTML = `<p>Round ${view.round_number}. Discard pile: <strong>${top}</strong>; ` +
    `${view.stock_size} cards in the stock.</p><ul id="melds">${melds || "<li>No melds on the table yet.</li>"}</ul>`;
  const reasons = message.reasons || {};
  const mine = view.to_play === message.you;
  $("hand").replaceChildren(...view.hand.map((card) => cardButton(
    card,
    mine ? reasons[card] : "Wait for your turn.",
    () => send({ format: "concombre.romme.action/1", type: "discard", card }),
  )));
  const controls = [];
  for (const [label, type] of [["draw stock", "draw_stock"], ["draw discard", "draw_discard"]]) {
    const button = document.createElement("button");
    button.className = "choice";
    button.textContent = label;
    const reason = mine ? reasons[label] : "Wait for your turn.";
    if (reason) { button.disabled = true; button.title = reason; }
    else button.addEventListener("click", () => send({ format: "concombre.romme.action/1", type }));
    controls.push(button);
  }
  for (const choice of message.choices) {
    if (["draw_stock", "draw_discard", "discard"].includes(choice.action.type)) continue;
    const button = document.createElement("button");
    button.className = "choice";
    button.textContent = choice.text;
    button.addEventListener("click", () => send(choice.action));
    controls.push(button);
  }
  $("controls").replaceChildren(...controls);
}

const RENDERERS = { concombre: renderConcombre, romme: renderRomme };

function render(message) {
  current = message;
  document.body.dataset.messages = String(Number(document.body.dataset.messages || 0) + 1);  // for tests to wait on
  $("setup").hidden = true;
  $("table").hidden = false;
  const view = message.view;
  const turn = view.to_play === message.you ? "your turn" : view.phase;
  $("status").textContent = `${message.title}: ${turn}`;
  renderScores(message);
  (RENDERERS[message.game] || renderChoices)(message);
  $("log").replaceChildren(...message.log.map((line) => {
    const item = document.createElement("li");
    item.textContent = line;
    return item;
  }));
  $("log").scrollTop = $("log").scrollHeight;
  const over = $("over");
  over.hidden = !message.over;
  if (message.over) {
    const saved = JSON.parse(localStorage.getItem("concombre-table"));
    over.innerHTML = `Game over: ${esc(view.players[view.winner])} wins. ` +
      `<a id="record" href="/api/tables/${saved.table}/record?token=${saved.token}">Download the record</a>`;
  }
}

function connect(table, token) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${table}?token=${encodeURIComponent(token)}`);
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "error") $("error").textContent = message.message;
    else render(message);
  });
  socket.addEventListener("close", () => { $("status").textContent += " (disconnected: reload to rejoin)"; });
}

// Each friend's link opens their own seat: the table and the seat's token, after "#join=".
function showInvitations(data) {
  const links = (data.invitations || []).map((invitation) => {
    const item = document.createElement("li");
    const link = document.createElement("input");
    link.readOnly = true;
    link.value = `${location.origin}/#join=${data.table}.${invitation.token}`;
    link.setAttribute("aria-label", `The link for ${invitation.name}`);
    link.className = "invitation";
    item.append(`${invitation.name} (seat ${invitation.seat + 1}): `, link);
    return item;
  });
  $("invitation-links").replaceChildren(...links);
  $("invitations").hidden = links.length === 0;
}

$("start").addEventListener("click", async () => {
  const friends = Math.max(0, Number($("friends").value) || 0);
  const body = { game: $("game").value, players: Number($("players").value), name: $("name").value,
                 people: Math.min(1 + friends, Number($("players").value)) };
  const answer = await fetch("/api/tables", { method: "POST", body: JSON.stringify(body),
                                              headers: { "Content-Type": "application/json" } });
  const data = await answer.json();
  if (!answer.ok) { $("status").textContent = data.error; return; }
  localStorage.setItem("concombre-table", JSON.stringify(data));
  showInvitations(data);
  connect(data.table, data.token);
});

$("leave").addEventListener("click", () => {
  localStorage.removeItem("concombre-table");
  if (socket) socket.close();
  location.reload();
});

// The games the server knows, from its registry: the menu and each game's player count.
let GAMES = [];
fetch("/api/games").then((answer) => answer.json()).then((games) => {
  GAMES = games;
  const chosen = $("game").value;
  $("game").replaceChildren(...games.map((game) => new Option(game.title, game.name)));
  if (games.some((game) => game.name === chosen)) $("game").value = chosen;
  limitPlayers();
});

function limitPlayers() {
  const game = GAMES.find((item) => item.name === $("game").value);
  if (!game) return;
  [$("players").min, $("players").max] = game.players;
  $("players").value = Math.min(Math.max(Number($("players").value), game.players[0]), game.players[1]);
}

$("game").addEventListener("change", limitPlayers);

if (location.hash.startsWith("#join=")) {  // a friend's invitation: their seat, kept like a table of their own
  const [table, token] = location.hash.slice("#join=".length).split(".");
  localStorage.setItem("concombre-table", JSON.stringify({ table, token }));
  history.replaceState(null, "", location.pathname);
}
const saved = localStorage.getItem("concombre-table");
if (saved) {
  const data = JSON.parse(saved);
  showInvitations(data);
  connect(data.table, data.token);
}
