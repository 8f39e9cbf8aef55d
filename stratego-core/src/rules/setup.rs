//! One player's placement: raw data, validated against the rules on demand.

use crate::rules::constraints::{back_corners, constrained_squares};
use crate::rules::rng::SplitMix64;
use crate::rules::Constraint;
use crate::{ParseError, Player, Rank, Rules, SetupError, SetupProblem, Square};

/// The pieces one player places before the game. Built freely (from text, a list or at random);
/// [`Setup::validate`] or [`crate::Game::new`] check it against the rules.
///
/// The text form lists the player's setup zone in the player's own frame: the front row first
/// (row 4 for Red on the standard board), each row from the player's left; Blue's board is turned
/// 180°, so a Blue text reads like a Red one. Letters are Gravon's: `A` empty, then `B` Bomb,
/// `C` Spy, `D` Scout, `E` Miner, `F` Sergeant, `G` Lieutenant, `H` Captain, `I` Major,
/// `J` Colonel, `K` General, `L` Marshal, `M` Flag (lines of the human setup collections read as
/// they are).
///
/// ```
/// use stratego_core::{Edition, Player, Rules, Setup};
/// let rules = Rules::edition(Edition::Isf);
/// let setup = Setup::random(&rules, Player::Blue, 7);
/// assert!(setup.validate(&rules).is_ok());
/// let text = setup.to_text(&rules);
/// assert_eq!(text.len(), 40);
/// assert_eq!(Setup::parse(&rules, Player::Blue, &text)?, setup);
/// # Ok::<(), stratego_core::ParseError>(())
/// ```
///
/// Read by serde, a setup is put in board order like [`Setup::new`]'s, so equal placements
/// compare equal whatever order the data listed them in.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(from = "SetupFields"))]
pub struct Setup {
    player: Player,
    /// Sorted by square, so equal placements compare equal.
    pieces: Vec<(Square, Rank)>,
}

/// A setup as serialized, before it is put in board order.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct SetupFields {
    player: Player,
    pieces: Vec<(Square, Rank)>,
}

#[cfg(feature = "serde")]
impl From<SetupFields> for Setup {
    fn from(fields: SetupFields) -> Setup {
        Setup::new(fields.player, fields.pieces)
    }
}

/// The Gravon letter of a rank in a setup text (`B`..`M`).
fn letter(rank: Rank) -> char {
    (b'B' + rank.gravon_offset()) as char
}

impl Setup {
    /// A setup from pieces as given (not yet checked).
    pub fn new(player: Player, pieces: impl IntoIterator<Item = (Square, Rank)>) -> Setup {
        let mut pieces: Vec<_> = pieces.into_iter().collect();
        pieces.sort();
        Setup { player, pieces }
    }

    /// The player this setup is for.
    pub fn player(&self) -> Player {
        self.player
    }

    /// The pieces, in board order.
    pub fn pieces(&self) -> &[(Square, Rank)] {
        &self.pieces
    }

    /// The zone's squares in text order: front row first, each row from the player's left.
    pub fn zone_squares(rules: &Rules, player: Player) -> Vec<Square> {
        let (w, h) = (rules.width(), rules.height());
        let rows = if rules.free_placement() { h } else { rules.setup_rows() };
        let mut out = Vec::with_capacity(rows as usize * w as usize);
        for k in 0..rows {
            for c in 0..w {
                let red = Square::new(c, rows - 1 - k);
                out.push(if player == Player::Red { red } else { red.flipped(w, h) });
            }
        }
        out
    }

    /// Read the text form (see the type's docs). Checks only the letters and the length; use
    /// [`Setup::validate`] for the rules. A text longer than [`MAX_SETUP_TEXT`](crate::MAX_SETUP_TEXT)
    /// bytes is refused before it is read.
    pub fn parse(rules: &Rules, player: Player, text: &str) -> Result<Setup, ParseError> {
        crate::limits::check_len("setup", text, crate::MAX_SETUP_TEXT)?;
        let squares = Setup::zone_squares(rules, player);
        // Positions are byte offsets into `text` as given, leading whitespace included.
        let lead = text.len() - text.trim_start().len();
        let letters = text.trim();
        let count = letters.chars().count();
        if count != squares.len() {
            return Err(ParseError::new(
                "setup",
                text,
                lead + letters.char_indices().nth(squares.len()).map_or(letters.len(), |(at, _)| at),
                format!("expected {} letters, found {count}", squares.len()),
            ));
        }
        let mut pieces = Vec::new();
        for ((at, ch), sq) in letters.char_indices().zip(squares) {
            match ch {
                'A' | 'a' => {}
                'B'..='M' => pieces.push((sq, Rank::from_gravon_offset(ch as u8 - b'B').expect("B..M"))),
                _ => {
                    return Err(ParseError::new(
                        "setup",
                        text,
                        lead + at,
                        format!("unexpected letter {ch:?}: use A (empty) or B..M"),
                    ))
                }
            }
        }
        Ok(Setup::new(player, pieces))
    }

