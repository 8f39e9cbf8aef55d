//! What one player may know: own pieces, enemy pieces with only their public facts.

mod display;
mod notation;

use crate::game::public::PublicHistory;
use crate::rules::bitboard::{bit, bits, has, Bitboard};
use crate::rules::rng::SplitMix64;
use crate::state::{cell_owner, cell_rank, Moves, State, MOVED, RANK_BITS, REVEALED, SLID};
use crate::PublicMove;
use crate::{BattleReport, Board, Game, IllegalMove, IllegalReason, Move, Outcome, Piece, Player, Rank, Rules, Square};

/// An enemy piece as the viewer knows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct EnemyPiece {
    /// Its rank, when a battle revealed it or (with limited sight) it stands in sight now.
    pub rank: Option<Rank>,
    /// Whether a battle revealed it (for good).
    pub revealed: bool,
    /// Whether it has moved (so it is no Bomb or Flag).
    pub moved: bool,
    /// Whether it was seen moving more than one square (so its rank is one that slides).
    pub slid: bool,
}

/// A prior over the rank of a hidden enemy piece, for [`PlayerView::sample_board_with`]:
/// given the square it stands on and what the viewer knows of it, a relative weight for each
/// rank (indexed by [`Rank::index`]).
pub type RankPrior<'a> = dyn Fn(Square, EnemyPiece) -> [u32; Rank::COUNT] + 'a;

/// A square as the viewer knows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum SquareView {
    /// Nothing there.
    Empty,
    /// A lake.
    Lake,
    /// One of the viewer's pieces.
    Own(Piece),
    /// An enemy piece.
    Enemy(EnemyPiece),
}

/// Everything one player may know, and nothing more: the information state behind the RL
/// encodings. Hidden enemy ranks are not stored here at all.
///
/// ```
/// use stratego_core::{Edition, Game, Player, Rules, Setup, SquareView};
/// let rules = Rules::edition(Edition::Isf);
/// let game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))?;
/// let view = game.view(Player::Red);
/// match view.square("a10".parse()?) {
///     SquareView::Enemy(e) => assert_eq!(e.rank, None),
///     other => panic!("expected a hidden enemy, got {other:?}"),
/// }
/// let world = view.sample_world(9);          // a full game consistent with the view
/// assert!(world.view(Player::Red).squares().eq(view.squares()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct PlayerView {
    rules: Rules,
    player: Player,
    /// The game state with each hidden enemy rank replaced by a placeholder (no real rank).
    state: State,
    /// Enemy pieces whose rank the viewer does not know.
    hidden: Bitboard,
    army: [[u8; Rank::COUNT]; 2],
    /// The public history, shared with the game it came from (a clone, not a copy: a view at
    /// ply 100,000 costs what one at ply 10 does, once the moves played since the game's last
    /// view have joined the shared log); `None` for a view without a history.
    history: Option<PublicHistory>,
}

/// Views are equal when they show the same player the same facts (see [`crate::Board`]'s
/// equality for what counts as the same position).
impl PartialEq for PlayerView {
    fn eq(&self, other: &PlayerView) -> bool {
        self.rules == other.rules
            && self.player == other.player
            && self.hidden == other.hidden
            && self.army == other.army
            && self.history() == other.history()
            && self.state.same(&other.state, &self.rules)
    }
}
impl Eq for PlayerView {}

/// Rank stored for hidden enemy pieces: any fixed rank works, as nothing reads it.
pub(crate) const PLACEHOLDER: Rank = Rank::Flag;

/// How many times a sampled world is drawn before one that lets both sides move is given up on.
const WORLD_DRAWS: usize = 64;

/// The squares within `radius` king moves of any square of `b`.
pub(crate) fn dilate(rules: &Rules, mut b: Bitboard, radius: u8) -> Bitboard {
    let d = rules.derived();
    let w = d.delta[0] as u32;
    for _ in 0..radius {
        let horiz = b | ((b << 1) & d.not_first_col) | ((b >> 1) & d.not_last_col);
        b = (horiz | (horiz << w) | (horiz >> w)) & d.board;
    }
    b
}

