// The page to play Coinche against the bots, on the JSON API of coinche.web.
// Plain JavaScript, no build step and no library: the server is the referee, this page
// only shows the state of South's seat and sends what the player chooses.
"use strict";

const SEATS = ["N", "E", "S", "W"];
const SEAT_NAMES = { N: "North", E: "East", S: "South", W: "West" };
const ME = "S";
const RANKS = { "7": "seven", "8": "eight", "9": "nine", T: "ten", J: "jack", Q: "queen",
  K: "king", A: "ace" };
const SUITS = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
const SYMBOLS = { C: "♣", D: "♦", H: "♥", S: "♠", NT: "NT", AT: "AT" };
const $ = (id) => document.getElementById(id);

const app = {
  game: null,       // the game's id
  token: null,      // South's token
  state: null,      // the last state shown
  seenDeals: 0,     // finished deals already summed up to the player
  busy: false,      // an action is being sent
  polling: false,
  bots: {},
};

function cardName(code) {
  return `${RANKS[code[0]]} of ${SUITS[code[1]]}`;
}

function cardImage(code, extra = "") {
  // the library's picture of the card (coinche.svg.card), cropped to the card by CSS
  const face = document.createElement("span");
  face.className = "face";
  const img = document.createElement("img");
  img.src = `/cards/${code}.svg`;
  img.alt = cardName(code) + extra;
  img.draggable = false;
  face.append(img);
  return face;
}

function callText(text) {
  // "80 H" -> "80 ♥", "name S" -> "name ♠"
  const parts = text.split(" ");
  const last = parts[parts.length - 1];
  if (parts.length > 1 && SYMBOLS[last]) parts[parts.length - 1] = SYMBOLS[last];
  return parts.join(" ");
}

function callNode(text) {
  const span = document.createElement("span");
  span.textContent = callText(text);
  if (/ [HD]$/.test(text)) span.className = "suit-red";
  return span;
}

function setMessage(text, ok = false) {
  const box = $("message");
  box.textContent = text;
  box.className = ok ? "ok" : "";
}

// ------------------------------------------------------------------ the API
async function api(method, path, body) {
  const headers = { "Accept": "application/json" };
  if (app.token) headers["Authorization"] = `Bearer ${app.token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(path, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = null;
  try { data = await response.json(); } catch (error) { data = null; }
  if (!response.ok) {
    const detail = data && data.detail ? data.detail : `${response.status} ${response.statusText}`;
    const failure = new Error(detail);
    failure.status = response.status;
    throw failure;
  }
  return data;
}

// ------------------------------------------------------------------ setup
async function loadOptions() {
  const options = await api("GET", "/api/options");
  const rules = $("setup-rules");
  for (const preset of options.presets) rules.add(new Option(preset, preset));
  for (const id of ["setup-partner", "setup-opponents"]) {
    const select = $(id);
    for (const bot of options.bots) {
      app.bots[bot.name] = bot.label;
      const option = new Option(`${bot.label}${bot.available ? "" : " (not installed)"}`,
        bot.name, bot.name === options.default_bot, bot.name === options.default_bot);
      option.disabled = !bot.available;
      option.title = bot.available ? bot.description : bot.why_not;
      select.add(option);
    }
  }
}

async function startGame(event) {
  event.preventDefault();
  const partner = $("setup-partner").value;
  const opponents = $("setup-opponents").value;
  const body = {
    rules: $("setup-rules").value,
    seats: { N: partner, E: opponents, S: "human", W: opponents },
  };
  if ($("setup-belote").checked) body.options = { belote_requires_declaration: true };
  const seed = $("setup-seed").value.trim();
  if (seed !== "") body.seed = Number(seed);
  try {
    app.token = null;
    const made = await api("POST", "/api/games", body);
    app.game = made.game_id;
    app.token = made.tokens[ME];
    app.seenDeals = 0;
    app.state = null;
    sessionStorage.setItem("coinche-game", JSON.stringify({ game: app.game, token: app.token }));
    history.replaceState(null, "", `#game=${app.game}`);
    $("setup").hidden = true;
    $("table").hidden = false;
    show(made.state);
    poll();
  } catch (error) {
    $("status").textContent = error.message;
  }
}

