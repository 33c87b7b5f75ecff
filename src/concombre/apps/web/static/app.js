// The concombre web table: draws the seat's message and sends action documents; the rules stay on the server.
// Every piece of text from the server or a player goes in through textContent, never as markup.
"use strict";

const $ = (id) => document.getElementById(id);
const SUITS = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };
const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];

let socket = null;
let seat = null;        // the seat this tab shows: { table, token, watch?, settings?, invitations? } (see held())
let current = null;     // the last message
let faces = {};         // card key -> face document (words, label, svg...), from the message's picture
let drawings = {};      // a card drawing's name -> its SVG, as this connection was sent them
let selected = [];      // card keys picked in the hand
let staged = [];        // melds put together before they are laid down (an opening may need several)
let ends = null;        // a lay-off that fits either end of a run: the two actions to choose from
let sortBy = "game";
let newcomer = null;    // the card the last draw brought
let awaiting = false;   // an action was sent: its answer clears the picked cards, a refusal keeps them
let heard = 0;          // how many log lines were announced
let retry = 0;
let words = {};         // the page's sentences in the chosen language, keyed by their English (GET /api/words)
let known = {};         // every card face this page was shown, by card key: a trick still on the felt keeps its pictures
let lang = localStorage.getItem("concombre-lang");  // null: the browser's language, as the server reads it

// -- the page's language --------------------------------------------------------------------------------------

// A sentence of the page in the chosen language, its {placeholders} filled in.
function t(text, fields = {}) {
  const found = Object.hasOwn(words, text) ? words[text] : text;
  return found.replace(/\{(\w+)\}/g, (all, name) => (Object.hasOwn(fields, name) ? String(fields[name]) : all));
}

const cardCount = (count) => (count === 1 ? t("1 card") : t("{count} cards", { count }));

// The page's own words: each element marked data-i18n (its text), data-i18n-label (its aria-label) or
// data-i18n-placeholder, and the language menu.
function translatePage(data) {
  words = data.words;
  lang = data.lang;
  document.documentElement.lang = lang;
  for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const node of document.querySelectorAll("[data-i18n-label]")) {
    node.setAttribute("aria-label", t(node.dataset.i18nLabel));
  }
  for (const node of document.querySelectorAll("[data-i18n-placeholder]")) {
    node.setAttribute("placeholder", t(node.dataset.i18nPlaceholder));
  }
  document.title = t("concombre: play Concombre or German Rommé");
  $("lang").replaceChildren(...Object.entries(data.languages).map(([code, name]) => new Option(name, code,
                                                                                              code === lang,
                                                                                              code === lang)));
}

const asked = () => (lang ? `lang=${encodeURIComponent(lang)}` : "");

async function loadWords() {
  const answer = await fetch(`/api/words?${asked()}`);
  translatePage(await answer.json());
}

// -- the seats this browser holds ----------------------------------------------------------------------------
// Every seat this browser was given (its own tables, friends' links, spectators' links) is kept in localStorage
// by table and token, so that opening a second link never costs the first; each tab remembers in sessionStorage
// which one it shows.

const SEATS = "concombre-seats";
const NO_SEAT = 4404;  // the server's close code for a link that opens no seat (concombre.apps.web.app.NO_SEAT)
const HERE = "concombre-here";
const seatKey = (entry) => `${entry.table}.${entry.token}`;

function held() {
  let seats = {};
  try { seats = JSON.parse(localStorage.getItem(SEATS) || "{}") || {}; } catch { seats = {}; }
  const old = localStorage.getItem("concombre-table");  // the one seat an earlier version kept
  if (old) {
    try { const entry = JSON.parse(old); seats[seatKey(entry)] = { ...entry, since: Date.now() }; } catch { /* gone */ }
    localStorage.removeItem("concombre-table");
    localStorage.setItem(SEATS, JSON.stringify(seats));
  }
  return seats;
}

function keep(entry) {
  const seats = held();
  seats[seatKey(entry)] = { ...(seats[seatKey(entry)] || { since: Date.now() }), ...entry };
  localStorage.setItem(SEATS, JSON.stringify(seats));
  sessionStorage.setItem(HERE, seatKey(entry));
  return seats[seatKey(entry)];
}

function forget(entry) {
  const seats = held();
  delete seats[seatKey(entry)];
  localStorage.setItem(SEATS, JSON.stringify(seats));
  if (sessionStorage.getItem(HERE) === seatKey(entry)) sessionStorage.removeItem(HERE);
}

// What the list of held seats says of one: the game, who you are there (or "watching") and how it stands.
function described(entry) {
  const game = entry.title || t("A table");
  const who = entry.watch_only ? t("watching") : entry.name ? entry.name : t("your seat");
  const when = entry.since ? ` \u00b7 ${new Date(entry.since).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}` : "";
  return t("{game}: {who}", { game, who }) + (entry.over ? ` (${t("over")})` : "") + when;
}