impl Board {
    /// What `player` may know here (a board has no history: the view's is empty).
    pub fn view(&self, player: Player) -> PlayerView {
        PlayerView::from_board(self, player)
    }
}

impl Game {
    /// What `player` may know now. See [`PlayerView`].
    ///
    /// The view shares the game's log of public moves rather than copying it. Moves add
    /// nothing to that log as they are played: the first view after some plays adds their
    /// public forms (one short step each), so views made every ply cost the same at any length.
    pub fn view(&self, player: Player) -> PlayerView {
        PlayerView::new(self, player)
    }
}

impl PlayerView {
    pub(crate) fn new(game: &Game, player: Player) -> PlayerView {
        let army = [game.army(Player::Red), game.army(Player::Blue)];
        PlayerView::build(game.board(), player, army, Some(game.public_history()))
    }

    pub(crate) fn from_board(board: &crate::Board, player: Player) -> PlayerView {
        let army = [board.rules().army(); 2];
        PlayerView::build(board, player, army, None)
    }

    /// The armies as `player` may know them: the own army as it is (pieces on the board plus
    /// those lost); the enemy's as the game knows it when the rules fix the army, and as the
    /// rules' maximum when each player chooses their own (the choice is hidden).
    fn known_armies(board: &crate::Board, player: Player, army: [[u8; Rank::COUNT]; 2]) -> [[u8; Rank::COUNT]; 2] {
        let mut known = army;
        known[player.index()] = composition(&board.state, player);
        if board.rules().free_army() {
            known[player.opponent().index()] = board.rules().army();
        }
        known
    }

    fn build(
        board: &crate::Board,
        player: Player,
        army: [[u8; Rank::COUNT]; 2],
        history: Option<PublicHistory>,
    ) -> PlayerView {
        let rules = board.rules().clone();
        let full = &board.state;
        let enemy = full.occ[player.opponent().index()];
        let in_sight = match rules.visibility() {
            Some(r) => dilate(&rules, full.occ[player.index()], r),
            None => 0,
        };
        // Copy the game's state and blank what the viewer may not know: the rank of every
        // enemy piece neither revealed nor in sight. Nothing else in the state depends on ranks
        // (position keys know pieces by their start squares), except the enemy's movement
        // classes, which lose the hidden pieces (the placeholder rank never moves).
        let mut state = *full;
        let mut hidden = 0;
        for i in bits(enemy & !in_sight) {
            let c = full.cells[i];
            if c & REVEALED == 0 {
                hidden |= bit(i);
                state.cells[i] = (c & !RANK_BITS) | (PLACEHOLDER as u8 + 1);
            }
        }
        for movers in &mut state.movers[player.opponent().index()] {
            *movers &= !hidden;
        }
        let army = PlayerView::known_armies(board, player, army);
        PlayerView { rules, player, state, hidden, army, history }
    }

