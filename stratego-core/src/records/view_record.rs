//! A player's view as data: serialize it (serde, e.g. JSON) and read it back to an equal view,
//! carrying what the view knows and nothing else, so a stored view can never hold a hidden
//! enemy rank.

use crate::limits::check_len;
use crate::rules::bitboard::{bits, has};
use crate::state::text::{self as position, Mask};
use crate::state::{cell_rank, MOVED, REVEALED, SLID};
use crate::view::{composition, dilate, PLACEHOLDER};
use crate::{ParseError, Player, PlayerView, PublicMove, Rank, Rules, MAX_POSITION_TEXT, MAX_RECORD_PLIES};

/// A [`PlayerView`] as data: the rules, the viewer, the position as the viewer knows it and the
/// public history. [`PlayerView::from_record`] reads it back to an equal view that behaves the
/// same (legal moves, encodings, [`PlayerView::sample_world`]).
///
/// `position` is a full position text ([`crate::Board::position_full`]) in which each enemy
/// piece of unknown rank is written `?`; `lost` and `over` are always there, and an
/// `army=` field of enemy letters gives the enemy army when it is not the rules' own. The text
/// holds the pieces' squares, moved and slid flags, start squares, captures and the repetition
/// rules' state: everything the view knows, none of it a hidden rank.
///
/// ```
/// use stratego_core::{Edition, Game, Player, PlayerView, Rules, Setup};
/// let rules = Rules::edition(Edition::Isf);
/// let mut game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))?;
/// game.playout(3, 40);
/// let view = game.view(Player::Blue);
/// let record = view.to_record();
/// assert!(record.position.contains('?')); // Red's unknown pieces
/// assert_eq!(PlayerView::from_record(&record)?, view);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ViewRecord {
    /// The rules' text form.
    #[cfg_attr(feature = "serde", serde(deserialize_with = "crate::limits::bounded::rules_text"))]
    pub rules: String,
    /// The viewer.
    pub player: Player,
    /// The position as the viewer knows it (see above).
    #[cfg_attr(feature = "serde", serde(deserialize_with = "crate::limits::bounded::position_text"))]
    pub position: String,
    /// The public history (at most [`MAX_RECORD_PLIES`] moves).
    #[cfg_attr(feature = "serde", serde(deserialize_with = "crate::limits::bounded::moves"))]
    pub history: Vec<PublicMove>,
}

/// Why a [`ViewRecord`] does not read back to a view: the text does not parse, or its facts
/// contradict each other.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ViewError {
    /// The rules text does not parse.
    #[error("rules: {0}")]
    Rules(ParseError),
    /// The position text does not parse (squares off the board, unknown letters or fields, ...).
    #[error("position: {0}")]
    Position(ParseError),
    /// More moves than [`MAX_RECORD_PLIES`], refused before anything is read: a size refusal
    /// (its text starts with [`SIZE_REFUSAL`](crate::limits::SIZE_REFUSAL)).
    #[error("too large: {plies} moves, over the limit of {limit}")]
    TooLong {
        /// How many moves the history holds.
        plies: usize,
        /// The limit.
        limit: usize,
    },
    /// More pieces of a rank, on the board with a known rank plus captured, than the army has.
    #[error("{player} shows {count} of rank {rank}, more than the {army} of its army")]
    TooMany {
        /// Whose pieces.
        player: Player,
        /// The rank.
        rank: Rank,
        /// How many the view shows (known on the board plus captured).
        count: usize,
        /// How many the army has.
        army: u8,
    },
    /// Fewer pieces of a rank, on the board plus captured, than the rules' army (a fixed army
    /// loses pieces only in battles).
    #[error("{player} has {count} of rank {rank}, fewer than the {army} the rules give")]
    TooFew {
        /// Whose pieces.
        player: Player,
        /// The rank.
        rank: Rank,
        /// How many the view shows.
        count: usize,
        /// How many the rules' army has.
        army: u8,
    },
    /// The enemy pieces of unknown rank do not fit the ranks left in the enemy army: `hidden`
    /// pieces (of which `moved` have moved and `slid` slid) against `left` ranks unaccounted for
    /// (of which `mobile` can move and `sliding` slide).
    #[error(
        "{hidden} enemy pieces of unknown rank ({moved} moved, {slid} slid) do not fit the {left} \
         ranks left in the army ({mobile} mobile, {sliding} sliding)"
    )]
    HiddenPieces {
        /// Enemy pieces of unknown rank.
        hidden: usize,
        /// Of those, how many have moved.
        moved: usize,
        /// Of those, how many slid.
        slid: usize,
        /// Ranks of the enemy army neither captured nor known on the board.
        left: usize,
        /// Of those, how many can move.
        mobile: usize,
        /// Of those, how many slide.
        sliding: usize,
    },
    /// An enemy piece whose rank the text gives though the viewer cannot know it (neither
    /// revealed by a battle nor in sight), or whose rank it hides though the viewer sees it.
    #[error("the enemy piece on {square} {reason}")]
    Sight {
        /// The piece's square.
        square: crate::Square,
        /// What is wrong.
        reason: &'static str,
    },
    /// An `army` field where the army is the rules' (with a free army the viewer knows only the
    /// rules' maximum, so the field cannot be there).
    #[error("the army field {0}")]
    Army(&'static str),
    /// The history does not fit the rules or the position.
    #[error("history move {index}: {reason}")]
    History {
        /// 0-based index of the move in the history.
        index: usize,
        /// What is wrong.
        reason: &'static str,
    },
}

