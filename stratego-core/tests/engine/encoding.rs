//! The RL encodings: action ids round-trip, masks and sorted ids agree with the game's legal
//! moves, the fast encoders agree with reference encoders written from `SquareView`, and two
//! games that differ only in the opponent's hidden ranks encode identically for that player.

use crate::common::seeded_game;
use crate::data_dir;

use crate::encoding_support;
use encoding_support::{edition, random_game, walk_hidden_twins, Lcg};

use proptest::prelude::*;
use stratego_core::{
    board_code, Edition, EncodingError, Game, Move, Perspective, Piece, Plane, Player, PlayerView, Rank, Rules,
    SquareView, ENCODING_VERSION, PLANES,
};

/// Every encoding of a view: sorted ids, mask as u8 and as bool, observation, byte board.
type Encodings = (Vec<usize>, Vec<u8>, Vec<bool>, Vec<f32>, Vec<u8>);

/// All the encodings of `view` (see [`Encodings`]).
fn encode(view: &PlayerView) -> Encodings {
    let rules = view.rules();
    let mut mask = vec![7u8; rules.num_actions()];
    let mut bools = vec![true; rules.num_actions()];
    let n = view.legal_action_mask_into(&mut mask).expect("right length");
    let n2 = view.legal_action_mask_into(&mut bools).expect("right length");
    let ids = view.legal_actions();
    assert_eq!((n, n2), (ids.len(), ids.len()));
    // The packed mask holds the same bits as the byte mask, over a dirty buffer.
    let mut packed = vec![u64::MAX; rules.num_actions().div_ceil(64)];
    let n3 = view.legal_action_bits_into(&mut packed).expect("right length");
    assert_eq!(n3, ids.len());
    for (id, &m) in mask.iter().enumerate() {
        assert_eq!((packed[id / 64] >> (id % 64) & 1) as u8, m, "action {id}");
    }
    (ids, mask, bools, view.observation(), view.board_codes())
}

fn frame(player: Player, s: usize, i: usize) -> usize {
    if player == Player::Red {
        i
    } else {
        s - 1 - i
    }
}

/// The observation written square by square from the public `SquareView`s, as the docs table says.
fn reference_observation(view: &PlayerView) -> Vec<f32> {
    let rules = view.rules();
    let s = rules.num_squares();
    let mut obs = vec![0.0; rules.num_planes() * s];
    let mut set = |p: Plane, j: usize| obs[p.index() * s + j] = 1.0;
    if rules.rescues() > 0 {
        let (me, them) = (view.player(), view.player().opponent());
        for j in 0..s {
            if view.rescue_pending() {
                set(Plane::RescuePending, j);
            }
            if j < view.rescues_left(me) as usize {
                set(Plane::OwnRescuesLeft, j);
            }
            if j < view.rescues_left(them) as usize {
                set(Plane::EnemyRescuesLeft, j);
            }
        }
        for (i, (sq, sv)) in view.squares().enumerate() {
            if view.has_rescued(sq) {
                let own = matches!(sv, SquareView::Own(_));
                set(if own { Plane::OwnRescuers } else { Plane::EnemyRescuers }, frame(me, s, i));
            }
        }
    }
    for (i, (_, sv)) in view.squares().enumerate() {
        let j = frame(view.player(), s, i);
        match sv {
            SquareView::Empty => set(Plane::Empty, j),
            SquareView::Lake => set(Plane::Lake, j),
            SquareView::Own(p) => {
                set(Plane::Own(p.rank), j);
                if p.moved {
                    set(Plane::OwnMoved, j);
                }
                if p.revealed {
                    set(Plane::OwnRevealed, j);
                }
            }
            SquareView::Enemy(e) => match e.rank {
                Some(r) => set(Plane::Enemy(r), j),
                None => {
                    set(if e.moved { Plane::EnemyHiddenMoved } else { Plane::EnemyHiddenUnmoved }, j);
                    if e.slid {
                        set(Plane::EnemyHiddenSlid, j);
                    }
                }
            },
        }
        if view.to_move() == view.player() {
            set(Plane::ToMove, j);
        }
    }
    obs
}

