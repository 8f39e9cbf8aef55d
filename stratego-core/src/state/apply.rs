//! Playing a move on the state: the incremental update and the judgement that follows.

use super::*;
use crate::rules::bitboard::bit;
use crate::state::repetition::Step;
use crate::{Battle, Outcome, Player, Rank, Rules, Termination};

impl State {
    /// Play `from`-`to` for the side to move. The caller guarantees it is legal.
    #[inline]
    pub(crate) fn apply(&mut self, rules: &Rules, from: usize, to: usize) -> Applied {
        if rules.derived().plain {
            self.apply_g::<true>(rules, from, to)
        } else {
            self.apply_g::<false>(rules, from, to)
        }
    }

    /// [`State::apply`]; `PLAIN`: the rules are [`Derived::plain`] (no two-step turns, no
    /// rescues to look for).
    pub(super) fn apply_g<const PLAIN: bool>(&mut self, rules: &Rules, from: usize, to: usize) -> Applied {
        let d = rules.derived();
        let player = self.to_move;
        let p = player.index();
        let q = p ^ 1;
        let c = self.cells[from];
        let rank = cell_rank(c);
        let long = if PLAIN {
            // Every move is orthogonal: a step changes the index by one or by a row. (`&`, not
            // `&&`: a branch here mispredicted about one move in two.)
            let diff = from.abs_diff(to);
            (diff != 1) & (diff != rules.width() as usize)
        } else {
            let (f, t) = (d.coords[from], d.coords[to]);
            let long = f.col().abs_diff(t.col()) > 1 || f.row().abs_diff(t.row()) > 1;
            // A two-step turn: only a two-step rank moves so.
            long || d.orth_doubles & 1 << rank.index() != 0 && f.col() != t.col() && f.row() != t.row()
        };
        let moved = c | MOVED | if long { SLID } else { 0 };
        let target = self.cells[to];
        let mut result = Applied { rank, defender: None };
        let mut flag_taken = false;
        let survivor_at_to;
        let chase_on = rules.data().chase;
        let step = Step { from: from as u8, to: to as u8, start: self.start[from] };
        let starts = (self.start[from], self.start[to]);
        if target == 0 {
            self.cells[to] = moved;
            self.cells[from] = 0;
            self.start[to] = self.start[from];
            self.toggle_mover_g::<PLAIN>(d, p, rank, bit(from) | bit(to));
            self.quiet += 1;
            survivor_at_to = true;
        } else {
            let defender = cell_rank(target);
            let battle = rules.battle(rank, defender);
            result.defender = Some((defender, battle));
            self.quiet = 0;
            match battle {
                Battle::AttackerWins => {
                    self.cells[to] = moved | REVEALED;
                    self.cells[from] = 0;
                    self.start[to] = self.start[from];
                    self.toggle_g::<PLAIN>(d, q, defender, bit(to));
                    self.toggle_mover_g::<PLAIN>(d, p, rank, bit(from) | bit(to));
                    self.captured[q][defender.index()] += 1;
                    flag_taken = defender == Rank::Flag;
                    survivor_at_to = true;
                }
                Battle::DefenderWins => {
                    self.cells[to] = target | REVEALED;
                    self.cells[from] = 0;
                    self.toggle_mover_g::<PLAIN>(d, p, rank, bit(from));
                    self.captured[p][rank.index()] += 1;
                    survivor_at_to = false;
                }
                Battle::BothDie => {
                    self.cells[to] = 0;
                    self.cells[from] = 0;
                    self.toggle_g::<PLAIN>(d, q, defender, bit(to));
                    self.toggle_mover_g::<PLAIN>(d, p, rank, bit(from));
                    self.captured[p][rank.index()] += 1;
                    self.captured[q][defender.index()] += 1;
                    survivor_at_to = false;
                }
            }
        }
        if let Some(limit) = rules.data().two_square {
            self.runs[p].record::<PLAIN>(rules, limit, from, to, survivor_at_to);
        }
        self.ply = self.ply.saturating_add(1);
        if chase_on {
            let threatens = d.neighbours[to] & self.occ[q] != 0;
            self.chase.record(rules, player, step, target != 0, threatens, self.ply);
        }
        if !PLAIN
            && rules.data().rescues != 0
            && self.rescue_after_move(rules, from, to, rank, starts, result, flag_taken)
        {
            // The same player decides next; the game is judged after the decision.
            return result;
        }
        self.to_move = player.opponent();
        // A piece that moved and survived can always step back towards where it came from,
        // unless a rule that bars moves is in play: then ask the move generator.
        // (A run that no two-squares rule reads bars nothing: `may_trim` asks the rule first.)
        let surely_mobile = survivor_at_to && !self.may_trim(rules, player);
        // The opponent could move before this move (a game goes on only while both sides can),
        // and a move that takes none of their pieces leaves each of their moves, or a shorter
        // one in the same direction, open: the squares this move freed, and an attack on the
        // square it entered. Only the chase rule, arming for them now, could bar what is left,
        // or the no-return rule, when the square entered is the start square of a slider
        // that passed over it.
        let opponent_lost_nothing = !matches!(result.defender, Some((_, Battle::AttackerWins | Battle::BothDie)));
        let next_surely_mobile = opponent_lost_nothing
            && !rules.data().no_return
            && (!rules.data().chase || !self.chase.armed(player.opponent()));
        self.outcome = self.judge(rules, player, flag_taken, surely_mobile, next_surely_mobile);
        result
    }

