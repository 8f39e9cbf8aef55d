//! What one history entry changed, kept beside its report so that [`crate::Game::undo`] puts
//! the position back in constant time instead of replaying the game from its start.
//!
//! A move changes two squares, the mover's two-squares run, a few bytes of the chase rule, the
//! rescue rule's state, and scalars (side to move, ply, quiet plies, outcome); the
//! captured counts follow from the report's battle. The record keeps the old values of exactly
//! those, about 80 bytes, whatever the board size: the rest of the position is untouched by a
//! move, so restoring these restores the position bit for bit.

use crate::rules::bitboard::bit;
use crate::rules::Derived;
use crate::state::repetition::{ChaseMark, Run};
use crate::state::{cell_owner, cell_rank, Cell, Rescues, State, NO_SQUARE};
use crate::{Battle, Move, MoveReport, Outcome, Player, Rules};

/// The state a history entry overwrote. See the [module docs](self).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct UndoRecord {
    ply: u32,
    quiet: u32,
    run: Run,
    chase: ChaseMark,
    rescue: Rescues,
    /// The squares the entry changes ([`NO_SQUARE`] where it changes none), with their cells and
    /// start squares before it.
    squares: [u8; 2],
    cells: [Cell; 2],
    starts: [u8; 2],
    to_move: Player,
    outcome: Option<Outcome>,
}

impl UndoRecord {
    /// What playing `mv` on `state` will overwrite (taken before it is played).
    #[cfg(test)]
    pub(crate) fn before(state: &State, rules: &Rules, mv: Move) -> UndoRecord {
        let (from, to) = mv.indices(rules.width());
        UndoRecord::before_at(state, rules, mv, from, to)
    }

    /// What playing `mv` on `state` will overwrite (taken before it is played), with the board
    /// indices of `mv`'s squares (any values for a rescue decision) already worked out.
    #[inline(always)]
    pub(crate) fn before_at(state: &State, rules: &Rules, mv: Move, from: usize, to: usize) -> UndoRecord {
        let (squares, cells, starts) = if !state.rescue.pending {
            ([from as u8, to as u8], [state.cells[from], state.cells[to]], [state.start[from], state.start[to]])
        } else {
            Self::decision_squares(state, rules, mv)
        };
        UndoRecord {
            ply: state.ply,
            quiet: state.quiet,
            run: state.runs[state.to_move.index()],
            chase: state.chase.mark(state.ply.saturating_add(1)),
            rescue: state.rescue,
            squares,
            cells,
            starts,
            to_move: state.to_move,
            outcome: state.outcome,
        }
    }

    /// The squares a rescue decision changes, with their cells and start squares: the square
    /// of a rescue, none for a decline.
    #[cold]
    fn decision_squares(state: &State, rules: &Rules, mv: Move) -> ([u8; 2], [Cell; 2], [u8; 2]) {
        match mv.rescued() {
            Some((_, sq)) => {
                let i = sq.index(rules.width()) & 127;
                ([i as u8; 2], [state.cells[i]; 2], [state.start[i]; 2])
            }
            None => ([NO_SQUARE; 2], [0; 2], [0; 2]),
        }
    }
}

impl State {
    /// Put back the position before the entry `report`, whose record is `undo`.
    pub(crate) fn take_back(&mut self, rules: &Rules, report: &MoveReport, undo: &UndoRecord) {
        let d = rules.derived();
        let (p, q) = (report.player.index(), report.player.opponent().index());
        if let Some(b) = report.battle {
            let (att, def) = (b.attacker.index(), b.defender.index());
            match b.result {
                Battle::AttackerWins => self.captured[q][def] -= 1,
                Battle::DefenderWins => self.captured[p][att] -= 1,
                Battle::BothDie => {
                    self.captured[p][att] -= 1;
                    self.captured[q][def] -= 1;
                }
            }
        }
        if let Some((rank, _)) = report.mv.rescued() {
            self.captured[p][rank.index()] += 1;
        }
        for k in 0..2 {
            let i = undo.squares[k];
            if i != NO_SQUARE {
                self.set_cell(d, i as usize, undo.cells[k]);
                self.start[i as usize] = undo.starts[k];
            }
        }
        self.ply = undo.ply;
        self.quiet = undo.quiet;
        self.runs[undo.to_move.index()] = undo.run;
        self.chase.restore(undo.chase);
        self.rescue = undo.rescue;
        self.to_move = undo.to_move;
        self.outcome = undo.outcome;
    }

    /// Make square `i` hold `cell`, keeping the bitboards in step.
    #[inline]
    fn set_cell(&mut self, d: &Derived, i: usize, cell: Cell) {
        let old = self.cells[i];
        if old != 0 {
            self.toggle(d, cell_owner(old).index(), cell_rank(old), bit(i));
        }
        self.cells[i] = cell;
        if cell != 0 {
            self.toggle(d, cell_owner(cell).index(), cell_rank(cell), bit(i));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Edition, Game, Player, Setup};

    /// A long game keeps one record per history entry: keep it small.
    #[test]
    fn a_record_stays_small() {
        let size = core::mem::size_of::<UndoRecord>();
        println!("UndoRecord: {size} bytes, MoveReport: {} bytes", core::mem::size_of::<MoveReport>());
        assert!(size <= 80, "UndoRecord grew to {size} bytes");
    }

    /// Every entry of random games under every edition, taken back, gives the state before it
    /// bit for bit (not just an equal position: the chase memory and stale bytes too).
    #[test]
    fn taking_back_restores_the_state_exactly() {
        let mut kinds = [0usize; 3]; // plain moves, battles, rescue decisions
        for edition in Edition::ALL {
            let rules = Rules::edition(edition);
            for seed in 0..6u64 {
                let red = Setup::random(&rules, Player::Red, seed * 2 + 1);
                let blue = Setup::random(&rules, Player::Blue, seed * 2 + 2);
                let mut game = Game::new(rules.clone(), red, blue).expect("random setups are valid");
                let mut rng = crate::rules::rng::SplitMix64::new(seed);
                for _ in 0..400 {
                    let Some(mv) = game.random_move(rng.next_u64()) else { break };
                    let before = *game.state();
                    let undo = UndoRecord::before(&before, &rules, mv);
                    let report = game.play_unchecked(mv);
                    kinds[if mv.is_decision() { 2 } else { report.battle.is_some() as usize }] += 1;
                    let mut back = *game.state();
                    back.take_back(&rules, &report, &undo);
                    assert_eq!(back, before, "{edition:?} seed {seed}: taking back {mv} at ply {}", before.ply);
                }
            }
        }
        assert!(kinds.iter().all(|&n| n > 0), "moves, battles and decisions all taken back: {kinds:?}");
    }
}
