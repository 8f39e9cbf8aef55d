//! Helpers shared by the rule tests: position strings from piece lists, move and square
//! shorthands, seeded random games, and a deliberately naive reference move generator.
#![allow(dead_code)]

use std::collections::BTreeSet;

use stratego_core::{Edition, Game, Move, Player, Rank, Rules, Setup, Square};

/// `"e4"` as a [`Square`] (panics on bad test input).
pub fn sq(s: &str) -> Square {
    s.parse().unwrap_or_else(|e| panic!("bad square {s:?} in a test: {e}"))
}

/// `"e4-e5"` as a [`Move`] (panics on bad test input).
pub fn mv(s: &str) -> Move {
    s.parse().unwrap_or_else(|e| panic!("bad move {s:?} in a test: {e}"))
}

/// The Gravon letter of a piece: Red `B`..`M`, Blue `N`..`Y` (bomb, spy, scout, ..., marshal, flag).
pub fn letter(player: Player, rank: Rank) -> char {
    let base = if player == Player::Red { b'B' } else { b'N' };
    (base + rank.gravon_offset()) as char
}

/// Red's letter for `rank`.
pub fn red(rank: Rank) -> char {
    letter(Player::Red, rank)
}

/// Blue's letter for `rank`.
pub fn blue(rank: Rank) -> char {
    letter(Player::Blue, rank)
}

/// Pieces written as one line, `"Red Sergeant e4, Blue revealed Major e5"`: the side, `revealed`
/// for a piece whose rank both players know, the rank's name and the square of each, as
/// [`position`] takes them (panics on bad test input).
pub fn pieces(spec: &str) -> Vec<(&str, char)> {
    spec.split(", ")
        .map(|item| {
            let (side, revealed, rank, square) = match item.split(' ').collect::<Vec<_>>()[..] {
                [side, rank, square] => (side, false, rank, square),
                [side, "revealed", rank, square] => (side, true, rank, square),
                _ => panic!("bad piece {item:?} in a test: expected `Red Sergeant e4` or `Red revealed Sergeant e4`"),
            };
            let player = match side {
                "Red" => Player::Red,
                "Blue" => Player::Blue,
                _ => panic!("bad side {side:?} in a test"),
            };
            let rank: Rank = rank.parse().unwrap_or_else(|e| panic!("bad rank {rank:?} in a test: {e}"));
            let letter = letter(player, rank);
            (square, if revealed { letter.to_ascii_lowercase() } else { letter })
        })
        .collect()
}

/// Placements written as `"Flag a1, Marshal j4"`.
pub fn placement(spec: &str) -> Vec<(Square, Rank)> {
    spec.split(", ")
        .map(|item| {
            let (rank, square) = item.split_once(' ').unwrap_or_else(|| panic!("bad placement {item:?} in a test"));
            (sq(square), rank.parse().unwrap_or_else(|e| panic!("bad rank {rank:?} in a test: {e}")))
        })
        .collect()
}

/// The letters of a board (lakes `_`, everything else `A`) with `pieces` written on it, then the
/// side to move and ply 0: the text [`Game::from_position`] reads.
pub fn position(rules: &Rules, pieces: &[(&str, char)], side: Player) -> String {
    let w = rules.width();
    let mut letters: Vec<u8> = rules.squares().map(|s| if rules.is_lake(s) { b'_' } else { b'A' }).collect();
    for &(s, ch) in pieces {
        let square = sq(s);
        assert!(rules.contains(square), "{s} is off the board");
        let i = square.index(w);
        assert_eq!(letters[i], b'A', "{s} is a lake or already holds a piece");
        letters[i] = ch as u8;
    }
    format!("{} {} 0", String::from_utf8(letters).unwrap(), side.letter())
}

/// A game loaded from `pieces` (see [`position`]).
pub fn game(rules: &Rules, pieces: &[(&str, char)], side: Player) -> Game {
    let text = position(rules, pieces, side);
    Game::from_position(rules.clone(), &text).unwrap_or_else(|e| panic!("position {text:?}: {e}"))
}

/// A game of `edition` loaded from `pieces`, Red to move.
pub fn game_of(edition: Edition, pieces: &[(&str, char)]) -> Game {
    game(&Rules::edition(edition), pieces, Player::Red)
}

/// Play each move (checked), panicking with the move and reason on an illegal one.
pub fn play_all(game: &mut Game, moves: &[&str]) {
    for m in moves {
        if let Err(e) = game.play(mv(m)) {
            panic!("{m} should be legal at ply {}: {e}", game.ply());
        }
    }
}