function showHeld() {
  const seats = Object.values(held()).sort((a, b) => (b.since || 0) - (a.since || 0));
  $("held").hidden = seats.length === 0;
  $("held-list").replaceChildren(...seats.map((entry) => el("li", {},
    el("span", { text: described(entry) + " " }),
    button(t("Go to this table"), () => openSeat(entry), { class: "choice small" }),
    button(t("Forget"), async () => {
      if (await ask(t("Forget this table? This browser will no longer hold its seat."), t("Forget"))) {
        forget(entry);
        showHeld();
      }
    }, { class: "choice small" }))));
}

// A question with two answers, in the page's own dialog (never the browser's): resolves to whether it was yes.
function ask(question, yes) {
  const dialog = $("confirm");
  $("confirm-text").textContent = question;
  $("confirm-yes").textContent = yes;
  $("confirm-no").textContent = t("Cancel");
  dialog.returnValue = "";
  dialog.showModal();
  return new Promise((resolve) => dialog.addEventListener("close", () => resolve(dialog.returnValue === "yes"),
                                                          { once: true }));
}

// -- small builders -------------------------------------------------------------------------------------------

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "class") node.className = value;
    else if (name === "text") node.textContent = value;
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  node.append(...children.filter((child) => child !== null && child !== undefined));
  return node;
}

function fill(node, ...children) {
  node.replaceChildren(...children.filter((child) => child !== null && child !== undefined));
}

// The engine's words name cards as records write them ("AS", "TH2", "JK1"): people read "A♠", "10♥", "joker".
function readable(text) {
  return String(text).replace(/\bJK[1-9]\b/g, t("joker")).replace(/\b([2-9TJQKA])([CDHS])[12]?\b/g,
    (_, rank, suit) => (rank === "T" ? "10" : rank) + SUITS[suit]);
}

// A control; one the rules refuse now stays focusable and says why when focused or pressed.
function button(text, onClick, { reason = null, ...props } = {}) {
  reason = reason && readable(reason);
  const node = el("button", { type: "button", class: "choice", "aria-disabled": reason ? "true" : null,
                              title: reason, ...props }, text);
  node.addEventListener("click", () => (reason ? say(reason) : onClick()));
  node.addEventListener("focus", () => { if (reason) say(reason); });
  return node;
}

// A card the picture did not draw (a penalty card in the score sheet): its corner, from its key.
function faceOf(key) {
  if (faces[key]) return faces[key];
  if (known[key]) return known[key];  // drawn in an earlier message: a trick still on the felt
  if (key.startsWith("JK")) return { key, label: "\u2605", words: t("joker"), red: false };
  const rank = key[0] === "T" ? "10" : key[0];
  return { key, label: rank + (SUITS[key[1]] || ""), words: key, red: "DH".includes(key[1]) };
}

function spoken(face) {
  return face.words + (face.twin ? " " + t("(copy {copy})", { copy: face.twin }) : "")
    + (face.caption ? `, ${face.caption}` : "");
}

function image(face) {
  if (!face.svg) return el("span", { class: "card-text" + (face.red ? " red" : ""), text: face.label });
  return el("img", { src: "data:image/svg+xml;charset=utf-8," + encodeURIComponent(face.svg), alt: "",
                     class: "card-image" });
}

function cardPicture(face) {
  return el("span", { class: "card still", role: "img", "aria-label": spoken(face) }, image(face),
            face.twin ? el("span", { class: "twin", "aria-hidden": "true", text: String(face.twin) }) : null);
}

// A card to act on; a refused one stays focusable and says why when focused or tapped.
function cardButton(face, { reason = null, pressed = null, drawn = false, onClick = null } = {}) {
  reason = reason && readable(reason);
  const label = spoken(face) + (drawn ? ", " + t("just drawn") : "") + (reason ? `: ${reason}` : "");
  const node = el("button", {
    type: "button", class: "card" + (drawn ? " drawn" : "") + (reason ? " refused" : ""), "data-card": face.key,
    "aria-label": label, "aria-pressed": pressed === null ? null : String(pressed),
    "aria-disabled": reason ? "true" : null, title: reason,
  }, image(face), face.twin ? el("span", { class: "twin", "aria-hidden": "true", text: String(face.twin) }) : null);
  node.addEventListener("click", () => (reason ? say(reason) : onClick && onClick()));
  node.addEventListener("focus", () => { if (reason) say(reason); });
  return node;
}

function say(text) { $("reason").textContent = readable(text); }

function send(action) {
  $("error").textContent = "";
  say("");
  awaiting = true;
  socket.send(JSON.stringify({ action }));
}

