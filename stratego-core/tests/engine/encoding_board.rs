//! The encoders straight from a `Game` or `Board` (no view built): they agree byte for byte
//! with the view-based encoders for both players in every edition, the compact forms hold the
//! float planes' information, two games that differ only in hidden enemy ranks encode alike,
//! and action ids play (or are refused without changing anything).

use crate::encoding_support;
use encoding_support::{edition, random_game, walk_hidden_twins};

use proptest::prelude::*;
use stratego_core::{
    board_code, ActionError, Edition, Game, IllegalReason, Perspective, Plane, Player, PlayerView, Position, Rules,
};

/// Everything one player's encoders write: float planes, u8 planes, byte board; and, when that
/// player is the side to move, sorted ids, u8 mask, bool mask, bit mask and the counts the masks
/// return (left empty for the other player: a game's masks are the mover's).
#[derive(PartialEq)]
struct Encoded {
    planes: Vec<f32>,
    compact: Vec<u8>,
    codes: Vec<u8>,
    ids: Vec<usize>,
    mask: Vec<u8>,
    bools: Vec<bool>,
    bits: Vec<u64>,
    counts: [usize; 3],
}

impl Encoded {
    /// The names of the parts in which `self` and `other` differ.
    fn diff(&self, other: &Encoded) -> Vec<&'static str> {
        let parts = [
            ("planes", self.planes == other.planes),
            ("compact", self.compact == other.compact),
            ("codes", self.codes == other.codes),
            ("ids", self.ids == other.ids),
            ("mask", self.mask == other.mask),
            ("bools", self.bools == other.bools),
            ("bits", self.bits == other.bits),
            ("counts", self.counts == other.counts),
        ];
        parts.into_iter().filter(|&(_, same)| !same).map(|(name, _)| name).collect()
    }

    /// Drop the mask parts (for a player not to move).
    fn without_masks(mut self) -> Encoded {
        (self.ids, self.mask, self.bools, self.bits, self.counts) = (vec![], vec![], vec![], vec![], [0; 3]);
        self
    }
}

/// Buffers that start dirty, so an encoder that skips an element is caught.
fn dirty(rules: &Rules) -> Encoded {
    let [c, h, w] = rules.observation_shape();
    Encoded {
        planes: vec![7.0; c * h * w],
        compact: vec![7; c * h * w],
        codes: vec![0xEE; rules.num_squares()],
        ids: vec![12_345],
        mask: vec![7; rules.num_actions()],
        bools: vec![true; rules.num_actions()],
        bits: vec![u64::MAX; rules.num_actions().div_ceil(64)],
        counts: [0; 3],
    }
}

/// The encodings `seen` writes for its observer, and the ids and masks of `pos`'s mover.
fn written(pos: &impl Position, seen: &impl Perspective) -> Encoded {
    let mut e = dirty(pos.rules());
    seen.observation_into(&mut e.planes).unwrap();
    seen.observation_into(&mut e.compact).unwrap();
    seen.board_codes_into(&mut e.codes).unwrap();
    pos.legal_actions_into(&mut e.ids);
    e.counts = [
        pos.legal_action_mask_into(&mut e.mask).unwrap(),
        pos.legal_action_mask_into(&mut e.bools).unwrap(),
        pos.legal_action_bits_into(&mut e.bits).unwrap(),
    ];
    e
}

/// `e` with the mask parts dropped when `observer` is not to move (a game's masks are the
/// mover's).
fn mover_only(e: Encoded, observer: Player, to_move: Player) -> Encoded {
    if observer == to_move {
        e
    } else {
        e.without_masks()
    }
}

/// `player`'s encodings straight from the game.
fn from_game(game: &Game, player: Player) -> Encoded {
    mover_only(written(game, &game.seen_by(player)), player, game.to_move())
}

/// The same through `game.board()`.
fn from_board(game: &Game, player: Player) -> Encoded {
    let board = game.board();
    mover_only(written(board, &board.seen_by(player)), player, board.to_move())
}

/// The same through the player's view.
fn from_view(view: &PlayerView) -> Encoded {
    let e = written(view, view);
    if view.player() != view.to_move() {
        // A view not to move has no actions at all.
        assert!(e.ids.is_empty() && e.counts == [0; 3] && e.mask.iter().all(|&x| x == 0));
    }
    mover_only(e, view.player(), view.to_move())
}

