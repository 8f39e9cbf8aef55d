//! Perft: exact leaf counts of the move tree from fixed seeded setups, asserted as constants
//! and recomputed by an independent, deliberately naive move generator written from the rules
//! in DESIGN.md (a mailbox board, square by square, no bitboards, no engine internals).
//!
//! Repetition rules do not bite here, and the test checks it: within five plies each player
//! moves at most three times, while the two-squares rule (limit 3 in `Isf`, `Barrage` and `Duel`)
//! bars only a piece's fourth consecutive move between the same squares, and the chase rule
//! bars only a chasing move that recreates a position of the current chase, which needs the
//! evader's move undone as well as the chaser's: impossible before the fifth ply, and then the
//! chaser's move is the exempt "straight back". So the naive generator leaves them out, and
//! the engine gives the same counts with both rules switched off. `Estrategia`'s no-return
//! rule does bite at depth 3 and the naive generator implements it.

use crate::common;

use stratego_core::{Battle, Edition, Game, Move, Player, Rank, Rules, Setup, Square};

/// Bulk-counted perft on the engine: leaves at `depth`; at depth 1 the legal moves are counted,
/// not played.
fn perft(game: &Game, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => game.legal_move_count() as u64,
        _ => {
            let mut total = 0;
            for mv in game.legal_moves() {
                let mut child = game.clone();
                child.play_unchecked(mv);
                total += perft(&child, depth - 1);
            }
            total
        }
    }
}

/// The start position every count uses.
fn start(edition: Edition) -> Game {
    let rules = Rules::edition(edition);
    let red = Setup::random(&rules, Player::Red, 1);
    let blue = Setup::random(&rules, Player::Blue, 2);
    Game::new(rules, red, blue).expect("random setups are valid")
}

/// Perft(1), perft(2), ... from `start(edition)`, computed by the engine and by the naive
/// generator (which agree). `Classic` and `Isf` share the start position (same army, same
/// seeds) and the counts: the ISF repetition rules do not bite this early. The sparse armies of
/// `Barrage` and `Duel` branch far more, so they stop a ply earlier to keep the debug-build test
/// quick.
const EXPECTED: [(Edition, &[u64]); 5] = [
    (Edition::Classic, &[10, 36, 469, 3470, 49648]),
    (Edition::Isf, &[10, 36, 469, 3470, 49648]),
    (Edition::Barrage, &[22, 462, 11160, 264948]),
    (Edition::Duel, &[34, 1180, 39702, 1259401]),
    (Edition::Estrategia, &[10, 130, 1859, 28587, 469375]),
];

// ---------------------------------------------------------------------------------------------
// The naive reference: DESIGN.md sections 3 and 3.1, read literally.

const W: i32 = 10;
const H: i32 = 10;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct NPiece {
    owner: Player,
    rank: Rank,
    /// The square the piece was set up on (for Estrategia's no-return rule).
    home: (i32, i32),
}

#[derive(Clone)]
struct Naive {
    edition: Edition,
    board: [[Option<NPiece>; 10]; 10],
    to_move: Player,
    over: bool,
}

impl Naive {
    fn from_game(game: &Game) -> Naive {
        let mut board = [[None; 10]; 10];
        for c in 0..W {
            for r in 0..H {
                if let Some(p) = game.piece_at(Square::new(c as u8, r as u8)) {
                    board[c as usize][r as usize] = Some(NPiece { owner: p.owner, rank: p.rank, home: (c, r) });
                }
            }
        }
        Naive { edition: game.rules().base_edition(), board, to_move: game.to_move(), over: game.is_over() }
    }

    fn at(&self, c: i32, r: i32) -> Option<NPiece> {
        self.board[c as usize][r as usize]
    }

    /// "Standard lakes: c5 d5 c6 d6 g5 h5 g6 h6"; Estrategia has none.
    fn lake(&self, c: i32, r: i32) -> bool {
        self.edition != Edition::Estrategia && (r == 4 || r == 5) && matches!(c, 2 | 3 | 6 | 7)
    }

