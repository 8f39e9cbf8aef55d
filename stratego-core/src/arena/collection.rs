//! Statistics over games that already exist: results by game type, termination and length.

use std::collections::BTreeMap;

use super::{gravon_result_label, termination_label, Lengths};
use crate::gravon::GameRecord;
use crate::{Game, Player, Record, RecordError};

/// The results of one group of games (one game type, or one rule set).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GroupStats {
    /// Games in the group.
    pub games: u32,
    /// Games Red won.
    pub red_wins: u32,
    /// Games Blue won.
    pub blue_wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games without a result (still going when recorded, or no result written).
    pub unfinished: u32,
    /// How many games ended each way, by the names of [`termination_label`] and
    /// [`gravon_result_label`] (`unfinished` for games without a result).
    pub terminations: BTreeMap<String, u32>,
    plies: Vec<u32>,
}

impl GroupStats {
    /// The lengths of the group's games, in plies.
    pub fn lengths(&self) -> Lengths {
        Lengths::of(&self.plies)
    }

    /// Red's score over the finished games (a win 1, a draw ½): how much the first move is
    /// worth in this group; `None` without finished games.
    pub fn red_score(&self) -> Option<f64> {
        let finished = self.red_wins + self.blue_wins + self.draws;
        (finished > 0).then(|| (self.red_wins as f64 + self.draws as f64 / 2.0) / finished as f64)
    }
}

/// Results by group over a collection of games: counts, winners, terminations and lengths.
/// Engine [`Record`]s are grouped by their rules text and replayed (so the result is the
/// engine's); Gravon records are grouped by game type and read as recorded (Gravon's result
/// codes, the number of recorded moves), without replaying.
///
/// ```
/// use stratego_core::arena::CollectionStats;
/// use stratego_core::{Edition, Game, Rules};
/// let mut game = Game::random(Rules::edition(Edition::Barrage), 4);
/// game.playout(1, 10_000);
/// let stats = CollectionStats::of_records([&game.record()])?;
/// let group = &stats.groups["barrage"];
/// assert_eq!(group.games, 1);
/// assert_eq!(group.lengths().max, game.ply());
/// # Ok::<(), stratego_core::RecordError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CollectionStats {
    /// The groups by name.
    pub groups: BTreeMap<String, GroupStats>,
}

impl CollectionStats {
    /// No games yet.
    pub fn new() -> CollectionStats {
        CollectionStats::default()
    }

    /// Count one game of `group`: its `winner` (`Some(None)` a draw, `None` no result), how it
    /// ended, and its length.
    pub fn add(&mut self, group: &str, winner: Option<Option<Player>>, termination: &str, plies: u32) {
        let g = self.groups.entry(group.to_string()).or_default();
        g.games += 1;
        match winner {
            Some(Some(Player::Red)) => g.red_wins += 1,
            Some(Some(Player::Blue)) => g.blue_wins += 1,
            Some(None) => g.draws += 1,
            None => g.unfinished += 1,
        }
        *g.terminations.entry(termination.to_string()).or_default() += 1;
        g.plies.push(plies);
    }

    /// Replay `record` and count it under its rules text.
    pub fn add_record(&mut self, record: &Record) -> Result<(), RecordError> {
        let game = Game::from_record(record)?;
        let (winner, termination) = match game.outcome() {
            Some(o) => (Some(o.winner), termination_label(o.termination)),
            None => (None, "unfinished"),
        };
        self.add(&record.rules, winner, termination, record.moves.len() as u32);
        Ok(())
    }

    /// Count a Gravon record under its game type, as recorded.
    pub fn add_gravon(&mut self, record: &GameRecord) {
        let (winner, termination) = match record.result {
            Some(r) => (Some(r.winner), gravon_result_label(r.kind)),
            None => (None, "unfinished".to_string()),
        };
        self.add(record.game_type.as_str(), winner, &termination, record.moves.len() as u32);
    }

    /// The statistics of `records`, or the first that does not replay (with its position).
    pub fn of_records<'a>(records: impl IntoIterator<Item = &'a Record>) -> Result<CollectionStats, RecordError> {
        let mut stats = CollectionStats::new();
        for record in records {
            stats.add_record(record)?;
        }
        Ok(stats)
    }

    /// The statistics of Gravon records.
    pub fn of_gravon<'a>(records: impl IntoIterator<Item = &'a GameRecord>) -> CollectionStats {
        let mut stats = CollectionStats::new();
        for record in records {
            stats.add_gravon(record);
        }
        stats
    }

    /// All groups together.
    pub fn total(&self) -> GroupStats {
        let mut all = GroupStats::default();
        for g in self.groups.values() {
            all.games += g.games;
            all.red_wins += g.red_wins;
            all.blue_wins += g.blue_wins;
            all.draws += g.draws;
            all.unfinished += g.unfinished;
            for (t, n) in &g.terminations {
                *all.terminations.entry(t.clone()).or_default() += n;
            }
            all.plies.extend_from_slice(&g.plies);
        }
        all
    }
}
