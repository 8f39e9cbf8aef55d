//! The editions as data: each preset's board, army, movement, battles and repetition rules.

use super::*;
use crate::{Edition, Numbering, Rank, RulesError, Square};

pub(super) const STANDARD_LAKES: [(u8, u8); 8] = [(2, 4), (3, 4), (2, 5), (3, 5), (6, 4), (7, 4), (6, 5), (7, 5)];

// Armies are counts by rank, in [`Rank::ALL`] order:
// Flag, Spy, Scout, Miner, Sergeant, Lieutenant, Captain, Major, Colonel, General, Marshal, Bomb
pub(super) fn standard_army() -> [u8; Rank::COUNT] {
    [1, 1, 8, 5, 4, 4, 4, 3, 2, 1, 1, 6]
}

/// Every rank but the Scout (and the immobile Flag and Bomb) may trigger a rescue.
pub(super) fn default_rescue_ranks() -> u16 {
    Rank::ALL.iter().filter(|r| !matches!(r, Rank::Scout | Rank::Flag | Rank::Bomb)).fold(0, |m, r| m | 1 << r.index())
}

pub(super) fn standard_movement() -> [Movement; Rank::COUNT] {
    let mut m = [Movement::STEP; Rank::COUNT];
    m[Rank::Flag.index()] = Movement::IMMOBILE;
    m[Rank::Bomb.index()] = Movement::IMMOBILE;
    m[Rank::Scout.index()] = Movement::SLIDE;
    m
}

/// Higher rank wins; ties remove both; the Spy wins only when it attacks the Marshal; only a
/// Miner survives a Bomb; anything takes the Flag.
pub(super) fn standard_combat() -> [[Battle; Rank::COUNT]; Rank::COUNT] {
    let mut t = [[Battle::DefenderWins; Rank::COUNT]; Rank::COUNT];
    for a in Rank::ALL {
        for d in Rank::ALL {
            t[a.index()][d.index()] = match (a, d) {
                (Rank::Flag | Rank::Bomb, _) => Battle::DefenderWins,
                (_, Rank::Flag) => Battle::AttackerWins,
                (Rank::Miner, Rank::Bomb) => Battle::AttackerWins,
                (_, Rank::Bomb) => Battle::DefenderWins,
                (Rank::Spy, Rank::Marshal) => Battle::AttackerWins,
                _ if a == d => Battle::BothDie,
                _ if a > d => Battle::AttackerWins,
                _ => Battle::DefenderWins,
            };
        }
    }
    t
}

/// The Estrategia sheet's table, which is decided by the attacker's line (see [`Rules::edition`]).
pub(super) fn estrategia_combat() -> [[Battle; Rank::COUNT]; Rank::COUNT] {
    use Rank::*;
    let mut t = [[Battle::DefenderWins; Rank::COUNT]; Rank::COUNT];
    for a in Rank::ALL {
        for d in Rank::ALL {
            let wins = match a {
                Flag | Bomb => false,
                Marshal => d != Bomb,
                Sergeant | Lieutenant | Captain | Major | Colonel | General => {
                    matches!(d, Flag | Spy | Scout) || (d != Bomb && d < a)
                }
                Miner => matches!(d, Bomb | Spy | Flag),
                Scout => d != Flag,
                Spy => d == Marshal,
            };
            t[a.index()][d.index()] = if a == d && !matches!(a, Flag | Bomb) {
                Battle::BothDie
            } else if wins {
                Battle::AttackerWins
            } else {
                Battle::DefenderWins
            };
        }
    }
    t
}

/// One spelling for equal rules: lakes and constraints sorted, without repeats.
pub(super) fn normalize(data: &mut RulesData) {
    data.lakes.sort();
    data.lakes.dedup();
    data.constraints.sort();
    data.constraints.dedup();
}

