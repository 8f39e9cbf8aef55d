// The user loops of examples/bench_native.rs, through the npm package in Node: ns per ply.
// Each loop does the native loop's work per ply, in plain numbers (no handle per ply).
import { Game, Player, Rules, Setup } from '../pkg/node.js';

const wanted = Number(process.argv[2] ?? 2_000_000);
const rules = Rules.edition('Isf');
/** Room for the legal action ids of any position reached (the native loop's size). */
const BUFFER = 512;

const newGame = (seed) =>
  new Game(rules, Setup.random(rules, Player.Red, seed), Setup.random(rules, Player.Blue, seed + 1_000_000));

/** Plays whole games by `ply(game, entropy)` (false: no move) until `wanted` plies; ns per ply. */
function perPly(ply) {
  let plies = 0;
  let seed = 0;
  const start = process.hrtime.bigint();
  while (plies < wanted) {
    seed += 1;
    const game = newGame(seed);
    while (!game.isOver() && game.ply() < 2000) {
      if (!ply(game, seed * 1000003 + game.ply())) break;
      plies += 1;
    }
    game.free();
  }
  return Number((Number(process.hrtime.bigint() - start) / plies).toFixed(1));
}

const random = perPly((game, entropy) => {
  const id = game.randomAction(entropy);
  if (id === undefined) return false;
  game.playAction(id);
  return true;
});
const ids = new Uint32Array(BUFFER);
const list = perPly((game, entropy) => {
  const n = game.legalActionsInto(ids);
  if (n === 0) return false;
  if (n > BUFFER) throw new Error(`${n} legal actions, more than the buffer`);
  game.playAction(ids[entropy % n]);
  return true;
});
// The Move-handle API on the same loop: a Move and a MoveReport made and freed per ply.
const handles = perPly((game, entropy) => {
  const mv = game.randomMove(entropy);
  if (mv === undefined) return false;
  game.play(mv).free();
  mv.free();
  return true;
});
console.log(JSON.stringify({ random_ns_per_ply: random, list_ns_per_ply: list, move_handles_ns_per_ply: handles }));

// The same games played inside one call (no JS per ply): the engine's own speed in wasm.
let inside = 0;
const t2 = process.hrtime.bigint();
for (let s = 1; inside < wanted; s += 1) {
  const game = newGame(s);
  game.playout(s, 2000);
  inside += game.ply();
  game.free();
}
console.log(JSON.stringify({ playout_inside_wasm_ns_per_ply: Number((Number(process.hrtime.bigint() - t2) / inside).toFixed(1)) }));
