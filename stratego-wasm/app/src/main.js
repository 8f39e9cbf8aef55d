// The page: draws the player's view, takes clicks, drags and keys, keeps finished games.
// It never holds the game itself: the worker does, and sends only the player's view.
import { addGame, listGames, loadSetup, result, saveSetup, stats } from './store.js';

const $ = (sel) => document.querySelector(sel);
const board = $('#board');
const status = $('#status');
const message = $('#message');

// ---- the worker: requests with replies, and events (views, the end of a game)
const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
let nextId = 1;
const pending = new Map();
const ready = new Promise((resolve) => {
  worker.addEventListener('message', ({ data }) => {
    if (data.event === 'ready') resolve();
  });
});
worker.addEventListener('message', ({ data }) => {
  if (data.id !== undefined) {
    const p = pending.get(data.id);
    pending.delete(data.id);
    if (data.ok) p.resolve(data.result); else p.reject(new Error(data.error));
  } else if (data.event === 'view') {
    onView(data.view);
  } else if (data.event === 'over') {
    onOver(data);
  }
});
worker.addEventListener('error', (e) => showError(`The engine failed to load: ${e.message ?? 'unknown error'}`));

function call(op, args = {}) {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker.postMessage({ id, op, ...args });
  });
}

// ---- state the page may hold: the player's view only
const ui = {
  mode: 'idle', // idle | setup | play | over | replay
  view: null, // ViewData of the player (no hidden rank)
  selected: null, // square of the selected own piece
  setup: null, // { rules, color, opponent, pieces, zone, lakes, width, height }
  replay: null, // { record, color, ply, plies, id }
  lastFinished: null, // the last finished game's record, for Share
  focus: 'a1',
};

function showError(text) {
  message.textContent = text;
}
function clearError() {
  message.textContent = '';
}

function setTurn(turn, text) {
  status.dataset.turn = turn;
  status.textContent = text;
}

const TERMINATION = {
  FlagCaptured: 'the flag was captured', NoLegalMove: 'no legal move left', BothStuck: 'neither side can move',
  PlyCap: 'the move limit was reached', NoBattleCap: 'too long without a battle', Resignation: 'resignation',
};

const capital = (name) => name[0].toUpperCase() + name.slice(1);

/** The outcome for the player `me`, or for an onlooker when `me` is null. */
function outcomeText(outcome, me) {
  if (outcome.winner === null) return `Draw: ${TERMINATION[outcome.termination]}.`;
  let who = outcome.winner === me ? 'You won' : 'You lost';
  if (me === null) who = `${capital(outcome.winner)} won`;
  return `${who}: ${TERMINATION[outcome.termination]}.`;
}

// ---- drawing the board from the viewer's side (own rows at the bottom)
function orientation(width, height, player) {
  const rows = [];
  for (let r = 0; r < height; r += 1) {
    const row = player === 'blue' ? r : height - 1 - r;
    const cols = [];
    for (let c = 0; c < width; c += 1) cols.push(player === 'blue' ? width - 1 - c : c);
    rows.push({ row, cols });
  }
  return rows;
}

const squareName = (col, row) => String.fromCharCode(97 + col) + (row + 1);

function pieceElement(kind, owner, rank, label) {
  const el = document.createElement('span');
  el.className = `piece ${owner.toLowerCase()}`;
  el.dataset.piece = kind;
  if (rank) {
    el.dataset.rank = rank;
    el.textContent = label;
  }
  return el;
}