    /// The viewer.
    pub fn player(&self) -> Player {
        self.player
    }
    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    /// Whose turn it is.
    pub fn to_move(&self) -> Player {
        self.state.to_move
    }
    /// Plies played.
    pub fn ply(&self) -> u32 {
        self.state.ply
    }
    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.state.outcome
    }
    /// Each army's composition as the viewer may know it, counts by [`Rank::index`]: the
    /// viewer's own exactly; the enemy's exactly when the rules fix the army, and with a free
    /// army ([`Rules::free_army`]) only the most of each rank the rules allow, since the
    /// enemy's choice is hidden (how many pieces it has is public: count them on the board and
    /// in [`PlayerView::captured`]).
    ///
    /// ```
    /// use stratego_core::{Edition, Game, Player, Rank, RulesBuilder, Setup};
    /// let rules = RulesBuilder::from_edition(Edition::Barrage).free_army(true).build()?;
    /// let game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))?;
    /// let view = game.view(Player::Red);
    /// assert_eq!(view.army(Player::Red), game.army(Player::Red));
    /// assert_eq!(view.army(Player::Blue), rules.army());
    /// assert_eq!(view, game.board().view(Player::Red));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn army(&self, player: Player) -> [u8; Rank::COUNT] {
        self.army[player.index()]
    }
    /// How many pieces of `rank` `player` has lost (public: every capture is a battle).
    pub fn captured_count(&self, player: Player, rank: Rank) -> u8 {
        self.state.captured[player.index()][rank.index()]
    }
    /// Whether the side to move must now decide on a rescue. See [`crate::Board::rescue_pending`].
    /// Public while it lasts, as the turn has not passed. A decline leaves no public trace
    /// (see [`crate::MoveReport::public`]): at the opponent's next turn, nothing shows whether
    /// a rescue was offered, which would tell them the piece that earned it is no Scout.
    pub fn rescue_pending(&self) -> bool {
        self.state.rescue.pending
    }
    /// Rescues `player` may still make (public).
    pub fn rescues_left(&self, player: Player) -> u8 {
        self.state.rescues_left(&self.rules, player)
    }
    /// Whether the piece on `sq` (either side's) has rescued and may not again (public).
    pub fn has_rescued(&self, sq: Square) -> bool {
        self.state.has_rescued(&self.rules, sq)
    }
    /// The moves so far, as both players saw them.
    pub fn history(&self) -> &[PublicMove] {
        self.history.as_ref().map_or(&[], |h| h.as_slice())
    }

    /// What the viewer knows of `sq` (`Empty` off the board).
    pub fn square(&self, sq: Square) -> SquareView {
        if !self.rules.contains(sq) {
            return SquareView::Empty;
        }
        self.square_at(sq.index(self.rules.width()))
    }

    pub(crate) fn square_at(&self, i: usize) -> SquareView {
        if has(self.rules.derived().lakes, i) {
            return SquareView::Lake;
        }
        let c = self.state.cells[i];
        if c == 0 {
            return SquareView::Empty;
        }
        let (moved, revealed) = (c & MOVED != 0, c & REVEALED != 0);
        if cell_owner(c) == self.player {
            SquareView::Own(Piece { owner: self.player, rank: cell_rank(c), revealed, moved })
        } else {
            SquareView::Enemy(EnemyPiece {
                rank: (!has(self.hidden, i)).then(|| cell_rank(c)),
                revealed,
                moved,
                slid: c & SLID != 0,
            })
        }
    }

    /// Every square in index order (a1, b1, ...), with what the viewer knows of it.
    pub fn squares(&self) -> impl Iterator<Item = (Square, SquareView)> + '_ {
        self.rules.squares().enumerate().map(|(i, sq)| (sq, self.square_at(i)))
    }

    /// The viewer's legal moves (empty when it is not the viewer's turn or the game is over).
    /// They depend only on what the viewer knows.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        self.legal_moves_into(&mut out);
        out
    }

    /// Write the viewer's legal moves into `out` (cleared first; empty when it is not the
    /// viewer's turn or the game is over). Reusing one buffer keeps move generation off the heap.
    ///
    /// ```
    /// use stratego_core::{Edition, Game, Player, Rules, Setup};
    /// let rules = Rules::edition(Edition::Isf);
    /// let game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))?;
    /// let mut moves = Vec::new();
    /// game.view(Player::Red).legal_moves_into(&mut moves);
    /// assert_eq!(moves, game.legal_moves());
    /// game.view(Player::Blue).legal_moves_into(&mut moves);
    /// assert!(moves.is_empty()); // not Blue's turn
    /// # Ok::<(), stratego_core::SetupError>(())
    /// ```
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.state.outcome.is_none() && self.state.to_move == self.player {
            out.reserve(self.rules.num_squares() * 2);
            let mut sink = Moves { out, coords: &self.rules.derived().coords };
            self.state.generate(&self.rules, self.player, &mut sink);
        }
    }

    /// How many legal moves the viewer has now.
    pub fn legal_move_count(&self) -> usize {
        if self.state.outcome.is_some() || self.state.to_move != self.player {
            return 0;
        }
        let mut c = crate::state::Count(0);
        self.state.generate(&self.rules, self.player, &mut c);
        c.0
    }

    /// `Ok` when the viewer may play `mv` now, else why not, decided from what the viewer
    /// knows only (the answer is the game's: legality never depends on hidden ranks). While the
    /// game goes on and it is the opponent's turn, every move is refused with
    /// [`IllegalReason::NotYourTurn`] (and [`PlayerView::legal_moves`] is empty).
    ///
    /// ```
    /// use stratego_core::{Edition, Game, IllegalReason, Player, Rules, Setup};
    /// let rules = Rules::edition(Edition::Isf);
    /// let game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))?;
    /// let mv = game.legal_moves()[0];
    /// assert!(game.view(Player::Red).is_legal(mv));
    /// assert_eq!(game.view(Player::Blue).check(mv).unwrap_err().reason, IllegalReason::NotYourTurn);
    /// assert!(!game.view(Player::Blue).is_legal(mv) && game.view(Player::Blue).legal_moves().is_empty());
    /// # Ok::<(), stratego_core::SetupError>(())
    /// ```
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        if self.state.outcome.is_none() && self.state.to_move != self.player {
            return Err(IllegalMove { mv, reason: IllegalReason::NotYourTurn });
        }
        crate::board::check_move(&self.rules, &self.state, mv)
    }

    /// Whether the viewer may play `mv` now; see [`PlayerView::check`].
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.state.outcome.is_some()
    }

    /// The pieces `player` has lost, strongest last (public: every capture is a battle).
    ///
    /// ```
    /// use stratego_core::{Edition, Game, Player, Rules, Setup};
    /// let rules = Rules::edition(Edition::Barrage);
    /// let mut game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))?;
    /// game.playout(4, 200);
    /// for p in Player::ALL {
    ///     assert_eq!(game.view(Player::Red).captured(p), game.captured(p));
    /// }
    /// # Ok::<(), stratego_core::SetupError>(())
    /// ```
    pub fn captured(&self, player: Player) -> Vec<Rank> {
        let c = &self.state.captured[player.index()];
        Rank::ALL.iter().flat_map(|&r| std::iter::repeat_n(r, c[r.index()] as usize)).collect()
    }

    /// The viewer's piece on `sq`, if any (named like [`crate::Board::piece_at`]; enemy pieces
    /// are in [`PlayerView::enemy_at`]).
    ///
    /// ```
    /// use stratego_core::{Edition, Game, Player, Rules, Setup};
    /// let rules = Rules::edition(Edition::Isf);
    /// let game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))?;
    /// let view = game.view(Player::Red);
    /// let a1 = "a1".parse()?;
    /// assert_eq!(view.piece_at(a1), game.piece_at(a1));
    /// assert_eq!(view.piece_at("a10".parse()?), None);
    /// assert_eq!(view.enemy_at("a10".parse()?).map(|e| e.rank), Some(None)); // there, rank unknown
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        match self.square(sq) {
            SquareView::Own(p) => Some(p),
            _ => None,
        }
    }

    /// The enemy piece on `sq` as the viewer knows it, if any.
    pub fn enemy_at(&self, sq: Square) -> Option<EnemyPiece> {
        match self.square(sq) {
            SquareView::Enemy(e) => Some(e),
            _ => None,
        }
    }

    /// The viewer's pieces with their squares, in square index order.
    ///
    /// ```
    /// use stratego_core::{Edition, Game, Player, Rules, Setup};
    /// let rules = Rules::edition(Edition::Isf);
    /// let game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))?;
    /// let view = game.view(Player::Red);
    /// assert!(view.pieces().eq(game.pieces_of(Player::Red)));
    /// assert_eq!(view.enemy_pieces().count(), 40);
    /// assert!(view.enemy_pieces().all(|(_, e)| e.rank.is_none()));
    /// # Ok::<(), stratego_core::SetupError>(())
    /// ```
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        let coords = &self.rules.derived().coords;
        bits(self.state.occ[self.player.index()]).filter_map(move |i| match self.square_at(i) {
            SquareView::Own(p) => Some((coords[i & 127], p)),
            _ => None,
        })
    }

    /// The enemy pieces with their squares as the viewer knows them, in square index order.
    pub fn enemy_pieces(&self) -> impl Iterator<Item = (Square, EnemyPiece)> + '_ {
        let coords = &self.rules.derived().coords;
        bits(self.state.occ[self.player.opponent().index()]).filter_map(move |i| match self.square_at(i) {
            SquareView::Enemy(e) => Some((coords[i & 127], e)),
            _ => None,
        })
    }

    /// What `mv` would do when both ranks are known to the viewer: the battle between the
    /// viewer's piece on `mv.from` and an enemy piece on `mv.to` whose rank the viewer knows
    /// (revealed, or in sight). `None` when `mv.from` holds no own piece, or `mv.to` no enemy
    /// piece of known rank. It does not check that the move is legal.
    ///
    /// ```
    /// use stratego_core::{Battle, Edition, Game, Player, Rank, Rules};
    /// let rules = Rules::edition(Edition::Estrategia); // sight: the 8 squares around a piece
    /// // A Red Miner (E) on e4, a Blue Bomb (N) on e5 next to it and one on e7 out of sight.
    /// let letters = "AAAAAAAAAM".to_string() + &"A".repeat(20) + "AAAAEAAAAA" + "AAAANAAAAA" + &"A".repeat(10) + "AAAANAAAAA" + &"A".repeat(29) + "Y";
    /// let game = Game::from_position(rules, &format!("{letters} r 0"))?;
    /// let view = game.view(Player::Red);
    /// let b = view.battle_of("e4-e5".parse()?).expect("the Bomb is in sight");
    /// assert_eq!((b.attacker, b.defender, b.result), (Rank::Miner, Rank::Bomb, Battle::AttackerWins));
    /// assert_eq!(view.battle_of("e4-e7".parse()?), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn battle_of(&self, mv: Move) -> Option<BattleReport> {
        let attacker = self.piece_at(mv.from)?.rank;
        let defender = self.enemy_at(mv.to)?.rank?;
        Some(BattleReport { attacker, defender, result: self.rules.battle(attacker, defender) })
    }

    pub(crate) fn state(&self) -> &State {
        &self.state
    }

    /// A view from its parts, for a serialized view read back (`view_record.rs` checks them).
    pub(crate) fn from_parts(
        rules: Rules,
        player: Player,
        state: State,
        hidden: Bitboard,
        army: [[u8; Rank::COUNT]; 2],
        history: &[PublicMove],
    ) -> PlayerView {
        let history =
            (!history.is_empty()).then(|| PublicHistory::from_entries((), history, &vec![(); history.len()], 0));
        PlayerView { rules, player, state, hidden, army, history }
    }

    /// Squares whose enemy rank the viewer does not know.
    pub(crate) fn hidden(&self) -> Bitboard {
        self.hidden
    }

    /// A full game consistent with this view, as a pure function of `seed`: the viewer's pieces
    /// and every known enemy rank kept, the enemy army's counts respected, a piece seen sliding
    /// given a sliding rank, a moved piece a mobile rank, the rest drawn at random. The draw is
    /// uniform within each of those groups, not a posterior over the opponent's likely setups;
    /// a draw that would leave a side without a move (which a game going on rules out) is drawn
    /// again, up to 64 times. The returned game starts at this position (its history is empty; ply, repetition and
    /// chase state carry over), and like every game it replays from its [`Game::record`], which
    /// stores that start as a full position text. With a free army the world's enemy army is
    /// the one drawn. For search, where only the position is needed, [`PlayerView::sample_board`]
    /// draws the same world without allocating a history.
    pub fn sample_world(&self, seed: u64) -> Game {
        let state = self.sampled_state(seed, None);
        // The world's enemy army is the one drawn (with a free army the view knows only the
        // rules' maximum).
        let mut army = self.army;
        let opp = self.player.opponent();
        army[opp.index()] = composition(&state, opp);
        Game::from_parts(self.rules.clone(), state, army)
    }

    /// The position of [`PlayerView::sample_world`]`(seed)`, drawn the same way, without the
    /// game around it (no history to allocate): what a search that plays on a [`crate::Board`]
    /// needs, one per sampled world.
    ///
    /// ```
    /// use stratego_core::{Edition, Game, Player, Rules, Setup};
    /// let rules = Rules::edition(Edition::Isf);
    /// let mut game = Game::new(rules.clone(), Setup::random(&rules, Player::Red, 1), Setup::random(&rules, Player::Blue, 2))?;
    /// game.playout(3, 40);
    /// let view = game.view(Player::Red);
    /// let board = view.sample_board(9);
    /// assert_eq!(&board, view.sample_world(9).board());
    /// assert_eq!(board.legal_moves().len(), game.legal_moves().len()); // legality never depends on hidden ranks
    /// # Ok::<(), stratego_core::SetupError>(())
    /// ```
    pub fn sample_board(&self, seed: u64) -> crate::Board {
        crate::Board { rules: self.rules.clone(), state: self.sampled_state(seed, None) }
    }

    /// Like [`PlayerView::sample_board`], but each hidden piece is given a rank in
    /// proportion to the count still unaccounted for times its weight in `prior(square,
    /// piece)`, `square` being where the piece stands now and `piece` what the viewer knows of
    /// it ([`EnemyPiece`]: whether it moved or slid). The prior says, for a piece that never
    /// moved, how likely the enemy put each rank on its square (a setup model), and for one
    /// that moved, what its moves tell (a piece that walked up to one of the viewer's it has
    /// seen likely beats it). It is asked once per hidden piece per draw. The view's
    /// constraints hold whatever the prior: a moved piece is never a Bomb or the Flag. Squares
    /// are drawn one after the other, so the prior weighs each draw, not the whole setup at
    /// once (an approximation of the posterior that costs no more than the uniform draw). With
    /// weights of 1 everywhere this is `sample_board`.
    ///
    /// ```
    /// use stratego_core::{Edition, Game, Player, Rank, Rules, Square};
    /// let game = Game::random(Rules::edition(Edition::Isf), 4);
    /// let view = game.view(Player::Red);
    /// assert_eq!(view.sample_board_with(5, &|_, _| [1; Rank::COUNT]), view.sample_board(5));
    /// // A prior that allows the Flag on a10 only, and nothing else there.
    /// let a10: Square = "a10".parse()?;
    /// let flag_a10 = |sq: Square, _| Rank::ALL.map(|r| ((sq == a10) == (r == Rank::Flag)) as u32);
    /// let world = view.sample_board_with(5, &flag_a10);
    /// assert_eq!(world.piece_at(a10).map(|p| p.rank), Some(Rank::Flag));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn sample_board_with(&self, seed: u64, prior: &RankPrior<'_>) -> crate::Board {
        crate::Board { rules: self.rules.clone(), state: self.sampled_state(seed, Some(prior)) }
    }

    /// The full state of a world drawn by `seed`; see [`PlayerView::sample_world`].
    ///
    /// A game goes on only while both sides can move, so a draw that leaves a side without a
    /// move (the enemy's one mobile piece placed where it is boxed in, say) contradicts what the
    /// viewer sees: it is drawn again, up to [`WORLD_DRAWS`] times. The first draw that fits is
    /// the world, so a seed's world stays a pure function of the seed. When none fits (the
    /// hidden pieces' true places can be rare among the draws), the last draw stands with the
    /// view's outcome, as every draw did before worlds were drawn again.
    fn sampled_state(&self, seed: u64, prior: Option<&RankPrior<'_>>) -> State {
        let mut rng = SplitMix64::new(seed);
        let mut state = self.draw_world(&mut rng, prior);
        for _ in 1..WORLD_DRAWS {
            if !state.stuck_while_going_on(&self.rules) {
                break;
            }
            state = self.draw_world(&mut rng, prior);
        }
        state
    }

    /// One draw of the hidden ranks (see [`PlayerView::sampled_state`]).
    fn draw_world(&self, rng: &mut SplitMix64, prior: Option<&RankPrior<'_>>) -> State {
        let opp = self.player.opponent().index();
        let mut pool: [u8; Rank::COUNT] =
            core::array::from_fn(|r| self.army[opp][r].saturating_sub(self.state.captured[opp][r]));
        for i in bits(self.state.occ[opp] & !self.hidden) {
            let r = cell_rank(self.state.cells[i]).index();
            pool[r] = pool[r].saturating_sub(1);
        }
        let slides = |r: Rank| self.rules.movement(r).goes_far();
        let mobile = |r: Rank| self.rules.movement(r).is_mobile();
        let groups: [(u8, &dyn Fn(Rank) -> bool); 3] = [(SLID, &slides), (MOVED, &mobile), (0, &|_| true)];
        let mut assigned = self.state;
        let mut taken: Bitboard = 0;
        for (flag, eligible) in groups {
            for i in bits(self.hidden & !taken) {
                if flag != 0 && self.state.cells[i] & flag == 0 {
                    continue;
                }
                taken |= bit(i);
                // Only a prior needs the piece's facts: the uniform draw skips reading them.
                let weights = match prior.map(|p| (p, self.square_at(i))) {
                    Some((prior, SquareView::Enemy(piece))) => prior(self.rules.derived().coords[i & 127], piece),
                    _ => [1; Rank::COUNT],
                };
                let rank = draw(rng, &mut pool, eligible, &weights).unwrap_or(PLACEHOLDER);
                assigned.cells[i] = (self.state.cells[i] & !RANK_BITS) | (rank as u8 + 1);
            }
        }
        let mut state = State::empty();
        for i in bits(assigned.occ[0] | assigned.occ[1]) {
            state.place(self.rules.derived(), i, assigned.cells[i]);
        }
        state.start = assigned.start;
        state.to_move = assigned.to_move;
        state.ply = assigned.ply;
        state.quiet = assigned.quiet;
        state.captured = assigned.captured;
        state.runs = assigned.runs;
        state.chase = assigned.chase;
        state.outcome = assigned.outcome;
        state.rescue = assigned.rescue;
        state
    }
}

