//! Games from random setups: a valid pair for every rule set that builds.

use crate::{Game, Rules, Setup};

impl Game {
    /// A game from two random setups that are valid together ([`Setup::random_pair`]), as a
    /// pure function of `seed`. Every rule set that [`crate::RulesBuilder::build`] accepts
    /// has such a pair, free placement and placement constraints included, so this never fails.
    ///
    /// ```
    /// use stratego_core::{Edition, Game, Rules};
    /// for edition in Edition::ALL {
    ///     let game = Game::random(Rules::edition(edition), 3);
    ///     assert!(!game.is_over());
    /// }
    /// let free: Rules = "isf(free_placement=on,free_army=on)".parse()?;
    /// assert_eq!(Game::random(free.clone(), 9), Game::random(free, 9));
    /// # Ok::<(), stratego_core::ParseError>(())
    /// ```
    pub fn random(rules: Rules, seed: u64) -> Game {
        let (red, blue) = Setup::random_pair(&rules, seed);
        match Game::new(rules, red, blue) {
            Ok(game) => game,
            // The builder refuses every rule set whose random setups could fail (the rules
            // property test checks thousands); reaching this is a bug in that check.
            Err(e) => unreachable!("random setups of checked rules are valid: {e}"),
        }
    }
}