/** Draws `squares` (SquareInfo by name) for `player`; `options` marks targets, zone, last move. */
function draw({ width, height, player, squares, targets = new Set(), zone = new Set(), last = [], draggable = () => false }) {
  // Redrawing replaces the squares: keep the keyboard focus where it was.
  const hadFocus = board.contains(document.activeElement);
  board.replaceChildren();
  board.style.gridTemplateColumns = `repeat(${width}, 1fr)`;
  board.style.gridTemplateRows = `repeat(${height}, 1fr)`;
  board.style.aspectRatio = `${width} / ${height}`;
  const enemy = player === 'red' ? 'blue' : 'red';
  for (const { row, cols } of orientation(width, height, player)) {
    const rowEl = document.createElement('div');
    rowEl.setAttribute('role', 'row');
    rowEl.style.display = 'contents';
    for (const col of cols) {
      const name = squareName(col, row);
      const info = squares.get(name) ?? { kind: 'empty' };
      const sq = document.createElement('button');
      sq.type = 'button';
      sq.className = 'sq';
      sq.setAttribute('role', 'gridcell');
      sq.dataset.square = name;
      sq.tabIndex = name === ui.focus ? 0 : -1;
      let label = name;
      if (info.kind === 'lake') {
        sq.classList.add('lake');
        label += ', lake';
      } else if (info.kind === 'own') {
        sq.append(pieceElement('own', player, info.rank, info.label));
        label += `, your ${info.rank}`;
      } else if (info.kind === 'enemy') {
        sq.append(pieceElement('enemy', enemy, info.rank, info.label));
        label += info.rank ? `, enemy ${info.rank}` : ', enemy piece';
      }
      if (zone.has(name)) sq.classList.add('zone');
      if (last.includes(name)) sq.classList.add('last');
      if (targets.has(name)) {
        sq.dataset.legal = '';
        label += ', legal target';
      }
      if (ui.selected === name) {
        sq.classList.add('selected');
        sq.setAttribute('aria-pressed', 'true');
      }
      if (draggable(name, info)) {
        sq.draggable = true;
      }
      sq.setAttribute('aria-label', label);
      rowEl.append(sq);
    }
    board.append(rowEl);
  }
  if (hadFocus) board.querySelector(`[data-square="${ui.focus}"]`)?.focus();
}

function squaresOf(list) {
  return new Map(list.map((s) => [s.square, s]));
}

function render() {
  const v = ui.view;
  if (ui.mode === 'setup') return renderSetup();
  if (v === null) {
    board.replaceChildren();
    return;
  }
  const targets = new Set();
  if (ui.selected && ui.mode === 'play') {
    for (const m of v.legalMoves) {
      const [from, to] = m.split('-');
      if (from === ui.selected) targets.add(to);
    }
  }
  const lastMove = v.history.at(-1);
  board.dataset.ply = v.ply;
  draw({
    width: v.width, height: v.height, player: v.player, squares: squaresOf(v.squares), targets,
    last: lastMove ? lastMove.move.split('-') : [],
    draggable: (name, info) => ui.mode === 'play' && info.kind === 'own' && v.toMove === v.player && !v.outcome,
  });
  renderInfo(v);
}

function renderInfo(v) {
  const lastMove = v.history.at(-1);
  let text = '';
  if (lastMove) {
    const who = lastMove.player === v.player ? 'You' : 'Opponent';
    text = `Last move: ${who} ${lastMove.move}`;
    if (lastMove.battle) {
      const b = lastMove.battle;
      const res = { AttackerWins: 'the attacker wins', DefenderWins: 'the defender wins', BothDie: 'both are removed' }[b.result];
      text += `. Battle: ${b.attacker} attacks ${b.defender}, ${res}.`;
    }
  }
  $('#last-move').textContent = text;
  const cap = $('#captured');
  cap.replaceChildren();
  for (const side of [v.player, v.player === 'red' ? 'blue' : 'red']) {
    const h = document.createElement('h3');
    h.textContent = side === v.player ? 'Your pieces lost' : 'Enemy pieces taken';
    const ul = document.createElement('ul');
    ul.setAttribute('aria-label', h.textContent);
    for (const rank of v.captured[side]) {
      const li = document.createElement('li');
      li.className = `chip ${side}`;
      li.textContent = rank;
      ul.append(li);
    }
    cap.append(h, ul);
  }
}

// ---- play
function onView(view) {
  if (ui.mode === 'replay') return;
  ui.view = view;
  ui.mode = view.outcome ? 'over' : 'play';
  if (ui.mode === 'over') {
    setTurn('over', outcomeText(view.outcome, view.player));
    ui.selected = null;
  } else if (view.toMove === view.player) {
    setTurn('me', view.rescuePending ? 'Your move (a rescue is open).' : 'Your move.');
  } else {
    setTurn('opponent', 'The opponent is thinking…');
  }
  $('#btn-resign').disabled = ui.mode !== 'play';
  render();
}

async function onOver(game) {
  ui.lastFinished = { record: game.record, color: game.color };
  try {
    await addGame(game);
  } catch (e) {
    showError(`The game could not be kept: ${e.message}`);
  }
}

async function tryMove(from, to) {
  ui.selected = null;
  try {
    await call('move', { move: `${from}-${to}` });
    clearError();
  } catch (e) {
    showError(e.message);
    render();
  }
}

