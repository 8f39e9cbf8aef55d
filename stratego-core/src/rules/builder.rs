//! Building rules rule by rule, checked when built.

use super::*;
use crate::macros::setters;
use crate::{Edition, Numbering, Rank, RulesError, Square};

/// Builds a [`Rules`] rule by rule; [`RulesBuilder::build`] checks that they fit together.
///
/// ```
/// use stratego_core::{Edition, Rank, Rules, RulesError};
/// let rules = Rules::edition(Edition::Classic).to_builder().max_plies(Some(2000)).build()?;
/// assert_eq!(rules.to_string(), "classic(max_plies=2000)");
/// // 41 pieces cannot fit 40 squares:
/// let err = Rules::builder().army_count(Rank::Scout, 9).build().unwrap_err();
/// assert!(matches!(err, RulesError::ArmyTooLarge { pieces: 41, .. }));
/// # Ok::<(), RulesError>(())
/// ```
#[derive(Clone, Debug)]
#[must_use]
pub struct RulesBuilder {
    pub(crate) data: RulesData,
    /// Whether [`RulesBuilder::lakes`] named the lakes, so a new board size keeps them.
    pub(super) lakes_named: bool,
}

impl RulesBuilder {
    /// A builder starting from an edition's preset.
    pub fn from_edition(edition: Edition) -> RulesBuilder {
        RulesBuilder { data: preset(edition), lakes_named: false }
    }
    /// Board size (each side 2..=[`MAX_SIDE`](crate::MAX_SIDE), at most
    /// [`MAX_SQUARES`](crate::MAX_SQUARES) squares; `build` checks). Setup rows are kept.
    ///
    /// Lakes belong to a board: a new size brings that size's lakes, which are the base
    /// edition's on its own 10x10 board and none on any other size, unless
    /// [`RulesBuilder::lakes`] names them (before or after this call).
    ///
    /// ```
    /// use stratego_core::{Rules, Square};
    /// let small = Rules::builder().board(8, 8).setup_rows(2).army_count(stratego_core::Rank::Scout, 0).build();
    /// // 32 pieces on 16 squares do not fit; lakes are not the reason:
    /// assert!(small.is_err());
    /// let rules = Rules::builder().board(8, 8).setup_rows(3).army([1, 1, 8, 5, 4, 3, 0, 0, 0, 1, 1, 0]).build()?;
    /// assert_eq!(rules.lakes().count(), 0);
    /// let lakes = Rules::builder().lakes([Square::new(3, 3)]).board(8, 8).setup_rows(3).army([1, 1, 8, 5, 4, 3, 0, 0, 0, 1, 1, 0]).build()?;
    /// assert_eq!(lakes.lakes().collect::<Vec<_>>(), [Square::new(3, 3)]);
    /// # Ok::<(), stratego_core::RulesError>(())
    /// ```
    pub fn board(mut self, width: u8, height: u8) -> Self {
        if (width, height) != (self.data.width, self.data.height) && !self.lakes_named {
            self.data.lakes = default_lakes(self.data.base, width, height);
        }
        self.data.width = width;
        self.data.height = height;
        self
    }
    /// Replace the lakes (kept through later [`RulesBuilder::board`] calls).
    pub fn lakes(mut self, lakes: impl IntoIterator<Item = Square>) -> Self {
        self.data.lakes = lakes.into_iter().collect();
        self.data.lakes.sort();
        self.data.lakes.dedup();
        self.lakes_named = true;
        self
    }
    /// Set how many pieces of `rank` each army has. `build` checks that each army fits its
    /// zone (both zones, and the board for both armies with free placement) and has exactly
    /// one Flag.
    pub fn army_count(mut self, rank: Rank, count: u8) -> Self {
        self.data.army[rank.index()] = count;
        self
    }
    setters! {
        /// Replace the army: counts indexed by [`Rank::index`].
        army(counts: [u8; Rank::COUNT]) => data.army;
        /// Let players choose their army, up to the army counts. The full army must still fit,
        /// as [`Setup::random`](crate::Setup::random) places it; a chosen army may leave out any
        /// piece, the Flag included (as Gravon's free games did).
        free_army(free: bool) => data.free_army;
        /// Let players place pieces on any square off the lakes (setup texts then cover the board).
        free_placement(free: bool) => data.free_placement;
        /// Rows in each setup zone: 1..=height/2, so the zones never overlap (`build` checks).
        setup_rows(rows: u8) => data.setup_rows;
    }
    /// Add a placement constraint. `build` refuses constraints that need more pieces of a
    /// rank than the army has (the corner Flag counts), that fix one square twice, that need
    /// `flag_corner` without it, or that do not fit the zone.
    pub fn constraint(mut self, c: Constraint) -> Self {
        if !self.data.constraints.contains(&c) {
            self.data.constraints.push(c);
        }
        self
    }
    /// Remove every placement constraint.
    pub fn no_constraints(mut self) -> Self {
        self.data.constraints.clear();
        self
    }
    /// How `rank` moves.
    pub fn movement(mut self, rank: Rank, movement: Movement) -> Self {
        self.data.movement[rank.index()] = movement;
        self
    }
    setters! {
        /// Whether a move of more than one square may end in an attack.
        slide_attacks(allowed: bool) => data.slide_attacks;
    }
    /// One entry of the battle table.
    pub fn battle(mut self, attacker: Rank, defender: Rank, result: Battle) -> Self {
        self.data.combat[attacker.index()][defender.index()] = result;
        self
    }
    setters! {
        /// Every battle of equal ranks won by the attacker (on), or as the battle table says (off).
        ///
        /// ```
        /// use stratego_core::{Battle, Rank, Rules};
        /// let rules = Rules::builder().attacker_wins_ties(true).build()?;
        /// assert_eq!(rules.battle(Rank::Scout, Rank::Scout), Battle::AttackerWins);
        /// assert_eq!(rules.to_string(), "isf(ties=attacker)");
        /// # Ok::<(), stratego_core::RulesError>(())
        /// ```
        attacker_wins_ties(on: bool) => data.attacker_wins_ties;
        /// The rescue rule, with `per_player` rescues per player per game (0 turns it off, at most
        /// 4; `build` checks): when a
        /// piece of a triggering rank ([`RulesBuilder::rescue_trigger`]) enters the opponent's back
        /// row from outside it and still stands there after the move (a plain move or a won
        /// battle), its player may, before the opponent moves, bring back one of their own captured
        /// pieces (any rank, Bombs included) onto an empty square of the rescue zone
        /// ([`RulesBuilder::rescue_zone`]), or decline. A piece that has rescued may not rescue
        /// again (a rescued piece is a new piece and may). Moving along the back row does not
        /// trigger it. The decision is a move of its own: [`crate::Move::rescue`],
        /// [`crate::Move::DECLINE_RESCUE`].
        ///
        /// ```
        /// use stratego_core::{Rank, Rules};
        /// let rules = Rules::builder().rescues(1).rescue_trigger(Rank::Scout, true).build()?;
        /// assert_eq!(rules.rescues(), 1);
        /// assert_eq!(rules.to_string(), "isf(rescues=1,rescue_ranks=Spy.Scout.Miner.Sergeant.Lieutenant.Captain.Major.Colonel.General.Marshal)");
        /// # Ok::<(), stratego_core::RulesError>(())
        /// ```
        rescues(per_player: u8) => data.rescues;
    }
    /// Whether a piece of `rank` may trigger a rescue (by default every mobile rank but the
    /// Scout).
    pub fn rescue_trigger(mut self, rank: Rank, on: bool) -> Self {
        let bit = 1u16 << rank.index();
        self.data.rescue_ranks = if on { self.data.rescue_ranks | bit } else { self.data.rescue_ranks & !bit };
        self
    }
    setters! {
        /// Where a rescued piece may be placed (by default the setup zone).
        rescue_zone(zone: RescueZone) => data.rescue_zone;
        /// The two-squares limit (`None` = off; `Some(0)` is refused).
        two_square(limit: Option<u8>) => data.two_square;
        /// The more-squares (chase) rule.
        chase(on: bool) => data.chase;
        /// Whether a piece may never re-enter its start square.
        no_return(on: bool) => data.no_return;
        /// Sight radius (`None`: ranks seen only after battles).
        visibility(radius: Option<u8>) => data.visibility;
        /// Cap on total plies: a draw when the game reaches it. At least 1 (`Some(0)` is refused:
        /// a game is judged after each move, so it would still play one).
        max_plies(cap: Option<u32>) => data.max_plies;
        /// Cap on consecutive plies without a battle: a draw when reached. At least 1.
        max_quiet_plies(cap: Option<u32>) => data.max_quiet_plies;
        /// Display numbering.
        numbering(numbering: Numbering) => data.numbering;
    }
    /// Check the rules and freeze them. Every rule set this accepts is playable: both
    /// players have valid setups ([`crate::Game::random`] draws a pair), and a game plays.
    /// Refused, with the [`RulesError`] that says why: a size or cap out of its range; lakes off
    /// the board; setup zones that overlap; an army that does not fit either zone (or the board
    /// for both, with free placement), that is empty, that cannot move or that has other than
    /// one Flag; placement constraints without `flag_corner`, needing more pieces of a rank
    /// than the army has, fixing one square twice, or off the zone.
    ///
    /// ```
    /// use stratego_core::{Rules, RulesError, Square};
    /// // The standard lakes would take four squares of Blue's zone on a 9-row board.
    /// let lakes: Vec<Square> = Rules::builder().build()?.lakes().collect();
    /// let err = Rules::builder().board(10, 9).lakes(lakes).build().unwrap_err();
    /// assert_eq!(err.to_string(), "40 pieces do not fit the 36 free squares of Blue's setup zone");
    /// # Ok::<(), RulesError>(())
    /// ```
    pub fn build(self) -> Result<Rules, RulesError> {
        Rules::from_data(self.data)
    }
}