async function resume() {
  const saved = JSON.parse(sessionStorage.getItem("coinche-game") || "null");
  const wanted = (location.hash.match(/game=([\w-]+)/) || [])[1];
  if (!saved || saved.game !== wanted) return;
  app.game = saved.game;
  app.token = saved.token;
  try {
    const state = await api("GET", `/api/games/${app.game}?seat=${ME}`);
    app.seenDeals = state.deals.length;
    $("setup").hidden = true;
    $("table").hidden = false;
    show(state);
    poll();
  } catch (error) {
    app.game = app.token = null;
    sessionStorage.removeItem("coinche-game");
    $("status").textContent = `The saved game is gone: ${error.message}`;
  }
}

// The page waits for the game to move (long polling): each answer comes as soon as a
// bot plays or starts thinking, or after 20 s with nothing new.
async function poll() {
  if (app.polling) return;
  app.polling = true;
  const game = app.game;
  while (app.game === game && app.state && !app.state.over) {
    try {
      const state = await api("GET",
        `/api/games/${game}?seat=${ME}&after=${app.state.version}&wait=20`);
      if (app.game === game) show(state);
    } catch (error) {
      $("status").textContent = `Lost the server: ${error.message}`;
      await new Promise((done) => setTimeout(done, 2000));
    }
  }
  app.polling = false;
}

// ------------------------------------------------------------------ acting
async function act(action, extra = {}) {
  if (app.busy || !app.state) return;
  app.busy = true;
  const body = { seat: ME, action, version: app.state.version, ...extra };
  const declare = declaredNow();
  if (declare !== null && typeof action === "string" && /^[2-9TJQKA]{1,2}[CDHS]$/i.test(action)) {
    body.declare = declare;
  }
  if (typeof action === "string" && app.state.belote_cards.includes(action.toUpperCase())
    && body.belote === undefined) {
    body.belote = $("belote-say").checked;
  }
  try {
    const state = await api("POST", `/api/games/${app.game}/actions`, body);
    setMessage("");
    show(state);
  } catch (error) {
    setMessage(error.message);
    if (error.status === 409) refresh();
  } finally {
    app.busy = false;
  }
}

async function refresh() {
  try { show(await api("GET", `/api/games/${app.game}?seat=${ME}`)); } catch (error) { /* shown by poll */ }
}

function declaredNow() {
  const box = $("declare");
  if (box.hidden) return null;
  return [...box.querySelectorAll("input:checked")].map((input) => input.value);
}

// ------------------------------------------------------------------ showing the state
function place(seat, state) {
  // where each seat sits on the screen, South at the bottom: East on the right when the
  // rules play clockwise, on the left when they play counter-clockwise
  const clockwise = state.direction === "clockwise";
  return { N: "top", S: "bottom", E: clockwise ? "right" : "left",
    W: clockwise ? "left" : "right" }[seat];
}

function show(state) {
  const last = app.state;
  if (last && state.game_id === last.game_id) {
    if (state.version < last.version) return;  // an older answer
    if (state.version === last.version && state.thinking === last.thinking
      && state.bot_error === last.bot_error) return;  // nothing new
  }
  app.state = state;
  showStatus(state);
  showSeats(state);
  showTrick(state);
  showAuction(state);
  showLastTrick(state);
  showAnnouncements(state);
  showControls(state);
  showHand(state);
  $("contract").textContent = state.contract
    ? `Contract: ${state.contract.text}` + (state.phase === "play"
      ? ` · tricks NS ${state.tricks_won.NS}, EW ${state.tricks_won.EW}` : "")
    : `Deal ${state.deal_index + 1}, ${SEAT_NAMES[state.dealer]} deals`;
  $("totals").textContent = `Totals: NS ${state.totals.NS}, EW ${state.totals.EW}`
    + ` (game to ${state.target})`;
  $("sheet").innerHTML = state.score_sheet_html;
  if (state.over) {
    const won = state.winner === "NS" ? "You and North win" : "East and West win";
    $("game-end").textContent = `Game over: ${won}, NS ${state.totals.NS} to EW ${state.totals.EW}.`;
    $("game-end").hidden = false;
  }
  const lastDeal = state.deals.length ? state.deals[state.deals.length - 1] : null;
  $("last-review").hidden = !lastDeal;
  if (lastDeal) $("last-review").textContent = `Deal ${lastDeal.index + 1}: score and review`;
  if (state.deals.length > app.seenDeals) {
    app.seenDeals = state.deals.length;
    dealEnd(lastDeal, state);
  }
}