pub(super) fn preset(edition: Edition) -> RulesData {
    let mut d = RulesData {
        base: edition,
        width: 10,
        height: 10,
        lakes: STANDARD_LAKES.iter().map(|&(c, r)| Square::new(c, r)).collect(),
        army: standard_army(),
        free_army: false,
        setup_rows: 4,
        free_placement: false,
        constraints: Vec::new(),
        movement: standard_movement(),
        slide_attacks: true,
        combat: standard_combat(),
        attacker_wins_ties: false,
        rescues: 0,
        rescue_ranks: default_rescue_ranks(),
        rescue_zone: RescueZone::Setup,
        two_square: Some(3),
        chase: true,
        no_return: false,
        visibility: None,
        max_plies: None,
        max_quiet_plies: None,
        numbering: Numbering::Modern,
    };
    match edition {
        Edition::Classic => {
            d.numbering = Numbering::Classic;
            d.two_square = None;
            d.chase = false;
        }
        Edition::Jumbo => {
            d.two_square = Some(5);
            d.chase = false;
        }
        Edition::Isf => {}
        Edition::Barrage => {
            d.army = [1, 1, 2, 1, 0, 0, 0, 0, 0, 1, 1, 1];
        }
        Edition::Duel => {
            d.army = [1, 1, 2, 2, 0, 0, 0, 0, 0, 1, 1, 2];
            d.setup_rows = 3;
        }
        Edition::Estrategia => {
            d.lakes.clear();
            d.constraints = vec![
                Constraint::FlagInBackCorner,
                Constraint::DiagonalToFlag(Rank::Marshal),
                Constraint::AroundFlag(Rank::Bomb),
            ];
            d.movement[Rank::Scout.index()] = Movement::DIAGONAL_STEP;
            d.combat = estrategia_combat();
            d.two_square = None;
            d.chase = false;
            d.no_return = true;
            d.visibility = Some(1);
        }
        Edition::UltimateLightning => {
            d.army = [1, 1, 4, 2, 2, 2, 2, 1, 1, 1, 1, 2];
            d.movement[Rank::Captain.index()] = Movement::TWO_STEPS;
            d.attacker_wins_ties = true;
            // One-time Bombs: the attacker and the Bomb both leave, except that a Scout
            // clears the Bomb (from any distance, as its strikes go).
            for a in Rank::ALL {
                if a.index() != Rank::Bomb.index() && a.index() != Rank::Flag.index() {
                    d.combat[a.index()][Rank::Bomb.index()] = Battle::BothDie;
                }
            }
            d.combat[Rank::Scout.index()][Rank::Bomb.index()] = Battle::AttackerWins;
            d.rescues = 2;
        }
    }
    normalize(&mut d);
    d
}

/// The placement constraints need the corner Flag, and no more pieces of a rank than the
/// army has: the corner Flag itself, one per diagonal constraint, six per around constraint.
pub(super) fn check_constraint_counts(data: &RulesData) -> Result<(), RulesError> {
    if data.constraints.is_empty() {
        return Ok(());
    }
    let mut needed = [0u8; Rank::COUNT];
    let mut corner = false;
    for &c in &data.constraints {
        let (rank, n) = match c {
            Constraint::FlagInBackCorner => {
                corner = true;
                (Rank::Flag, 1)
            }
            Constraint::DiagonalToFlag(r) => (r, 1),
            Constraint::AroundFlag(r) => (r, Constraint::AROUND_OFFSETS.len() as u8),
        };
        needed[rank.index()] = needed[rank.index()].saturating_add(n);
    }
    if !corner {
        let c = data.constraints[0];
        return Err(RulesError::ConstraintNeedsRank { constraint: c.name(), rank: Rank::Flag });
    }
    for rank in Rank::ALL {
        let (needed, available) = (needed[rank.index()], data.army[rank.index()]);
        if needed > available {
            return Err(RulesError::ConstraintCount { rank, needed, available });
        }
    }
    Ok(())
}

/// The lakes of a `width` x `height` board whose lakes nobody named: the edition's own on
/// its own board size, none on any other.
pub(crate) fn default_lakes(edition: Edition, width: u8, height: u8) -> Vec<Square> {
    let base = preset(edition);
    if (base.width, base.height) == (width, height) {
        base.lakes
    } else {
        Vec::new()
    }
}
