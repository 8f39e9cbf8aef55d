// The npm package in Node: the same games as native Rust, checked errors, records, views.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import {
  Agent, Game, Move, Player, PlayerView, Record, Rules, Setup, editions, viewSvg,
} from '../pkg/node.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

function newGame(edition, seed) {
  const rules = Rules.edition(edition);
  return new Game(rules, Setup.random(rules, Player.Red, seed), Setup.random(rules, Player.Blue, seed + 100));
}

function snapshot(game) {
  return { position: game.position(), ply: game.ply(), toMove: game.toMove(), record: game.record().toJson() };
}

test('the same seeded games through JS and through Rust end in the same positions', () => {
  const out = execFileSync('cargo', ['run', '-q', '-p', 'stratego-wasm', '--example', 'seeded_positions'], {
    cwd: root, encoding: 'utf8', maxBuffer: 1 << 26,
  });
  const lines = out.trim().split('\n').map((l) => JSON.parse(l));
  assert.ok(lines.length >= editions().length * 3, `expected games of every edition, got ${lines.length}`);
  let moved = 0;
  for (const { edition, seed, agent, plies, position, agent_setup: agentSetup, human_like: humanLike } of lines) {
    const rules = Rules.edition(edition);
    assert.equal(Setup.humanLike(rules, Player.Red, seed).toText(rules), humanLike, `${edition} seed ${seed} human-like`);
    if (agent !== 'random-move') {
      assert.equal(new Agent(agent, seed).setup(rules, Player.Red)?.toText(rules) ?? null, agentSetup, `${edition} ${agent} setup`);
    }
    const game = newGame(edition, seed);
    const agents = agent === 'random-move' ? null : [new Agent(agent, seed), new Agent(agent, BigInt(seed + 1))];
    while (!game.isOver() && game.ply() < plies) {
      const mv = agents === null
        ? game.randomMove(BigInt(seed) * 1000003n + BigInt(game.ply()))
        : agents[game.toMove()].choose(game.view(game.toMove()));
      if (mv === undefined) break;
      game.play(mv);
    }
    if (game.ply() > 0) moved += 1;
    assert.equal(game.position(), position, `${edition} seed ${seed} ${agent}`);
  }
  assert.ok(moved > lines.length / 2, 'most games played moves');
});

test('every edition parses from its rules text and writes it back', () => {
  for (const name of editions()) {
    const rules = Rules.edition(name);
    assert.equal(Rules.parse(rules.toString()).toString(), rules.toString());
  }
  assert.equal(Rules.parse('isf(two_square=5)').toString(), 'isf(two_square=5)');
});

test('bad rules text throws an Error with the engine message', () => {
  assert.throws(() => Rules.parse('chess'), (e) => e instanceof Error && /chess|rules|edition/i.test(e.message));
  assert.throws(() => Rules.parse('isf(two_square=)'), Error);
});

test('an illegal move throws and leaves the game unchanged', () => {
  const game = newGame('isf', 7);
  const before = snapshot(game);
  // A Red piece on the back row cannot jump to the far side.
  assert.throws(() => game.play(Move.parse('a1-a10')), (e) => e instanceof Error && e.message.length > 0);
  assert.deepEqual(snapshot(game), before);
  // A move of the wrong player: Blue's piece while Red is to move.
  const blueMove = (() => {
    const g = game.clone();
    g.play(g.legalMoves()[0]);
    return g.legalMoves()[0];
  })();
  assert.throws(() => game.play(blueMove), Error);
  assert.deepEqual(snapshot(game), before);
});

test('wrong types and ids out of range throw clear errors', () => {
  const game = newGame('barrage', 3);
  const before = snapshot(game);
  assert.throws(() => game.play('a4-a5'), Error);
  assert.throws(() => game.play(42), Error);
  assert.throws(() => game.playAction(-1), /out of range/);
  assert.throws(() => game.playAction(1e9), /out of range/);
  assert.throws(() => game.playAction(1.5), /out of range/);
  assert.throws(() => game.rules().actionMove(Player.Red, 10000), /out of range/);
  assert.throws(() => Move.parse('nonsense'), Error);
  assert.throws(() => game.view(Player.Red).square('z99'), Error);
  assert.throws(() => game.view(Player.Red).square('k1'), /off the/);
  assert.throws(() => Setup.random(game.rules(), Player.Red, -1), /seed/);
  assert.throws(() => Setup.random(game.rules(), Player.Red, 1.5), /seed/);
  assert.throws(() => Setup.random(game.rules(), Player.Red, 2n ** 64n), /seed/);
  assert.throws(() => Setup.random(game.rules(), Player.Red, '3'), /seed/);
  assert.throws(() => new Agent('minimax', 1), /unknown agent/);
  assert.deepEqual(snapshot(game), before);
});

test('seeds: a number and the equal BigInt draw the same setup', () => {
  const rules = Rules.edition('isf');
  assert.equal(Setup.random(rules, Player.Red, 42).toText(rules), Setup.random(rules, Player.Red, 42n).toText(rules));
  assert.notEqual(Setup.random(rules, Player.Red, 42).toText(rules), Setup.random(rules, Player.Red, 43).toText(rules));
  Setup.random(rules, Player.Red, 2n ** 64n - 1n);
});