function showStatus(state) {
  let text;
  if (state.bot_error) text = state.bot_error;
  else if (state.over) text = "The game is over.";
  else if (state.thinking) text = `${SEAT_NAMES[state.thinking]} is thinking…`;
  else if (state.to_move === ME) text = state.phase === "auction" ? "Your call." : "Your card.";
  else if (state.to_move) text = `${SEAT_NAMES[state.to_move]} to ${state.phase === "auction" ? "call" : "play"}.`;
  else text = "";
  $("status").textContent = text;
}

function lastCall(state, seat) {
  for (let i = state.calls.length - 1; i >= 0; i -= 1) {
    if (state.calls[i].seat === seat) return state.calls[i].call;
  }
  return null;
}

function showSeats(state) {
  for (const seat of SEATS) {
    const box = $(`seat-${place(seat, state)}`);
    box.replaceChildren();
    box.className = "seat" + (state.to_move === seat ? " to-move" : "");
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = SEAT_NAMES[seat] + (seat === ME ? " (you)" : "");
    box.append(name, document.createElement("br"));
    if (seat !== ME) {
      const kind = document.createElement("span");
      kind.className = "kind";
      kind.textContent = app.bots[state.seats[seat]] || state.seats[seat];
      box.append(kind, document.createElement("br"));
    }
    const count = document.createElement("span");
    count.textContent = `${state.hand_sizes[seat]} cards` + (state.dealer === seat ? " · dealer" : "");
    box.append(count);
    const said = state.phase === "auction" ? lastCall(state, seat) : null;
    if (said) {
      const bubble = document.createElement("span");
      bubble.className = "said";
      bubble.append(callNode(said));
      box.append(bubble);
    }
  }
}

function showTrick(state) {
  for (const where of ["top", "left", "right", "bottom"]) $(`slot-${where}`).replaceChildren();
  const trick = state.trick && state.trick.cards.length ? state.trick : null;
  if (!trick) return;
  for (const play of trick.cards) {
    $(`slot-${place(play.seat, state)}`).append(cardImage(play.card, `, played by ${SEAT_NAMES[play.seat]}`));
  }
}

function showAuction(state) {
  const table = $("auction");
  table.replaceChildren();
  const head = table.insertRow();
  // the columns start with the seat after the dealer, who speaks first
  const first = (SEATS.indexOf(state.dealer) + 1) % 4;
  const order = [0, 1, 2, 3].map((i) => SEATS[(first + i) % 4]);
  for (const seat of order) {
    const th = document.createElement("th");
    th.textContent = seat;
    th.scope = "col";
    head.append(th);
  }
  let row = null;
  state.calls.forEach((call) => {
    const column = order.indexOf(call.seat);
    if (!row || column === 0 || row.cells.length > column) {
      row = table.insertRow();
    }
    while (row.cells.length < column) row.insertCell();
    row.insertCell().append(callNode(call.call));
  });
  if (!state.calls.length) {
    const cell = table.insertRow().insertCell();
    cell.colSpan = 4;
    cell.className = "muted";
    cell.textContent = "no call yet";
  }
  const turned = $("turned");
  turned.hidden = !state.turned;
  if (state.turned) turned.textContent = `Turned card: ${cardName(state.turned)}`;
}