    /// The text form (see the type's docs).
    pub fn to_text(&self, rules: &Rules) -> String {
        Setup::zone_squares(rules, self.player)
            .into_iter()
            .map(|sq| self.pieces.iter().find(|p| p.0 == sq).map_or('A', |p| letter(p.1)))
            .collect()
    }

    /// A setup drawn uniformly among the valid ones (placement constraints included), as a pure
    /// function of `seed`. With a free army the full army is placed.
    ///
    /// With free placement both players' zones are the whole board, so two such setups
    /// usually overlap: draw the pair with [`Setup::random_pair`] (or [`crate::Game::random`]).
    pub fn random(rules: &Rules, player: Player, seed: u64) -> Setup {
        let mut rng = SplitMix64::new(seed ^ (player as u64).wrapping_mul(0xA24B_AED4_963E_E407));
        let fixed = fixed_pieces(rules, player, &mut rng);
        let mut free: Vec<Square> = Setup::zone_squares(rules, player)
            .into_iter()
            .filter(|&s| !rules.is_lake(s) && !fixed.iter().any(|f| f.0 == s))
            .collect();
        let mut rest = remaining_army(rules, &fixed);
        rng.shuffle(&mut free);
        rng.shuffle(&mut rest);
        Setup::new(player, fixed.into_iter().chain(free.into_iter().zip(rest)))
    }

    /// A Red and a Blue setup that are valid together (no square shared, also with free
    /// placement), as a pure function of `seed`. Without free placement the zones are apart and
    /// each setup is uniform among its valid ones; with it, the squares placement constraints
    /// fix are drawn first for both, then Red's other pieces uniformly on what is left, then
    /// Blue's on what Red left.
    ///
    /// ```
    /// use stratego_core::{Game, Rules, Setup};
    /// let rules: Rules = "isf(free_placement=on)".parse()?;
    /// let (red, blue) = Setup::random_pair(&rules, 7);
    /// assert!(red.pieces().iter().all(|(sq, _)| !blue.pieces().iter().any(|(b, _)| b == sq)));
    /// assert!(Game::new(rules, red, blue).is_ok());
    /// # Ok::<(), stratego_core::ParseError>(())
    /// ```
    pub fn random_pair(rules: &Rules, seed: u64) -> (Setup, Setup) {
        let mut rng = SplitMix64::new(seed ^ 0x5EED_0FA9_A12B_3C4D);
        // The squares the constraints fix come first for both players, so that Red's free
        // pieces can never take a square Blue's corner needs.
        let fixed = Player::ALL.map(|p| fixed_pieces(rules, p, &mut rng));
        let taken = |sq: Square, others: &[(Square, Rank)]| fixed.iter().flatten().chain(others).any(|f| f.0 == sq);
        let mut red_pieces = Vec::new();
        for p in Player::ALL {
            let mut free: Vec<Square> = Setup::zone_squares(rules, p)
                .into_iter()
                .filter(|&s| !rules.is_lake(s) && !taken(s, &red_pieces))
                .collect();
            let mut rest = remaining_army(rules, &fixed[p.index()]);
            rng.shuffle(&mut free);
            rng.shuffle(&mut rest);
            let placed: Vec<(Square, Rank)> =
                fixed[p.index()].iter().copied().chain(free.into_iter().zip(rest)).collect();
            if p == Player::Red {
                red_pieces = placed;
            } else {
                return (Setup::new(Player::Red, red_pieces), Setup::new(Player::Blue, placed));
            }
        }
        unreachable!("the loop returns at Blue")
    }

