//! What a game reads from its board: the examples that stood on `Game`'s forwarding methods,
//! kept as tests now that a game reads them through its board (`Game` derefs to `Board`).

use crate::common::seeded_game;
use std::error::Error;
use stratego_core::{board_code, Edition, Game, Perspective, Player, Rules};

#[test]
fn game_position_full_reads_its_board() -> Result<(), Box<dyn Error>> {
    let rules = Rules::edition(Edition::Estrategia);
    let mut game = seeded_game(&rules, 1, 2);
    game.playout(3, 40);
    let copy = Game::from_position(rules, &game.position_full())?;
    assert_eq!(copy.board(), game.board());
    assert_eq!(copy.view(Player::Red), game.board().view(Player::Red));
    Ok(())
}

#[test]
fn game_observation_into_reads_its_board() -> Result<(), Box<dyn Error>> {
    let rules = Rules::edition(Edition::Isf);
    let game = seeded_game(&rules, 1, 2);
    let mut obs = vec![0u8; rules.observation_shape().iter().product()];
    game.seen_by(Player::Red).observation_into(&mut obs)?;
    // 40 own pieces, 40 hidden enemies, 8 lakes, 12 empty squares, and the side-to-move plane:
    assert_eq!(obs.iter().map(|&x| x as usize).sum::<usize>(), 40 + 40 + 8 + 12 + 100);
    Ok(())
}

#[test]
fn game_board_codes_into_reads_its_board() -> Result<(), Box<dyn Error>> {
    let rules = Rules::edition(Edition::Isf);
    let game = seeded_game(&rules, 1, 2);
    let mut codes = [0u8; 100];
    game.seen_by(Player::Blue).board_codes_into(&mut codes)?;
    assert_eq!(codes[42], board_code::LAKE); // frame square 42 is board square 57 (h6) for Blue
    Ok(())
}

#[test]
fn game_legal_actions_into_reads_its_board() -> Result<(), Box<dyn Error>> {
    let rules = Rules::edition(Edition::Isf);
    let game = seeded_game(&rules, 1, 2);
    let mut ids = Vec::new();
    game.legal_actions_into(&mut ids);
    assert!(ids.windows(2).all(|w| w[0] < w[1]));
    Ok(())
}

#[test]
fn game_legal_actions_reads_its_board() -> Result<(), Box<dyn Error>> {
    let rules = Rules::edition(Edition::Isf);
    let game = seeded_game(&rules, 1, 2);
    let ids = game.legal_actions();
    assert_eq!(ids.len(), game.legal_move_count());
    Ok(())
}

#[test]
fn game_legal_action_mask_into_reads_its_board() -> Result<(), Box<dyn Error>> {
    let rules = Rules::edition(Edition::Isf);
    let game = seeded_game(&rules, 1, 2);
    let mut mask = vec![false; rules.num_actions()];
    assert_eq!(game.legal_action_mask_into(&mut mask)?, game.legal_move_count());
    Ok(())
}

#[test]
fn game_legal_action_bits_into_reads_its_board() -> Result<(), Box<dyn Error>> {
    let rules = Rules::edition(Edition::Isf);
    let game = seeded_game(&rules, 1, 2);
    let mut bits = vec![0u64; 157];
    assert_eq!(game.legal_action_bits_into(&mut bits)?, game.legal_move_count());
    Ok(())
}
