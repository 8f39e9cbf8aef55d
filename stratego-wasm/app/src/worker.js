// The game and the bot, off the page: the page only ever receives the player's view.
import { Agent, Game, Move, Player, Record, Rules, Setup, editions } from './pkg/index.js';

let game = null; // the game in play: full information, never posted whole
let me = Player.Red;
let bot = null;
let botName = '';
let replay = null; // { record, player }: a finished game, replayed as one player saw it

const playerOf = (name) => (String(name).toLowerCase() === 'blue' ? Player.Blue : Player.Red);
const nameOf = (p) => (p === Player.Blue ? 'blue' : 'red');

function freshSeed() {
  return crypto.getRandomValues(new Uint32Array(1))[0];
}

function viewData(g, player) {
  return g.view(player).toJSON();
}

function finished() {
  const outcome = game.outcome();
  return {
    record: game.record().toJson(),
    outcome,
    plies: game.ply(),
    rules: game.rules().toString(),
    edition: game.rules().baseEdition(),
    opponent: botName,
    color: nameOf(me),
  };
}

function post(event, data) {
  self.postMessage({ event, ...data });
}

function afterMove() {
  post('view', { view: viewData(game, me) });
  if (game.isOver()) {
    post('over', finished());
    return;
  }
  if (game.toMove() !== me) setTimeout(botMove, 0);
}

function botMove() {
  if (game === null || game.isOver() || game.toMove() === me) return;
  const mv = bot.choose(game.view(game.toMove()));
  if (mv === undefined) return;
  game.play(mv);
  afterMove();
}

const ops = {
  init() {
    return { editions: editions().map((name) => ({ name, rules: Rules.edition(name).toString() })), agents: Agent.names() };
  },
  randomSetup({ rules, player, seed }) {
    const r = Rules.parse(rules);
    // Drawn as a person might set up (the Flag at the back, Bombs beside it), not uniformly:
    // a uniform draw often leaves the Flag open to a Scout on the first move.
    return { pieces: Setup.humanLike(r, playerOf(player), seed ?? freshSeed()).pieces(), zone: Setup.zoneSquares(r, playerOf(player)), lakes: lakes(r), width: r.width, height: r.height };
  },
  checkSetup({ rules, player, pieces }) {
    Setup.fromPieces(Rules.parse(rules), playerOf(player), pieces);
    return { ok: true };
  },
  start({ rules, color, opponent, pieces }) {
    const r = Rules.parse(rules);
    me = playerOf(color);
    const mine = Setup.fromPieces(r, me, pieces);
    // The opponent's setup is its own choice (or a uniform draw for one without a choice),
    // made here, and it never leaves the worker.
    bot = new Agent(opponent, freshSeed());
    const them = me === Player.Red ? Player.Blue : Player.Red;
    const theirs = bot.setup(r, them) ?? Setup.random(r, them, freshSeed());
    botName = bot.name;
    game = me === Player.Red ? new Game(r, mine, theirs) : new Game(r, theirs, mine);
    replay = null;
    setTimeout(afterMove, 0);
    return {};
  },
  move({ move }) {
    if (game === null) throw new Error('no game in play');
    if (game.isOver()) throw new Error('the game is over');
    if (game.toMove() !== me) throw new Error('it is not your turn');
    game.play(Move.parse(move));
    setTimeout(afterMove, 0);
    return {};
  },
  resign() {
    if (game === null || game.isOver()) throw new Error('no game in play');
    game.resign(me);
    setTimeout(afterMove, 0);
    return {};
  },
  load({ text, format }) {
    // A record from a file or a link: it must replay in full before it is accepted.
    const g = format === 'gravon' ? Game.fromGravon(text) : Game.fromRecord(Record.fromJson(text));
    return { record: g.record().toJson(), outcome: g.outcome(), plies: g.ply(), rules: g.rules().toString(), edition: g.rules().baseEdition() };
  },
  replayLoad({ record, player }) {
    const g = Game.fromRecord(Record.fromJson(record));
    replay = { record: Record.fromJson(record), player: playerOf(player), plies: g.ply() };
    return { plies: g.ply() };
  },
  replaySeek({ ply }) {
    if (replay === null) throw new Error('no game to replay');
    const moves = replay.record.moves();
    const g = Game.fromRecord(Record.fromJson(JSON.stringify({ ...JSON.parse(replay.record.toJson()), moves: [], resigned: undefined })));
    const upto = Math.max(0, Math.min(ply, moves.length));
    for (let i = 0; i < upto; i += 1) g.play(Move.parse(moves[i]));
    if (upto === moves.length && replay.record.resigned !== undefined) g.resign(replay.record.resigned);
    return { view: viewData(g, replay.player), ply: upto, plies: moves.length };
  },
  exportGravon({ record }) {
    return { xml: Game.fromRecord(Record.fromJson(record)).toGravon() };
  },
};

function lakes(r) {
  const out = [];
  for (let row = 1; row <= r.height; row += 1) {
    for (let col = 0; col < r.width; col += 1) {
      const sq = String.fromCharCode(97 + col) + row;
      if (r.isLake(sq)) out.push(sq);
    }
  }
  return out;
}

self.onmessage = ({ data }) => {
  const { id, op } = data;
  try {
    const result = ops[op](data);
    self.postMessage({ id, ok: true, result });
  } catch (e) {
    self.postMessage({ id, ok: false, error: e instanceof Error ? e.message : String(e) });
  }
};
self.postMessage({ event: 'ready' });
