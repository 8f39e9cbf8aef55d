//! The `play` target: a rules choice, two setup seeds, then a stream of actions against one
//! game (listed moves, action ids, raw square pairs, moves near a piece, random moves, undo,
//! resignation, hidden-rank twins, record and sampled-world checks), with every invariant checked after each step.

use stratego_core::{Edition, Game, Move, Player, Rank, Rules, Setup, Square, Undone};

use super::input::Input;
use super::invariants::{check_game, check_record_round_trip, check_refused, check_sample_world, check_view_legality};
use super::twin::check_twin;

/// At most this many replaying checks per input: each replays the whole history.
const MAX_DEEP_CHECKS: usize = 4;

/// A small army for the small boards.
fn small_army() -> [u8; Rank::COUNT] {
    let mut army = [0; Rank::COUNT];
    for (rank, n) in [(Rank::Flag, 1), (Rank::Bomb, 2), (Rank::Spy, 1), (Rank::Scout, 2), (Rank::Miner, 1)]
        .into_iter()
        .chain([(Rank::Sergeant, 1), (Rank::General, 1), (Rank::Marshal, 1)])
    {
        army[rank.index()] = n;
    }
    army
}

/// An edition, then one of a few builder variations on it (caps, repetition limits, sight,
/// no-return, a free army, the smallest and the largest boards); or, after a first byte `!`,
/// rules text up to a newline.
pub fn rules_choice(input: &mut Input) -> Option<Rules> {
    if input.peek() == Some(b'!') {
        input.byte();
        let line = input.take_until(b'\n');
        return std::str::from_utf8(line).ok()?.parse().ok();
    }
    let edition = Edition::ALL[input.below(Edition::ALL.len())];
    let b = Rules::edition(edition).to_builder();
    let b = match input.below(9) {
        0 | 1 => b,
        2 => b.max_plies(Some(input.byte() as u32 + 1)),
        3 => b.max_quiet_plies(Some(input.byte() as u32 % 40 + 1)),
        4 => b.two_square(Some(input.byte() % 5 + 1)).chase(input.flag()),
        5 => b.visibility(Some(input.byte() % 3)),
        6 => b.no_return(input.flag()).slide_attacks(input.flag()).free_army(input.flag()),
        7 => b.board(6, 6).lakes([]).setup_rows(2).no_constraints().army(small_army()),
        // The largest board: 128 squares, every bit of the engine's square sets in use.
        _ => b
            .board(16, 8)
            .lakes(["c4", "d4", "h5", "i5", "n4"].map(|s| s.parse::<Square>().expect("square")))
            .setup_rows(3),
    };
    b.build().ok()
}

/// The game and what the checks remember of its past.
struct Run {
    game: Game,
    /// The game as it began.
    initial: Game,
    /// The game before each move still in its history (for `undo`).
    before_move: Vec<Game>,
    deep_checks: usize,
}

impl Run {
    /// Try `mv`, which may be illegal: a legal one plays exactly when it is listed, an illegal
    /// one changes nothing.
    fn attempt(&mut self, mv: Move) {
        check_view_legality(&self.game, mv);
        let listed = self.game.legal_moves().contains(&mv);
        assert_eq!(self.game.is_legal(mv), listed, "{mv}: is_legal disagrees with legal_moves");
        let before = self.game.clone();
        match self.game.play(mv) {
            Ok(report) => {
                assert!(listed, "{mv} played but is not listed");
                assert_eq!(report.mv, mv);
                assert_eq!(report.player, before.to_move());
                assert_eq!(self.game.history().len(), before.history().len() + 1);
                assert_eq!(report.outcome, self.game.outcome());
                let numbering = self.game.rules().numbering();
                for text in [report.notation(numbering), report.to_string()] {
                    assert_eq!(Move::parse_notation(&text, numbering), Ok(mv), "the notation {text:?} of {mv}");
                }
                let seen = self.game.view(report.player.opponent()).history().len();
                let seen_before = before.view(report.player.opponent()).history().len();
                if mv.is_decline() {
                    // No public move: the opponent cannot tell a decline from no chance to rescue.
                    assert_eq!(seen, seen_before, "a decline entered the public history");
                } else {
                    assert_eq!(seen, seen_before + 1);
                    let public = self.game.view(report.player.opponent()).history().last().copied().expect("a move");
                    assert_eq!(Move::parse_notation(&public.notation(numbering), numbering), Ok(mv));
                }
                self.before_move.push(before);
            }
            Err(err) => {
                assert!(!listed, "listed move {mv} refused: {err}");
                check_refused(&before, &self.game, mv, &err);
            }
        }
    }

