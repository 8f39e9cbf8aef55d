//! Gravon XML through the C ABI: the recorded example games in the shared data load, write
//! back out, and load again to the same position. Skips, saying so, when the data is absent.

use std::ffi::CString;
use std::ptr::null_mut;

use stratego::*;

#[path = "../../stratego-core/tests/engine/data_dir/mod.rs"]
mod data_dir;
use data_dir::data_dir;

fn text(write: impl Fn(*mut std::ffi::c_char, usize, *mut usize) -> stratego_result) -> String {
    let mut len = 0;
    assert_eq!(write(null_mut(), 0, &mut len), stratego_result::STRATEGO_RESULT_OK);
    let mut buf = vec![0u8; len + 1];
    assert_eq!(write(buf.as_mut_ptr().cast(), buf.len(), &mut len), stratego_result::STRATEGO_RESULT_OK);
    String::from_utf8(buf[..len].to_vec()).unwrap()
}

fn load(xml: &str, year: u32) -> Result<*mut stratego_game, stratego_result> {
    let xml = CString::new(xml).unwrap();
    let mut game = null_mut();
    match unsafe { stratego_game_from_gravon_xml(xml.as_ptr(), year, &mut game) } {
        stratego_result::STRATEGO_RESULT_OK => Ok(game),
        code => Err(code),
    }
}

#[test]
fn recorded_games_go_out_and_back_in() {
    let Some(dir) = data_dir() else { return };
    let examples = dir.join("gravon/examples");
    let mut loaded = 0;
    for entry in std::fs::read_dir(&examples).expect("the examples folder") {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let year: u32 =
            name.split('-').nth(1).and_then(|y| y.split('.').next()).and_then(|y| y.parse().ok()).unwrap_or(0);
        let xml = std::fs::read_to_string(&path).unwrap();
        let game = load(&xml, year).unwrap_or_else(|code| panic!("{name}: {code:?}"));
        let position = text(|b, c, l| unsafe { stratego_game_position(game, b, c, l) });
        let out = text(|b, c, l| unsafe { stratego_game_to_gravon_xml(game, b, c, l) });
        let again = load(&out, year).unwrap_or_else(|code| panic!("{name} written back: {code:?}\n{out}"));
        assert_eq!(text(|b, c, l| unsafe { stratego_game_position(again, b, c, l) }), position, "{name}");
        assert_eq!(unsafe { stratego_game_history_len(again) }, unsafe { stratego_game_history_len(game) });
        unsafe {
            stratego_game_free(again);
            stratego_game_free(game);
        }
        loaded += 1;
    }
    assert_eq!(loaded, 8, "all eight example games, one of each kind played here");
}

#[test]
fn editions_without_a_gravon_type_are_refused() {
    let mut rules = null_mut();
    let (mut red, mut blue, mut game) = (null_mut(), null_mut(), null_mut());
    unsafe {
        stratego_rules_edition(STRATEGO_EDITION_ESTRATEGIA, &mut rules);
        stratego_setup_random(rules, STRATEGO_PLAYER_RED, 1, &mut red);
        stratego_setup_random(rules, STRATEGO_PLAYER_BLUE, 2, &mut blue);
        assert_eq!(stratego_game_new(rules, red, blue, &mut game), stratego_result::STRATEGO_RESULT_OK);
        let mut len = 7;
        assert_eq!(
            stratego_game_to_gravon_xml(game, null_mut(), 0, &mut len),
            stratego_result::STRATEGO_RESULT_UNSUPPORTED
        );
        assert_eq!(len, 7, "a refused call writes nothing");
        stratego_game_free(game);
        stratego_setup_free(red);
        stratego_setup_free(blue);
        stratego_rules_free(rules);
    }
}

#[test]
fn games_that_did_not_start_from_setups_are_refused() {
    let (mut rules, mut game, mut position) = (null_mut(), null_mut(), null_mut());
    unsafe {
        stratego_rules_edition(STRATEGO_EDITION_ISF, &mut rules);
        stratego_game_random(rules, 4, &mut game);
        let mut len = 0;
        assert_eq!(stratego_game_to_gravon_xml(game, null_mut(), 0, &mut len), stratego_result::STRATEGO_RESULT_OK);
        let text = text(|b, c, l| stratego_game_position(game, b, c, l));
        let text = CString::new(text).unwrap();
        assert_eq!(
            stratego_game_from_position(rules, text.as_ptr(), &mut position),
            stratego_result::STRATEGO_RESULT_OK
        );
        len = 7;
        assert_eq!(
            stratego_game_to_gravon_xml(position, null_mut(), 0, &mut len),
            stratego_result::STRATEGO_RESULT_UNSUPPORTED
        );
        assert_eq!(len, 7);
        stratego_game_free(position);
        stratego_game_free(game);
        stratego_rules_free(rules);
    }
}
