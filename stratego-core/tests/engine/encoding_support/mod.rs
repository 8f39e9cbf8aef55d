//! Helpers shared by the encoding tests: seeded random games and the hidden-rank permutation
//! behind their no-leak checks.
#![allow(dead_code)]

use proptest::prelude::*;
use stratego_core::{Edition, Game, Move, Player, Rules, Setup};

/// A small deterministic generator for move choices.
pub struct Lcg(pub u64);
impl Lcg {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) as usize) % n
    }
}

/// A game of `edition` from seeded setups after up to `plies` random moves.
pub fn random_game(edition: Edition, setup_seed: u64, plies: u32, move_seed: u64) -> Game {
    let rules = Rules::edition(edition);
    let red = Setup::random(&rules, Player::Red, setup_seed);
    let blue = Setup::random(&rules, Player::Blue, setup_seed ^ 0x9E37);
    let mut game = Game::new(rules, red, blue).expect("random setups are valid");
    let mut rng = Lcg(move_seed);
    let mut moves = Vec::new();
    while !game.is_over() && game.ply() < plies {
        game.legal_moves_into(&mut moves);
        game.play_unchecked(moves[rng.below(moves.len())]);
    }
    game
}

/// Any edition.
pub fn edition() -> impl Strategy<Value = Edition> {
    proptest::sample::select(Edition::ALL.to_vec())
}

/// `base` loaded from its position text, and again with `player`'s opponent's hidden ranks
/// permuted by `shift` (see [`permute_hidden`]): two games `player` cannot tell apart.
pub fn hidden_twins(base: &Game, player: Player, shift: usize) -> (Game, Game) {
    let position = base.position();
    let a = Game::from_position(base.rules().clone(), &position).unwrap();
    let b = Game::from_position(base.rules().clone(), &permute_hidden(&position, player.opponent(), shift)).unwrap();
    (a, b)
}

/// Swap the ranks of `player`'s unrevealed pieces in a position string (rotating the uppercase
/// letters of that player's pieces by `shift`), so the result differs only in ranks the other
/// player cannot know.
pub fn permute_hidden(position: &str, player: Player, shift: usize) -> String {
    let (letters, rest) = position.split_once(' ').unwrap();
    let range = if player == Player::Red { b'B'..=b'M' } else { b'N'..=b'Y' };
    let mut bytes = letters.as_bytes().to_vec();
    let spots: Vec<usize> = (0..bytes.len()).filter(|&i| range.contains(&bytes[i])).collect();
    let values: Vec<u8> = spots.iter().map(|&i| bytes[i]).collect();
    for (k, &i) in spots.iter().enumerate() {
        bytes[i] = values[(k + shift) % values.len()];
    }
    format!("{} {rest}", String::from_utf8(bytes).unwrap())
}

/// One quiet move (onto an empty square) drawn by `rng` from `a`'s moves and played in both
/// twin games; `false`, with nothing played, when a game is over, `a` has no quiet move, or
/// the move is not legal in `b`. The mover's options depend only on what the mover knows, and
/// for the opponent's moves both games hold the same (permuted) own pieces, so twins that
/// differ only in hidden ranks stay in step.
pub fn play_quiet_twin(a: &mut Game, b: &mut Game, rng: &mut Lcg) -> bool {
    if a.is_over() || b.is_over() {
        return false;
    }
    let quiet: Vec<Move> = a.legal_moves().into_iter().filter(|m| a.piece_at(m.to).is_none()).collect();
    if quiet.is_empty() {
        return false;
    }
    let mv = quiet[rng.below(quiet.len())];
    if !b.is_legal(mv) {
        return false;
    }
    a.play(mv).unwrap();
    b.play(mv).unwrap();
    true
}

/// For each player `p`, the hidden twins of `base` (see [`hidden_twins`]) played on with the
/// same quiet moves drawn from `move_seed` (at most 60 plies, see [`play_quiet_twin`]), with
/// `check(a, b, p)` before each move. Under rescues, a move into the back row earns one only
/// if the mover is no Scout, so one twin may be waiting for the opponent's decision where the
/// other is not: the waiting side must be `p`'s opponent, and declines.
pub fn walk_hidden_twins(
    base: &Game,
    shift: usize,
    move_seed: u64,
    mut check: impl FnMut(&Game, &Game, Player) -> Result<(), TestCaseError>,
) -> Result<(), TestCaseError> {
    for p in Player::ALL {
        let (mut a, mut b) = hidden_twins(base, p, shift);
        let mut rng = Lcg(move_seed ^ 0xABCD);
        for _ in 0..60 {
            check(&a, &b, p)?;
            if !play_quiet_twin(&mut a, &mut b, &mut rng) {
                break;
            }
            if a.board().rescue_pending() != b.board().rescue_pending() {
                let waiting = if a.board().rescue_pending() { &mut a } else { &mut b };
                prop_assert_eq!(waiting.to_move(), p.opponent(), "{}: the viewer's own rescue differs", p);
                waiting.play(Move::DECLINE_RESCUE).unwrap();
            }
        }
    }
    Ok(())
}