    fn step(&mut self, op: u8, input: &mut Input) {
        let rules = self.game.rules().clone();
        let mover = self.game.to_move();
        match op % 10 {
            // A listed move (the common case, so that games get somewhere).
            0..=2 => {
                let moves = self.game.legal_moves();
                if let Some(&m) = moves.get(input.u16() as usize % moves.len().max(1)) {
                    self.attempt(m);
                }
            }
            // An action id, a few past the end included.
            3 => {
                let id = input.u16() as usize % (rules.num_actions() + 8);
                match rules.action_move(mover, id) {
                    Some(m) => {
                        assert_eq!(rules.action_id(mover, m), Some(id), "action id {id} does not round-trip");
                        self.attempt(m);
                    }
                    None => assert!(id >= rules.num_actions()),
                }
            }
            // Any pair of squares, off the board included.
            4 => {
                let sq = |b: u8| Square::new(b % 17, (b / 17) % 17);
                let (a, b) = (input.byte(), input.byte());
                self.attempt(Move::new(sq(a), sq(b)));
            }
            // One of the mover's pieces, one to three squares in one of eight directions.
            5 => {
                let own: Vec<Square> =
                    rules.squares().filter(|&s| self.game.piece_at(s).is_some_and(|p| p.owner == mover)).collect();
                let (k, dir, dist) = (input.byte() as usize, input.below(8), input.below(3) as i16 + 1);
                if let Some(&from) = own.get(k % own.len().max(1)) {
                    let (dc, dr) = [(0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)][dir];
                    let to = Square::new(
                        (from.col() as i16 + dc * dist).clamp(0, 255) as u8,
                        (from.row() as i16 + dr * dist).clamp(0, 255) as u8,
                    );
                    self.attempt(Move::new(from, to));
                }
            }
            // A random move, played unchecked; it must be one the checked path also plays.
            6 => {
                let entropy = input.u64();
                if let Some(m) = self.game.random_move(entropy) {
                    let mut checked = self.game.clone();
                    let expected = checked.play(m).unwrap_or_else(|e| panic!("random_move gave {m}: {e}"));
                    self.before_move.push(self.game.clone());
                    let report = self.game.play_unchecked(m);
                    assert_eq!(report, expected);
                    assert!(self.game == checked, "play_unchecked and play disagree on {m}");
                } else {
                    assert!(self.game.is_over());
                }
            }
            // Take back the last move: the game before it comes back exactly.
            7 => {
                let before = self.game.clone();
                let undone = self.game.undo();
                match self.before_move.pop() {
                    Some(previous) => {
                        assert_eq!(undone, Undone::Move(before.history().last().expect("a move to undo").mv));
                        assert!(self.game == previous, "undo did not restore {}", previous.position());
                    }
                    // At the start only a resignation can be taken back.
                    None => {
                        let resigned = before != self.initial;
                        assert_eq!(undone, if resigned { Undone::Resignation } else { Undone::Nothing });
                        assert!(self.game == self.initial, "undo at the start did not give the start back");
                    }
                }
            }
            // The checks that replay the game (a limited number per input): the hidden-rank
            // twin for either player, the record round trip, a world sampled from a view.
            8 => {
                let (viewer, shift) = (Player::ALL[input.below(2)], input.byte() as usize);
                if self.deep_checks < MAX_DEEP_CHECKS {
                    self.deep_checks += 1;
                    check_twin(&self.game, viewer, shift);
                    check_record_round_trip(&self.game);
                    check_sample_world(&self.game, viewer, shift as u64);
                }
            }
            // Resignation, rarely (it ends the game).
            _ => {
                if input.below(4) == 0 {
                    let player = Player::ALL[input.below(2)];
                    let earlier = self.game.outcome();
                    let outcome = self.game.resign(player);
                    match earlier {
                        Some(o) => assert_eq!(outcome, o, "resigning changed a finished game's outcome"),
                        None => assert_eq!(outcome.winner, Some(player.opponent())),
                    }
                    assert_eq!(self.game.outcome(), Some(outcome));
                }
            }
        }
    }
}

/// The target body.
pub fn play(data: &[u8]) {
    let mut input = Input::new(data);
    let Some(rules) = rules_choice(&mut input) else { return };
    let (s1, s2) = (input.u64(), input.u64());
    let (red, blue) = if rules.free_placement() {
        Setup::random_pair(&rules, s1 ^ s2.rotate_left(17)) // a pair that shares no square
    } else {
        (Setup::random(&rules, Player::Red, s1), Setup::random(&rules, Player::Blue, s2))
    };
    for setup in [&red, &blue] {
        if let Err(e) = setup.validate(&rules) {
            panic!("a random setup is invalid under {rules}: {e}");
        }
    }
    let game = Game::new(rules.clone(), red, blue).unwrap_or_else(|e| panic!("random setups under {rules}: {e}"));
    let mut run = Run { initial: game.clone(), game, before_move: Vec::new(), deep_checks: 0 };
    check_game(&run.game);
    // What identifies the game's state cheaply: a step that leaves it alone (a refused move,
    // which `attempt` has checked changed nothing) needs no second full check.
    let key = |g: &Game| (g.history().len(), g.outcome(), g.board().hash());
    while let Some(op) = input.next() {
        let before = key(&run.game);
        let undo = op % 10 == 7;
        run.step(op, &mut input);
        if let (Some(o), false) = (before.1, undo) {
            assert_eq!(run.game.outcome(), Some(o), "an outcome changed");
        }
        if key(&run.game) != before {
            check_game(&run.game);
        }
    }
}
