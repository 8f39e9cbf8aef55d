//! Move notation for people and logs: the mover's rank in the edition's numbering, the squares
//! with `-` for a plain move and `x` for an attack, and the defender's rank after a battle,
//! e.g. `9 a4-a5` or `9 a4xa7 (1)`; with rank names (the `Display` form) `Scout a4xa7 (Marshal)`.
//! A rescue decision is written as the move itself (`rescue:Scout@b2`, `decline`): its rank is
//! in it, and public.

use core::fmt;

use crate::PublicMove;
use crate::{Move, MoveReport, Numbering, ParseError, Rank};

/// `from-to` or `fromxto` (a rescue decision as its own text).
fn squares(mv: Move, attack: bool) -> String {
    if mv.is_decision() {
        return mv.to_string();
    }
    format!("{}{}{}", mv.from, if attack { 'x' } else { '-' }, mv.to)
}

impl MoveReport {
    /// This move in `numbering`'s labels: `9 a4-a5`, or after a battle `9 a4xa7 (1)` (the
    /// defender's label in brackets). It shows the mover's rank, which the opponent does not
    /// see after a plain move: for public logs use [`PublicMove::notation`].
    ///
    /// ```
    /// use stratego_core::{Edition, Game, Rules};
    /// let rules = Rules::edition(Edition::Classic); // 1 = Marshal ... 9 = Scout
    /// // A Red Scout (D) on a4, a Blue Marshal (X) on a7; Flags on j1 and j10.
    /// let letters = "AAAAAAAAAM".to_string() + &"A".repeat(20) + "DAAAAAAAAA" + &"AA__AA__AA".repeat(2) + "XAAAAAAAAA" + &"A".repeat(29) + "Y";
    /// let mut game = Game::from_position(rules.clone(), &format!("{letters} r 0"))?;
    /// let report = game.play("a4-a7".parse()?)?;
    /// assert_eq!(report.notation(rules.numbering()), "9 a4xa7 (1)");
    /// assert_eq!(report.to_string(), "Scout a4xa7 (Marshal)");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn notation(&self, numbering: Numbering) -> String {
        let label = |r: Rank| numbering.label(r);
        if self.mv.is_decision() {
            return self.mv.to_string();
        }
        match self.battle {
            Some(b) => format!("{} {} ({})", label(b.attacker), squares(self.mv, true), label(b.defender)),
            None => format!("{} {}", label(self.rank), squares(self.mv, false)),
        }
    }
}

impl fmt::Display for MoveReport {
    /// With rank names: `Scout a4-a5`, `Scout a4xa7 (Marshal)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.mv.is_decision() {
            return write!(f, "{}", self.mv);
        }
        match self.battle {
            Some(b) => write!(f, "{} {} ({})", b.attacker, squares(self.mv, true), b.defender),
            None => write!(f, "{} {}", self.rank, squares(self.mv, false)),
        }
    }
}

impl PublicMove {
    /// This move as both players saw it, in `numbering`'s labels: `a4-a5` for a plain move (the
    /// rank stays hidden), `9 a4xa7 (1)` after a battle.
    ///
    /// ```
    /// use stratego_core::{Edition, Game, Player, Rules, Setup};
    /// let rules = Rules::edition(Edition::Isf);
    /// let mut game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))?;
    /// let mv = game.legal_moves()[0];
    /// game.play(mv)?;
    /// let public = game.view(Player::Blue).history()[0];
    /// assert_eq!(public.notation(rules.numbering()), mv.to_string());
    /// assert_eq!(public.to_string(), mv.to_string());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn notation(&self, numbering: Numbering) -> String {
        match self.battle {
            Some(b) => {
                format!("{} {} ({})", numbering.label(b.attacker), squares(self.mv, true), numbering.label(b.defender))
            }
            None => squares(self.mv, false),
        }
    }
}

impl fmt::Display for PublicMove {
    /// With rank names: `a4-a5`, `Scout a4xa7 (Marshal)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.battle {
            Some(b) => write!(f, "{} {} ({})", b.attacker, squares(self.mv, true), b.defender),
            None => f.write_str(&squares(self.mv, false)),
        }
    }
}

/// A rank written as a label of `numbering` or as a name.
fn rank_of(text: &str, numbering: Numbering) -> Option<Rank> {
    numbering.rank(text).or_else(|| text.parse().ok())
}

impl Move {
    /// Read a move in any form the notation writes: `a4-a5`, `a4xa7`, with an optional rank
    /// before (`9 a4xa7`, `Scout a4xa7`) and an optional defender after (`(1)`, `(Marshal)`),
    /// ranks as labels of `numbering` or as names. The ranks are checked to be ranks, then
    /// dropped: the move is the squares.
    ///
    /// ```
    /// use stratego_core::{Move, Numbering};
    /// let mv: Move = "a4-a7".parse()?;
    /// for text in ["a4-a7", "a4xa7", "9 a4xa7 (1)", "Scout a4xa7 (Marshal)"] {
    ///     assert_eq!(Move::parse_notation(text, Numbering::Classic)?, mv);
    /// }
    /// assert!(Move::parse_notation("Dragon a4xa7", Numbering::Classic).is_err());
    /// # Ok::<(), stratego_core::ParseError>(())
    /// ```
    pub fn parse_notation(text: &str, numbering: Numbering) -> Result<Move, ParseError> {
        let err = |at: &str, reason: &str| {
            let position = (at.as_ptr() as usize).saturating_sub(text.as_ptr() as usize).min(text.len());
            ParseError::new("move", text, position, reason)
        };
        if let Ok(decision) = text.trim().parse::<Move>() {
            if decision.is_decision() {
                return Ok(decision);
            }
        }
        let mut words: Vec<&str> = text.split_whitespace().collect();
        if let Some(last) = words.last().copied() {
            if let Some(inner) = last.strip_prefix('(') {
                let inner = inner.strip_suffix(')').ok_or_else(|| err(last, "expected `(rank)` after the move"))?;
                rank_of(inner, numbering).ok_or_else(|| err(inner, "expected a rank label or name"))?;
                words.pop();
            }
        }
        let squares = match words[..] {
            [squares] => squares,
            [rank, squares] => {
                rank_of(rank, numbering).ok_or_else(|| err(rank, "expected a rank label or name"))?;
                squares
            }
            _ => return Err(err(text, "expected `[rank] from-to [(rank)]`, e.g. 9 a4xa7 (1)")),
        };
        let split = squares
            .char_indices()
            .skip(1)
            .find(|&(_, c)| c == '-' || c == 'x')
            .map(|(i, _)| i)
            .ok_or_else(|| err(squares, "expected `from-to` or `fromxto`, e.g. a4-a5"))?;
        let from = squares[..split].parse().map_err(|_| err(squares, "expected a square, e.g. a4"))?;
        let to_text = &squares[split + 1..];
        let to = to_text.parse().map_err(|_| err(to_text, "expected a square, e.g. a5"))?;
        Ok(Move::new(from, to))
    }
}
