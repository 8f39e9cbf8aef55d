// The kept games and saved setups, in IndexedDB, with statistics per edition and opponent.

const DB = 'stratego';
const VERSION = 1;

function request(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

let opened = null;
function db() {
  opened ??= new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, VERSION);
    req.onupgradeneeded = () => {
      const d = req.result;
      if (!d.objectStoreNames.contains('games')) d.createObjectStore('games', { keyPath: 'id', autoIncrement: true });
      if (!d.objectStoreNames.contains('setups')) d.createObjectStore('setups');
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  return opened;
}

async function store(name, mode) {
  return (await db()).transaction(name, mode).objectStore(name);
}

/** A finished game: { record, outcome, plies, rules, edition, opponent, color, date }. */
export async function addGame(game) {
  return request((await store('games', 'readwrite')).add({ ...game, date: game.date ?? new Date().toISOString() }));
}

function valid(entry) {
  return entry !== null && typeof entry === 'object' && typeof entry.record === 'string'
    && typeof entry.plies === 'number' && typeof entry.edition === 'string' && typeof entry.opponent === 'string'
    && (entry.color === 'red' || entry.color === 'blue')
    && (entry.outcome === null || (typeof entry.outcome === 'object' && 'winner' in entry.outcome));
}

/** Every kept game, newest first, and how many entries were skipped as corrupt. */
export async function listGames() {
  const all = await request((await store('games', 'readonly')).getAll());
  const games = all.filter(valid).reverse();
  return { games, skipped: all.length - games.length };
}

export async function getGame(id) {
  const entry = await request((await store('games', 'readonly')).get(id));
  return valid(entry) ? entry : null;
}

/** The player's result in a kept game: won, lost or drawn. */
export function result(game) {
  if (game.outcome === null || game.outcome.winner === null) return 'drawn';
  return game.outcome.winner === game.color ? 'won' : 'lost';
}

/** Played, won, lost, drawn and average length, per edition and opponent. */
export function stats(games) {
  const rows = new Map();
  for (const g of games) {
    const key = `${g.edition}\u0000${g.opponent}`;
    const row = rows.get(key) ?? { edition: g.edition, opponent: g.opponent, played: 0, won: 0, lost: 0, drawn: 0, plies: 0 };
    row.played += 1;
    row[result(g)] += 1;
    row.plies += g.plies;
    rows.set(key, row);
  }
  return [...rows.values()].map((r) => ({ ...r, average: r.plies / r.played }));
}

export async function saveSetup(rules, pieces) {
  return request((await store('setups', 'readwrite')).put(pieces, rules));
}

export async function loadSetup(rules) {
  return request((await store('setups', 'readonly')).get(rules));
}
