//! How the agents set up: human-like draws ([`Setup::human_like`]) with the Flag kept back
//! and boxed in, and the search agent's further rules for its Spy and its Flag.

use super::geometry::step_distance;
use crate::rules::constraints::back_corners;
use crate::rules::rng::SplitMix64;
use crate::{Player, Rank, Rules, Setup, Square};

/// A human-like setup ([`Setup::human_like`]) with the Flag on the zone's two back rows and
/// its empty neighbours filled ([`box_in_flag`]): a bluffing front-row Flag (a tenth of human
/// Barrage setups) is lost to any piece that wanders in, so the first of 16 draws that keeps
/// it back is taken. The setup of the heuristic and sampling agents.
pub(crate) fn guarded_setup(rules: &Rules, player: Player, rng: &mut SplitMix64) -> Setup {
    let zone = Setup::zone_squares(rules, player);
    let back = &zone[zone.len().saturating_sub(2 * rules.width() as usize)..];
    let flag_back = |setup: &Setup| {
        let flag = setup.pieces().iter().find(|p| p.1 == Rank::Flag).map(|p| p.0);
        flag.is_none_or(|f| back.contains(&f))
    };
    let setup = first_accepted(16, || Setup::human_like(rules, player, rng.next_u64()), flag_back);
    box_in_flag(rules, setup, &zone)
}

/// Draws of a guarded setup the search agent makes before it takes the last one.
const SEARCH_SETUP_DRAWS: usize = 256;

/// The search agent's setup: the first guarded setup ([`guarded_setup`]) that keeps its Spy
/// out of an enemy Scout's first run and its Flag in a back corner with Bombs beside it (of
/// up to [`SEARCH_SETUP_DRAWS`] draws, else the last).
///
/// - **The Spy** has a lake or an own piece in front of it on its file. Any piece that
///   attacks the Spy takes it, and with few pieces (Barrage) a Spy on an open file is often
///   the first piece an enemy Scout runs into.
/// - **The Flag** stands in a corner of the back row with a Bomb beside it (a quarter of
///   human Barrage setups, a sixth of classic ones), so that one square is left to fill with a
///   movable piece and defend. With one Bomb (Barrage) a Flag elsewhere has two or three
///   neighbours that can be attacked, and they are the pieces that move away. With two Bombs
///   or more (ISF, Classic) both its neighbours are Bombs, as in 88 % of the classic human
///   setups with a corner Flag beside a Bomb: a piece there that is no Bomb is the one way in
///   for any enemy piece, and it falls to the first that outranks it.
pub(crate) fn search_setup(rules: &Rules, player: Player, rng: &mut SplitMix64) -> Setup {
    let accept = |setup: &Setup| !spy_on_open_file(rules, setup) && flag_in_bombed_corner(rules, setup);
    first_accepted(SEARCH_SETUP_DRAWS, || guarded_setup(rules, player, rng), accept)
}

/// The first of up to `draws` setups from `draw` that `accept` takes, else the last one drawn.
fn first_accepted(draws: usize, mut draw: impl FnMut() -> Setup, accept: impl Fn(&Setup) -> bool) -> Setup {
    let mut setup = draw();
    for _ in 1..draws {
        if accept(&setup) {
            break;
        }
        setup = draw();
    }
    setup
}

/// Whether `setup`'s Spy has neither a lake nor an own piece in front of it on its file, up
/// to the far edge of the board.
fn spy_on_open_file(rules: &Rules, setup: &Setup) -> bool {
    let Some(spy) = setup.pieces().iter().find(|p| p.1 == Rank::Spy).map(|p| p.0) else { return false };
    let ahead: Vec<u8> = match setup.player() {
        Player::Red => (spy.row() + 1..rules.height()).collect(),
        Player::Blue => (0..spy.row()).rev().collect(),
    };
    ahead
        .into_iter()
        .map(|row| Square::new(spy.col(), row))
        .all(|sq| !rules.is_lake(sq) && !setup.pieces().iter().any(|p| p.0 == sq))
}

/// `setup` with every empty square next to its Flag filled by the piece furthest forward
/// (zone order puts the front first), so that no Scout can run into the Flag along an open
/// line: with few pieces (Barrage) a human-like setup often leaves it open.
fn box_in_flag(rules: &Rules, setup: Setup, zone: &[Square]) -> Setup {
    let mut pieces: Vec<(Square, Rank)> = setup.pieces().to_vec();
    let Some(flag) = pieces.iter().find(|p| p.1 == Rank::Flag).map(|p| p.0) else { return setup };
    let near = |a: Square, b: Square| step_distance(a, b) == 1;
    for &sq in zone.iter().filter(|&&sq| near(sq, flag) && !rules.is_lake(sq)) {
        if pieces.iter().any(|p| p.0 == sq) {
            continue;
        }
        let movable = |p: &(Square, Rank)| p.1 != Rank::Flag && !near(p.0, flag);
        let front = zone.iter().position(|z| pieces.iter().any(|p| p.0 == *z && movable(p)));
        let Some(k) = front.and_then(|i| pieces.iter().position(|p| p.0 == zone[i])) else { break };
        pieces[k].0 = sq;
    }
    Setup::new(setup.player(), pieces)
}

/// Whether `setup`'s Flag stands in a corner of its back row with a Bomb orthogonally beside
/// it, and on each of its neighbours when the army has Bombs enough (or no Bomb is in the
/// army).
fn flag_in_bombed_corner(rules: &Rules, setup: &Setup) -> bool {
    let Some(flag) = setup.pieces().iter().find(|p| p.1 == Rank::Flag).map(|p| p.0) else { return true };
    if !back_corners(rules, setup.player()).contains(&flag) {
        return false;
    }
    let bombs = rules.army_count(Rank::Bomb) as usize;
    let beside = |sq: Square| step_distance(sq, flag) == 1;
    let neighbours = rules.squares().filter(|&sq| beside(sq) && !rules.is_lake(sq)).count();
    let bombed = setup.pieces().iter().filter(|p| p.1 == Rank::Bomb && beside(p.0)).count();
    bombs == 0 || bombed >= neighbours.min(bombs).max(1)
}