function sorted(keys) {
  const place = (key) => {
    const face = faceOf(key);
    const rank = face.label.replace(/[\u2663\u2666\u2665\u2660]/g, "");
    return { rank: RANKS.includes(rank) ? RANKS.indexOf(rank) : 99, suit: "CDHS".indexOf(key[1]) };
  };
  if (sortBy === "game") return keys;
  return [...keys].sort((a, b) => {
    const [x, y] = [place(a), place(b)];
    return sortBy === "suit" ? x.suit - y.suit || x.rank - y.rank : x.rank - y.rank || x.suit - y.suit;
  });
}

const nameOf = (message, other) => (other === message.you ? t("{name} (you)", { name: message.view.players[other] })
                                                           : message.view.players[other]);

// -- the score sheet ------------------------------------------------------------------------------------------

function renderScores(message) {
  const view = message.view;
  if (!view) {  // a spectator: the picture's lines
    $("scores").replaceChildren(el("ul", {}, ...message.picture.lines.map((line) => el("li", { text: line }))));
    return;
  }
  // In a tie-break round (R14) the tie-break points have their own column, apart from the totals (R14a).
  const tieBreak = Boolean(view.tie_break_points) && view.round_number > view.players.length;
  const over = message.over;  // the final table: the scores and the winner, not a round's hands
  const head = el("tr", {}, el("th", { scope: "col", text: t("Player") }),
                  el("th", { scope: "col", text: over ? t("Final score") : t("Score") }),
                  tieBreak ? el("th", { scope: "col", text: t("Tie-break (R14a)") }) : null,
                  over ? null : el("th", { scope: "col", text: t("Cards") }), el("th", { scope: "col", text: t("Notes") }));
  const rows = view.players.map((name, other) => {
    const notes = [];
    if (view.opened && !over) notes.push(view.opened[other] ? t("opened") : t("not opened"));
    if (view.eliminated && view.eliminated[other]) notes.push(t("eliminated (C11)"));
    else if (view.half_cucumber && view.half_cucumber[other]) notes.push(t("half cucumber (C10)"));
    if (view.penalty_cards && view.penalty_cards[other].length) {
      notes.push(t("penalty {cards}", { cards: view.penalty_cards[other].map((key) => faceOf(key).label).join(" ") }));
    }
    if (message.winner === other) notes.push(t("winner"));
    if ((message.stand_ins || []).includes(other)) notes.push(t("the bot plays for them"));
    const invited = (message.invited || []).includes(other);
    const away = !invited && message.people.includes(other) && !(message.present || [other]).includes(other);
    if (invited) notes.push(t("invited: has not opened their link yet"));
    if (away) notes.push(t("away"));
    // The table's maker may give a friend's empty seat to a bot, so that the game goes on without them: asked first.
    const handOver = (away || invited) && message.you === 0 && !over
      ? button(t("Give this seat to a bot"), () => giveToBot(other, view.players[other]), { class: "choice small" })
      : null;
    return el("tr", { class: view.to_play === other && !over ? "turn" : null },
              el("th", { scope: "row", text: nameOf(message, other) }), el("td", { text: String(view.scores[other]) }),
              tieBreak ? el("td", { text: String(view.tie_break_points[other]) }) : null,
              over ? null : el("td", { text: String(view.hand_sizes[other]) }),
              el("td", {}, notes.join(", "), handOver ? " " : "", handOver));
  });
  $("scores").replaceChildren(el("table", {}, el("thead", {}, head), el("tbody", {}, ...rows)));
}

async function giveToBot(other, name) {
  const sure = await ask(t("Give {name}'s seat to a bot for the rest of the game? Their link will then only let them watch.", { name }),
                        t("Give the seat to a bot"));
  if (!sure) return;
  const answer = await fetch(`/api/tables/${seat.table}/seats/${other}/bot?token=${encodeURIComponent(seat.token)}`
                             + `&${asked()}`, { method: "POST" });
  if (!answer.ok) $("error").textContent = (await answer.json()).error;
}

// -- Concombre: the trick around the table ----------------------------------------------------------------------

// The players around the felt, the seat at the bottom first and the others clockwise, each with the card they put
// in the trick and a word on how they stand.
function tableRing(message, { players, toPlay, statusOf, plays, bottom }) {
  const won = message.trick_won;
  const count = players.length;
  const ring = el("div", { class: "ring", role: "list", "aria-label": t("The table") });
  const inTrick = new Map(plays.map(([other, key], order) => [other, { key, order }]));
  for (let step = 0; step < count; step += 1) {
    const other = (bottom + step) % count;
    const angle = (2 * Math.PI * step) / count;
    const played = inTrick.get(other);
    const status = statusOf(other) + (won && won.winner === other ? ", " + t("won the trick") : "");
    const name = other === message.you ? t("{name} (you)", { name: players[other] }) : players[other];
    const place = el("div", { class: "seat" + (toPlay === other ? " turn" : ""), role: "listitem" },
                     el("span", { class: "who", text: name }),
                     el("span", { class: "note", text: played && played.order === 0 ? t("{status}, led", { status })
                                                                                        : status }),
                     played ? cardPicture(faceOf(played.key)) : el("span", { class: "empty", "aria-hidden": "true" }));
    place.style.setProperty("--x", `${50 - 40 * Math.sin(angle)}%`);
    place.style.setProperty("--y", `${50 + 36 * Math.cos(angle)}%`);
    ring.append(place);
  }
  return ring;
}

