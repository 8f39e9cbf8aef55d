use stratego_core::agents::AgentKind;
use stratego_core::arena::Arena;
use stratego_core::{Game, Rank, Player};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let rules: stratego_core::Rules = args[1].parse().unwrap();
    let a: AgentKind = args[2].parse().unwrap();
    let b: AgentKind = args[3].parse().unwrap();
    let n: u32 = args[4].parse().unwrap();
    let seed: u64 = args.get(5).map(|s| s.parse().unwrap()).unwrap_or(12345);
    let arena = Arena::new(rules).games(n).seed(seed).workers(1);
    let r = arena.play(&a, &b);
    println!("score {}", r.summary.score.score);
    for g in r.games.iter().filter(|g| g.a_score() < 1.0) {
        let game = Game::from_record(&g.record).unwrap();
        let me = g.a_player;
        let mobile = |p: Player| game.board().pieces().filter(|(_, pc)| pc.owner == p && !matches!(pc.rank, Rank::Bomb | Rank::Flag)).count();
        let lost: Vec<Rank> = game.captured(me);
        println!("game {} a={:?} {:?} plies {} my_mobile {} their_mobile {} lost {:?}", g.index, me, g.outcome, g.plies, mobile(me), mobile(me.opponent()), lost);
        if args.len() > 6 { println!("{}", game); }
    }
}
