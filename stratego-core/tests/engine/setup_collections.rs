//! Every line of the human setup collections validates (the one stray line is reported, not fatal).

use crate::data_dir;

use stratego_core::{Edition, Player, Rules, Setup, SetupLineError};

fn check(file: &str, edition: Edition, expected_setups: usize, expected_stray: usize) {
    let Some(text) = data_dir::read(file) else {
        return;
    };
    let rules = Rules::edition(edition);
    for player in Player::ALL {
        let (mut good, mut stray) = (0, Vec::new());
        for (line, read) in Setup::read_collection(&rules, player, &text) {
            match read {
                Ok(setup) => {
                    assert_eq!(setup.pieces().len(), rules.army_size());
                    good += 1;
                }
                Err(SetupLineError::Parse(e)) => stray.push((line, e.text)),
                Err(SetupLineError::Invalid(e)) => panic!("{file}:{line}: {e}"),
            }
        }
        assert_eq!(good, expected_setups, "{file} as {player}");
        assert_eq!(stray.len(), expected_stray, "{file}: stray lines {stray:?}");
        eprintln!("{file} as {player}: {good} setups valid, stray lines {stray:?}");
    }
}

#[test]
fn classic_collection_is_valid_under_isf() {
    check("setups/full_human_inits.dat", Edition::Isf, 64_920, 0);
}

#[test]
fn barrage_collection_is_valid_under_barrage() {
    check("setups/barrage_human_inits.dat", Edition::Barrage, 3_944, 1);
}