function clickPlay(name) {
  const v = ui.view;
  if (v.toMove !== v.player || v.outcome) return;
  const info = v.squares.find((s) => s.square === name);
  if (ui.selected && ui.selected !== name) {
    const legal = v.legalMoves.includes(`${ui.selected}-${name}`);
    if (legal) return tryMove(ui.selected, name);
  }
  if (info?.kind === 'own' && ui.selected !== name) {
    ui.selected = name;
  } else {
    ui.selected = null;
  }
  render();
}

// ---- setup
async function beginSetup(form) {
  const rules = form.edition.value;
  const color = form.color.value;
  const opponent = form.opponent.value;
  const r = await call('randomSetup', { rules, player: color });
  ui.setup = { rules, color, opponent, pieces: r.pieces, zone: r.zone, lakes: r.lakes, width: r.width, height: r.height };
  ui.mode = 'setup';
  ui.view = null;
  ui.selected = null;
  $('#new-game').hidden = true;
  $('#setup-controls').hidden = false;
  $('#replay-controls').hidden = true;
  $('#btn-resign').disabled = true;
  setTurn('me', 'Arrange your pieces: drag, or click two squares to swap. Then start.');
  clearError();
  render();
}

function renderSetup() {
  const s = ui.setup;
  // No game is shown while arranging: the board has no ply until the game's first view.
  delete board.dataset.ply;
  const squares = new Map();
  for (const sq of s.lakes) squares.set(sq, { kind: 'lake' });
  const labels = RANK_LABELS;
  for (const p of s.pieces) squares.set(p.square, { kind: 'own', rank: p.rank, label: labels[p.rank] ?? p.rank[0] });
  draw({
    width: s.width, height: s.height, player: s.color, squares, zone: new Set(s.zone),
    draggable: (name, info) => info.kind === 'own',
  });
  $('#last-move').textContent = '';
  $('#captured').replaceChildren();
}

// Labels while arranging (the modern numbering; the game's own numbering shows once it starts).
const RANK_LABELS = { Flag: 'F', Spy: 'S', Scout: '2', Miner: '3', Sergeant: '4', Lieutenant: '5', Captain: '6', Major: '7', Colonel: '8', General: '9', Marshal: '10', Bomb: 'B' };

/** Moves the piece on `from` to `to` (swapping with a piece there), if the engine accepts it. */
async function arrange(from, to) {
  const s = ui.setup;
  const pieces = s.pieces.map((p) => ({ ...p }));
  const a = pieces.find((p) => p.square === from);
  if (!a || from === to) return;
  const b = pieces.find((p) => p.square === to);
  a.square = to;
  if (b) b.square = from;
  try {
    await call('checkSetup', { rules: s.rules, player: s.color, pieces });
    s.pieces = pieces;
    clearError();
  } catch (e) {
    showError(`Not allowed: ${e.message}`);
  }
  ui.selected = null;
  render();
}

function clickSetup(name) {
  if (ui.selected && ui.selected !== name) return arrange(ui.selected, name);
  const own = ui.setup.pieces.some((p) => p.square === name);
  ui.selected = own && ui.selected !== name ? name : null;
  render();
}

async function startGame() {
  const s = ui.setup;
  try {
    await call('start', { rules: s.rules, color: s.color, opponent: s.opponent, pieces: s.pieces });
    clearError();
    $('#setup-controls').hidden = true;
    ui.mode = 'play';
    ui.setup = null;
    ui.selected = null;
  } catch (e) {
    showError(e.message);
  }
}

// ---- replay
async function startReplay(record, color, id = null) {
  try {
    const { plies } = await call('replayLoad', { record, player: color });
    ui.mode = 'replay';
    ui.replay = { record, color, ply: plies, plies, id };
    ui.lastFinished = { record, color };
    ui.selected = null;
    closeGames();
    $('#new-game').hidden = true;
    $('#setup-controls').hidden = true;
    $('#replay-controls').hidden = false;
    $('#btn-resign').disabled = true;
    await seek(plies);
  } catch (e) {
    showError(`This is not a game record: ${e.message}`);
  }
}

async function seek(ply) {
  const { view, ply: at, plies } = await call('replaySeek', { ply });
  ui.replay.ply = at;
  ui.view = view;
  $('#replay-ply').textContent = `Move ${at} of ${plies}`;
  setTurn('over', view.outcome && at === plies ? `Replay. ${outcomeText(view.outcome, null)}` : `Replay, as ${capital(view.player)} saw it.`);
  render();
}