const trickWon = (message, names) => (message.trick_won
  ? el("p", { class: "trick-won", role: "status" }, t("{name} wins the trick.", { name: names[message.trick_won.winner] }))
  : null);

// A spectator's Concombre table, from the public picture: the names, each seat's row, the trick's cards by who
// played them (each card's caption).
function watchConcombre(message) {
  const players = message.players;
  const rows = message.picture ? message.picture.rows : [];
  const plays = [];
  for (const row of rows.slice(players.length)) {
    for (const card of row.cards) if (card.key && players.includes(card.caption)) plays.push([players.indexOf(card.caption), card.key]);
  }
  const won = message.trick_won;
  const statusOf = (other) => {
    const label = rows[other] ? rows[other].label : "";
    const rest = label.startsWith(players[other] + " ") ? label.slice(players[other].length + 1) : label;
    return message.to_play === other ? t("to play") : rest;
  };
  fill($("board"), el("h2", { text: message.picture ? message.picture.title : message.title }),
       tableRing(message, { players, toPlay: message.to_play, statusOf, bottom: 0,
                            plays: plays.length || !won ? plays : won.plays }),
       trickWon(message, players));
  $("hand").replaceChildren();
  $("controls").replaceChildren();
}

function renderConcombre(message) {
  const view = message.view;
  // A completed trick stays on the felt, with who won it, until the next card is led (message.trick_won).
  const won = message.trick_won;
  const statusOf = (other) => (view.eliminated[other] ? t("out (C11)") : view.to_play === other ? t("to play")
    : cardCount(view.hand_sizes[other]));
  const ring = tableRing(message, { players: view.players, toPlay: view.to_play, statusOf, bottom: message.you,
                                    plays: view.trick.length || !won ? view.trick : won.plays });
  const last = view.tricks.length ? view.tricks[view.tricks.length - 1] : null;
  fill($("board"),
    el("h2", { text: t("Round {round}: {count} cards each", { round: view.round_number, count: view.deal_size }) }),
    ring,
    trickWon(message, view.players.map((name, other) => nameOf(message, other))),
    last && !view.trick.length && !won
      ? el("p", { class: "last-trick" }, t("Last trick:") + " ",
           ...last.map(([other, key]) => el("span", { class: "played" }, `${view.players[other]} `,
                                             cardPicture(faceOf(key)))))
      : null,
  );
  const mine = view.to_play === message.you;
  const format = message.choices.length ? message.choices[0].action.format : null;
  $("hand").replaceChildren(...sorted(view.hand).map((key) => cardButton(faceOf(key), {
    reason: mine ? message.reasons[key] : t("Wait for your turn."),
    onClick: () => send({ format, type: "play", card: key }),
  })));
  $("controls").replaceChildren();
}

// -- German Rommé: draw, pick cards, meld, lay off, exchange a joker, discard ------------------------------------

const canon = (groups) => groups.map((group) => [...group].sort().join(" ")).sort().join(" | ");

function offered(type, test) { return current.choices.filter((c) => c.action.type === type && test(c.action)); }

function actionFormat() { return current.choices.length ? current.choices[0].action.format : null; }

function meld() {
  const groups = selected.length ? [...staged, selected] : staged;
  const match = offered("meld", (action) => canon(action.melds) === canon(groups));
  send(match.length ? match[0].action : { format: actionFormat(), type: "meld", melds: groups.map(sorted) });
}

function layOff(number) {
  if (selected.length !== 1) { say(t("Pick one card of your hand, then the meld to lay it off on (R9).")); return; }
  const [card] = selected;
  const match = offered("lay_off", (action) => action.card === card && action.meld === number);
  if (match.length > 1) { ends = match; draw(current); return; }
  send(match.length ? match[0].action : { format: actionFormat(), type: "lay_off", card, meld: number });
}

function exchange(number, place, joker) {
  if (!selected.length) {
    say(t("Pick the card the joker stands for and the cards of the joker's new meld, then the joker (R10)."));
    return;
  }
  const want = [...selected].sort().join(" ");
  const match = offered("exchange_joker", (action) => action.meld === number && action.place === place
    && [action.card, ...action.new_meld.filter((key) => key !== joker)].sort().join(" ") === want);
  const [card, ...rest] = selected;
  send(match.length ? match[0].action
    : { format: actionFormat(), type: "exchange_joker", card, meld: number, place, new_meld: [joker, ...rest] });
}