/// A game from Red's random setup drawn with `red_seed` and Blue's with `blue_seed`.
pub fn seeded_game(rules: &Rules, red_seed: u64, blue_seed: u64) -> Game {
    let red = Setup::random(rules, Player::Red, red_seed);
    let blue = Setup::random(rules, Player::Blue, blue_seed);
    Game::new(rules.clone(), red, blue).expect("random setups are valid")
}

/// A game from two random setups.
pub fn new_game(rules: &Rules, seed: u64) -> Game {
    seeded_game(rules, seed, seed.wrapping_add(0x9E37_79B9))
}

/// [`new_game`] and the move picker seeded alike: a random game's two sources of chance.
pub fn new_game_and_rng(rules: &Rules, seed: u64) -> (Game, Rng) {
    (new_game(rules, seed), Rng::new(seed))
}

/// [`new_game`] after up to `plies` random moves picked by `Rng::new(seed)`.
pub fn played_game(rules: &Rules, seed: u64, plies: usize) -> Game {
    let (mut game, mut rng) = new_game_and_rng(rules, seed);
    random_playout(&mut game, &mut rng, plies);
    game
}

/// A small xorshift generator for picking moves in random games.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x2545_F491_4F6C_DD1D) | 1)
    }
    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Play up to `plies` random legal moves (fewer if the game ends).
pub fn random_playout(game: &mut Game, rng: &mut Rng, plies: usize) {
    for _ in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        game.play(moves[rng.below(moves.len())]).expect("a generated move plays");
    }
}

/// How many pieces of `rank` `player` has on the board.
pub fn on_board(game: &Game, player: Player, rank: Rank) -> usize {
    game.rules().squares().filter_map(|s| game.piece_at(s)).filter(|p| p.owner == player && p.rank == rank).count()
}

/// Every square of the rules' board.
pub fn squares(rules: &Rules) -> Vec<Square> {
    rules.squares().collect()
}

/// Every pair of squares of the board (including `from == to`): all conceivable moves.
pub fn all_pairs(rules: &Rules) -> Vec<Move> {
    let s = squares(rules);
    s.iter().flat_map(|&a| s.iter().map(move |&b| Move::new(a, b))).collect()
}

/// The squares from `from` (excluded) in direction `(dc, dr)`, at most `max` of them, up to the
/// edge of the board or the first lake: the mailbox walk both naive generators share.
fn ray(rules: &Rules, from: Square, (dc, dr): (i32, i32), max: i32) -> Vec<Square> {
    let (w, h) = (rules.width() as i32, rules.height() as i32);
    let (mut c, mut r) = (from.col() as i32, from.row() as i32);
    let mut out = Vec::new();
    for _ in 0..max {
        c += dc;
        r += dr;
        if c < 0 || r < 0 || c >= w || r >= h || rules.is_lake(Square::new(c as u8, r as u8)) {
            break;
        }
        out.push(Square::new(c as u8, r as u8));
    }
    out
}

/// A deliberately naive legal-move generator, written from DESIGN.md for the standard editions
/// WITHOUT repetition rules (Classic, or Barrage/Duel with the repetition rules switched off):
/// a mailbox walk, one direction at a time. Bombs and Flags never move; every other piece steps
/// one square orthogonally onto an empty square or an enemy piece, never into a lake; a Scout
/// slides over any number of empty squares in a line and may strike the first enemy piece it
/// meets. No moves once the game is over.
pub fn naive_legal_moves(game: &Game) -> BTreeSet<Move> {
    let mut out = BTreeSet::new();
    if game.outcome().is_some() {
        return out;
    }
    let rules = game.rules();
    let (w, h) = (rules.width() as i32, rules.height() as i32);
    let me = game.to_move();
    for from in rules.squares() {
        let Some(piece) = game.piece_at(from) else {
            continue;
        };
        if piece.owner != me || piece.rank == Rank::Bomb || piece.rank == Rank::Flag {
            continue;
        }
        let max_steps = if piece.rank == Rank::Scout { w.max(h) } else { 1 };
        for (dc, dr) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
            for to in ray(rules, from, (dc, dr), max_steps) {
                match game.piece_at(to) {
                    None => {
                        out.insert(Move::new(from, to));
                    }
                    Some(p) if p.owner != me => {
                        out.insert(Move::new(from, to));
                        break;
                    }
                    Some(_) => break,
                }
            }
        }
    }
    out
}

