//! Values a caller can make never panic or abort: squares with any coordinates, perft at any
//! depth, the unchecked play's debug check on a bad move.

use stratego_core::{perft, Edition, Game, Move, Player, Rules, Square, MAX_SIDE};

#[test]
fn squares_with_any_coordinates_format_and_convert() {
    for (col, row) in [(200, 0), (0, 200), (255, 255), (16, 3), (26, 1), (MAX_SIDE - 1, MAX_SIDE)] {
        let sq = Square::new(col, row);
        assert!(!sq.is_valid());
        assert_eq!(Square::try_new(col, row), None);
        // Plain numbers, never a letter past `z` or a stray `)`.
        assert_eq!(sq.to_string(), format!("({col},{row})"));
        assert_eq!(format!("{sq:?}"), format!("Square(col {col}, row {row})"));
        // Off the board it stays, turned or not.
        assert_eq!(sq.flipped(10, 10), sq);
        assert!(!Rules::edition(Edition::Isf).contains(sq.flipped(10, 10)));
        assert_eq!(format!("{}", Move::new(sq, Square::new(0, 0))), format!("({col},{row})-a1"));
    }
    // Debug follows `new`'s argument order, and names the square.
    assert_eq!(format!("{:?}", Square::new(2, 4)), "Square(c5)");
    assert_eq!(format!("{:?}", Square::new(15, 15)), "Square(p16)");
    // Every valid square prints and parses back.
    for col in 0..MAX_SIDE {
        for row in 0..MAX_SIDE {
            let sq = Square::try_new(col, row).expect("in range");
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        }
    }
}

#[test]
fn index_conversions_are_total() {
    assert!(!Square::from_index(5, 0).is_valid(), "width 0 does not divide by zero");
    assert_eq!(Square::try_from_index(5, 0), None);
    assert_eq!(Square::try_from_index(5, 17), None);
    assert_eq!(Square::try_from_index(usize::MAX, 10), None);
    assert!(!Square::from_index(usize::MAX, 1).is_valid());
    assert_eq!(Square::from_index(127, 16), Square::new(15, 7));
    for i in 0..100 {
        let sq = Square::from_index(i, 10);
        assert_eq!(sq.index(10), i);
        assert_eq!(sq.flipped(10, 10).flipped(10, 10), sq);
        assert_eq!(sq.flipped(10, 10).index(10), 99 - i);
    }
    // A square off a small board but valid elsewhere is left as it is.
    assert_eq!(Square::new(9, 9).flipped(4, 4), Square::new(9, 9));
}

#[test]
fn a_bad_square_in_a_move_is_refused_with_a_message() {
    let rules = Rules::edition(Edition::Isf);
    let mut game = Game::random(rules, 1);
    let before = game.clone();
    let bad = Move::new(Square::new(200, 0), Square::new(200, 1));
    let err = game.play(bad).unwrap_err();
    assert_eq!(err.to_string(), "illegal move (200,0)-(200,1): square off the board");
    assert_eq!(game, before);
}

#[test]
fn the_unchecked_play_reports_a_bad_move_without_a_formatting_panic() {
    let rules = Rules::edition(Edition::Isf);
    let game = Game::random(rules, 2);
    let bad = Move::new(Square::new(250, 3), Square::new(251, 3));
    let result = std::panic::catch_unwind(|| {
        let mut game = game.clone();
        game.play_unchecked(bad);
    });
    if cfg!(debug_assertions) {
        // The contract is broken, so the debug check fires; its message must be the move,
        // written out, not a second panic from formatting it.
        let payload = result.expect_err("the debug check catches an illegal move");
        let message = payload
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default();
        assert!(message.contains("(250,3)-(251,3)"), "{message}");
    }
}

#[test]
fn perft_of_a_finished_game_is_zero_at_any_depth() {
    let rules = Rules::edition(Edition::Classic);
    let mut game = Game::random(rules, 5);
    game.resign(Player::Blue);
    assert_eq!(perft(&game, 4_000_000_000), 0);
    assert_eq!(perft(&game, u32::MAX), 0);
    assert_eq!(perft(&game, 1), 0);
    assert_eq!(perft(&game, 0), 1, "depth 0 counts the position itself");
}

#[test]
fn perft_reuses_its_lists_and_agrees_with_move_counts() {
    let rules = Rules::edition(Edition::Isf);
    let game = Game::random(rules, 8);
    let by_hand: u64 = game
        .legal_moves()
        .into_iter()
        .map(|mv| {
            let mut child = game.clone();
            child.play(mv).unwrap();
            perft(&child, 2)
        })
        .sum();
    assert_eq!(perft(&game, 3), by_hand);
}