function pick(key) {
  selected = selected.includes(key) ? selected.filter((other) => other !== key) : [...selected, key];
  ends = null;
  draw(current);
  document.querySelector(`#hand button[data-card="${key}"]`)?.focus();
}

function renderRomme(message) {
  const view = message.view;
  const mine = view.to_play === message.you;
  const playing = mine && view.phase === "play";
  const drawn = view.drawn || newcomer;
  const reasons = message.reasons || {};
  const pile = view.discard_pile;
  const top = pile.length ? faceOf(pile[pile.length - 1]) : null;
  const wait = t("Wait for your turn.");
  const stock = el("div", { class: "pile" },
                   el("span", { class: "note", text: t("Stock: {cards}", { cards: cardCount(view.stock_size) }) }),
                   button(t("Draw from the stock"), () => send({ format: actionFormat(), type: "draw_stock" }),
                          { id: "draw-stock", reason: mine ? reasons["draw stock"] : wait }));
  const discard = el("div", { class: "pile" },
                     el("span", { class: "note", text: t("Discard pile: {count}", { count: pile.length }) }),
                     top ? cardButton(top, { reason: mine ? reasons["draw discard"] : wait,
                                             onClick: () => send({ format: actionFormat(), type: "draw_discard" }) })
                       : el("span", { class: "note", text: t("empty") }));
  const melds = view.melds.map((meld, number) => {
    const owners = [...new Set(meld.owners)].map((other) => view.players[other]).join(", ");
    const cards = meld.cards.map((key, place) => (faceOf(key).joker && playing
      ? cardButton(faceOf(key), { onClick: () => exchange(number, place, key) })
      : cardPicture(faceOf(key))));
    return el("li", { class: "meld" },
              el("span", { class: "note", text: t(meld.kind === "run" ? "Meld {number} (run), {owners}"
                                                                      : "Meld {number} (set), {owners}",
                                                  { number: number + 1, owners }) }),
              el("div", { class: "cards" }, ...cards),
              playing ? button(t("Lay off on meld {number}", { number: number + 1 }), () => layOff(number),
                               { class: "choice small" }) : null);
  });
  fill($("board"),
    el("h2", { text: view.round_number > view.players.length
      ? t("Round {round} (tie-break, R14)", { round: view.round_number })
      : t("Round {round} of {rounds}", { round: view.round_number, rounds: view.players.length }) }),
    roundOver(message),
    el("div", { class: "piles" }, stock, discard),
    el("h2", { text: t("Melds on the table") }),
    el("ul", { id: "melds", class: "melds" }, ...(melds.length ? melds : [el("li", { text: t("No melds yet.") })])),
  );
  selected = selected.filter((key) => view.hand.includes(key));
  $("hand").replaceChildren(...sorted(view.hand).map((key) => cardButton(faceOf(key), {
    reason: playing ? null : mine ? reasons[key] || t("Draw first (R15).") : wait,
    pressed: playing ? selected.includes(key) : null, drawn: key === drawn, onClick: () => pick(key),
  })));
  const controls = [];
  if (playing) {
    const picked = selected.map((key) => faceOf(key).label).join(" ");
    controls.push(el("p", { class: "note", text: selected.length ? t("Picked: {cards}", { cards: picked })
                                                                  : t("Pick cards of your hand.") }));
    for (const group of staged) {
      const cards = group.map((key) => faceOf(key).label).join(" ");
      controls.push(el("p", { class: "staged", text: t("Meld ready: {cards}", { cards }) }));
    }
    controls.push(button(t("Set aside as a meld"), () => { staged.push(selected); selected = []; draw(current); },
                         { reason: selected.length < 3 ? t("Pick three or more cards for a meld (R5, R6).") : null }));
    controls.push(button(t("Lay down"), meld, { id: "lay-down",
                                                reason: selected.length || staged.length ? null
                                                  : t("Pick cards to meld.") }));
    if (staged.length) controls.push(button(t("Take back the melds set aside"), () => { staged = []; draw(current); }));
    controls.push(button(t("Discard"), () => send({ format: actionFormat(), type: "discard", card: selected[0] }),
                         { id: "discard", reason: selected.length === 1 ? reasons[selected[0]]
                           : t("Pick the one card to discard (R7).") }));
    if (ends) {
      for (const choice of ends) {
        const end = choice.action.end === "low" ? t("At the low end") : t("At the high end");
        controls.push(button(end, () => send(choice.action)));
      }
    }
  }
  $("controls").replaceChildren(...controls);
}

// -- any game: the picture, row by row (spectators, and games this page does not know) ---------------------------