    /// The outcome after `mover` has moved, if the game is over. Inlined: it is part of every
    /// move's hot path, and a second caller (the rescue decision) must not make it a call.
    #[inline(always)]
    pub(super) fn judge(
        &self,
        rules: &Rules,
        mover: Player,
        flag_taken: bool,
        mover_surely_mobile: bool,
        next_surely_mobile: bool,
    ) -> Option<Outcome> {
        if flag_taken {
            return Some(Outcome { winner: Some(mover), termination: Termination::FlagCaptured });
        }
        let next = mover.opponent();
        debug_assert!(!mover_surely_mobile || self.has_moves(rules, mover), "{mover} was judged surely mobile");
        debug_assert!(!next_surely_mobile || self.has_moves(rules, next), "{next} was judged surely mobile");
        let next_can = next_surely_mobile || self.has_moves(rules, next);
        let mover_can = mover_surely_mobile || self.has_moves(rules, mover);
        match (mover_can, next_can) {
            (false, false) => return Some(Outcome { winner: None, termination: Termination::BothStuck }),
            (true, false) => return Some(Outcome { winner: Some(mover), termination: Termination::NoLegalMove }),
            (false, true) => return Some(Outcome { winner: Some(next), termination: Termination::NoLegalMove }),
            (true, true) => {}
        }
        if rules.max_plies().is_some_and(|cap| self.ply >= cap) {
            return Some(Outcome { winner: None, termination: Termination::PlyCap });
        }
        if rules.max_quiet_plies().is_some_and(|cap| self.quiet >= cap) {
            return Some(Outcome { winner: None, termination: Termination::NoBattleCap });
        }
        None
    }

    /// Whether a side has no legal move in a position that goes on (no rescue decision due):
    /// a contradiction, since a game ends once a side cannot move, and [`State::apply`] relies
    /// on it when it judges a side's mobility only where a move could have changed it.
    pub(crate) fn stuck_while_going_on(&self, rules: &Rules) -> bool {
        self.outcome.is_none() && !self.rescue.pending && self.judge_start(rules).is_some()
    }

    /// The outcome of a freshly loaded position, if nobody can play on.
    pub(crate) fn judge_start(&self, rules: &Rules) -> Option<Outcome> {
        let mover = self.to_move;
        match (self.has_moves(rules, mover), self.has_moves(rules, mover.opponent())) {
            (false, false) => Some(Outcome { winner: None, termination: Termination::BothStuck }),
            (false, true) => Some(Outcome { winner: Some(mover.opponent()), termination: Termination::NoLegalMove }),
            (true, false) => Some(Outcome { winner: Some(mover), termination: Termination::NoLegalMove }),
            (true, true) => None,
        }
    }
}
