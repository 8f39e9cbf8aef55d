//! Agents decide from what their player may know: two games that differ only in the
//! opponent's hidden ranks get the same move from every agent with the same seed (the search
//! agent's belief and setup prior included).

use stratego_core::agents::{Agent, HeuristicAgent, RandomAgent, SamplingAgent, SearchAgent};
use stratego_core::{Edition, Game, Player, PlayerView, RulesBuilder};

/// The agents, made fresh from `seed`.
fn agents(seed: u64) -> Vec<(&'static str, Box<dyn Agent>)> {
    vec![
        ("random", Box::new(RandomAgent::new(seed))),
        ("heuristic", Box::new(HeuristicAgent::new(seed))),
        ("sampling", Box::new(SamplingAgent::new(seed, 24).with_horizon(2).with_candidates(4))),
        ("search", Box::new(SearchAgent::new(seed, 40))),
    ]
}

/// Positions reached by random play in several editions (limited sight included), each
/// paired with two worlds drawn from the mover's view: same view, different hidden ranks.
fn twin_positions() -> Vec<(Game, Game, Player)> {
    let rule_sets = [
        RulesBuilder::from_edition(Edition::Isf).build().unwrap(),
        RulesBuilder::from_edition(Edition::Barrage).build().unwrap(),
        RulesBuilder::from_edition(Edition::Estrategia).build().unwrap(),
    ];
    let mut out = Vec::new();
    for (r, rules) in rule_sets.iter().enumerate() {
        for seed in 0..12u64 {
            let mut game = Game::random(rules.clone(), seed * 31 + r as u64);
            game.playout(seed, (seed as u32 * 17) % 120);
            if game.is_over() {
                continue;
            }
            let mover = game.to_move();
            let view = game.view(mover);
            out.push((view.sample_world(2 * seed + 1), view.sample_world(2 * seed + 2), mover));
        }
    }
    out
}

/// Whether the two worlds put a different rank on some square.
fn hidden_ranks_differ(a: &Game, b: &Game) -> bool {
    a.rules().squares().any(|sq| a.piece_at(sq).map(|p| p.rank) != b.piece_at(sq).map(|p| p.rank))
}

#[test]
fn every_agent_chooses_the_same_move_whatever_the_hidden_ranks() {
    let twins = twin_positions();
    let mut differing = 0;
    for (i, (a, b, mover)) in twins.iter().enumerate() {
        let (va, vb): (PlayerView, PlayerView) = (a.view(*mover), b.view(*mover));
        assert_eq!(va, vb, "position {i}: the two worlds must show the mover the same view");
        differing += hidden_ranks_differ(a, b) as usize;
        for ((name, mut first), (_, mut second)) in agents(i as u64).into_iter().zip(agents(i as u64)) {
            // Several decisions in a row, so state kept between calls is covered too.
            for step in 0..3 {
                let (ma, mb) = (first.choose(&va), second.choose(&vb));
                assert_eq!(ma, mb, "{name} at position {i}, decision {step}: the choice depends on hidden ranks");
                assert!(ma.is_some_and(|m| va.is_legal(m)), "{name} at position {i}: no legal move chosen");
            }
        }
    }
    assert!(twins.len() >= 30, "too few positions: {}", twins.len());
    assert!(differing * 2 >= twins.len(), "the worlds must differ in hidden ranks ({differing} of {})", twins.len());
}

#[test]
fn an_agent_that_peeks_would_be_caught() {
    // The same check against a deliberately cheating agent: it plays towards the enemy Flag,
    // which a world knows and a view does not. The check must tell it apart.
    let twins = twin_positions();
    let caught = twins.iter().any(|(a, b, mover)| {
        let cheat = |game: &Game| {
            let flag = game.rules().squares().find(|&sq| {
                game.piece_at(sq).is_some_and(|p| p.owner != *mover && p.rank == stratego_core::Rank::Flag)
            });
            let moves = game.legal_moves();
            flag.and_then(|f| {
                moves.iter().min_by_key(|m| m.to.col().abs_diff(f.col()) + m.to.row().abs_diff(f.row())).copied()
            })
        };
        cheat(a) != cheat(b)
    });
    assert!(caught, "a peeking agent should choose differently in some pair of worlds");
}
