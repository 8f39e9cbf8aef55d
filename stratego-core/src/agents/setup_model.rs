//! Human-like setups: a sampler built on how often human players put each rank on each square.

use super::setup_table::{BARRAGE, BARRAGE_BOMB_NEAR_FLAG_PCT, CLASSIC, CLASSIC_BOMB_NEAR_FLAG_PCT};
use crate::rules::rng::SplitMix64;
use crate::{Edition, Player, Rank, Rules, Setup, Square};

/// Where a [`SetupModel`]'s numbers come from.
#[derive(Clone, Copy, Debug)]
enum Source {
    /// Per setup-text position and rank, how often human players put the rank there, and how
    /// much likelier (percent) a Bomb stands next to the Flag than elsewhere.
    Human { counts: &'static [[u32; Rank::COUNT]; 40], bomb_near_flag_pct: u32 },
    /// No human data for these rules: the Flag on the back row with Bombs around it.
    RuleBased,
}

/// A model of how players set up under some rules: draws setups ([`SetupModel::sample`]) and
/// weighs the ranks on a square ([`SetupModel::weights`], the search's prior over the enemy's
/// setup).
///
/// Rules played on the 10×10 board with 4 setup rows, no placement constraints and the
/// army of ISF (every 40-piece edition: Classic, Jumbo, ISF) use the frequencies of 64,920
/// human setups from Gravon; Barrage's army uses those of 3,944 Barrage setups (both collected
/// by the AtaraxosAI project, MIT; see `scripts/gen_human_setups.py`). Other rules (Duel,
/// Estrategia, Ultimate Lightning, free placement, custom armies) use a stated rule-based
/// sampler: the Flag on a random square of the back row, as many Bombs as fit on its
/// neighbours in the zone, the rest uniform; rules with placement constraints (Estrategia's
/// corner) draw as [`Setup::random`] does.
///
/// ```
/// use stratego_core::agents::SetupModel;
/// use stratego_core::{Edition, Player, Rank, Rules, Setup};
/// let rules = Rules::edition(Edition::Isf);
/// let setup = Setup::human_like(&rules, Player::Blue, 3);
/// assert!(setup.validate(&rules).is_ok());
/// assert_eq!(setup, Setup::human_like(&rules, Player::Blue, 3));
/// assert!(SetupModel::new(&rules).is_human());
/// assert!(!SetupModel::new(&Rules::edition(Edition::Duel)).is_human());
/// ```
#[derive(Clone, Debug)]
pub struct SetupModel {
    rules: Rules,
    source: Source,
    /// The zone's squares in setup-text order, for each player.
    zones: [Vec<Square>; 2],
}

impl SetupModel {
    /// The model for `rules`: human data where it exists, the rule-based sampler otherwise.
    pub fn new(rules: &Rules) -> SetupModel {
        let classic_board = rules.width() == 10
            && rules.height() == 10
            && rules.setup_rows() == 4
            && !rules.free_placement()
            && !rules.free_army()
            && rules.constraints().is_empty();
        let source = if classic_board && rules.army() == Rules::edition(Edition::Isf).army() {
            Source::Human { counts: &CLASSIC, bomb_near_flag_pct: CLASSIC_BOMB_NEAR_FLAG_PCT }
        } else if classic_board && rules.army() == Rules::edition(Edition::Barrage).army() {
            Source::Human { counts: &BARRAGE, bomb_near_flag_pct: BARRAGE_BOMB_NEAR_FLAG_PCT }
        } else {
            Source::RuleBased
        };
        let zones = Player::ALL.map(|p| Setup::zone_squares(rules, p));
        SetupModel { rules: rules.clone(), source, zones }
    }

    /// Whether the model comes from human setups (else it is the rule-based sampler).
    pub fn is_human(&self) -> bool {
        matches!(self.source, Source::Human { .. })
    }

    /// How likely (relative, at least 1) `player` is to have set up each rank on `sq`
    /// (indexed by [`Rank::index`]): the human count there plus one, or for the rule-based
    /// model 8 for the Flag on the back row and 1 otherwise. Off the zone, 1 for every rank.
    ///
    /// ```
    /// use stratego_core::agents::SetupModel;
    /// use stratego_core::{Edition, Player, Rank, Rules};
    /// let model = SetupModel::new(&Rules::edition(Edition::Isf));
    /// // Humans put Red's Flag on the back row far more often than on the front row.
    /// let flag = |sq: &str| model.weights(Player::Red, sq.parse().unwrap())[Rank::Flag.index()];
    /// assert!(flag("a1") > 10 * flag("a4"));
    /// ```
    pub fn weights(&self, player: Player, sq: Square) -> [u32; Rank::COUNT] {
        let zone = &self.zones[player.index()];
        let Some(pos) = zone.iter().position(|&z| z == sq) else { return [1; Rank::COUNT] };
        match self.source {
            Source::Human { counts, .. } => counts.get(pos).map_or([1; Rank::COUNT], |c| c.map(|n| n + 1)),
            Source::RuleBased => {
                let back = pos >= zone.len() - self.rules.width() as usize;
                Rank::ALL.map(|r| if r == Rank::Flag && back { 8 } else { 1 })
            }
        }
    }

    /// A setup for `player` drawn from the model, as a pure function of `seed`.
    pub fn sample(&self, player: Player, seed: u64) -> Setup {
        let mut rng = SplitMix64::new(seed ^ 0x4855_4D41_4E5F_5345 ^ (player as u64).wrapping_mul(0x9E37_79B9));
        match self.source {
            Source::Human { counts, bomb_near_flag_pct } => {
                self.sample_human(player, counts, bomb_near_flag_pct, &mut rng)
            }
            Source::RuleBased => self.sample_rule_based(player, &mut rng),
        }
    }