test('legal actions are sorted ids that map to the legal moves', () => {
  const game = newGame('isf', 5);
  const view = game.view(Player.Red);
  const ids = Array.from(view.legalActions());
  assert.deepEqual(ids, [...ids].sort((a, b) => a - b));
  const moves = ids.map((id) => game.rules().actionMove(Player.Red, id).toString()).sort();
  assert.deepEqual(moves, view.legalMoves().map((m) => m.toString()).sort());
  assert.deepEqual(Array.from(game.legalActions()), ids);
  assert.equal(view.legalActions().length, view.legalMoves().length);
  assert.equal(game.view(Player.Blue).legalActions().length, 0);
});

test('the per-ply id path plays the same games as the Move path', () => {
  for (const edition of editions()) {
    for (const seed of [1, 2, 3]) {
      const byId = newGame(edition, seed);
      const byMove = newGame(edition, seed);
      const ids = new Uint32Array(512);
      while (!byMove.isOver() && byMove.ply() < 300) {
        const entropy = seed * 1000003 + byMove.ply();
        const mv = byMove.randomMove(entropy);
        const id = byId.randomAction(entropy);
        if (mv === undefined) {
          assert.equal(id, undefined, `${edition} seed ${seed}: no move, so no action`);
          break;
        }
        assert.equal(id, byMove.rules().actionId(byMove.toMove(), mv), `${edition} seed ${seed} ply ${byMove.ply()}`);
        const n = byId.legalActionsInto(ids);
        assert.deepEqual(Array.from(ids.subarray(0, n)), Array.from(byMove.legalActions()));
        byMove.play(mv);
        byId.playAction(id);
        assert.equal(byId.position(), byMove.position());
      }
      assert.equal(byId.record().toJson(), byMove.record().toJson(), `${edition} seed ${seed}`);
      if (byId.isOver()) assert.equal(byId.randomAction(1), undefined, 'a finished game has no action');
    }
  }
});

test('legalActionsInto writes nothing when the buffer is too small', () => {
  const game = newGame('isf', 4);
  const n = game.legalActions().length;
  const small = new Uint32Array(n - 1).fill(7);
  assert.equal(game.legalActionsInto(small), n);
  assert.ok(small.every((x) => x === 7), 'the too-small buffer is left as it was');
  const exact = new Uint32Array(n);
  assert.equal(game.legalActionsInto(exact), n);
  assert.deepEqual(Array.from(exact), Array.from(game.legalActions()));
  assert.throws(() => game.legalActionsInto([1, 2, 3]), Error);
});

test('bad ids and entropies on the per-ply path throw and leave the game unchanged', () => {
  const game = newGame('isf', 9);
  game.playAction(game.randomAction(5));
  const before = snapshot(game);
  const legal = new Set(game.legalActions());
  const illegal = Array.from({ length: game.rules().numActions() }, (_, i) => i).find((i) => !legal.has(i));
  assert.throws(() => game.playAction(illegal), (e) => e instanceof Error && !/out of range/.test(e.message));
  for (const id of [-1, 1.5, game.rules().numActions(), NaN, Infinity]) {
    assert.throws(() => game.playAction(id), /out of range/, `id ${id}`);
  }
  assert.throws(() => game.playAction('0'), Error);
  for (const entropy of [-1, 0.5, 2 ** 53, NaN, Infinity]) {
    assert.throws(() => game.randomAction(entropy), /entropy/, `entropy ${entropy}`);
  }
  assert.throws(() => game.randomAction(3n), Error);
  assert.deepEqual(snapshot(game), before);
  // The same entropy draws the same action: nothing was consumed by the failed calls.
  assert.equal(game.randomAction(11), game.randomAction(11));
});

test('play, undo and outcome', () => {
  const game = newGame('barrage', 11);
  const start = snapshot(game);
  const report = game.play(game.legalMoves()[0]);
  assert.equal(report.player, Player.Red);
  assert.equal(report.toJSON().player, 'red');
  assert.equal(report.battle, null);
  assert.equal(game.toMove(), Player.Blue);
  assert.equal(game.undo().undone, 'move');
  assert.deepEqual(snapshot(game), start);
  assert.equal(game.outcome(), null);
  const outcome = game.resign(Player.Blue);
  assert.deepEqual(outcome, { winner: 'red', termination: 'Resignation' });
  assert.deepEqual(game.outcome(), outcome);
  assert.equal(game.undo().undone, 'resignation');
  const ended = game.playout(9, 100000);
  assert.ok(ended === null || ['red', 'blue', null].includes(ended.winner));
});