    /// Check against `rules`, reporting every problem found.
    pub fn validate(&self, rules: &Rules) -> Result<(), SetupError> {
        let mut problems = Vec::new();
        let mut seen = std::collections::BTreeSet::new();
        let mut counts = [0u8; Rank::COUNT];
        for &(sq, rank) in &self.pieces {
            if !rules.contains(sq) {
                problems.push(SetupProblem::OffBoard(sq));
                continue;
            }
            if !seen.insert(sq) {
                problems.push(SetupProblem::Occupied(sq));
            }
            if rules.is_lake(sq) {
                problems.push(SetupProblem::OnLake(sq, rank));
            } else if !rules.in_zone(self.player, sq) {
                problems.push(SetupProblem::OutsideZone(sq, rank));
            }
            counts[rank.index()] = counts[rank.index()].saturating_add(1);
        }
        for rank in Rank::ALL {
            let (expected, found) = (rules.army_count(rank), counts[rank.index()]);
            // A free army chooses its pieces, up to the counts; Gravon's free games show it
            // may even go without its Flag (it can then lose only by having no move).
            if rules.free_army() {
                if found > expected {
                    problems.push(SetupProblem::TooMany { rank, limit: expected, found });
                }
            } else if found != expected {
                problems.push(SetupProblem::WrongCount { rank, expected, found });
            }
        }
        if rules.constraints().contains(&Constraint::FlagInBackCorner) {
            let flag = self.pieces.iter().find(|p| p.1 == Rank::Flag).map(|p| p.0);
            match flag {
                Some(f) if back_corners(rules, self.player).contains(&f) => {
                    for (sq, rank) in constrained_squares(rules, self.player, f) {
                        if !self.pieces.contains(&(sq, rank)) {
                            problems.push(SetupProblem::Misplaced { rank, square: sq });
                        }
                    }
                }
                other => problems.push(SetupProblem::FlagNotInCorner(other)),
            }
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(SetupError { problems })
        }
    }
}

/// The pieces the placement constraints fix, for a corner drawn from `rng` (none without them).
fn fixed_pieces(rules: &Rules, player: Player, rng: &mut SplitMix64) -> Vec<(Square, Rank)> {
    if !rules.constraints().contains(&Constraint::FlagInBackCorner) {
        return Vec::new();
    }
    let corners = back_corners(rules, player);
    constrained_squares(rules, player, corners[rng.below(2)])
}

/// The army less the `fixed` pieces, in rank order (the caller shuffles). The builder makes sure the
/// constraints never need more pieces of a rank than the army has; saturating keeps that
/// promise from ever becoming an overflow.
fn remaining_army(rules: &Rules, fixed: &[(Square, Rank)]) -> Vec<Rank> {
    let mut counts = rules.army();
    for &(_, rank) in fixed {
        counts[rank.index()] = counts[rank.index()].saturating_sub(1);
    }
    Rank::ALL.iter().flat_map(|&r| std::iter::repeat_n(r, counts[r.index()] as usize)).collect()
}

/// Why one line of a setup collection was rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupLineError {
    /// The line is not a setup text.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// The line reads, but breaks the rules.
    #[error(transparent)]
    Invalid(#[from] SetupError),
}

impl Setup {
    /// Read a collection: one setup text per line (see the type's docs), blank lines and lines
    /// starting with `#` skipped. Yields each setup line's 1-based number with the setup,
    /// checked against `rules`, or why it was rejected; one bad line does not stop the rest.
    ///
    /// ```
    /// use stratego_core::{Edition, Player, Rules, Setup};
    /// let rules = Rules::edition(Edition::Barrage);
    /// let text = "# two setups and a stray line\nAAAAALAAKAAAAAAEAACADAAAAAAAABDAAAAAAAAM\n]\n";
    /// let read: Vec<_> = Setup::read_collection(&rules, Player::Red, text).collect();
    /// assert_eq!(read.len(), 2);
    /// assert!(read[0].1.is_ok());
    /// assert_eq!(read[1].0, 3);
    /// assert!(read[1].1.is_err());
    /// ```
    pub fn read_collection<'a>(
        rules: &'a Rules,
        player: Player,
        text: &'a str,
    ) -> impl Iterator<Item = (usize, Result<Setup, SetupLineError>)> + 'a {
        text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#')).map(
            move |(i, line)| {
                let read = Setup::parse(rules, player, line)
                    .map_err(SetupLineError::from)
                    .and_then(|s| s.validate(rules).map(|()| s).map_err(SetupLineError::from));
                (i + 1, read)
            },
        )
    }
}
