//! A long-game soak: one ISF game of random moves onto empty squares (nobody loses a piece, so
//! it never ends), by default 1,000,000 plies. Prints the memory it took per ply, what a view
//! and an undo cost near the start and at the end, and checks that the record JSON, the Gravon
//! XML and the full position read back to the same game.
//!
//! ```text
//! cargo bench -p stratego-core --bench long_game            # 1,000,000 plies
//! cargo bench -p stratego-core --bench long_game -- 100000
//! ```

use std::time::Instant;

use stratego_core::gravon::{from_game, parse_xml, replay, to_xml};
use stratego_core::{Edition, Game, Move, Player, Rules, Setup};

#[path = "../tests/support/live_bytes.rs"]
mod live_bytes;
use live_bytes::live_bytes;

/// Median time of `f` over `rounds` runs, in nanoseconds.
fn median_ns(rounds: usize, mut f: impl FnMut()) -> f64 {
    let mut times: Vec<f64> = (0..rounds)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_nanos() as f64
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[rounds / 2]
}

struct Costs {
    view_ns: f64,
    undo_and_replay_ns: f64,
}

fn costs(game: &mut Game) -> Costs {
    let view_ns = median_ns(2001, || drop(std::hint::black_box(game.view(Player::Red))));
    let undo_and_replay_ns = median_ns(2001, || {
        let mv = game.undo().mv().expect("a move to take back");
        game.play_unchecked(mv);
    });
    Costs { view_ns, undo_and_replay_ns }
}

fn main() {
    let plies: u32 =
        std::env::args().skip(1).find(|a| a != "--bench").and_then(|a| a.parse().ok()).unwrap_or(1_000_000);
    let rules = Rules::edition(Edition::Isf);
    let mut game =
        Game::new(rules.clone(), Setup::random(&rules, Player::Red, 11), Setup::random(&rules, Player::Blue, 12))
            .expect("random setups are valid");
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut moves: Vec<Move> = Vec::with_capacity(256);
    let mut play = |game: &mut Game, n: u32| {
        for _ in 0..n {
            game.legal_moves_into(&mut moves);
            moves.retain(|m| game.piece_at(m.to).is_none());
            seed ^= seed >> 12;
            seed ^= seed << 25;
            seed ^= seed >> 27;
            let k = ((seed.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32) as usize * moves.len()) >> 32;
            game.play_unchecked(moves[k]);
        }
    };
    play(&mut game, 1_000);
    let early = costs(&mut game);
    let live = live_bytes();
    let t = Instant::now();
    play(&mut game, plies - 1_000);
    let secs = t.elapsed().as_secs_f64();
    let per_ply = (live_bytes() - live) as f64 / f64::from(plies - 1_000);
    let late = costs(&mut game);
    println!(
        "{plies} plies of ISF in {secs:.2} s ({:.0} ns per quiet ply, with its move list)",
        secs * 1e9 / f64::from(plies - 1_000)
    );
    println!("memory: {per_ply:.1} bytes per ply (live heap, history capacity included)");
    println!(
        "view: {:.0} ns at ply 1,000, {:.0} ns at ply {plies} ({:.2}x)",
        early.view_ns,
        late.view_ns,
        late.view_ns / early.view_ns
    );
    println!(
        "undo + replay: {:.0} ns at ply 1,000, {:.0} ns at ply {plies} ({:.2}x)",
        early.undo_and_replay_ns,
        late.undo_and_replay_ns,
        late.undo_and_replay_ns / early.undo_and_replay_ns
    );

    let t = Instant::now();
    let json = serde_json::to_string(&game.record()).expect("a record serializes");
    stratego_core::limits::check_record_json(&json).expect("the record JSON is within its limit");
    let back = Game::from_record(&serde_json::from_str(&json).expect("the JSON parses")).expect("the record replays");
    assert!(back == game, "the record reads back to the same game");
    println!("record JSON: {} bytes, round trip {:.2} s", json.len(), t.elapsed().as_secs_f64());
    let t = Instant::now();
    let xml = to_xml(&from_game(&game, ["red", "blue"]).expect("ISF is a Gravon game"));
    let back = replay(&parse_xml(&xml).expect("the XML parses"), None).expect("the XML replays");
    assert!(back.board() == game.board(), "the XML reads back to the same position");
    println!("Gravon XML: {} bytes, round trip {:.2} s", xml.len(), t.elapsed().as_secs_f64());
    let text = game.position_full();
    let copy = Game::from_position(rules, &text).expect("the full position reads back");
    assert!(copy.board() == game.board());
    println!("full position: {} bytes, reads back", text.len());
}
