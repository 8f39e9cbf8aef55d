//! A `Board` follows the same rules as its game and is independent of it once cloned.

use crate::common::seeded_game;
use stratego_core::{Edition, Player, Rules};

#[test]
fn boards_play_like_their_games() {
    for edition in Edition::ALL {
        let rules = Rules::edition(edition).to_builder().max_plies(Some(400)).build().expect("rules");
        let mut game = seeded_game(&rules, 5, 6);
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        while !game.is_over() {
            let board = game.board().clone();
            assert_eq!(board.legal_moves(), game.legal_moves(), "{edition} ply {}", game.ply());
            assert_eq!(
                board.view(Player::Red).squares().collect::<Vec<_>>(),
                game.view(Player::Red).squares().collect::<Vec<_>>()
            );
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let mv = game.random_move(x).expect("a move");
            let mut copy = board.clone();
            let from_board = copy.play(mv).expect("legal on the board too");
            let from_game = game.play(mv).expect("legal");
            assert_eq!(from_board, from_game);
            assert_eq!(&copy, game.board());
            // The earlier copy did not move.
            assert_eq!(board.ply() + 1, game.ply());
        }
    }
}