/// The float planes rebuilt from the byte board and the side to move alone, by the docs'
/// tables: if this matches the encoder, the byte board (plus whose turn it is) carries all the
/// planes' information.
fn planes_from_codes(codes: &[u8], to_move: bool) -> Vec<f32> {
    let s = codes.len();
    let mut planes = vec![0.0; Plane::COUNT * s];
    let mut set = |p: Plane, j: usize| planes[p.index() * s + j] = 1.0;
    for (j, &code) in codes.iter().enumerate() {
        let kind = code & board_code::KIND;
        let (moved, slid, revealed) =
            (code & board_code::MOVED != 0, code & board_code::SLID != 0, code & board_code::REVEALED != 0);
        match kind {
            board_code::EMPTY => set(Plane::Empty, j),
            board_code::LAKE => set(Plane::Lake, j),
            board_code::ENEMY_HIDDEN => {
                set(if moved { Plane::EnemyHiddenMoved } else { Plane::EnemyHiddenUnmoved }, j);
                if slid {
                    set(Plane::EnemyHiddenSlid, j);
                }
            }
            k if k < board_code::ENEMY => {
                set(Plane::Own(stratego_core::Rank::ALL[(k - board_code::OWN) as usize]), j);
                if moved {
                    set(Plane::OwnMoved, j);
                }
                if revealed {
                    set(Plane::OwnRevealed, j);
                }
            }
            k => set(Plane::Enemy(stratego_core::Rank::ALL[(k - board_code::ENEMY) as usize]), j),
        }
        if to_move {
            set(Plane::ToMove, j);
        }
    }
    planes
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// The encoders of a game, of its board and of the views agree byte for byte, for both
    /// players, in every edition (limited sight and free armies included).
    #[test]
    fn game_board_and_view_encoders_agree(ed in edition(), seed in 0u64..1000, plies in 0u32..700, mseed in any::<u64>()) {
        let game = random_game(ed, seed, plies, mseed);
        for p in Player::ALL {
            let direct = from_game(&game, p);
            prop_assert_eq!(direct.diff(&from_board(&game, p)), Vec::<&str>::new(), "{} {}: game and board differ", ed, p);
            prop_assert_eq!(direct.diff(&from_view(&game.view(p))), Vec::<&str>::new(), "{} {}: game and view differ", ed, p);
            // A board's own view (no history) encodes alike too.
            prop_assert_eq!(direct.diff(&from_view(&game.board().view(p))), Vec::<&str>::new(), "{} {}", ed, p);
        }
    }

    /// The compact forms hold exactly the float planes' information: the u8 planes are the
    /// floats as bytes, and the byte board plus the side to move rebuilds every plane.
    #[test]
    fn compact_forms_hold_the_planes(ed in edition(), seed in 0u64..1000, plies in 0u32..700, mseed in any::<u64>()) {
        let game = random_game(ed, seed, plies, mseed);
        for p in Player::ALL {
            let e = from_game(&game, p);
            prop_assert!(e.compact.iter().zip(&e.planes).all(|(&b, &f)| f32::from(b) == f));
            prop_assert!(e.planes.iter().all(|&f| f == 0.0 || f == 1.0));
            let rebuilt = planes_from_codes(&e.codes, game.to_move() == p);
            // The byte board holds every plane but the rescue planes (rules with rescues).
            prop_assert!(rebuilt[..] == e.planes[..rebuilt.len()], "{} {}: planes differ from the byte board's", ed, p);
        }
    }

    /// The mover's ids, masks and bit mask are one set: the game's legal moves.
    #[test]
    fn masks_and_ids_are_the_legal_moves(ed in edition(), seed in 0u64..1000, plies in 0u32..700, mseed in any::<u64>()) {
        let game = random_game(ed, seed, plies, mseed);
        let rules = game.rules();
        let e = from_game(&game, game.to_move());
        prop_assert!(e.planes.iter().all(|&f| f == 0.0 || f == 1.0));
        let mut expected: Vec<usize> =
            game.legal_moves().iter().map(|&m| rules.action_id(game.to_move(), m).unwrap()).collect();
        expected.sort_unstable();
        prop_assert_eq!(&e.ids, &expected);
        prop_assert_eq!(e.counts, [expected.len(); 3]);
        // The fixed-buffer forms give the same ids, and a short buffer gets nothing written.
        let mut slots = vec![u32::MAX; expected.len() + 3];
        let n = game.board().legal_actions_into_slice(&mut slots);
        prop_assert_eq!(n, expected.len());
        prop_assert!(slots[..n].iter().map(|&id| id as usize).eq(expected.iter().copied()));
        prop_assert!(slots[n..].iter().all(|&id| id == u32::MAX));
        prop_assert_eq!(game.board().legal_actions_into_slice(&mut []), n, "a size query counts");
        let mut viewed = vec![u32::MAX; n];
        prop_assert_eq!(game.view(game.to_move()).legal_actions_into_slice(&mut viewed), n);
        prop_assert_eq!(&viewed, &slots[..n]);
        if n > 0 {
            let mut short = vec![u32::MAX; n - 1];
            prop_assert_eq!(game.board().legal_actions_into_slice(&mut short), n);
            prop_assert!(short.iter().all(|&id| id == u32::MAX));
        }
        let mut moves = Vec::new();
        prop_assert_eq!(game.board().for_each_legal_move(|mv| moves.push(mv)), n);
        prop_assert_eq!(moves, game.legal_moves());
        for id in 0..rules.num_actions() {
            let legal = expected.binary_search(&id).is_ok();
            prop_assert_eq!(e.mask[id], u8::from(legal));
            prop_assert_eq!(e.bools[id], legal);
            prop_assert_eq!(e.bits[id / 64] >> (id % 64) & 1 == 1, legal, "bit {}", id);
        }
        // Bits past the last id stay clear.
        let tail = rules.num_actions() % 64;
        if tail != 0 {
            prop_assert_eq!(e.bits.last().unwrap() >> tail, 0);
        }
    }

    /// Contract: a world sampled from a player's view differs from the game only in the ranks
    /// that player cannot know; the encoders straight from either game give the same bytes.
    #[test]
    fn hidden_ranks_do_not_leak_from_games(ed in edition(), seed in 0u64..1000, plies in 0u32..700, mseed in any::<u64>(), wseed in any::<u64>()) {
        let game = random_game(ed, seed, plies, mseed);
        for p in Player::ALL {
            let world = game.view(p).sample_world(wseed);
            prop_assert_eq!(from_game(&game, p).diff(&from_game(&world, p)), Vec::<&str>::new(), "{} {}: encodings differ", ed, p);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    /// Contract: two games whose positions differ only in the opponent's unrevealed ranks, played
    /// on with the same quiet moves, encode identically for the player at every ply.
    #[test]
    fn hidden_ranks_do_not_leak_permuted(ed in proptest::sample::select(vec![Edition::Classic, Edition::Isf, Edition::Jumbo, Edition::Barrage, Edition::Duel]), seed in 0u64..1000, plies in 0u32..300, mseed in any::<u64>(), shift in 1usize..40) {
        let base = random_game(ed, seed, plies, mseed);
        prop_assume!(!base.is_over());
        walk_hidden_twins(&base, shift, mseed, |a, b, p| {
            let differ = from_game(a, p).diff(&from_game(b, p));
            prop_assert_eq!(differ, Vec::<&str>::new(), "{} {}: encodings differ at ply {}", ed, p, a.ply());
            Ok(())
        })?;
    }

    /// Every legal id plays as its move does; every other id is refused with the reason `check`
    /// gives, and the game is left exactly as it was.
    #[test]
    fn play_action_plays_legal_ids_and_refuses_the_rest(ed in edition(), seed in 0u64..1000, plies in 0u32..400, mseed in any::<u64>(), probe in any::<usize>()) {
        let game = random_game(ed, seed, plies, mseed);
        let rules = game.rules();
        let ids = game.legal_actions();
        let mover = game.to_move();
        for &id in ids.iter().take(8) {
            let mut a = game.clone();
            let mut b = game.clone();
            let ra = a.play_action(id).unwrap();
            let rb = b.play(rules.action_move(mover, id).unwrap()).unwrap();
            prop_assert_eq!(ra, rb);
            prop_assert!(a == b);
        }
        let id = probe % rules.num_actions();
        let mut c = game.clone();
        match c.play_action(id) {
            Ok(_) => prop_assert!(ids.binary_search(&id).is_ok()),
            Err(ActionError::Illegal { id: got, error }) => {
                prop_assert!(ids.binary_search(&id).is_err());
                prop_assert_eq!(got, id);
                prop_assert_eq!(Err(error), game.check(rules.action_move(mover, id).unwrap()));
                prop_assert!(c == game);
            }
            Err(other) => prop_assert!(false, "unexpected {:?}", other),
        }
        let mut d = game.clone();
        let out_of_range = rules.num_actions() + probe % 1000;
        prop_assert_eq!(d.play_action(out_of_range), Err(ActionError::OutOfRange { id: out_of_range, num_actions: rules.num_actions() }));
        prop_assert!(d == game);
    }
}

#[test]
fn wrong_lengths_are_typed_errors_and_write_nothing() {
    let game = random_game(Edition::Isf, 3, 10, 4);
    let mut planes = vec![9.0f32; 31 * 100];
    let mut compact = vec![9u8; 32 * 100 + 1];
    let mut codes = vec![9u8; 99];
    let mut mask = vec![9u8; 9_999];
    let mut bits = vec![9u64; 156];
    assert!(game.seen_by(Player::Red).observation_into(&mut planes).is_err());
    assert!(game.seen_by(Player::Blue).observation_into(&mut compact).is_err());
    assert!(game.seen_by(Player::Red).board_codes_into(&mut codes).is_err());
    assert!(game.legal_action_mask_into(&mut mask).is_err());
    assert!(game.legal_action_bits_into(&mut bits).is_err());
    assert!(planes.iter().all(|&x| x == 9.0) && compact.iter().all(|&x| x == 9));
    assert!(codes.iter().all(|&x| x == 9) && mask.iter().all(|&x| x == 9) && bits.iter().all(|&x| x == 9));
}

/// After the game ends nobody has legal actions, and the ids are refused as game over.
#[test]
fn finished_games_have_no_actions() {
    let mut game = random_game(Edition::Barrage, 5, u32::MAX, 6);
    assert!(game.is_over());
    let e = from_game(&game, game.to_move());
    assert!(e.ids.is_empty() && e.counts == [0; 3]);
    assert!(e.mask.iter().all(|&x| x == 0) && e.bits.iter().all(|&w| w == 0));
    let before = game.clone();
    match game.play_action(0) {
        Err(ActionError::Illegal { error, .. }) => assert_eq!(error.reason, IllegalReason::GameOver),
        other => panic!("{other:?}"),
    }
    assert!(game == before);
}
