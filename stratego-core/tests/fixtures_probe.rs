use stratego_core::*;

fn gsq(s: &str) -> Square {
    let b = s.as_bytes();
    let col = match b[0] { b'A'..=b'I' => b[0] - b'A', b'J' | b'K' => 9, _ => panic!() };
    let row = if b[1] == b':' { 9 } else { b[1] - b'1' };
    Square::new(col, row)
}
fn gmv(s: &str) -> Move {
    let (a, b) = s.split_once('-').unwrap();
    Move::new(gsq(a), gsq(b))
}

#[test]
fn chase_probe() {
    let path = "../../shared/data/fixtures/chase_rule_cases.json";
    let Ok(text) = std::fs::read_to_string(path) else { eprintln!("skip"); return };
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let rules = Rules::edition(Edition::Isf);
    let (mut ok, mut early, mut late) = (0, 0, 0);
    for (name, case) in v.as_object().unwrap() {
        let board = case["board"].as_str().unwrap();
        let mut g = Game::from_position(rules.clone(), &format!("{board} r 0")).unwrap();
        let mut moves: Vec<Move> = case["moves_gravon_coords"].as_array().unwrap().iter().map(|m| gmv(m.as_str().unwrap())).collect();
        let expect = case["expect"].as_str().unwrap();
        if let Some(rest) = expect.strip_prefix("after these") {
            let named = rest.split("the move ").nth(1).unwrap().split(' ').next().unwrap();
            moves.push(gmv(named));
        }
        let n = moves.len();
        let mut failed = None;
        for (i, &mv) in moves[..n - 1].iter().enumerate() {
            if let Err(e) = g.play(mv) { failed = Some((i, e)); break; }
        }
        match failed {
            Some((i, e)) => { early += 1; if early <= 5 { eprintln!("{name}: ply {} of {}: {e}", i + 1, n); } }
            None => match g.check(moves[n - 1]) {
                Err(e) if e.reason == IllegalReason::ChaseRule => ok += 1,
                r => { late += 1; if late <= 5 { eprintln!("{name}: last move {} gives {r:?}", moves[n-1]); } }
            },
        }
    }
    eprintln!("ok {ok}, early {early}, last legal {late}");
    assert_eq!((early, late), (0, 0));
}

#[test]
fn attack_chase_debug() {
    let path = "../../shared/data/fixtures/chase_rule_cases.json";
    let Ok(text) = std::fs::read_to_string(path) else { return };
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let case = &v["strategus_games/attack_chase.txt"];
    let board = case["board"].as_str().unwrap();
    let rules = Rules::edition(Edition::Isf);
    let mut g = Game::from_position(rules.clone(), &format!("{board} r 0")).unwrap();
    let moves: Vec<Move> = case["moves_gravon_coords"].as_array().unwrap().iter().map(|m| gmv(m.as_str().unwrap())).collect();
    let n = moves.len();
    let mut positions = vec![g.position()];
    for &mv in &moves[..n - 1] { let r = g.play(mv).unwrap(); positions.push(g.position()); if positions.len() > n - 12 { eprintln!("{} {:?}", mv, r.battle); } }
    let mut g2 = g.clone();
    g2.play_unchecked(moves[n-1]);
    let after = g2.position();
    let after_board = after.split(' ').next().unwrap().to_uppercase();
    for (i, p) in positions.iter().enumerate() { if p.split(' ').next().unwrap().to_uppercase() == after_board { eprintln!("same board as after ply {i}"); } }
    eprintln!("{}", after);
}
