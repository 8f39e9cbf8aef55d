// The web app in a real headless Chromium (Debian's, through playwright-core).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

import { Game, Player, Record } from '../pkg/node.js';

const dist = fileURLToPath(new URL('../app/dist/', import.meta.url));
const shots = fileURLToPath(new URL('../test-results/', import.meta.url));
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm', '.json': 'application/json' };

let server;
let base;
let browser;
let context;
let profile;

before(async () => {
  // A static server on 127.0.0.1 only, as any host of the dist folder would be.
  server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = join(dist, path.endsWith('/') ? `${path}index.html` : path);
    try {
      const body = readFileSync(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}/`;
  profile = mkdtempSync(join(tmpdir(), 'stratego-chromium-'));
  mkdirSync(shots, { recursive: true });
  context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    acceptDownloads: true,
    viewport: { width: 1280, height: 860 },
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  browser = context;
});

after(async () => {
  await browser?.close();
  server?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

async function open(path = '') {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(base + path);
  await page.waitForSelector('body[data-ready="true"]');
  page.errors = errors;
  return page;
}

const button = (page, name) => page.getByRole('button', { name, exact: true });

async function newGame(page, { edition = 'barrage', opponent = 'random', color = 'red' } = {}) {
  await button(page, 'New game').click();
  await page.selectOption('select[name=edition]', edition);
  await page.selectOption('select[name=opponent]', opponent);
  await page.selectOption('select[name=color]', color);
  await button(page, 'Set up').click();
  await page.waitForSelector('#setup-controls:not([hidden])');
  await button(page, 'Start game').click();
  await gameShown(page);
  await page.waitForSelector('[data-turn="me"], [data-turn="over"]');
}

/**
 * A new game in which it is the player's turn: a game can end on the bot's first move (its
 * Scout down an open file into the Flag), and then it is kept, as every finished game is, and
 * another is started.
 */
async function newGameInPlay(page, options) {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const kept = (await keptGames(page)).length;
    await newGame(page, options);
    if ((await page.getAttribute('#status', 'data-turn')) === 'me') return;
    await waitForKept(page, kept);
  }
  assert.fail('ten games in a row ended before the player could move');
}

/** Waits until more than `n` games are kept. */
async function waitForKept(page, n) {
  await page.waitForFunction((n) => new Promise((resolve) => {
    const req = indexedDB.open('stratego');
    req.onsuccess = () => { const all = req.result.transaction('games').objectStore('games').count(); all.onsuccess = () => resolve(all.result > n); };
  }), n);
}

/** Waits for the game's first board: the status reads "me" while arranging too. */
async function gameShown(page) {
  await page.waitForFunction(() => document.querySelector('#setup-controls').hidden && document.querySelector('#board').dataset.ply !== undefined);
}

/** What the DOM shows of the enemy: square -> rank or null, and the ply it shows. */
async function enemyInDom(page) {
  return page.evaluate(() => {
    const out = {};
    for (const el of document.querySelectorAll('[data-piece="enemy"]')) {
      out[el.closest('[data-square]').dataset.square] = el.dataset.rank ?? null;
    }
    return { ply: Number(document.querySelector('#board').dataset.ply), enemy: out, html: document.documentElement.outerHTML };
  });
}

async function keptGames(page) {
  return page.evaluate(() => new Promise((resolve, reject) => {
    const req = indexedDB.open('stratego');
    req.onsuccess = () => {
      const all = req.result.transaction('games').objectStore('games').getAll();
      all.onsuccess = () => resolve(all.result);
      all.onerror = () => reject(all.error);
    };
    req.onerror = () => reject(req.error);
  }));
}

/** The view the engine gives `color` after `ply` plies of `record`. */
function engineView(record, ply, color) {
  const full = Game.fromRecord(Record.fromJson(record));
  while (full.ply() > ply) full.undo();
  return full.view(color === 'blue' ? Player.Blue : Player.Red).toJSON();
}

test('a full game against the random bot by clicks, with no hidden rank in the DOM at any point', async () => {
  const page = await open();
  await newGame(page);
  const seen = [];
  for (let turn = 0; turn < 2000; turn += 1) {
    await page.waitForSelector('[data-turn="me"], [data-turn="over"]');
    seen.push(await enemyInDom(page));
    if ((await page.getAttribute('#status', 'data-turn')) === 'over') break;
    // Prefer an attack, then a step forward: the game ends sooner.
    const own = await page.$$eval('[data-piece="own"]', (els) => els.map((e) => e.closest('[data-square]').dataset.square));
    let moved = false;
    for (const sq of own.sort(() => Math.random() - 0.5)) {
      await page.click(`[data-square="${sq}"]`);
      const targets = await page.$$eval('[data-legal]', (els) => els.map((e) => ({ sq: e.dataset.square, enemy: !!e.querySelector('[data-piece="enemy"]') })));
      if (targets.length === 0) continue;
      const pick = targets.find((t) => t.enemy) ?? targets.sort((a, b) => Number(b.sq.slice(1)) - Number(a.sq.slice(1)))[0];
      const ply = await page.getAttribute('#board', 'data-ply');
      await page.click(`[data-square="${pick.sq}"]`);
      await page.waitForFunction((p) => document.querySelector('#board').dataset.ply !== p, ply);
      moved = true;
      break;
    }
    assert.ok(moved, 'a player to move has a legal move');
  }
  assert.equal(await page.getAttribute('#status', 'data-turn'), 'over');
  assert.match(await page.textContent('#status'), /You (won|lost)|Draw/);
  await page.screenshot({ path: join(shots, 'desktop-over.png') });
  const games = await keptGames(page);
  assert.equal(games.length, 1);
  const { record, color } = games[0];
  // Every board the page showed is exactly the engine's view for the player: no more.
  for (const { ply, enemy, html } of seen) {
    const view = engineView(record, ply, color);
    const expected = Object.fromEntries(view.squares.filter((s) => s.kind === 'enemy').map((s) => [s.square, s.rank]));
    assert.deepEqual(enemy, expected, `ply ${ply}`);
    assert.equal((html.match(/data-piece="enemy" data-rank/g) ?? []).length, Object.values(expected).filter((r) => r !== null).length);
  }
  assert.ok(seen.length >= 1);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('resign, and the game is kept across a reload', async () => {
  const page = await open();
  await newGameInPlay(page, { color: 'blue', opponent: 'heuristic' });
  const before = (await keptGames(page)).length;
  await button(page, 'Resign').click();
  await page.waitForSelector('[data-turn="over"]');
  assert.match(await page.textContent('#status'), /You lost: resignation/);
  await waitForKept(page, before);
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  await button(page, 'Games').click();
  await page.waitForSelector('[data-game]');
  assert.equal(await page.locator('[data-game]').count(), before + 1);
  assert.match(await page.textContent('#stats'), /heuristic/);
  await page.close();
});

test('replay move by move', async () => {
  const page = await open();
  await button(page, 'Games').click();
  const entry = page.locator('[data-game]').last();
  await entry.getByRole('button', { name: 'Replay' }).click();
  await page.waitForSelector('#replay-controls:not([hidden])');
  const total = Number((await page.textContent('#replay-ply')).match(/of (\d+)/)[1]);
  assert.ok(total > 0);
  await page.getByRole('button', { name: 'First move' }).click();
  await page.waitForFunction(() => document.querySelector('#replay-ply').textContent.startsWith('Move 0 '));
  assert.equal(await page.getAttribute('#board', 'data-ply'), '0');
  await page.getByRole('button', { name: 'Next move' }).click();
  await page.waitForFunction(() => document.querySelector('#board').dataset.ply === '1');
  assert.match(await page.textContent('#last-move'), /Last move/);
  assert.equal(await page.getAttribute('#status', 'data-turn'), 'over');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(shots, 'phone-replay.png'), fullPage: true });
  await page.close();
});

test('export then import (JSON and Gravon XML); a bad file keeps the games intact', async () => {
  const page = await open();
  await button(page, 'Games').click();
  await page.waitForSelector('[data-game]');
  const count = await page.locator('[data-game]').count();
  const first = page.locator('[data-game]').last();
  for (const [label, ext] of [['Export JSON', 'json'], ['Export XML', 'xml']]) {
    const [download] = await Promise.all([page.waitForEvent('download'), first.getByRole('button', { name: label }).click()]);
    const file = join(shots, `export.${ext}`);
    await download.saveAs(file);
    const text = readFileSync(file, 'utf8');
    assert.ok(ext === 'json' ? JSON.parse(text).moves.length > 0 : text.includes('<stratego'));
    await page.setInputFiles('#import', file);
    await page.waitForFunction(() => /Imported/.test(document.querySelector('#games-notice').textContent));
  }
  assert.equal(await page.locator('[data-game]').count(), count + 2);
  await page.screenshot({ path: join(shots, 'desktop-games.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(shots, 'phone-games.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 860 });
  const bad = join(shots, 'bad.json');
  writeFileSync(bad, '{"not": "a record"}');
  await page.setInputFiles('#import', bad);
  await page.waitForFunction(() => /Not a game record/.test(document.querySelector('#games-notice').textContent));
  assert.equal(await page.locator('[data-game]').count(), count + 2);
  await page.close();
});

test('a corrupt stored entry is skipped with a notice', async () => {
  const page = await open();
  await page.evaluate(() => new Promise((resolve) => {
    const req = indexedDB.open('stratego');
    req.onsuccess = () => { const tx = req.result.transaction('games', 'readwrite'); tx.objectStore('games').add({ garbage: true }); tx.oncomplete = resolve; };
  }));
  await button(page, 'Games').click();
  await page.waitForFunction(() => /skipped/.test(document.querySelector('#games-notice').textContent));
  assert.ok(await page.locator('[data-game]').count() > 0);
  await page.close();
});

test('the share link opens the game', async () => {
  const page = await open();
  await newGame(page);
  await button(page, 'Share').click();
  assert.match(await page.textContent('#message'), /once it is over/);
  await button(page, 'Resign').click();
  await page.waitForSelector('[data-turn="over"]');
  await button(page, 'Share').click();
  const link = await page.inputValue('#share-link');
  assert.match(link, /#game=/);
  const other = await context.newPage();
  await other.goto(link);
  await other.waitForSelector('#replay-controls:not([hidden])');
  assert.match(await other.textContent('#status'), /Replay/);
  assert.match(await other.textContent('#status'), /Blue won: resignation/);
  await other.close();
  await page.close();
});

test('an illegal drag is refused, in setup and in play', async () => {
  const page = await open();
  await button(page, 'New game').click();
  await page.selectOption('select[name=edition]', 'isf');
  await button(page, 'Set up').click();
  await page.waitForSelector('#setup-controls:not([hidden])');
  const before = await page.getAttribute('[data-square="a4"] [data-piece]', 'data-rank');
  await page.dragAndDrop('[data-square="a4"]', '[data-square="a6"]');
  await page.waitForFunction(() => /Not allowed/.test(document.querySelector('#message').textContent));
  assert.equal(await page.getAttribute('[data-square="a4"] [data-piece]', 'data-rank'), before);
  assert.equal(await page.$('[data-square="a6"] [data-piece]'), null);
  // Click-to-swap inside the zone is accepted.
  const [r1, r2] = [await page.getAttribute('[data-square="a1"] [data-piece]', 'data-rank'), await page.getAttribute('[data-square="j4"] [data-piece]', 'data-rank')];
  await page.click('[data-square="a1"]');
  await page.click('[data-square="j4"]');
  await page.waitForFunction((r) => document.querySelector('[data-square="a1"] [data-piece]').dataset.rank === r, r2);
  assert.equal(await page.getAttribute('[data-square="j4"] [data-piece]', 'data-rank'), r1);
  // Save this arrangement, draw a random one, and bring the saved one back.
  const ranks = () => page.$$eval('[data-piece="own"]', (els) => els.map((e) => `${e.closest('[data-square]').dataset.square}=${e.dataset.rank}`).sort().join(' '));
  const saved = await ranks();
  await button(page, 'Save setup').click();
  await page.waitForFunction(() => /saved/.test(document.querySelector('#message').textContent));
  await button(page, 'Random setup').click();
  await page.waitForFunction((s) => [...document.querySelectorAll('[data-piece="own"]')].map((e) => `${e.closest('[data-square]').dataset.square}=${e.dataset.rank}`).sort().join(' ') !== s, saved);
  await button(page, 'Saved setup').click();
  await page.waitForFunction((s) => [...document.querySelectorAll('[data-piece="own"]')].map((e) => `${e.closest('[data-square]').dataset.square}=${e.dataset.rank}`).sort().join(' ') === s, saved);
  assert.equal(await ranks(), saved);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(shots, 'phone-setup.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 860 });
  await button(page, 'Start game').click();
  await gameShown(page);
  await page.waitForSelector('[data-turn="me"]');
  // A bomb or flag never moves; a piece cannot jump three rows: the engine says no.
  const ply = await page.getAttribute('#board', 'data-ply');
  await page.dragAndDrop('[data-square="a1"]', '[data-square="a5"]');
  await page.waitForFunction(() => document.querySelector('#message').textContent.length > 0);
  assert.equal(await page.getAttribute('#board', 'data-ply'), ply);
  assert.equal(await page.getAttribute('#status', 'data-turn'), 'me');
  await page.screenshot({ path: join(shots, 'desktop-play.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(shots, 'phone-play.png'), fullPage: true });
  await page.close();
});

test('play by keyboard', async () => {
  const page = await open();
  await newGame(page, { edition: 'isf' });
  // A Scout or any front-row piece: find a legal move from the view the DOM shows.
  const own = await page.$$eval('[data-piece="own"]', (els) => els.map((e) => e.closest('[data-square]').dataset.square));
  for (const sq of own.filter((s) => s.endsWith('4'))) {
    await page.focus(`[data-square="${sq}"]`);
    await page.keyboard.press('Enter');
    if ((await page.$$('[data-legal]')).length === 0) continue;
    await page.keyboard.press('ArrowUp');
    const focused = await page.evaluate(() => document.activeElement.dataset.square);
    assert.equal(focused, `${sq[0]}5`);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('#board').dataset.ply !== '0');
    return page.close();
  }
  assert.fail('no front-row piece could step forward');
});