function renderPicture(message) {
  const rows = message.picture ? message.picture.rows : [];
  fill($("board"),
    el("h2", { text: message.picture ? message.picture.title : message.title }),
    roundOver(message),
    el("ul", { class: "rows" }, ...rows.map((row) => el("li", {},
      el("span", { class: "note", text: row.label + (row.note ? `: ${row.note}` : "") }),
      el("div", { class: "cards" }, ...row.cards.map(cardPicture))))),
  );
  $("hand").replaceChildren();
  $("controls").replaceChildren(...message.choices.map((choice) => button(choice.text, () => send(choice.action))));
}

const RENDERERS = { concombre: renderConcombre, romme: renderRomme };
const WATCHERS = { concombre: watchConcombre };

// A round's end held on the felt before the next deal: what happened, and the round's score sheet.
function roundOver(message) {
  const ended = message.round_over;
  return ended ? el("section", { class: "round-over", role: "status", "aria-label": readable(ended.title) },
                    el("p", { class: "trick-won", text: readable(ended.title) }),
                    logEntry({ head: ended.head, rows: ended.rows })) : null;
}

// -- one message ------------------------------------------------------------------------------------------------

// What happened since the last message, read out by screen readers (not the whole log on arrival).
function announce(message) {
  const fresh = current === null ? [] : message.log.slice(Math.max(0, heard - message.log_start));
  heard = message.log_start + message.log.length;
  const said = fresh.map((entry) => (typeof entry === "string" ? entry
    : entry.rows.map((row) => row.filter(Boolean).join(" ")).join(", ")));
  if (said.length) $("announce").textContent = readable(said.join(" "));
}

function draw(message) {
  current = message;
  faces = {};
  // Each card's drawing comes once a connection (message.faces, by name); its cards name it (card.face).
  Object.assign(drawings, message.faces || {});
  for (const row of message.picture ? message.picture.rows : []) {
    for (const card of row.cards) if (card.face) card.svg = drawings[card.face];
  }
  for (const row of message.picture ? message.picture.rows : []) {
    for (const card of row.cards) if (card.key) { faces[card.key] = card; if (card.svg) known[card.key] = card; }
  }
  const view = message.view;
  const watching = message.you === null;
  $("setup").hidden = true;
  $("table").hidden = false;
  $("hand-area").hidden = watching || message.over;
  $("gone").hidden = true;
  // the list of held seats names this one by its game, who you are there and whether it is over
  keep({ ...seat, title: message.title, name: watching ? null : message.players[message.you],
         watch_only: watching, over: message.over });
  // the invitations stay open while a friend has not come (their links are what the maker needs then)
  if ((message.invited || []).length === 0 && $("invitations").open && message.people.length > 1
      && !invitationsTouched) $("invitations").open = false;
  $("board").hidden = message.over;  // the end screen: the winner, the final scores, the record
  $("scores-title").textContent = message.over ? t("Final scores") : t("Scores");
  const mover = view ? view.to_play : null;
  const game = message.title;
  $("status").textContent = message.over ? t("{game}: game over", { game })
    : watching ? t("{game}: watching", { game })
      : mover === message.you ? t("{game}: your turn", { game })
        : mover === null ? game : t("{game}: waiting for {name}", { game, name: view.players[mover] });
  if (watching && !message.over && message.to_play !== null) {
    $("status").textContent = t("{game}: watching, {name} to play", { game, name: message.players[message.to_play] });
  }
  renderScores(message);
  countDown(message);
  ((watching ? WATCHERS : RENDERERS)[message.game] || renderPicture)(message);
  $("log").replaceChildren(...message.log.map((entry) => el("li", {}, logEntry(entry))));
  $("log").scrollTop = $("log").scrollHeight;
  $("over").hidden = !message.over;
  if (message.over) {
    const winner = message.players[message.winner];
    $("winner").textContent = message.winner === null ? t("The game is over.")
      : message.winner === message.you ? t("You win!") : t("{name} wins.", { name: winner });
    $("record").href = `/api/tables/${seat.table}/record?token=${encodeURIComponent(seat.token)}&${asked()}`;
    $("again").hidden = !seat.settings;
  }
}

// The table's clock: the seconds left to the person to move, counted down on the page (the server keeps time).
let ticking = null;
function countDown(message) {
  clearInterval(ticking);
  const clock = message.clock;
  $("clock-left").hidden = !clock || message.over;
  if (!clock || message.over) return;
  const deadline = Date.now() + clock.left * 1000;
  const name = message.view ? nameOf(message, clock.seat) : message.players[clock.seat];
  const tick = () => {
    const seconds = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
    $("clock-left").textContent = t("{name}: {seconds} s to move", { name, seconds });
    $("clock-left").classList.toggle("short", seconds <= 5);
  };
  tick();
  ticking = setInterval(tick, 250);
}

// A line of the story, or a round's score sheet (the story's table) drawn as a table.
function logEntry(entry) {
  if (typeof entry === "string") return readable(entry);
  const cell = (tag, text, props = {}) => el(tag, { text: readable(text), ...props });
  return el("table", { class: "sheet" },
            el("thead", {}, el("tr", {}, ...entry.head.map((text) => cell("th", text, { scope: "col" })))),
            el("tbody", {}, ...entry.rows.map(([first, ...rest]) => el("tr", {}, cell("th", first, { scope: "row" }),
                                                                             ...rest.map((text) => cell("td", text))))));
}

