//! Which rules a Gravon record was played under: game types to editions, and the
//! two-squares limit the records do not write down.
//!
//! Game types map to editions: `classic` → [`Edition::Isf`], `barrage` → [`Edition::Barrage`],
//! `duell` → [`Edition::Duel`] on 4 setup rows (as Gravon played it), `classicfree` → `Isf`
//! with free placement (each side places any pieces, up to the standard counts, on any square
//! off the lakes), `ultimate lightning` → [`Edition::UltimateLightning`] (ISF repetition rules:
//! no shuttle in its 43 recorded games exceeds three moves, so limit 3 unless a game's own moves
//! show a longer run).
//!
//! Gravon let players choose the two-squares limit (3, the ISF rule, or 5, the older rule) and
//! the records do not say which. We use 5 for games before 2013 and 3 from 2013 on, except 5 for
//! any game whose own moves contain a back-and-forth run longer than 3. Over the 9,556 classic,
//! barrage, classicfree and duell games of the shared data, this gives limit 5 to the 1,974
//! games of 2004–2006 and to 9 games of 2013–2014, and limit 3 to the other 7,573
//! (`cargo run --release --example gravon_replay -- --limits ../shared/data/gravon` counts them).

use crate::gravon::{GameRecord, GameType};
use crate::state::repetition::Run;
use crate::{Edition, Rules};

use super::ReplayError;

/// The year in a Gravon file name such as `classic-2014.5-2245.xml` (the month is 0-based).
pub fn year_from_file_name(name: &str) -> Option<u32> {
    let base = name.rsplit(['/', '\\']).next()?;
    let after = base.split_once('-')?.1;
    let year = after.split(['.', '-']).next()?;
    year.parse().ok().filter(|y| (1990..2100).contains(y))
}

/// The longest run of moves of one piece back and forth across one square border, in the
/// recorded moves (the quantity the two-squares rule limits).
fn longest_back_and_forth(rules: &Rules, record: &GameRecord) -> u8 {
    let w = rules.width();
    let mut runs = [Run::NONE; 2];
    let mut longest = 0;
    for (i, mv) in record.moves.iter().enumerate() {
        let run = &mut runs[i % 2];
        run.record::<false>(rules, u8::MAX, mv.from.index(w) & 127, mv.to.index(w) & 127, true);
        longest = longest.max(run.longest());
    }
    longest
}

/// The two-squares limit a game was played with, by the rule in the module docs.
pub fn two_square_limit_for(record: &GameRecord, year: Option<u32>) -> u8 {
    let by_date = if year.is_some_and(|y| y < 2013) { 5 } else { 3 };
    if by_date == 3 && longest_back_and_forth(&Rules::edition(Edition::Isf), record) > 3 {
        5
    } else {
        by_date
    }
}

/// The rules a record was played under (see the module docs).
pub fn rules_for(record: &GameRecord, year: Option<u32>) -> Result<Rules, ReplayError> {
    let builder = match &record.game_type {
        GameType::Classic => Rules::edition(Edition::Isf).to_builder(),
        GameType::Barrage => Rules::edition(Edition::Barrage).to_builder(),
        GameType::Duell => Rules::edition(Edition::Duel).to_builder().setup_rows(4),
        GameType::ClassicFree => Rules::edition(Edition::Isf).to_builder().free_army(true).free_placement(true),
        GameType::UltimateLightning => {
            let limit = if longest_back_and_forth(&Rules::edition(Edition::Isf), record) > 3 { 5 } else { 3 };
            let rules = Rules::edition(Edition::UltimateLightning).to_builder().two_square(Some(limit));
            return Ok(rules.build().expect("the Gravon rule sets are valid"));
        }
        other => return Err(ReplayError::Unsupported(other.clone())),
    };
    Ok(builder.two_square(Some(two_square_limit_for(record, year))).build().expect("the Gravon rule sets are valid"))
}