    fn on_board(c: i32, r: i32) -> bool {
        (0..W).contains(&c) && (0..H).contains(&r)
    }

    /// Every move of `player`, square by square.
    fn moves(&self, player: Player) -> Vec<((i32, i32), (i32, i32))> {
        let mut out = Vec::new();
        for c in 0..W {
            for r in 0..H {
                let Some(p) = self.at(c, r) else { continue };
                if p.owner != player || matches!(p.rank, Rank::Flag | Rank::Bomb) {
                    continue;
                }
                let estrategia = self.edition == Edition::Estrategia;
                let (dirs, slide): (&[(i32, i32)], bool) = match p.rank {
                    // "the Scout, which steps one square diagonally only (and attacks diagonally)"
                    Rank::Scout if estrategia => (&[(1, 1), (1, -1), (-1, 1), (-1, -1)], false),
                    // "a Scout slides any number of empty squares in a line", striking the first
                    // piece it meets when that is an enemy
                    Rank::Scout => (&[(0, 1), (0, -1), (1, 0), (-1, 0)], true),
                    _ => (&[(0, 1), (0, -1), (1, 0), (-1, 0)], false),
                };
                for &(dc, dr) in dirs {
                    let (mut tc, mut tr) = (c + dc, r + dr);
                    while Self::on_board(tc, tr) && !self.lake(tc, tr) {
                        match self.at(tc, tr) {
                            None => out.push(((c, r), (tc, tr))),
                            Some(q) => {
                                if q.owner != player {
                                    out.push(((c, r), (tc, tr)));
                                }
                                break;
                            }
                        }
                        if !slide {
                            break;
                        }
                        tc += dc;
                        tr += dr;
                    }
                }
                if estrategia {
                    // "a piece that has left the square it started on may never re-enter it"
                    out.retain(|&(from, to)| from != (c, r) || (c, r) == p.home || to != p.home);
                }
            }
        }
        out
    }

    /// Battle results from DESIGN.md: the standard line, or Estrategia's table (3.1).
    fn battle(&self, a: Rank, d: Rank) -> Battle {
        use Rank::*;
        if self.edition == Edition::Estrategia {
            let wins = match a {
                Marshal => d != Bomb,
                Sergeant | Lieutenant | Captain | Major | Colonel | General => {
                    matches!(d, Flag | Spy | Scout) || (d != Bomb && (d as u8) < (a as u8))
                }
                Miner => matches!(d, Bomb | Spy | Flag),
                Scout => d != Flag,
                Spy => d == Marshal,
                Flag | Bomb => false,
            };
            return if a == d {
                Battle::BothDie
            } else if wins {
                Battle::AttackerWins
            } else {
                Battle::DefenderWins
            };
        }
        common::standard_battle(a, d)
    }

    fn play(&mut self, (from, to): ((i32, i32), (i32, i32))) {
        let mover = self.to_move;
        let p = self.at(from.0, from.1).expect("a piece moves");
        self.board[from.0 as usize][from.1 as usize] = None;
        let mut flag_taken = false;
        let result = match self.at(to.0, to.1) {
            None => Some(p),
            Some(d) => match self.battle(p.rank, d.rank) {
                Battle::AttackerWins => {
                    flag_taken = d.rank == Rank::Flag;
                    Some(p)
                }
                Battle::DefenderWins => Some(d),
                Battle::BothDie => None,
            },
        };
        self.board[to.0 as usize][to.1 as usize] = result;
        self.to_move = mover.opponent();
        // "A player with no legal move loses as soon as that is so, also right after their own
        // move"; "if neither player can move, it is a draw".
        self.over = flag_taken || self.moves(mover).is_empty() || self.moves(mover.opponent()).is_empty();
    }