impl ViewError {
    /// Whether the view record was refused for its size: too many moves, or a rules or
    /// position text over its limit.
    pub fn is_too_large(&self) -> bool {
        match self {
            ViewError::TooLong { .. } => true,
            ViewError::Rules(e) | ViewError::Position(e) => e.is_too_large(),
            _ => false,
        }
    }
}

impl PlayerView {
    /// This view as a [`ViewRecord`], holding what the view knows and no hidden rank.
    pub fn to_record(&self) -> ViewRecord {
        let enemy = self.player().opponent();
        let enemy_army = self.army(enemy);
        let mask = Mask {
            viewer: self.player(),
            hidden: self.hidden(),
            enemy_army: (!self.rules().free_army() && enemy_army != self.rules().army()).then_some(enemy_army),
        };
        ViewRecord {
            rules: self.rules().to_string(),
            player: self.player(),
            position: position::view_text(self.rules(), self.state(), &mask),
            history: self.history().to_vec(),
        }
    }

    /// Read a [`ViewRecord`] back, checking that its facts agree: the result equals the view
    /// the record was made from. A record whose pieces, army, sight or history contradict each
    /// other is refused with the first problem found.
    ///
    /// ```
    /// use stratego_core::{Edition, Game, Player, PlayerView, Rules, Setup, ViewError};
    /// let rules = Rules::edition(Edition::Barrage);
    /// let game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))?;
    /// let mut record = game.view(Player::Red).to_record();
    /// // A second Blue Marshal (the letter X, revealed) where Barrage has one:
    /// record.position = record.position.replacen('?', "x", 2);
    /// assert!(matches!(PlayerView::from_record(&record), Err(ViewError::TooMany { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_record(record: &ViewRecord) -> Result<PlayerView, ViewError> {
        if record.history.len() > MAX_RECORD_PLIES {
            return Err(ViewError::TooLong { plies: record.history.len(), limit: MAX_RECORD_PLIES });
        }
        let rules: Rules = record.rules.parse().map_err(ViewError::Rules)?;
        check_len("position", &record.position, MAX_POSITION_TEXT).map_err(ViewError::Position)?;
        let player = record.player;
        let (state, mask) =
            position::parse_view(&rules, player, PLACEHOLDER, &record.position).map_err(ViewError::Position)?;
        let enemy = player.opponent();
        let width = rules.width();
        let square = |i: usize| crate::Square::from_index(i, width);

        // Sight: a rank is known exactly when a battle revealed it or it stands in sight.
        let in_sight = match rules.visibility() {
            Some(r) => dilate(&rules, state.occ[player.index()], r),
            None => 0,
        };
        for i in bits(state.occ[enemy.index()]) {
            let revealed = state.cells[i] & REVEALED != 0;
            if has(mask.hidden, i) && has(in_sight, i) {
                return Err(ViewError::Sight { square: square(i), reason: "is in sight, yet its rank is hidden" });
            }
            if !has(mask.hidden, i) && !revealed && !has(in_sight, i) {
                return Err(ViewError::Sight {
                    square: square(i),
                    reason: "has a rank the viewer cannot know (not revealed, not in sight)",
                });
            }
        }