// ---- share link: the record in the URL fragment
function toBase64Url(text) {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}
function fromBase64Url(text) {
  const bin = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}

function share() {
  if (ui.mode === 'play') {
    showError('A game can be shared once it is over.');
    return;
  }
  if (!ui.lastFinished) {
    showError('No finished game to share yet.');
    return;
  }
  const link = `${location.origin}${location.pathname}#game=${toBase64Url(ui.lastFinished.record)}&as=${ui.lastFinished.color}`;
  $('#share-link').value = link;
  $('#share-out').hidden = false;
  navigator.clipboard?.writeText(link).catch(() => {});
  clearError();
}

async function openFromHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  const game = params.get('game');
  if (!game) return false;
  let record;
  try {
    record = fromBase64Url(game);
  } catch {
    showError('The shared link is damaged.');
    return true;
  }
  await startReplay(record, params.get('as') === 'blue' ? 'blue' : 'red');
  return true;
}

// ---- the history of games
async function showGames() {
  const section = $('#games');
  section.hidden = false;
  $('#new-game').hidden = true;
  $('#play').hidden = true;
  const { games, skipped } = await listGames();
  $('#games-notice').textContent = skipped ? `${skipped} damaged ${skipped === 1 ? 'entry was' : 'entries were'} skipped.` : '';
  const body = $('#stats tbody');
  body.replaceChildren();
  for (const row of stats(games)) {
    const tr = document.createElement('tr');
    for (const v of [row.edition, row.opponent, row.played, row.won, row.lost, row.drawn, row.average.toFixed(1)]) {
      const td = document.createElement('td');
      td.textContent = v;
      tr.append(td);
    }
    body.append(tr);
  }
  const list = $('#game-list');
  list.replaceChildren();
  for (const g of games) {
    const li = document.createElement('li');
    li.dataset.game = g.id;
    const span = document.createElement('span');
    span.textContent = `${new Date(g.date).toLocaleString()} · ${g.edition} vs ${g.opponent} as ${g.color} · ${result(g)} · ${g.plies} plies`;
    li.append(span);
    for (const [label, action] of [['Replay', () => startReplay(g.record, g.color, g.id)], ['Export JSON', () => exportGame(g, 'json')], ['Export XML', () => exportGame(g, 'xml')]]) {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = label;
      b.addEventListener('click', action);
      li.append(b);
    }
    list.append(li);
  }
  if (games.length === 0) {
    const li = document.createElement('li');
    li.textContent = 'No games kept yet.';
    list.append(li);
  }
  $('#games-title').focus?.();
}

function download(name, text, type) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
}

async function exportGame(g, format) {
  try {
    if (format === 'json') {
      download(`stratego-${g.id}.json`, g.record, 'application/json');
    } else {
      const { xml } = await call('exportGravon', { record: g.record });
      download(`stratego-${g.id}.xml`, xml, 'application/xml');
    }
    $('#games-notice').textContent = '';
  } catch (e) {
    $('#games-notice').textContent = `Export failed: ${e.message}`;
  }
}

async function importFile(file) {
  const text = await file.text();
  const format = /^\s*</.test(text) ? 'gravon' : 'json';
  try {
    const game = await call('load', { text, format });
    await addGame({ ...game, opponent: 'imported', color: 'red' });
    await showGames();
    $('#games-notice').textContent = `Imported ${file.name}.`;
  } catch (e) {
    $('#games-notice').textContent = `Not a game record: ${e.message}`;
  }
}