function showLastTrick(state) {
  const box = $("last-trick");
  box.replaceChildren();
  const trick = state.last_trick;
  if (!trick) {
    const none = document.createElement("span");
    none.className = "muted";
    none.textContent = "none yet";
    box.append(none);
    return;
  }
  for (const play of trick.cards) box.append(cardImage(play.card, `, ${SEAT_NAMES[play.seat]}`));
  const who = document.createElement("span");
  who.className = "who";
  who.textContent = `Trick ${trick.number}: ${SEAT_NAMES[trick.winner]} wins ${trick.points} points`;
  box.append(who);
}

function showAnnouncements(state) {
  const list = $("announcements");
  list.replaceChildren();
  const lines = state.announcements.map((a) => `${SEAT_NAMES[a.seat]}: ${a.text}, ${a.points}`)
    .concat(state.belote.map((b) => `${SEAT_NAMES[b.seat]}: ${b.text}`));
  for (const line of lines.length ? lines : ["none"]) {
    const item = document.createElement("li");
    item.textContent = line;
    if (!lines.length) item.className = "muted";
    list.append(item);
  }
}

function button(label, onClick, title) {
  const b = document.createElement("button");
  b.type = "button";
  if (typeof label === "string") b.textContent = label; else b.append(label);
  if (title) b.title = title;
  b.addEventListener("click", onClick);
  return b;
}

function showControls(state) {
  const calls = $("calls");
  calls.replaceChildren();
  const values = [];
  const strains = {};
  for (const legal of state.legal) {
    const words = legal.action.split(" ");
    const isBid = words.length === 2 && (/^\d+$/.test(words[0]) || words[0] === "capot" || words[0] === "generale");
    if (isBid) {
      if (!strains[words[0]]) { strains[words[0]] = []; values.push(words[0]); }
      strains[words[0]].push(words[1]);
    } else if (state.phase === "auction") {
      const b = button(callNode(legal.action), () => act(legal.action));
      b.dataset.action = legal.action;
      calls.append(b);
    }
  }
  const bids = $("bids");
  bids.hidden = values.length === 0;
  const select = $("bid-value");
  const chosen = select.value;
  select.replaceChildren(...values.map((v) => new Option(v, v)));
  if (values.includes(chosen)) select.value = chosen;
  app.bidStrains = strains;
  showStrains();
  // declarations, with the first card of the play
  const declare = $("declare");
  declare.hidden = state.declarable.length === 0;
  const list = $("declare-list");
  const before = new Set([...list.querySelectorAll("input")].filter((i) => !i.checked).map((i) => i.value));
  list.replaceChildren();
  for (const text of state.declarable) {
    const label = document.createElement("label");
    const box = document.createElement("input");
    box.type = "checkbox";
    box.value = text;
    box.checked = !before.has(text);
    label.append(box, ` ${text} `);
    list.append(label);
  }
  // belote, where the rules require it to be declared: with the first of the pair played
  const pair = state.belote_cards;
  const wasShown = !$("belote-box").hidden;
  $("belote-box").hidden = pair.length === 0;
  if (pair.length && !wasShown) $("belote-say").checked = true;
  $("belote-pair").textContent = pair.map(cardName).join(" or ");
}

function showStrains() {
  const holder = $("bid-strains");
  holder.replaceChildren();
  const value = $("bid-value").value;
  for (const strain of (app.bidStrains || {})[value] || []) {
    const label = callNode(`${value} ${strain}`);
    const b = button(label, () => act(`${value} ${strain}`), `bid ${value} ${SUITS[strain] || strain}`);
    b.dataset.action = `${value} ${strain}`;
    holder.append(b);
  }
}

