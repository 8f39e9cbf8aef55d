//! The placement constraints' squares: where a constrained piece must stand, and whether it fits.

use crate::{Constraint, Player, Rank, Rules, RulesError, Square};

/// The most rescues per player the rules may allow.
pub(crate) const MAX_RESCUES: u8 = 4;

/// The squares the placement constraints fix must be usable: on the board, in the zone, off
/// the lakes, one piece per square, and (with free placement, where zones overlap) never a
/// square the other player's constraints may fix.
pub(crate) fn check_constraint_squares(rules: &Rules) -> Result<(), RulesError> {
    if !rules.constraints().contains(&Constraint::FlagInBackCorner) {
        return Ok(());
    }
    for p in Player::ALL {
        for corner in back_corners(rules, p) {
            let fixed = constrained_squares(rules, p, corner);
            if let Some(&(sq, _)) =
                fixed.iter().find(|&&(sq, _)| !rules.contains(sq) || rules.is_lake(sq) || !rules.in_zone(p, sq))
            {
                return Err(RulesError::ConstraintDoesNotFit(sq));
            }
            for (i, &(sq, _)) in fixed.iter().enumerate() {
                if fixed[..i].iter().any(|f| f.0 == sq) {
                    return Err(RulesError::ConstraintsOverlap(sq));
                }
            }
        }
    }
    if rules.free_placement() {
        for red_corner in back_corners(rules, Player::Red) {
            for blue_corner in back_corners(rules, Player::Blue) {
                let blue = constrained_squares(rules, Player::Blue, blue_corner);
                if let Some((sq, _)) = constrained_squares(rules, Player::Red, red_corner)
                    .into_iter()
                    .find(|&(sq, _)| blue.iter().any(|b| b.0 == sq))
                {
                    return Err(RulesError::ConstraintDoesNotFit(sq));
                }
            }
        }
    }
    Ok(())
}

/// The two corners of `player`'s back row.
pub(crate) fn back_corners(rules: &Rules, player: Player) -> [Square; 2] {
    let row = if player == Player::Red { 0 } else { rules.height() - 1 };
    [Square::new(0, row), Square::new(rules.width() - 1, row)]
}

/// The squares the placement constraints fix once the Flag stands on `corner`, with their rank.
pub(crate) fn constrained_squares(rules: &Rules, player: Player, corner: Square) -> Vec<(Square, Rank)> {
    let dx: i16 = if corner.col() == 0 { 1 } else { -1 };
    let dy: i16 = if player == Player::Red { 1 } else { -1 };
    // Off-board offsets (on boards too small for the constraints) land on column or row 255,
    // which `check_constraint_squares` reports.
    let at = |ox: u8, oy: u8| {
        let col = corner.col() as i16 + dx * ox as i16;
        let row = corner.row() as i16 + dy * oy as i16;
        Square::new(col.clamp(-1, 255) as u8, row.clamp(-1, 255) as u8)
    };
    let mut out = vec![(corner, Rank::Flag)];
    for &c in rules.constraints() {
        match c {
            Constraint::FlagInBackCorner => {}
            Constraint::DiagonalToFlag(r) => out.push((at(1, 1), r)),
            Constraint::AroundFlag(r) => out.extend(Constraint::AROUND_OFFSETS.iter().map(|&(x, y)| (at(x, y), r))),
        }
    }
    out
}