        // Armies: the own one is what the board and the captures show; the enemy's is the
        // rules' (or the `army` field, for a position that had extra pieces; with a free army,
        // the rules' maximum).
        let own = composition(&state, player);
        let enemy_army = match mask.enemy_army {
            Some(_) if rules.free_army() => return Err(ViewError::Army("cannot be there with a free army")),
            Some(a) if a == rules.army() => return Err(ViewError::Army("repeats the rules' army")),
            Some(a) => a,
            None => rules.army(),
        };
        for (p, counts) in [(player, own), (enemy, enemy_army)] {
            for r in Rank::ALL {
                let (count, army) = (counts[r.index()], rules.army()[r.index()]);
                // A fixed army is at least the rules' (more only from a position with extra
                // pieces); a free one at most the rules' maximum.
                if !rules.free_army() && count < army {
                    return Err(ViewError::TooFew { player: p, rank: r, count: count as usize, army });
                }
                if rules.free_army() && count > army {
                    return Err(ViewError::TooMany { player: p, rank: r, count: count as usize, army });
                }
            }
        }
        // The enemy's known pieces and captures fit its army; the unknown pieces fit what is left.
        let mut left = [0u8; Rank::COUNT];
        let mut known = state.captured[enemy.index()].map(usize::from);
        for i in bits(state.occ[enemy.index()] & !mask.hidden) {
            known[cell_rank(state.cells[i]).index()] += 1;
        }
        for r in Rank::ALL {
            let (count, army) = (known[r.index()], enemy_army[r.index()]);
            if count > army as usize {
                return Err(ViewError::TooMany { player: enemy, rank: r, count, army });
            }
            left[r.index()] = army - count as u8;
        }
        let count_of = |flag: u8| bits(mask.hidden).filter(|&i| flag == 0 || state.cells[i] & flag != 0).count();
        let left_of = |eligible: &dyn Fn(Rank) -> bool| -> usize {
            Rank::ALL.iter().filter(|&&r| eligible(r)).map(|r| left[r.index()] as usize).sum()
        };
        // A slid piece is one that went more than one square: a Scout, or a two-step Captain.
        let slides = |r: Rank| rules.movement(r).goes_far();
        let (hidden, moved, slid) = (count_of(0), count_of(MOVED), count_of(SLID));
        let (all, mobile, sliding) =
            (left_of(&|_| true), left_of(&|r| rules.movement(r).is_mobile()), left_of(&slides));
        // Sliding ranks are mobile and slid pieces have moved, so the three nested counts
        // decide whether the unknown pieces can be given ranks (with a fixed army, all of them).
        let fits = slid <= sliding && moved <= mobile && (hidden == all || (rules.free_army() && hidden <= all));
        if !fits {
            return Err(ViewError::HiddenPieces { hidden, moved, slid, left: all, mobile, sliding });
        }

        check_history(&rules, &record.history, state.ply, state.to_move, state.rescue.pending)?;
        let mut army = [[0; Rank::COUNT]; 2];
        army[player.index()] = own;
        army[enemy.index()] = enemy_army;
        Ok(PlayerView::from_parts(rules, player, state, mask.hidden, army, &record.history))
    }
}

/// The history's moves are on the board, its battles end as the rules say, the players take
/// turns with the last move the opponent's of the side to move (or the side to move's own when
/// a rescue decision is due), each rescue decision follows its player's own move, and the moves
/// are no more than the plies played (a decision is part of its move's ply).
fn check_history(
    rules: &Rules,
    history: &[PublicMove],
    ply: u32,
    to_move: Player,
    rescue_pending: bool,
) -> Result<(), ViewError> {
    let moves = history.iter().filter(|m| !m.mv.is_decision()).count();
    if moves > ply as usize {
        return Err(ViewError::History { index: ply as usize, reason: "more moves than plies played" });
    }
    // Walk back from the newest: who made each entry follows from who moves now.
    let mut mover = if rescue_pending { to_move } else { to_move.opponent() };
    let mut after_decision = false;
    for (index, m) in history.iter().enumerate().rev() {
        let fail = |reason| Err(ViewError::History { index, reason });
        if m.player != mover {
            return fail("the players do not take turns, ending before the side to move");
        }
        if m.mv.is_decision() {
            if after_decision {
                return fail("a rescue decision that does not follow its player's move");
            }
            if m.mv.rescued().is_some_and(|(_, sq)| !rules.contains(sq)) {
                return fail("a rescue onto a square off the board");
            }
            after_decision = true;
            continue;
        }
        after_decision = false;
        if !rules.contains(m.mv.from) || !rules.contains(m.mv.to) || m.mv.from == m.mv.to {
            return fail("a square off the board, or a move that stays");
        }
        if let Some(b) = m.battle {
            if rules.battle(b.attacker, b.defender) != b.result {
                return fail("a battle whose result is not the rules'");
            }
        }
        mover = mover.opponent();
    }
    Ok(())
}