function showHand(state) {
  const hand = $("hand");
  const focused = document.activeElement && document.activeElement.dataset
    ? document.activeElement.dataset.card : null;
  hand.replaceChildren();
  const legal = new Set(state.phase === "play" ? state.legal.map((l) => l.action) : []);
  (state.hand || []).forEach((code, index) => {
    const isLegal = legal.has(code);
    const b = button(cardImage(code, isLegal ? ", may be played" : ""), () => act(code));
    b.className = "card" + (isLegal ? " legal" : "");
    b.dataset.card = code;
    const number = document.createElement("span");
    number.className = "place";
    number.textContent = String(index + 1);
    b.append(number);
    hand.append(b);
    if (code === focused) b.focus();
  });
}

// ------------------------------------------------------------------ the end of a deal
async function dealEnd(summary, state) {
  const dialog = $("deal-end");
  const number = summary.index + 1;
  $("deal-end-title").textContent = summary.phase === "thrown_in"
    ? `Deal ${number}: thrown in (all four passed)`
    : `Deal ${number}: ${summary.contract}, ${summary.made ? "made" : "down"}`
      + ` — NS ${summary.score.NS}, EW ${summary.score.EW}`;
  $("deal-result").replaceChildren();
  $("review-rows").replaceChildren();
  $("review-call-rows").replaceChildren();
  $("review-calls-status").textContent = "";
  $("review-svg").replaceChildren();
  const record = $("deal-record");
  record.hidden = summary.phase === "thrown_in";
  record.href = `/api/games/${app.game}/deals/${summary.index}/record`;
  record.download = `coinche-deal-${number}.json`;
  const gameRecord = $("game-record");
  gameRecord.hidden = !state.over;
  gameRecord.href = `/api/games/${app.game}/record`;
  $("review-box").hidden = summary.phase === "thrown_in";
  $("deal-totals").textContent = `Totals after it: NS ${state.totals.NS}, EW ${state.totals.EW}`
    + (state.over ? ` — the game is over, ${state.winner} won.` : ".");
  if (!dialog.open) dialog.showModal();
  try {
    const detail = await api("GET", `/api/games/${app.game}/deals/${summary.index}`);
    $("deal-result").innerHTML = detail.result_html || "<p>Nothing is scored.</p>";
  } catch (error) {
    $("deal-result").textContent = error.message;
  }
  if (summary.phase !== "thrown_in") showReview(summary.index);
}

async function showReview(index) {
  // two parts: the cards with the hands open (seconds), then the calls' estimates
  // (seconds in the compiled build, minutes in pure Python): each shown when it comes
  const status = $("review-status");
  const callsStatus = $("review-calls-status");
  status.textContent = "Reviewing the cards with the hands open…";
  callsStatus.textContent = "";
  const ticket = app.reviewTicket = (app.reviewTicket || 0) + 1;
  const game = app.game;
  let shownCards = false;
  for (;;) {
    let review;
    try {
      review = await api("GET", `/api/games/${game}/deals/${index}/review?wait=10`);
    } catch (error) {
      if (app.reviewTicket === ticket) status.textContent = `No review: ${error.message}`;
      return;
    }
    // closed (reopening it asks again), or showing another deal: this one stops
    if (app.game !== game || app.reviewTicket !== ticket || !$("deal-end").open) return;
    if (review.status !== "ready") continue;
    if (!shownCards) { showReviewCards(review); shownCards = true; }
    if (review.calls_status === "pending") {
      callsStatus.textContent = "Estimating the calls…";
      continue;
    }
    showReviewCalls(review);
    return;
  }
}

function showReviewCards(review) {
  const costly = review.costly_cards;
  $("review-status").textContent = costly.length
    ? `${costly.length} card${costly.length > 1 ? "s" : ""} gave up points (hands open; outlined in red below):`
    : "No card gave up anything with the hands open.";
  const rows = $("review-rows");
  rows.replaceChildren();
  for (const row of costly) {
    const item = document.createElement("li");
    item.className = "costly";
    item.textContent = `Trick ${row.trick}: ${SEAT_NAMES[row.seat]} played ${row.card}; `
      + `${row.best} was better by ${row.cost} card points`
      + (row.score_cost ? ` (${row.score_cost > 0 ? "+" : ""}${row.score_cost} deal score)` : "");
    rows.append(item);
  }
  $("review-svg").innerHTML = review.svg;
}

