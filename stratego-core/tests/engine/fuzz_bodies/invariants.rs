//! What must hold of any game at any moment, checked after every step of a fuzz run.

use std::collections::BTreeSet;

use stratego_core::{Game, IllegalMove, IllegalReason, Move, Player, Rank, SquareView};

/// Every invariant that can be checked on one game by itself:
/// - pieces are conserved: on the board plus captured equals the army, per player and rank;
/// - the game is over exactly when the side to move has no legal move listed;
/// - the listed moves have no duplicates, agree with `legal_move_count`, `is_legal` and
///   `random_move`, and every one of them plays;
/// - the mover's view lists the same moves, as sorted action ids and as a mask;
/// - the position string reads back to the same position.
pub fn check_game(game: &Game) {
    check_conservation(game);
    check_legal_moves(game);
    check_views(game);
    check_position_round_trip(game);
}

/// On the board plus captured equals the army, for every player and rank.
pub fn check_conservation(game: &Game) {
    let rules = game.rules();
    let mut on_board = [[0usize; Rank::COUNT]; 2];
    for sq in rules.squares() {
        if let Some(piece) = game.piece_at(sq) {
            assert!(!rules.is_lake(sq), "a piece stands on the lake {sq}");
            assert!(
                !piece.moved || rules.movement(piece.rank).is_mobile(),
                "the {} on {sq} has moved, but that rank cannot move, in {}",
                piece.rank,
                game.position_full()
            );
            on_board[piece.owner.index()][piece.rank.index()] += 1;
        }
    }
    for p in Player::ALL {
        let army = game.army(p);
        for r in Rank::ALL {
            let (on, captured) = (on_board[p.index()][r.index()], game.captured_count(p, r) as usize);
            assert_eq!(
                on + captured,
                army[r.index()] as usize,
                "{p} {r}: {on} on the board + {captured} captured != army {} in {}",
                army[r.index()],
                game.position()
            );
        }
    }
}

/// The listed legal moves are consistent with every other way of asking, and each plays.
pub fn check_legal_moves(game: &Game) {
    let moves = game.legal_moves();
    let set: BTreeSet<Move> = moves.iter().copied().collect();
    assert_eq!(set.len(), moves.len(), "duplicate legal moves in {}", game.position());
    assert_eq!(game.legal_move_count(), moves.len());
    assert_eq!(
        moves.is_empty(),
        game.is_over(),
        "no legal move <=> over, in {} ({:?})",
        game.position(),
        game.outcome()
    );
    assert_eq!(game.random_move(0).is_none(), moves.is_empty());
    for entropy in [0, u64::MAX / 3, u64::MAX] {
        if let Some(m) = game.random_move(entropy) {
            assert!(set.contains(&m), "random_move gave {m}, not a listed move");
        }
    }
    for &m in &moves {
        assert!(game.is_legal(m), "{m} is listed but {:?}", game.check(m));
        let mut board = game.board().clone();
        let report = board.play(m).unwrap_or_else(|e| panic!("listed move {m} does not play: {e}"));
        assert_eq!(report.mv, m);
        // A rescue decision finishes its move's ply rather than starting one.
        assert_eq!(board.ply(), game.ply() + u32::from(!m.is_decision()));
    }
}

/// The mover's view agrees with the game about the mover's moves; the other player's view
/// offers nothing; neither view shows a rank its player may not know.
pub fn check_views(game: &Game) {
    let rules = game.rules();
    let mover = game.to_move();
    let mut ids: Vec<usize> =
        game.legal_moves().iter().map(|&m| rules.action_id(mover, m).expect("a legal move is on the board")).collect();
    ids.sort_unstable();
    // Each view copies the public history: build each once.
    let views = Player::ALL.map(|p| game.view(p));
    let view = &views[mover.index()];
    assert_eq!(view.legal_actions(), ids, "the mover's view lists other actions than the game in {}", game.position());
    let mut mask = vec![0u8; rules.num_actions()];
    let n = view.legal_action_mask_into(&mut mask).expect("a mask of num_actions entries fits");
    assert_eq!(n, ids.len());
    // Whole-slice comparisons, not loops over 10,000 bytes: the fuzzer instruments every
    // comparison, and these checks run after every step.
    let mut expected = vec![0u8; rules.num_actions()];
    for &id in &ids {
        expected[id] = 1;
    }
    assert!(mask == expected, "the mover's mask differs from the legal moves in {}", game.position());
    assert!(views[mover.opponent().index()].legal_actions().is_empty(), "the player not to move has actions");
    for (viewer, view) in Player::ALL.into_iter().zip(&views) {
        for sq in super::twin::hidden_from(game, viewer) {
            match view.square(sq) {
                SquareView::Enemy(e) if e.rank.is_none() && !e.revealed => {}
                other => panic!("{viewer}'s view shows the hidden piece on {sq} as {other:?} in {}", game.position()),
            }
        }
    }
}