/// The byte board written from the public `SquareView`s (an own piece's `SLID` bit is not in
/// a `SquareView`, so the caller masks it out before comparing).
fn reference_codes(view: &PlayerView) -> Vec<u8> {
    let s = view.rules().num_squares();
    let mut out = vec![0u8; s];
    for (i, (_, sv)) in view.squares().enumerate() {
        let flag = |on: bool, bit: u8| if on { bit } else { 0 };
        out[frame(view.player(), s, i)] = match sv {
            SquareView::Empty => board_code::EMPTY,
            SquareView::Lake => board_code::LAKE,
            SquareView::Own(Piece { rank, revealed, moved, .. }) => {
                (board_code::OWN + rank.index() as u8)
                    | flag(moved, board_code::MOVED)
                    | flag(revealed, board_code::REVEALED)
            }
            SquareView::Enemy(e) => {
                let kind = e.rank.map_or(board_code::ENEMY_HIDDEN, |r| board_code::ENEMY + r.index() as u8);
                kind | flag(e.moved, board_code::MOVED)
                    | flag(e.slid, board_code::SLID)
                    | flag(e.revealed, board_code::REVEALED)
            }
        };
    }
    out
}

fn without_own_slid(codes: &[u8]) -> Vec<u8> {
    codes
        .iter()
        .map(|&c| {
            let kind = c & board_code::KIND;
            if (board_code::OWN..board_code::ENEMY).contains(&kind) {
                c & !board_code::SLID
            } else {
                c
            }
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Every legal move's id decodes back to it, for the mover; ids cover `0..num_actions`.
    #[test]
    fn ids_round_trip(ed in edition(), seed in 0u64..1000, plies in 0u32..400, mseed in any::<u64>(), raw in any::<usize>()) {
        let game = random_game(ed, seed, plies, mseed);
        let rules = game.rules();
        let s = rules.num_squares();
        let decisions = if rules.rescues() > 0 { 12 * s + 1 } else { 0 };
        prop_assert_eq!(rules.num_actions(), s * s + decisions);
        let mover = game.to_move();
        for mv in game.legal_moves() {
            let id = rules.action_id(mover, mv).expect("on the board");
            prop_assert!(id < rules.num_actions());
            prop_assert_eq!(rules.action_move(mover, id), Some(mv));
            // Blue's frame is the board turned 180°.
            let other = rules.action_id(mover.opponent(), mv).expect("on the board");
            if mv.is_decline() {
                prop_assert_eq!((id, other), (s * s + 12 * s, s * s + 12 * s));
            } else if let Some((rank, _)) = mv.rescued() {
                let base = s * s + rank.index() * s;
                prop_assert_eq!((id - base) + (other - base), s - 1);
            } else {
                prop_assert_eq!(id + other, s * s - 1);
            }
        }
        for p in Player::ALL {
            let id = raw % rules.num_actions();
            let mv = rules.action_move(p, id).expect("below num_actions");
            prop_assert_eq!(rules.action_id(p, mv), Some(id));
            prop_assert_eq!(rules.action_move(p, rules.num_actions() + raw % 7), None);
        }
    }

    /// The mover's mask and sorted ids are exactly the game's legal moves; the other side has none.
    #[test]
    fn mask_and_ids_agree_with_legal_moves(ed in edition(), seed in 0u64..1000, plies in 0u32..600, mseed in any::<u64>()) {
        let game = random_game(ed, seed, plies, mseed);
        let rules = game.rules();
        let mover = game.to_move();
        let mut expected: Vec<usize> = game.legal_moves().iter().map(|&m| rules.action_id(mover, m).unwrap()).collect();
        expected.sort_unstable();
        let view = game.view(mover);
        let (ids, mask, bools, _, _) = encode(&view);
        prop_assert!(ids.windows(2).all(|w| w[0] < w[1]), "sorted, no duplicates");
        prop_assert_eq!(&ids, &expected);
        let from_mask: Vec<usize> = (0..mask.len()).filter(|&i| mask[i] == 1).collect();
        prop_assert!(mask.iter().all(|&x| x <= 1));
        prop_assert_eq!(&from_mask, &expected);
        let from_bools: Vec<usize> = (0..bools.len()).filter(|&i| bools[i]).collect();
        prop_assert_eq!(&from_bools, &expected);
        for &id in &ids {
            prop_assert!(game.is_legal(view.action_move(id).unwrap()));
        }
        let (ids, mask, _, _, _) = encode(&game.view(mover.opponent()));
        prop_assert!(ids.is_empty());
        prop_assert!(mask.iter().all(|&x| x == 0));
    }

    /// The fast encoders match reference encoders written from the public view, for both players.
    #[test]
    fn encoders_match_reference(ed in edition(), seed in 0u64..1000, plies in 0u32..600, mseed in any::<u64>()) {
        let game = random_game(ed, seed, plies, mseed);
        for p in Player::ALL {
            let view = game.view(p);
            let obs = view.observation();
            let reference = reference_observation(&view);
            prop_assert!(obs == reference, "{ed} {p}: observation differs from the reference");
            let codes = view.board_codes();
            prop_assert_eq!(without_own_slid(&codes), reference_codes(&view));
            let s = view.rules().num_squares();
            for (i, (_, sv)) in view.squares().enumerate() {
                let decoded = board_code::decode(codes[frame(p, s, i)], p);
                prop_assert_eq!(decoded, Some(sv));
            }
        }
    }

    /// Contract: a world sampled from the view differs from the game only in hidden enemy ranks,
    /// and gives the same view and the same encodings.
    #[test]
    fn hidden_ranks_do_not_leak_sampled(ed in edition(), seed in 0u64..1000, plies in 0u32..600, mseed in any::<u64>(), wseed in any::<u64>()) {
        let game = random_game(ed, seed, plies, mseed);
        for p in Player::ALL {
            let view = game.view(p);
            let world = view.sample_world(wseed);
            let other = world.view(p);
            prop_assert!(view.squares().eq(other.squares()));
            prop_assert!(encode(&view) == encode(&other), "{ed} {p}: encodings differ");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    /// Contract: two games loaded from positions that differ only in the opponent's unrevealed
    /// ranks, then played on with the same moves while no battle happens (a battle would reveal
    /// the ranks), encode identically for the player at every ply. Under rescues, a move into
    /// the back row earns one only if the mover is no Scout, so one game may be waiting for the
    /// opponent's decision where the other is not: the opponent declines there, and nothing of
    /// it may show.
    #[test]
    fn hidden_ranks_do_not_leak_permuted(ed in proptest::sample::select(vec![Edition::Classic, Edition::Isf, Edition::Jumbo, Edition::Barrage, Edition::Duel, Edition::UltimateLightning]), seed in 0u64..1000, plies in 0u32..300, mseed in any::<u64>(), shift in 1usize..40) {
        let base = random_game(ed, seed, plies, mseed);
        prop_assume!(!base.is_over());
        walk_hidden_twins(&base, shift, mseed, |a, b, p| {
            prop_assert!(a.view(p) == b.view(p), "{ed} {p}: views differ at ply {}", a.ply());
            prop_assert!(encode(&a.view(p)) == encode(&b.view(p)), "{ed} {p}: encodings differ at ply {}", a.ply());
            Ok(())
        })?;
    }
}

#[test]
fn wrong_lengths_are_typed_errors_and_write_nothing() {
    let game = random_game(Edition::Isf, 3, 10, 4);
    let view = game.view(game.to_move());
    let rules = view.rules();
    let (s, a) = (rules.num_squares(), rules.num_actions());
    for len in [0, 1, a - 1, a + 1] {
        let mut mask = vec![9u8; len];
        assert_eq!(
            view.legal_action_mask_into(&mut mask),
            Err(EncodingError::WrongLength { buffer: "legal-action mask", expected: a, found: len })
        );
        assert!(mask.iter().all(|&x| x == 9));
        let mut bools = vec![true; len];
        assert!(view.legal_action_mask_into(&mut bools).is_err());
        assert!(bools.iter().all(|&x| x));
    }
    let words = a.div_ceil(64);
    for len in [0, words - 1, words + 1] {
        let mut packed = vec![7u64; len];
        assert_eq!(
            view.legal_action_bits_into(&mut packed),
            Err(EncodingError::WrongLength { buffer: "legal-action bit mask", expected: words, found: len })
        );
        assert!(packed.iter().all(|&x| x == 7));
    }
    for len in [0, Plane::COUNT * s - 1, Plane::COUNT * s + 1, s] {
        let mut obs = vec![9.0f32; len];
        assert_eq!(
            view.observation_into(&mut obs),
            Err(EncodingError::WrongLength { buffer: "observation", expected: Plane::COUNT * s, found: len })
        );
        assert!(obs.iter().all(|&x| x == 9.0));
    }
    for len in [0, s - 1, s + 1] {
        let mut codes = vec![9u8; len];
        let err = view.board_codes_into(&mut codes).unwrap_err();
        assert_eq!(err, EncodingError::WrongLength { buffer: "board codes", expected: s, found: len });
        assert_eq!(err.to_string(), format!("board codes buffer has {len} elements, expected {s}"));
        assert!(codes.iter().all(|&x| x == 9));
    }
}

#[test]
fn buffers_are_fully_overwritten() {
    // Dirty buffers give the same result as fresh ones: nothing of the old content survives.
    let game = random_game(Edition::Isf, 5, 120, 6);
    let view = game.view(Player::Red);
    let rules = view.rules();
    let mut obs = vec![0.5f32; Plane::COUNT * rules.num_squares()];
    view.observation_into(&mut obs).unwrap();
    assert_eq!(obs, view.observation());
    let mut codes = vec![0xEEu8; rules.num_squares()];
    view.board_codes_into(&mut codes).unwrap();
    assert_eq!(codes, view.board_codes());
}

#[test]
fn start_position_planes() {
    let rules = Rules::edition(Edition::Isf);
    let game = seeded_game(&rules, 1, 2);
    let s = rules.num_squares();
    for p in Player::ALL {
        let obs = game.view(p).observation();
        let plane = |pl: Plane| &obs[pl.index() * s..][..s];
        let sum = |pl: Plane| plane(pl).iter().sum::<f32>();
        for r in Rank::ALL {
            assert_eq!(sum(Plane::Own(r)), rules.army_count(r) as f32, "{p} {r}");
            assert_eq!(sum(Plane::Enemy(r)), 0.0);
            // Own pieces stand in the observer's first four rows, in either frame.
            assert!(plane(Plane::Own(r))[40..].iter().all(|&x| x == 0.0));
        }
        assert_eq!(sum(Plane::EnemyHiddenUnmoved), 40.0);
        assert!(plane(Plane::EnemyHiddenUnmoved)[60..].iter().all(|&x| x == 1.0));
        assert_eq!(sum(Plane::Lake), 8.0);
        assert_eq!(sum(Plane::Empty), 12.0);
        assert_eq!(sum(Plane::ToMove), if p == Player::Red { 100.0 } else { 0.0 });
        for pl in [Plane::EnemyHiddenMoved, Plane::EnemyHiddenSlid, Plane::OwnMoved, Plane::OwnRevealed] {
            assert_eq!(sum(pl), 0.0);
        }
    }
}

#[test]
fn docs_table_lists_every_plane() {
    assert_eq!(ENCODING_VERSION, 2);
    let source = include_str!("../../src/encoding/mod.rs");
    for (i, (name, meaning)) in PLANES.iter().enumerate() {
        let row = format!("//! | {i} | `{name}` | {meaning} |");
        assert!(source.contains(&row), "docs table row missing: {row}");
        assert_eq!(Plane::from_index(i).unwrap().name(), *name);
    }
    for (k, (name, _)) in stratego_core::encoding::RESCUE_PLANES.iter().enumerate() {
        let i = Plane::COUNT + k;
        assert!(source.contains(&format!("//! | {i} | `{name}` |")), "docs table row missing for {name}");
        assert_eq!(Plane::from_index(i).unwrap().name(), *name);
        assert_eq!(name.parse::<Plane>().unwrap().index(), i);
    }
}

#[test]
fn every_edition_has_consistent_shapes() {
    for ed in Edition::ALL {
        let rules = Rules::edition(ed);
        let [c, h, w] = rules.observation_shape();
        let s = rules.num_squares();
        let rescue = rules.rescues() > 0;
        assert_eq!(rescue, ed == Edition::UltimateLightning);
        assert_eq!((c, h * w), (Plane::COUNT + if rescue { Plane::RESCUE_COUNT } else { 0 }, s));
        assert_eq!(rules.num_actions(), s * s + if rescue { 12 * s + 1 } else { 0 });
    }
    // A smaller board works the same way.
    let rules = Rules::edition(Edition::Barrage).to_builder().board(8, 8).lakes([]).setup_rows(2).build().unwrap();
    assert_eq!(rules.observation_shape(), [32, 8, 8]);
    let mv: Move = "a2-a3".parse().unwrap();
    assert_eq!(rules.action_id(Player::Red, mv), Some(8 * 64 + 16));
    assert_eq!(rules.action_id(Player::Blue, mv), Some(64 * 64 - 1 - (8 * 64 + 16)));
}

/// Whole random games in every edition: at every ply the mover's view gives exactly the game's
/// legal moves as sorted ids (repetition rules included, which need long games to bite).
#[test]
fn view_actions_match_game_over_whole_games() {
    for ed in Edition::ALL {
        let mut plies = 0;
        for seed in 0..12u64 {
            let rules = Rules::edition(ed);
            let mut game = seeded_game(&rules, seed, seed + 100);
            let mut rng = Lcg(seed);
            let (mut moves, mut ids) = (Vec::new(), Vec::new());
            while !game.is_over() && game.ply() < 3000 {
                game.legal_moves_into(&mut moves);
                let mover = game.to_move();
                let mut expected: Vec<usize> = moves.iter().map(|&m| rules.action_id(mover, m).unwrap()).collect();
                expected.sort_unstable();
                game.view(mover).legal_actions_into(&mut ids);
                assert_eq!(ids, expected, "{ed} seed {seed} ply {}: {}", game.ply(), game.position());
                game.play_unchecked(moves[rng.below(moves.len())]);
                plies += 1;
            }
        }
        eprintln!("{ed}: {plies} plies checked");
    }
}

/// A Gravon square (`A1`..`K:`, columns skip `J`).
fn gravon_square(s: &str) -> stratego_core::Square {
    let b = s.as_bytes();
    let col = match b[0] {
        b'A'..=b'I' => b[0] - b'A',
        b'K' => 9,
        _ => panic!("bad Gravon square {s}"),
    };
    let row = if b[1] == b':' { 9 } else { b[1] - b'1' };
    stratego_core::Square::new(col, row)
}

/// The recorded chase-rule cases: where the game bars a chasing move, the mover's view (and so
/// its mask and ids) bars it too. This needs a position key that hidden ranks do not enter
/// (the view would otherwise never recognise a repeated chase position). Skips, saying why,
/// when the data folder is absent.
#[test]
fn view_actions_match_game_in_chase_cases() {
    let Some(text) = data_dir::read("fixtures/chase_rule_cases.json") else {
        return;
    };
    let cases: serde_json::Value = serde_json::from_str(&text).expect("json");
    let rules = Rules::edition(Edition::Isf);
    let mut differ = Vec::new();
    let total = cases.as_object().expect("cases").len();
    for (name, case) in cases.as_object().expect("cases") {
        let board = case["board"].as_str().expect("board");
        let mut game = Game::from_position(rules.clone(), &format!("{board} r 0")).expect("position");
        let moves: Vec<Move> = case["moves_gravon_coords"]
            .as_array()
            .expect("moves")
            .iter()
            .map(|m| {
                let (a, b) = m.as_str().expect("text").split_once('-').expect("from-to");
                Move::new(gravon_square(a), gravon_square(b))
            })
            .collect();
        for &mv in &moves[..moves.len() - 1] {
            game.play(mv).unwrap_or_else(|e| panic!("{name}: {e}"));
        }
        let mover = game.to_move();
        let mut expected: Vec<usize> = game.legal_moves().iter().map(|&m| rules.action_id(mover, m).unwrap()).collect();
        expected.sort_unstable();
        if game.view(mover).legal_actions() != expected {
            differ.push(name.clone());
        }
    }
    assert!(
        differ.is_empty(),
        "{} of {total} chase cases: the view's actions differ from the game's, e.g. {:?}",
        differ.len(),
        &differ[..differ.len().min(3)]
    );
}
