//! What pieces are worth, for the agents' scores and evaluations.

use crate::Rank;

/// Material value of one piece of each rank, by [`Rank::index`]: the usual tournament
/// weights, with the Flag priced above everything (taking it ends the game).
const VALUES: [i32; Rank::COUNT] = [
    10_000, // Flag
    100,    // Spy: the Marshal's nemesis
    15,     // Scout
    50,     // Miner: the only answer to Bombs
    25,     // Sergeant
    40,     // Lieutenant
    70,     // Captain
    110,    // Major
    160,    // Colonel
    250,    // General
    400,    // Marshal
    30,     // Bomb
];

/// The material value the agents give a piece of `rank` (the Flag's is larger than a whole
/// army's, so winning it outweighs any trade).
///
/// ```
/// use stratego_core::agents::piece_value;
/// use stratego_core::Rank;
/// assert!(piece_value(Rank::Marshal) > piece_value(Rank::General));
/// assert!(piece_value(Rank::Flag) > 20 * piece_value(Rank::Marshal));
/// ```
pub fn piece_value(rank: Rank) -> i32 {
    VALUES[rank.index()]
}

/// Material on the board for `player` minus the opponent's, from the rules' army and the
/// captures: both are known to whoever holds a full board.
pub(crate) fn material_balance(board: &crate::Board, player: crate::Player) -> i32 {
    let army = board.rules().army();
    let side = |p: crate::Player| -> i32 {
        Rank::ALL
            .iter()
            .filter(|&&r| r != Rank::Flag)
            .map(|&r| (army[r.index()] as i32 - board.captured_count(p, r) as i32) * piece_value(r))
            .sum()
    };
    side(player) - side(player.opponent())
}

/// Of `moves` on a full `board`, the capture that gains the most material without losing it
/// (a battle the attacker wins, or a trade that is not worse), if any: the greedy step of the
/// sampling agent's playouts.
pub(crate) fn best_capture(board: &crate::Board, moves: &[crate::Move]) -> Option<crate::Move> {
    let mut best: Option<(i32, crate::Move)> = None;
    for &mv in moves {
        let (Some(a), Some(d)) = (board.piece_at(mv.from), board.piece_at(mv.to)) else { continue };
        let gain = match board.rules().battle(a.rank, d.rank) {
            crate::Battle::AttackerWins => piece_value(d.rank),
            crate::Battle::BothDie => piece_value(d.rank) - piece_value(a.rank),
            crate::Battle::DefenderWins => continue,
        };
        if gain >= 0 && best.is_none_or(|(g, _)| gain > g) {
            best = Some((gain, mv));
        }
    }
    best.map(|(_, mv)| mv)
}

/// A won or lost game, in material units: worth more than any material.
const GAME_VALUE: i32 = 100_000;

/// The value for `me` of `board` after a playout: a won or lost game, else the material
/// balance.
pub(crate) fn playout_value(board: &crate::Board, me: crate::Player) -> i32 {
    match board.outcome() {
        Some(o) => match o.winner {
            Some(w) if w == me => GAME_VALUE,
            Some(_) => -GAME_VALUE,
            None => 0,
        },
        None => material_balance(board, me),
    }
}

/// What a piece the enemy has neither seen move nor fight is worth to its owner in the
/// search's playouts, beyond its rank: to the enemy it may still be a Bomb or the Flag, so
/// each such piece hides the Flag among more.
const HIDDEN_PIECE: i32 = 5;

/// What the enemy's doubt over where the Flag stands is worth to its owner in the search's
/// playouts: a side with `n` pieces the enemy has neither seen move nor fight (the Flag among
/// them) has `-CONCEALMENT / n`. Each such piece is worth little while there are many and
/// much once few are left: when the Flag is the last, the enemy knows where it stands.
const CONCEALMENT: i32 = 200;

/// A won or lost game in the search's playouts, in material units: three fifths of a whole
/// 40-piece army (2,490). It outweighs any capture, but not by so much that a few
/// percent of a chance to take the Flag outweighs everything: with a game worth 100,000 (as
/// [`playout_value`] has it) the search ran its Colonels, Generals and Marshal into likely
/// Bombs for that chance, and scored less (see the book's agents page, the twelfth round).
const SEARCH_GAME_VALUE: i32 = 1_500;

