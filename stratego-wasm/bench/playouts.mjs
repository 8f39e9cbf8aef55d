// The same user loop as examples/bench_native.rs, through the npm package in Node: ns per ply.
import { Game, Player, Rules, Setup } from '../pkg/node.js';

const wanted = Number(process.argv[2] ?? 2_000_000);
const rules = Rules.edition('Isf');
let plies = 0;
let seed = 0;
const start = process.hrtime.bigint();
while (plies < wanted) {
  seed += 1;
  const game = new Game(rules, Setup.random(rules, Player.Red, seed), Setup.random(rules, Player.Blue, seed + 1_000_000));
  while (!game.isOver() && game.ply() < 2000) {
    const mv = game.randomMove(seed * 1000003 + game.ply());
    if (mv === undefined) break;
    game.play(mv).free();
    mv.free();
    plies += 1;
  }
  game.free();
}
const ns = Number(process.hrtime.bigint() - start) / plies;
console.log(JSON.stringify({ plies, ns_per_ply: Number(ns.toFixed(1)) }));

// The same games played inside one call (no JS per ply): the engine's own speed in wasm.
let inside = 0;
const t2 = process.hrtime.bigint();
for (let s = 1; inside < wanted; s += 1) {
  const game = new Game(rules, Setup.random(rules, Player.Red, s), Setup.random(rules, Player.Blue, s + 1_000_000));
  game.playout(s, 2000);
  inside += game.ply();
  game.free();
}
console.log(JSON.stringify({ playout_inside_wasm_ns_per_ply: Number((Number(process.hrtime.bigint() - t2) / inside).toFixed(1)) }));