/// `player`'s army in `state`: the pieces on the board plus those lost.
pub(crate) fn composition(state: &State, player: Player) -> [u8; Rank::COUNT] {
    let p = player.index();
    let mut n = state.captured[p];
    for i in bits(state.occ[p]) {
        let r = cell_rank(state.cells[i]).index();
        n[r] = n[r].saturating_add(1);
    }
    n
}

/// Draw one rank from `pool` among those `eligible`, each in proportion to its count times
/// its `weights` entry; `None` when none is eligible.
fn draw(
    rng: &mut SplitMix64,
    pool: &mut [u8; Rank::COUNT],
    eligible: &dyn Fn(Rank) -> bool,
    weights: &[u32; Rank::COUNT],
) -> Option<Rank> {
    let count = |r: Rank| if eligible(r) { pool[r.index()] as usize } else { 0 };
    let mut shares = Rank::ALL.map(|r| count(r) * weights[r.index()] as usize);
    // A prior that rules out every rank left is no prior: fall back to the counts alone.
    if shares.iter().all(|&s| s == 0) {
        shares = Rank::ALL.map(count);
    }
    let total: usize = shares.iter().sum();
    if total == 0 {
        return None;
    }
    let mut k = rng.below(total);
    for r in Rank::ALL {
        let n = shares[r.index()];
        if k < n {
            pool[r.index()] -= 1;
            return Some(r);
        }
        k -= n;
    }
    None
}