/// A rank's fighting strength in the modern numbering (Spy 1 .. Marshal 10; 0 for the Flag
/// and the Bomb), written independently of the engine's.
pub fn strength(r: Rank) -> u8 {
    use Rank::*;
    match r {
        Spy => 1,
        Scout => 2,
        Miner => 3,
        Sergeant => 4,
        Lieutenant => 5,
        Captain => 6,
        Major => 7,
        Colonel => 8,
        General => 9,
        Marshal => 10,
        Flag | Bomb => 0,
    }
}

/// The standard battle table of DESIGN.md §3, written independently of the engine's.
pub fn standard_battle(attacker: Rank, defender: Rank) -> stratego_core::Battle {
    use stratego_core::Battle::*;
    use Rank::*;
    match (attacker, defender) {
        (_, Flag) => AttackerWins,
        (Miner, Bomb) => AttackerWins,
        (_, Bomb) => DefenderWins,
        (Spy, Marshal) => AttackerWins,
        (a, d) if a == d => BothDie,
        (a, d) if strength(a) > strength(d) => AttackerWins,
        _ => DefenderWins,
    }
}

/// The multiset of pieces per player and rank: on board + captured.
pub fn conserved(game: &Game, player: Player) -> [usize; Rank::COUNT] {
    let mut n = [0; Rank::COUNT];
    for r in Rank::ALL {
        n[r.index()] = on_board(game, player, r) + game.captured_count(player, r) as usize;
    }
    n
}

/// The pieces `player` lost between `before` and `after` (positions loaded from strings count
/// every missing piece as captured, so tests compare against the start).
pub fn lost(before: &Game, after: &Game, player: Player) -> Vec<Rank> {
    let mut out = Vec::new();
    for r in Rank::ALL {
        let n = after.captured_count(player, r) - before.captured_count(player, r);
        out.extend(std::iter::repeat_n(r, n as usize));
    }
    out
}

/// Where each piece on the board started, followed move by move from the public history (for
/// the no-return rule, which the naive generators check themselves).
#[derive(Clone, Debug, Default)]
pub struct Starts(pub std::collections::BTreeMap<Square, Square>);

impl Starts {
    /// Every piece of `game` counts as standing on its start square.
    pub fn of(game: &Game) -> Starts {
        Starts(game.rules().squares().filter(|&s| game.piece_at(s).is_some()).map(|s| (s, s)).collect())
    }

    /// Follow one played move.
    pub fn follow(&mut self, report: &stratego_core::MoveReport) {
        use stratego_core::Battle::*;
        let (from, to) = (report.mv.from, report.mv.to);
        let start = self.0.remove(&from).expect("a piece moved from its square");
        match report.battle.map(|b| b.result) {
            None | Some(AttackerWins) => {
                self.0.insert(to, start);
            }
            Some(DefenderWins) => {}
            Some(BothDie) => {
                self.0.remove(&to);
            }
        }
    }
}