test('records round-trip through JSON and Gravon XML', () => {
  for (const edition of ['isf', 'barrage', 'duel', 'classic', 'ultimate_lightning']) {
    const game = newGame(edition, 21);
    game.playout(3, 120);
    const json = game.record().toJson();
    const back = Game.fromRecord(Record.fromJson(json));
    assert.equal(back.position(), game.position(), edition);
    assert.equal(back.record().toJson(), json);
  }
  const game = newGame('isf', 4);
  game.playout(8, 200);
  const xml = game.toGravon('alice', 'bob');
  assert.match(xml, /<stratego/);
  assert.equal(Game.fromGravon(xml).position(), game.position());
  assert.throws(() => newGame('estrategia', 1).toGravon(), /Gravon has no such game/);
});

test('bad records throw and change nothing', () => {
  const game = newGame('isf', 2);
  const before = snapshot(game);
  for (const bad of ['', '{}', 'not json', '{"rules":"isf","start":{},"moves":[]}', '[1,2,3]']) {
    assert.throws(() => Game.fromRecord(Record.fromJson(bad)), Error, bad);
  }
  const json = JSON.parse(game.record().toJson());
  json.moves = ['a1-a10'];
  assert.throws(() => Game.fromRecord(Record.fromJson(JSON.stringify(json))), /ply 1/);
  for (const bad of ['', '<stratego>', '<html></html>']) {
    assert.throws(() => Game.fromGravon(bad), Error);
  }
  assert.deepEqual(snapshot(game), before);
});

test('setups: from text, from pieces, and every problem reported', () => {
  const rules = Rules.edition('isf');
  const setup = Setup.random(rules, Player.Red, 9);
  assert.equal(Setup.parse(rules, Player.Red, setup.toText(rules)).toText(rules), setup.toText(rules));
  const pieces = setup.pieces();
  assert.equal(pieces.length, 40);
  assert.equal(Setup.fromPieces(rules, Player.Red, pieces).toText(rules), setup.toText(rules));
  const moved = pieces.map((p, i) => (i === 0 ? { ...p, square: 'e6' } : p));
  assert.throws(() => Setup.fromPieces(rules, Player.Red, moved), /e6/);
  assert.throws(() => Setup.fromPieces(rules, Player.Red, pieces.slice(1)), Error);
  assert.throws(() => Setup.fromPieces(rules, Player.Red, 'nope'), /pieces/);
  assert.throws(() => Setup.fromPieces(rules, Player.Red, [{ square: 'a1', rank: 'Emperor' }]), /rank/);
  assert.throws(() => Setup.parse(rules, Player.Red, 'XYZ'), Error);
  assert.deepEqual(Setup.zoneSquares(rules, Player.Red).length, 40);
});

test('a view never holds a hidden rank', () => {
  for (const edition of editions()) {
    const game = newGame(edition, 13);
    for (let i = 0; i < 200 && !game.isOver(); i += 1) {
      game.play(game.randomMove(i));
      for (const player of [Player.Red, Player.Blue]) {
        const view = game.view(player);
        const data = view.toJSON();
        for (const sq of data.squares) {
          if (sq.kind !== 'enemy') continue;
          if (sq.rank !== null) {
            // A known enemy rank is its true one.
            const other = game.view(1 - player).square(sq.square);
            assert.equal(other.rank, sq.rank);
          }
          if (sq.rank === null) assert.equal(sq.label, null);
          // Only a battle shows an enemy rank, except where the rules give sight (Estrategia).
          if (edition !== 'estrategia') assert.equal(sq.rank !== null, sq.revealed, `${edition} ${sq.square}`);
        }
        // Nothing in the history gives a mover's rank outside a battle.
        for (const m of data.history) assert.ok(!('rank' in m));
      }
    }
  }
  // The contract: two games that differ only in Blue's hidden ranks give Red the same view.
  const rules = Rules.edition('isf');
  const red = Setup.random(rules, Player.Red, 1);
  const a = new Game(rules, red, Setup.random(rules, Player.Blue, 2));
  const b = new Game(rules, red, Setup.random(rules, Player.Blue, 3));
  assert.deepEqual(a.view(Player.Red).toJSON(), b.view(Player.Red).toJSON());
  assert.notDeepEqual(a.view(Player.Blue).toJSON(), b.view(Player.Blue).toJSON());
  const svg = viewSvg(a.view(Player.Red));
  assert.match(svg, /^<svg/);
  assert.equal(viewSvg(a.view(Player.Red)), viewSvg(b.view(Player.Red)));
});

test('agents by name', () => {
  const names = Agent.names();
  for (const name of ['random', 'heuristic', 'sampling']) assert.ok(names.includes(name), name);
  const game = newGame('barrage', 1);
  for (const name of [...names, 'sampling:8']) {
    const agent = new Agent(name, 5);
    const mv = agent.choose(game.view(Player.Red));
    assert.ok(game.isLegal(mv), name);
    assert.equal(new Agent(name, 5).choose(game.view(Player.Blue)), undefined);
    // Every agent but `random` chooses its own setup, for the side it is asked for.
    const rules = Rules.edition('barrage');
    const own = new Agent(name, 5).setup(rules, Player.Blue);
    if (name === 'random') {
      assert.equal(own, undefined);
    } else {
      own.validate(rules);
      assert.equal(own.player, Player.Blue, name);
    }
  }
  assert.ok(PlayerView);
});