function showReviewCalls(review) {
  const status = $("review-calls-status");
  const rows = $("review-call-rows");
  rows.replaceChildren();
  if (review.calls_status === "off") {
    status.textContent = "The calls are not estimated on this server (coinche serve --review-worlds).";
    return;
  }
  if (review.calls_status === "failed") {
    status.textContent = "The calls' estimates failed; reopen the review to try again.";
    return;
  }
  const costly = review.costly_calls;
  status.textContent = (costly.length
    ? `${costly.length} call${costly.length > 1 ? "s" : ""} expected to score less than another`
    : "No call was expected to score less than another")
    + ` (each estimated over ${review.worlds} deal${review.worlds > 1 ? "s" : ""} drawn from the caller's hand)`
    + (costly.length ? ":" : ".");
  for (const call of costly) {
    const item = document.createElement("li");
    item.className = "costly";
    item.textContent = `${SEAT_NAMES[call.seat]} called ${callText(call.call)}; ${callText(call.best)} was expected `
      + `to score ${call.cost.toFixed(1)} more`;
    rows.append(item);
  }
}

// ------------------------------------------------------------------ keyboard
function onKey(event) {
  if ($("table").hidden || event.ctrlKey || event.metaKey || event.altKey) return;
  const typing = document.activeElement && ["INPUT", "SELECT", "TEXTAREA"].includes(document.activeElement.tagName);
  if (typing || $("deal-end").open) return;
  const cards = [...$("hand").querySelectorAll("button.card")];
  if (/^[1-8]$/.test(event.key)) {
    const card = cards[Number(event.key) - 1];
    if (card) { event.preventDefault(); act(card.dataset.card); }
  } else if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
    const at = cards.indexOf(document.activeElement);
    const next = at < 0 ? 0 : (at + (event.key === "ArrowRight" ? 1 : cards.length - 1)) % cards.length;
    if (cards[next]) { event.preventDefault(); cards[next].focus(); }
  } else if (event.key === "p") {
    event.preventDefault(); act("pass");
  } else if (event.key === "c") {
    event.preventDefault(); act("coinche");
  } else if (event.key === "b" && !$("belote-box").hidden) {
    event.preventDefault();
    $("belote-say").checked = !$("belote-say").checked;
  } else if (event.key === "/") {
    event.preventDefault(); $("command-text").focus();
  }
}

function onCommand(event) {
  event.preventDefault();
  const input = $("command-text");
  const text = input.value.trim();
  if (!text) return;
  input.value = "";
  // a card may be followed by "belote" or "no belote", as the terminal game reads it
  const said = text.match(/^(.*?)\s+(no\s+)?belote$/i);
  if (said) act(said[1], { belote: !said[2] });
  else act(text);
}

function newGame() {
  app.game = app.token = app.state = null;
  sessionStorage.removeItem("coinche-game");
  history.replaceState(null, "", location.pathname);
  $("table").hidden = true;
  $("game-end").hidden = true;
  $("setup").hidden = false;
  $("status").textContent = "Choose the rules and the bots, then start.";
}

document.addEventListener("DOMContentLoaded", async () => {
  $("setup-form").addEventListener("submit", startGame);
  $("command").addEventListener("submit", onCommand);
  $("bid-value").addEventListener("change", showStrains);
  $("new-game").addEventListener("click", newGame);
  $("last-review").addEventListener("click", () => {
    const deals = app.state ? app.state.deals : [];
    if (deals.length) dealEnd(deals[deals.length - 1], app.state);
  });
  document.addEventListener("keydown", onKey);
  try {
    await loadOptions();
    await resume();
  } catch (error) {
    $("status").textContent = `Cannot reach the server: ${error.message}`;
  }
});