// ---- wiring
board.addEventListener('click', (e) => {
  const sq = e.target.closest('[data-square]');
  if (!sq) return;
  ui.focus = sq.dataset.square;
  if (ui.mode === 'play') clickPlay(sq.dataset.square);
  else if (ui.mode === 'setup') clickSetup(sq.dataset.square);
});
board.addEventListener('dragstart', (e) => {
  const sq = e.target.closest('[data-square]');
  if (!sq) return;
  e.dataTransfer.setData('text/plain', sq.dataset.square);
  e.dataTransfer.effectAllowed = 'move';
});
board.addEventListener('dragover', (e) => {
  if (e.target.closest('[data-square]')) e.preventDefault();
});
board.addEventListener('drop', (e) => {
  const sq = e.target.closest('[data-square]');
  if (!sq) return;
  e.preventDefault();
  const from = e.dataTransfer.getData('text/plain');
  if (ui.mode === 'setup') arrange(from, sq.dataset.square);
  else if (ui.mode === 'play') tryMove(from, sq.dataset.square);
});
board.addEventListener('keydown', (e) => {
  const sq = e.target.closest('[data-square]');
  if (!sq) return;
  const flip = (ui.view?.player ?? ui.setup?.color) === 'blue' ? -1 : 1;
  const d = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] }[e.key];
  if (e.key === 'Escape') {
    ui.selected = null;
    render();
    return;
  }
  if (!d) return;
  e.preventDefault();
  const col = sq.dataset.square.charCodeAt(0) + d[0] * flip;
  const row = Number(sq.dataset.square.slice(1)) + d[1] * flip;
  const next = board.querySelector(`[data-square="${String.fromCharCode(col)}${row}"]`);
  if (next) {
    sq.tabIndex = -1;
    next.tabIndex = 0;
    ui.focus = next.dataset.square;
    next.focus();
  }
});
document.addEventListener('keydown', (e) => {
  if (ui.mode !== 'replay' || e.target.closest('input, select')) return;
  if (e.key === 'PageDown' || (e.key === 'ArrowRight' && !e.target.closest('#board'))) seek(ui.replay.ply + 1);
  if (e.key === 'PageUp' || (e.key === 'ArrowLeft' && !e.target.closest('#board'))) seek(ui.replay.ply - 1);
});

$('#btn-new').addEventListener('click', () => {
  closeGames();
  $('#new-game').hidden = false;
  $('#new-game select[name=edition]').focus();
});
$('#btn-cancel-new').addEventListener('click', () => {
  $('#new-game').hidden = true;
});
$('#new-game').addEventListener('submit', (e) => {
  e.preventDefault();
  beginSetup(e.target).catch((err) => showError(err.message));
});
$('#btn-resign').addEventListener('click', async () => {
  try {
    await call('resign');
  } catch (e) {
    showError(e.message);
  }
});
$('#btn-share').addEventListener('click', share);
$('#btn-games').addEventListener('click', () => showGames().catch((e) => showError(e.message)));
function closeGames() {
  $('#games').hidden = true;
  $('#play').hidden = false;
}
$('#btn-close-games').addEventListener('click', closeGames);
$('#import').addEventListener('change', (e) => {
  const file = e.target.files[0];
  if (file) importFile(file);
  e.target.value = '';
});
$('#btn-random-setup').addEventListener('click', async () => {
  const r = await call('randomSetup', { rules: ui.setup.rules, player: ui.setup.color });
  ui.setup.pieces = r.pieces;
  clearError();
  render();
});
$('#btn-save-setup').addEventListener('click', async () => {
  await saveSetup(`${ui.setup.rules}/${ui.setup.color}`, ui.setup.pieces);
  message.textContent = 'Setup saved.';
});
$('#btn-saved-setup').addEventListener('click', async () => {
  const pieces = await loadSetup(`${ui.setup.rules}/${ui.setup.color}`);
  if (!pieces) {
    showError('No saved setup for this edition and colour.');
    return;
  }
  try {
    await call('checkSetup', { rules: ui.setup.rules, player: ui.setup.color, pieces });
    ui.setup.pieces = pieces;
    clearError();
    render();
  } catch (e) {
    showError(`The saved setup no longer fits: ${e.message}`);
  }
});
$('#btn-start').addEventListener('click', startGame);
$('#btn-first').addEventListener('click', () => seek(0));
$('#btn-prev').addEventListener('click', () => seek(ui.replay.ply - 1));
$('#btn-next').addEventListener('click', () => seek(ui.replay.ply + 1));
$('#btn-last').addEventListener('click', () => seek(ui.replay.plies));
window.addEventListener('hashchange', () => openFromHash());

async function main() {
  await ready;
  const { editions, agents } = await call('init');
  const edition = $('#new-game select[name=edition]');
  for (const { name, rules } of editions) edition.append(new Option(name, rules));
  const opponent = $('#new-game select[name=opponent]');
  for (const name of agents) opponent.append(new Option(name, name));
  if (!(await openFromHash())) {
    $('#new-game').hidden = false;
  }
  document.body.dataset.ready = 'true';
}
main().catch((e) => showError(`The app failed to start: ${e.message}`));