/// A second naive generator that reads the movement table of the rules (any board, any reach,
/// `slide_attacks`, `no_return`) but none of the engine's move code: repetition rules excluded.
pub fn naive_moves_by_table(game: &Game, starts: &Starts) -> BTreeSet<Move> {
    use stratego_core::Reach;
    let mut out = BTreeSet::new();
    if game.outcome().is_some() {
        return out;
    }
    let rules = game.rules();
    let (w, h) = (rules.width() as i32, rules.height() as i32);
    let me = game.to_move();
    for from in rules.squares() {
        let Some(piece) = game.piece_at(from) else {
            continue;
        };
        if piece.owner != me {
            continue;
        }
        let m = rules.movement(piece.rank);
        let orth = [(0, 1), (0, -1), (1, 0), (-1, 0)].map(|d| (d, m.orthogonal));
        let diag = [(1, 1), (1, -1), (-1, 1), (-1, -1)].map(|d| (d, m.diagonal));
        for ((dc, dr), reach) in orth.into_iter().chain(diag) {
            let max = match reach {
                Reach::None => 0,
                Reach::Step => 1,
                Reach::TwoSteps => 1,
                Reach::Slide => w.max(h),
            };
            if reach == Reach::TwoSteps {
                // Through an empty first square, one more step of the same kind, any way.
                let (c, r) = (from.col() as i32 + dc, from.row() as i32 + dr);
                let on = |c: i32, r: i32| c >= 0 && r >= 0 && c < w && r < h;
                if on(c, r)
                    && !rules.is_lake(Square::new(c as u8, r as u8))
                    && game.piece_at(Square::new(c as u8, r as u8)).is_none()
                {
                    let dirs: Vec<(i32, i32)> = if dc == 0 || dr == 0 {
                        vec![(0, 1), (0, -1), (1, 0), (-1, 0)]
                    } else {
                        vec![(1, 1), (1, -1), (-1, 1), (-1, -1)]
                    };
                    for (ec, er) in dirs {
                        let (c2, r2) = (c + ec, r + er);
                        if !on(c2, r2) || (c2, r2) == (from.col() as i32, from.row() as i32) {
                            continue;
                        }
                        let to = Square::new(c2 as u8, r2 as u8);
                        if rules.is_lake(to) || game.piece_at(to).is_some_and(|p| p.owner == me) {
                            continue;
                        }
                        out.insert(Move::new(from, to));
                    }
                }
            }
            for (k, to) in (1..).zip(ray(rules, from, (dc, dr), max)) {
                match game.piece_at(to) {
                    None => {
                        out.insert(Move::new(from, to));
                    }
                    Some(p) if p.owner != me => {
                        if k == 1 || rules.slide_attacks() {
                            out.insert(Move::new(from, to));
                        }
                        break;
                    }
                    Some(_) => break,
                }
            }
        }
    }
    if rules.no_return() {
        out.retain(|m| starts.0.get(&m.from).is_none_or(|&s| s == m.from || s != m.to));
    }
    out
}

/// The moves the two-squares rule bars for the side to move, worked out naively from the public
/// history with the border reading of DESIGN.md: take the side's own moves (the opponent's do
/// not count) back to the last one that was not by the same piece along the same line; every
/// move of that run adds one to each border it crosses and clears the others; a candidate move
/// of the running piece along the line is barred if it would cross a border crossed `limit`
/// times in a row.
pub fn naive_two_square_barred(game: &Game, limit: u8) -> BTreeSet<Move> {
    use stratego_core::Battle;
    let me = game.to_move();
    let own: Vec<&stratego_core::MoveReport> = game.history().iter().filter(|r| r.player == me).collect();
    let Some(last) = own.last() else {
        return BTreeSet::new();
    };
    if matches!(last.battle.map(|b| b.result), Some(Battle::DefenderWins | Battle::BothDie)) {
        return BTreeSet::new();
    }
    // Line of a move: 0 along a row, 1 along a column, 2 diagonal, 3 anti-diagonal; position
    // along the line: the column, or the row for column moves.
    let line = |m: Move| -> (u8, i32, i32) {
        let (fc, fr, tc, tr) = (m.from.col() as i32, m.from.row() as i32, m.to.col() as i32, m.to.row() as i32);
        if fr == tr {
            (0, fc, tc)
        } else if fc == tc {
            (1, fr, tr)
        } else if (tc > fc) == (tr > fr) {
            (2, fc, tc)
        } else {
            (3, fc, tc)
        }
    };
    let axis = line(last.mv).0;
    let mut run = vec![last.mv];
    for pair in own.windows(2).rev() {
        let (prev, next) = (pair[0], pair[1]);
        if prev.mv.to != next.mv.from || line(prev.mv).0 != axis {
            break;
        }
        run.push(prev.mv);
    }
    run.reverse();
    let mut counts = [0u32; 17];
    for m in &run {
        let (_, a, b) = line(*m);
        let (lo, hi) = (a.min(b), a.max(b));
        for (k, c) in counts.iter_mut().enumerate() {
            let k = k as i32;
            *c = if lo <= k && k < hi { *c + 1 } else { 0 };
        }
    }
    let at = last.mv.to;
    let mut out = BTreeSet::new();
    for to in game.rules().squares() {
        let m = Move::new(at, to);
        if to == at || line(m).0 != axis {
            continue;
        }
        // Same line as the run (a move from the same square along the same axis stays on it),
        // and only if the square is truly on the line for diagonals.
        let (dc, dr) = (to.col() as i32 - at.col() as i32, to.row() as i32 - at.row() as i32);
        if axis >= 2 && dc.abs() != dr.abs() {
            continue;
        }
        let (_, a, b) = line(m);
        let (lo, hi) = (a.min(b), a.max(b));
        if (lo..hi).any(|k| counts[k as usize] >= limit as u32) {
            out.insert(m);
        }
    }
    out
}