    fn perft(&self, depth: u32) -> u64 {
        if self.over {
            return u64::from(depth == 0);
        }
        let moves = self.moves(self.to_move);
        match depth {
            0 => 1,
            1 => moves.len() as u64,
            _ => moves
                .into_iter()
                .map(|m| {
                    let mut child = self.clone();
                    child.play(m);
                    child.perft(depth - 1)
                })
                .sum(),
        }
    }
}

// ---------------------------------------------------------------------------------------------

#[test]
fn naive_and_engine_agree_on_the_start_moves() {
    for (edition, _) in EXPECTED {
        let game = start(edition);
        let naive = Naive::from_game(&game);
        let mut engine: Vec<Move> = game.legal_moves();
        engine.sort();
        let sq = |(c, r): (i32, i32)| Square::new(c as u8, r as u8);
        let mut reference: Vec<Move> =
            naive.moves(game.to_move()).into_iter().map(|(f, t)| Move::new(sq(f), sq(t))).collect();
        reference.sort();
        assert_eq!(engine, reference, "{edition}");
    }
}

#[test]
fn perft_counts_from_seeded_setups() {
    let mut found = Vec::new();
    for (edition, expected) in EXPECTED {
        let game = start(edition);
        let naive = Naive::from_game(&game);
        let engine: Vec<u64> = (1..=expected.len() as u32).map(|d| perft(&game, d)).collect();
        let reference: Vec<u64> = (1..=expected.len() as u32).map(|d| naive.perft(d)).collect();
        assert_eq!(engine, reference, "{edition}: engine vs naive generator");
        // The library's copy-based perft walks the same tree.
        let library: Vec<u64> = (1..=expected.len() as u32).map(|d| stratego_core::perft(&game, d)).collect();
        assert_eq!(library, engine, "{edition}: stratego_core::perft vs play/clone perft");
        found.push((edition, engine));
    }
    let table: String = found.iter().map(|(e, counts)| format!("    (Edition::{e:?}, {counts:?}),\n")).collect();
    for ((edition, expected), (_, counts)) in EXPECTED.iter().zip(&found) {
        assert_eq!(counts, expected, "{edition}: engine vs recorded constants; the counts now:\n{table}");
    }
}

#[test]
fn repetition_rules_do_not_change_perft() {
    for (edition, depth) in [(Edition::Isf, 5), (Edition::Barrage, 4), (Edition::Duel, 4)] {
        let game = start(edition);
        let off = game.rules().to_builder().two_square(None).chase(false).build().expect("rules");
        let (red, blue) = game.origin_setups().expect("from setups");
        let plain = Game::new(off, red, blue).expect("valid");
        assert_eq!(perft(&game, depth), perft(&plain, depth), "{edition}");
    }
}

/// Under Ultimate Lightning the walk passes rescue decisions (a move into the back row opens
/// one): the library's perft, which copies flat positions, counts the same leaves as playing
/// every move on game clones.
#[test]
fn perft_walks_rescue_decisions() {
    use common::{game, mv, pieces};
    let rules = Rules::edition(Edition::UltimateLightning);
    let pieces = pieces("Red Flag a1, Red Sergeant c2, Red Miner a9, Red Captain e2, Blue Sergeant j7, Blue Flag j10");
    let start = game(&rules, &pieces, Player::Red);
    let mut pending = start.clone();
    pending.play(mv("a9-a10")).unwrap();
    assert!(pending.board().rescue_pending());
    for g in [&start, &pending] {
        for depth in 1..=3 {
            assert_eq!(stratego_core::perft(g, depth), perft(g, depth), "depth {depth}");
        }
    }
    // The decisions: every lost rank onto every free square of the setup zone, and the decline.
    let free_zone = 40 - 3; // a1, c2 and e2 are taken
    let lost_ranks = Rank::ALL.iter().filter(|&&r| pending.captured_count(Player::Red, r) > 0).count();
    assert_eq!(stratego_core::perft(&pending, 1), (lost_ranks * free_zone + 1) as u64);
}