/// The search's value for `me` of `board` after a playout: a won or lost game is worth
/// [`SEARCH_GAME_VALUE`]; a game going on, the material balance, and [`HIDDEN_PIECE`] for
/// each of `me`'s pieces that never moved nor fought and [`CONCEALMENT`] over their number,
/// less the same for the enemy's.
pub(crate) fn search_value(board: &crate::Board, me: crate::Player) -> i32 {
    let value = playout_value(board, me);
    if board.is_over() {
        return value.signum() * SEARCH_GAME_VALUE;
    }
    let (mut mine, mut theirs) = (0, 0);
    for (_, p) in board.pieces().filter(|(_, p)| !p.moved && !p.revealed) {
        if p.owner == me {
            mine += 1;
        } else {
            theirs += 1;
        }
    }
    let hidden = |n: i32| HIDDEN_PIECE * n - CONCEALMENT / n.max(1);
    value + hidden(mine) - hidden(theirs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Edition, Game, Player, Rank, Rules};

    #[test]
    fn the_search_values_the_pieces_the_enemy_has_not_seen_move_or_fight() {
        let mut game = Game::random(Rules::edition(Edition::Barrage), 1);
        // Both armies whole and unseen: the hidden pieces cancel out.
        assert_eq!(search_value(game.board(), Player::Red), playout_value(game.board(), Player::Red));
        let quiet =
            game.legal_moves().into_iter().find(|m| game.board().piece_at(m.to).is_none()).expect("a quiet move");
        game.play(quiet).expect("legal");
        // Red's moved piece is no longer a possible Bomb or Flag to Blue: Red has 7 hidden
        // pieces, Blue 8.
        let red_edge = HIDDEN_PIECE + (CONCEALMENT / 7 - CONCEALMENT / 8);
        for (player, sign) in [(Player::Red, -1), (Player::Blue, 1)] {
            let board = game.board();
            assert_eq!(search_value(board, player), playout_value(board, player) + sign * red_edge, "{player:?}");
        }
    }

    /// A finished game is worth the search's game value, for the winner and against the
    /// loser, and that outweighs any one capture plus every hidden-piece bonus, in every edition.
    #[test]
    fn a_won_game_outweighs_any_capture_in_the_search() {
        for edition in Edition::ALL {
            let rules = Rules::edition(edition);
            let pieces = rules.army_size() as i32;
            let hidden = (HIDDEN_PIECE * pieces - CONCEALMENT / pieces) - (HIDDEN_PIECE - CONCEALMENT);
            let best = Rank::ALL.iter().filter(|&&r| r != Rank::Flag).map(|&r| piece_value(r)).max().unwrap_or(0);
            assert!(SEARCH_GAME_VALUE > best + hidden, "{edition:?}: {best} + {hidden}");
        }
        let mut game = Game::random(Rules::edition(Edition::Barrage), 4);
        game.resign(Player::Blue);
        assert_eq!(search_value(game.board(), Player::Red), SEARCH_GAME_VALUE);
        assert_eq!(search_value(game.board(), Player::Blue), -SEARCH_GAME_VALUE);
    }

    #[test]
    fn the_last_hidden_pieces_are_worth_the_most() {
        // Barrage: Red moves six of its eight pieces one by one (its Flag and Bomb cannot), and
        // each move costs Red more than the one before.
        let game = Game::random(Rules::edition(Edition::Barrage), 3);
        let mut board = game.board().clone();
        let mut last_cost = 0;
        let mut moved = Vec::new();
        for _ in 0..6 {
            let before = search_value(&board, Player::Red);
            let mv = board
                .legal_moves()
                .into_iter()
                .find(|m| board.piece_at(m.to).is_none() && !moved.contains(&m.from))
                .expect("an unmoved Red piece with a quiet move");
            board.play_unchecked(mv);
            moved.push(mv.to);
            let cost = before - search_value(&board, Player::Red);
            assert!(cost > last_cost, "moving a piece cost {cost}, the one before {last_cost}");
            last_cost = cost;
            // Blue answers with any quiet move: each cost is measured over Red's move alone.
            let reply = board.legal_moves().into_iter().find(|m| board.piece_at(m.to).is_none()).expect("a Blue move");
            board.play_unchecked(reply);
        }
    }
}