    /// Place the Flag, then the Bombs (likelier next to the Flag), then the other ranks from
    /// the scarcest to the most common, each piece on a free square drawn by its rank's counts.
    fn sample_human(
        &self,
        player: Player,
        counts: &[[u32; Rank::COUNT]; 40],
        near_pct: u32,
        rng: &mut SplitMix64,
    ) -> Setup {
        let zone = &self.zones[player.index()];
        let army = self.rules.army();
        let mut order: Vec<Rank> = Rank::ALL.iter().copied().filter(|&r| r != Rank::Flag && r != Rank::Bomb).collect();
        order.sort_by_key(|r| army[r.index()]);
        order.insert(0, Rank::Bomb);
        order.insert(0, Rank::Flag);
        let mut taken = vec![false; zone.len()];
        let mut flag: Option<usize> = None;
        let mut pieces = Vec::with_capacity(self.rules.army_size());
        let mut weights = vec![0u64; zone.len()];
        for rank in order {
            for _ in 0..army[rank.index()] {
                for (i, w) in weights.iter_mut().enumerate() {
                    *w = if taken[i] || self.rules.is_lake(zone[i]) {
                        0
                    } else {
                        let base = counts[i][rank.index()] as u64 + 1;
                        match flag {
                            Some(f) if rank == Rank::Bomb && adjacent(f, i) => base * near_pct as u64 / 100,
                            _ => base,
                        }
                    };
                }
                let Some(i) = draw_weighted(rng, &weights) else { break };
                taken[i] = true;
                if rank == Rank::Flag {
                    flag = Some(i);
                }
                pieces.push((zone[i], rank));
            }
        }
        Setup::new(player, pieces)
    }

    /// The Flag on the back row, Bombs around it, the rest uniform.
    fn sample_rule_based(&self, player: Player, rng: &mut SplitMix64) -> Setup {
        let rules = &self.rules;
        if !rules.constraints().is_empty() || rules.free_placement() || rules.army_count(Rank::Flag) != 1 {
            return Setup::random(rules, player, rng.next_u64());
        }
        let zone = &self.zones[player.index()];
        let width = rules.width() as usize;
        let free = |i: usize, taken: &[bool]| !taken[i] && !rules.is_lake(zone[i]);
        let mut taken = vec![false; zone.len()];
        let back: Vec<usize> = (zone.len() - width..zone.len()).filter(|&i| free(i, &taken)).collect();
        if back.is_empty() {
            return Setup::random(rules, player, rng.next_u64());
        }
        let flag = back[rng.below(back.len())];
        taken[flag] = true;
        let mut pieces = vec![(zone[flag], Rank::Flag)];
        let mut bombs = rules.army_count(Rank::Bomb);
        let mut around: Vec<usize> =
            (0..zone.len()).filter(|&i| adjacent_in(flag, i, width) && free(i, &taken)).collect();
        rng.shuffle(&mut around);
        for i in around {
            if bombs == 0 {
                break;
            }
            taken[i] = true;
            pieces.push((zone[i], Rank::Bomb));
            bombs -= 1;
        }
        let mut rest: Vec<Rank> = Rank::ALL
            .iter()
            .flat_map(|&r| {
                let n = if r == Rank::Flag {
                    0
                } else if r == Rank::Bomb {
                    bombs
                } else {
                    rules.army_count(r)
                };
                std::iter::repeat_n(r, n as usize)
            })
            .collect();
        let mut squares: Vec<usize> = (0..zone.len()).filter(|&i| free(i, &taken)).collect();
        rng.shuffle(&mut squares);
        rng.shuffle(&mut rest);
        pieces.extend(squares.into_iter().zip(rest).map(|(i, r)| (zone[i], r)));
        Setup::new(player, pieces)
    }
}

/// Whether setup-text positions `a` and `b` of a 10-wide zone are orthogonal neighbours.
fn adjacent(a: usize, b: usize) -> bool {
    adjacent_in(a, b, 10)
}

/// Whether setup-text positions `a` and `b` of a `width`-wide zone are orthogonal neighbours.
fn adjacent_in(a: usize, b: usize, width: usize) -> bool {
    let (ar, ac, br, bc) = (a / width, a % width, b / width, b % width);
    ar.abs_diff(br) + ac.abs_diff(bc) == 1
}

/// An index drawn with probability proportional to its weight; `None` when all are zero.
fn draw_weighted(rng: &mut SplitMix64, weights: &[u64]) -> Option<usize> {
    let total: u64 = weights.iter().sum();
    if total == 0 {
        return None;
    }
    let mut k = rng.next_u64() % total;
    for (i, &w) in weights.iter().enumerate() {
        if k < w {
            return Some(i);
        }
        k -= w;
    }
    None
}

impl Setup {
    /// A setup for `player` as a human might make it, as a pure function of `seed`: drawn
    /// from [`SetupModel`] (human setup frequencies for the 40-piece editions and Barrage, the
    /// rule-based sampler for the others).
    ///
    /// ```
    /// use stratego_core::{Edition, Player, Rank, Rules, Setup};
    /// for edition in Edition::ALL {
    ///     let rules = Rules::edition(edition);
    ///     assert!(Setup::human_like(&rules, Player::Red, 1).validate(&rules).is_ok(), "{edition:?}");
    /// }
    /// ```
    pub fn human_like(rules: &Rules, player: Player, seed: u64) -> Setup {
        SetupModel::new(rules).sample(player, seed)
    }
}