/// A game's short position text reads back (under the same rules) to the same text, and its
/// full text to an equal board with the same hash.
pub fn check_position_round_trip(game: &Game) {
    let text = game.position();
    let again = Game::from_position(game.rules().clone(), &text)
        .unwrap_or_else(|e| panic!("the position text {text:?} does not read back: {e}"));
    assert_eq!(again.position(), text);
    let full = game.position_full();
    let again = Game::from_position(game.rules().clone(), &full)
        .unwrap_or_else(|e| panic!("the full position text {full:?} does not read back: {e}"));
    assert!(again.board() == game.board(), "the full text {full:?} reads back to another board");
    assert_eq!(again.board().hash(), game.board().hash());
    assert_eq!(again.position_full(), full);
}

/// What the players' views say of `mv` agrees with the game: the mover's view decides its
/// legality as the game does (legality never depends on hidden ranks), the other view refuses
/// it, and a battle either view predicts is the battle the game would have.
pub fn check_view_legality(game: &Game, mv: Move) {
    let mover = game.to_move();
    let views = Player::ALL.map(|p| game.board().view(p));
    assert_eq!(
        views[mover.index()].check(mv).map_err(|e| e.reason),
        game.check(mv).map_err(|e| e.reason),
        "the mover's view and the game disagree on {mv} in {}",
        game.position()
    );
    if !game.is_over() {
        assert!(!views[mover.opponent().index()].is_legal(mv), "the player not to move may play {mv}");
    }
    for (p, view) in Player::ALL.into_iter().zip(&views) {
        if let Some(predicted) = view.battle_of(mv) {
            assert_eq!(Some(predicted), game.battle_of(mv), "{p}'s view predicts another battle for {mv}");
        }
    }
}

/// A refused move changed nothing: position, outcome, history, everything.
pub fn check_refused(before: &Game, after: &Game, mv: Move, err: &IllegalMove) {
    assert_eq!(err.mv, mv, "the error names another move");
    assert_eq!(after.position(), before.position(), "refused {mv} ({}) changed the position", err.reason);
    assert_eq!(after.outcome(), before.outcome(), "refused {mv} changed the outcome");
    assert_eq!(after.history().len(), before.history().len(), "refused {mv} changed the history");
    assert!(after == before, "refused {mv} changed the game");
    if before.is_over() {
        assert_eq!(err.reason, IllegalReason::GameOver, "a move after the end was refused for another reason");
    }
}

/// Play up to `plies` moves chosen by `pick` (an index into the legal moves), checking the game
/// after each: for targets whose input is a position or rules rather than a move sequence.
pub fn play_some(game: &mut Game, plies: usize, mut pick: impl FnMut(usize) -> usize) {
    for _ in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[pick(moves.len()) % moves.len()];
        game.play(m).unwrap_or_else(|e| panic!("listed move {m} does not play: {e}"));
        check_game(game);
    }
}

/// The game's record replays to an equal game, and survives JSON both ways.
pub fn check_record_round_trip(game: &Game) {
    let record = game.record();
    let again = Game::from_record(&record).unwrap_or_else(|e| panic!("the record of {} fails: {e}", game.position()));
    assert!(again == *game, "the record of {} replays to another game", game.position());
    let json = serde_json::to_string(&record).expect("a record serializes");
    let back: stratego_core::Record = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{json}: {e}"));
    assert_eq!(back, record);
}

/// A world sampled from a player's view looks the same to that player, and is itself sound.
pub fn check_sample_world(game: &Game, viewer: Player, seed: u64) {
    let view = game.view(viewer);
    let world = view.sample_world(seed);
    assert!(
        world.view(viewer).squares().eq(view.squares()),
        "a world sampled for {viewer} looks different to {viewer} in {}",
        game.position()
    );
    assert_eq!(world.outcome(), game.outcome());
    if !game.rules().free_army() {
        for p in Player::ALL {
            assert_eq!(world.army(p), game.army(p), "a world sampled for {viewer} has another army for {p}");
        }
    }
    assert_eq!(world.to_move(), game.to_move());
    check_conservation(&world);
    // Not `check_legal_moves`: a world may leave the side to move without a move while the
    // game it was drawn from goes on (its hidden pieces drawn as Bombs and Flags); every move
    // it lists must still play.
    for m in world.legal_moves() {
        assert!(world.board().clone().play(m).is_ok(), "a world lists {m}, which does not play");
    }
}
