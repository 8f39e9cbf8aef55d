//! The rescue rule: decisions after a piece reaches the enemy back row, and their play.

use super::sink::*;
use super::*;
use crate::rules::bitboard::{bit, bits, has, Bitboard};
use crate::{Battle, Move, Player, Rank, Rules};

impl State {
    /// The rescue decisions open to the side to move: every captured rank onto every empty
    /// square of the rescue zone, and the decline.
    #[cold]
    #[inline(never)]
    pub(super) fn generate_decisions<S: Sink>(&self, rules: &Rules, sink: &mut S) {
        let p = self.to_move.index();
        let squares = self.rescue_squares(rules, self.to_move);
        if squares != 0 {
            for r in Rank::ALL {
                if self.captured[p][r.index()] > 0 {
                    sink.decisions(RESCUE_FROM + r.index(), squares);
                }
            }
        }
        sink.decisions(DECLINE_FROM, 1);
    }

    /// Empty squares where `player` may place a rescued piece.
    #[inline]
    pub(crate) fn rescue_squares(&self, rules: &Rules, player: Player) -> Bitboard {
        rules.derived().rescue_zone[player.index()] & !self.occ[0] & !self.occ[1]
    }

    /// The rescue rule's part of [`State::apply`] (rules with rescues only, kept out of line so
    /// the move itself stays as small as under other rules): pieces that left the board stop
    /// being rescuers (a later piece may get the same start square), and a move that triggers a
    /// rescue leaves it pending. `starts`: the start squares on `from` and `to` before the move.
    /// Returns whether a decision is now due.
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn rescue_after_move(
        &mut self,
        rules: &Rules,
        from: usize,
        to: usize,
        rank: Rank,
        starts: (u8, u8),
        applied: Applied,
        flag_taken: bool,
    ) -> bool {
        let player = self.to_move;
        match applied.defender {
            Some((_, Battle::AttackerWins)) => self.rescue.forget(starts.1),
            Some((_, Battle::DefenderWins)) => self.rescue.forget(starts.0),
            Some((_, Battle::BothDie)) => {
                self.rescue.forget(starts.0);
                self.rescue.forget(starts.1);
            }
            None => {}
        }
        let attacker_at_to = self.cells[to] != 0 && cell_owner(self.cells[to]) == player;
        if attacker_at_to && !flag_taken && self.triggers_rescue(rules, player, from, to, rank) {
            self.rescue.pending = true;
            self.rescue.by = to as u8;
            return true;
        }
        false
    }

    /// Whether `player`'s move `from`-`to` that left its piece on `to` triggers a rescue.
    pub(super) fn triggers_rescue(&self, rules: &Rules, player: Player, from: usize, to: usize, rank: Rank) -> bool {
        let (d, p) = (rules.derived(), player.index());
        let row = d.rescue_row[p];
        has(row, to)
            && !has(row, from)
            && self.rescue.used[p] < rules.data().rescues
            && rules.data().rescue_ranks & 1 << rank.index() != 0
            && !self.rescue.has_rescued(self.start[to])
            && self.captured[p].iter().any(|&n| n > 0)
            && self.rescue_squares(rules, player) != 0
    }

    /// Play a rescue decision for the side to move, which [`crate::board::check_move`] found
    /// legal: place the piece (revealed: both players see the rank), then end the turn.
    pub(crate) fn apply_decision(&mut self, rules: &Rules, mv: Move) -> Option<Rank> {
        let d = rules.derived();
        let player = self.to_move;
        let p = player.index();
        let rescued = mv.rescued().map(|(rank, sq)| {
            let i = sq.index(rules.width()) & 127;
            self.place(d, i, make_cell(player, rank) | REVEALED);
            // Pieces are known by their start squares: give the new piece one no other piece
            // on the board has (its own square when free, as for every piece set up).
            let pieces = self.occ[0] | self.occ[1];
            let taken = bits(pieces & !bit(i)).fold(0, |t: Bitboard, k| t | bit(self.start[k] as usize));
            if has(taken, i) {
                let free = d.board & !d.lakes & !taken;
                self.start[i] = free.trailing_zeros() as u8;
            }
            self.captured[p][rank.index()] -= 1;
            self.rescue.used[p] += 1;
            let by = self.start[self.rescue.by as usize & 127];
            self.rescue.remember(by);
            if rules.data().chase {
                // A new piece: the positions of the chase can no longer recur.
                self.chase.interrupt();
            }
            rank
        });
        self.rescue.pending = false;
        self.rescue.by = NO_SQUARE;
        self.to_move = player.opponent();
        self.outcome = self.judge(rules, player, false, false, false);
        rescued
    }
}