function receive(message) {
  document.body.dataset.messages = String(Number(document.body.dataset.messages || 0) + 1);  // tests wait on it
  if (message.type === "error") {
    $("error").textContent = readable(message.message);
    awaiting = false;
    return;
  }
  if (awaiting) { selected = []; staged = []; ends = null; awaiting = false; }
  // The card a draw brought: the one new card of a hand whose owner now plays (highlighted until the turn ends).
  const [before, after] = [current && current.view, message.view];
  if (before && after && after.phase === "play" && after.to_play === message.you && before.phase !== "play") {
    const fresh = after.hand.filter((key) => !before.hand.includes(key));
    newcomer = fresh.length === 1 ? fresh[0] : null;
  } else if (!after || after.to_play !== message.you) newcomer = null;
  if (current && message.view && current.view && message.view.to_play !== current.view.to_play) ends = null;
  if (message.view && message.view.phase !== "play") staged = [];
  announce(message);
  draw(message);
}

// -- the connection: it comes back by itself after a restart ------------------------------------------------------

// Why this link opens no table any more, with what the person can do: start a game, go to another held table, or
// (a seat given to a bot) watch.
function gone(reason, watch = null) {
  $("table").hidden = false;
  $("hand-area").hidden = true;
  $("board").replaceChildren();
  $("gone").hidden = false;
  $("gone-text").textContent = reason;
  $("watch-instead").hidden = !watch;
  $("watch-instead").onclick = () => openSeat({ table: seat.table, token: watch, watch_only: true });
  $("status").textContent = t("Not at a table");
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const mine = new WebSocket(`${scheme}://${location.host}/ws/${seat.table}?token=${encodeURIComponent(seat.token)}`
                             + `&${asked()}`);
  socket = mine;
  mine.addEventListener("open", () => { retry = 0; });
  mine.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "handed") {  // the maker gave this seat to a bot: this link can only watch now
      socket = null;
      forget(seat);
      gone(message.message, message.watch);
      return;
    }
    receive(message);
  });
  mine.addEventListener("close", (event) => {
    if (socket !== mine || event.code === 1000) return;  // replaced by a new table, or left
    if (event.code === 1008 || event.code === NO_SEAT) {  // the server refuses this link: no seat to come back to
      if (event.code === NO_SEAT) forget(seat);  // the table is gone, or the link opens none: not held any more
      const reason = (event.reason || t("this table is gone")).replace(/[.\s]+$/, "");
      gone(t("Disconnected: {reason}. Start a new game.", { reason }));
      return;
    }
    retry = Math.min(retry + 1, 4);
    $("status").textContent = t("Connection lost: trying again…");
    setTimeout(connect, 250 * 2 ** retry);
  });
}

let invitationsTouched = false;  // the maker opened or closed the invitations: the page leaves them so

function showInvitations(data) {
  const link = (label, hash, kind) => {
    const field = el("input", { class: "invitation " + kind, readonly: true, "aria-label": label,
                                value: `${location.origin}/#${hash}` });
    return el("li", {}, el("span", { text: label + ": " }), field);
  };
  const items = (data.invitations || []).map((invitation) => link(
    t("{name} (seat {seat})", { name: invitation.name, seat: invitation.seat + 1 }),
    `join=${data.table}.${invitation.token}`, "friend"));
  if (data.watch) items.push(link(t("Spectators"), `watch=${data.table}.${data.watch}`, "spectators"));
  $("invitation-links").replaceChildren(...items);
  $("invitations").hidden = items.length === 0;
  $("invitations").open = (data.invitations || []).length > 0;
  invitationsTouched = false;
}

// Show one held seat in this tab: its table's messages from now on.
function openSeat(entry) {
  if (socket) { const old = socket; socket = null; old.close(1000); }
  seat = keep(entry);
  heard = 0; selected = []; staged = []; current = null; drawings = {};
  showInvitations(seat);
  connect();
}

async function start(settings) {
  $("setup-error").textContent = "";
  const answer = await fetch(`/api/tables?${asked()}`, { method: "POST", body: JSON.stringify(settings),
                                              headers: { "Content-Type": "application/json" } });
  const data = await answer.json();
  if (!answer.ok) { $("setup-error").textContent = data.error; return; }
  openSeat({ table: data.table, token: data.token, settings, invitations: data.invitations, watch: data.watch,
             since: Date.now() });
}

