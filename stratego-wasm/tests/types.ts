// Compile-only check that the package's .d.ts describe the API the docs show (tsc --noEmit).
import { Agent, Game, Move, MoveReport, Outcome, Player, PlayerView, Record, Rules, Setup, ViewData, editions, viewSvg } from '../pkg/index.js';

const names: string[] = editions();
const rules: Rules = Rules.parse(names[0]);
const red: Setup = Setup.random(rules, Player.Red, 1);
const blue: Setup = Setup.random(rules, Player.Blue, 2n);
const game = new Game(rules, red, blue);
const view: PlayerView = game.view(game.toMove());
const ids: Uint32Array = view.legalActions();
const mv: Move = rules.actionMove(Player.Red, ids[0]);
const report: MoveReport = game.play(mv);
const who: Player = report.player;
const outcome: Outcome | null = game.outcome();
const data: ViewData = view.toJSON();
const agent = new Agent(Agent.names()[0], 3);
const next: Move | undefined = agent.choose(game.view(game.toMove()));
const chosen: Setup | undefined = agent.setup(rules, Player.Blue);
const like: Setup = Setup.humanLike(rules, Player.Red, 4);
const copy: Game = Game.fromRecord(Record.fromJson(game.record().toJson()));
const svg: string = viewSvg(data);
const pos: string = game.position();
const buffer = new Uint32Array(512);
const count: number = game.legalActionsInto(buffer);
const drawn: number | undefined = game.randomAction(12345);
if (drawn !== undefined) game.playAction(drawn);
const played: void = game.playAction(buffer[0]);
export { who, outcome, next, chosen, like, copy, svg, pos, count, played };