// Back to the first screen, this table still held: a new game, or another table this browser holds.
function toSetup() {
  if (socket) { const old = socket; socket = null; old.close(1000); }
  sessionStorage.removeItem(HERE);
  seat = null; current = null;
  clearInterval(ticking);
  $("clock-left").hidden = true;
  $("table").hidden = true;
  $("setup").hidden = false;
  $("status").textContent = t("Choose a game.");
  showHeld();
}

$("settings").addEventListener("submit", (event) => {
  event.preventDefault();
  const players = Number($("players").value);
  const friends = Math.max(0, Number($("friends").value) || 0);
  const settings = { game: $("game").value, players, name: $("name").value, people: Math.min(1 + friends, players),
                     bot: $("bot").value || null };
  if ($("seed").value !== "" && friends === 0) settings.seed = Number($("seed").value);
  if ($("clock").value !== "") settings.clock = Number($("clock").value);
  if (friends > 0 && $("grace").value !== "") settings.grace = Number($("grace").value) * 60;
  start(settings);
});

$("again").addEventListener("click", () => start(seat.settings));

$("leave").addEventListener("click", async () => {
  const sure = await ask(t("Leave this table? This browser will forget its seat, and its link is the only way back."),
                         t("Leave the table"));
  if (!sure) return;
  forget(seat);
  toSetup();
});

$("tables").addEventListener("click", toSetup);
$("gone-tables").addEventListener("click", toSetup);
$("invitations").querySelector("summary").addEventListener("click", () => { invitationsTouched = true; });

for (const tool of document.querySelectorAll("#sorting button")) {
  tool.addEventListener("click", () => {
    sortBy = tool.dataset.sort;
    for (const other of document.querySelectorAll("#sorting button")) {
      other.setAttribute("aria-pressed", String(other === tool));
    }
    if (current) draw(current);
  });
}

// The games the server knows, from its registry: the menu, each game's player count and bots.
let GAMES = [];
async function loadGames() {
  const games = await (await fetch(`/api/games?${asked()}`)).json();
  GAMES = games;
  const chosen = $("game").value;
  $("game").replaceChildren(...games.map((game) => new Option(game.title, game.name)));
  if (games.some((game) => game.name === chosen)) $("game").value = chosen;
  fitSettings();
}

// A level in people's words: its name, then how strong it plays and how long it thinks.
function levelWords(level, place, count) {
  const strength = place === 0 ? t("easy") : place === count - 1 ? t("strongest") : t("stronger");
  const pace = level.ms < 5 ? t("plays at once") : level.ms < 200 ? t("thinks a moment") : t("thinks a second or so");
  const name = level.label.charAt(0).toUpperCase() + level.label.slice(1);
  return t("{level}: {strength}, {pace}", { level: name, strength, pace });
}

function fitSettings() {
  const game = GAMES.find((item) => item.name === $("game").value);
  if (!game) return;
  [$("players").min, $("players").max] = game.players;
  $("players").value = Math.min(Math.max(Number($("players").value), game.players[0]), game.players[1]);
  $("friends").max = String(game.players[1] - 1);
  // The levels first, weakest first, in words; then any other bot by its name, apart.
  const levels = game.levels.map((level, place) => new Option(levelWords(level, place, game.levels.length), level.bot,
                                                               level.bot === game.table_bot,
                                                               level.bot === game.table_bot));
  const others = game.bots.filter((bot) => !game.levels.some((level) => level.bot === bot))
    .map((bot) => new Option(bot, bot, bot === game.table_bot, bot === game.table_bot));
  const group = (label, options) => (options.length ? el("optgroup", { label }, ...options) : null);
  fill($("bot"), group(t("Levels"), levels), group(t("Other bots, by name"), others));
  const friends = Number($("friends").value) > 0;
  $("seed").disabled = friends;
  $("grace").disabled = !friends;
}

$("game").addEventListener("change", fitSettings);
$("friends").addEventListener("input", fitSettings);

// A link from a friend: "#join=<table>.<token>" opens their seat, "#watch=<table>.<token>" the spectators' view;
// either is added to the seats this browser holds, and shown in this tab.
const invited = /^#(join|watch)=([\w-]+)\.([\w-]+)$/.exec(location.hash);
if (invited) {
  keep({ table: invited[2], token: invited[3], watch_only: invited[1] === "watch", since: Date.now() });
  history.replaceState(null, "", location.pathname);
}
// The language switch: the page's words, the menu of games, and the table's messages (a new connection).
$("lang").addEventListener("change", async () => {
  localStorage.setItem("concombre-lang", $("lang").value);
  lang = $("lang").value;
  await loadWords();
  await loadGames();
  if (seat) showInvitations(seat);
  if (socket) { const old = socket; socket = null; old.close(1000); current = null; heard = 0; connect(); }
  else if (!seat) showHeld();
});

(async () => {
  await loadWords();  // the page speaks before it shows anything of a table
  await loadGames();
  const here = held()[sessionStorage.getItem(HERE)];
  if (here) openSeat(here);
  else showHeld();
})();
