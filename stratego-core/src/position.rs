//! The read-only position API that a board, a game and a player's view share, so that code
//! written once (an encoder, a C or Python wrapper) serves all three.

use crate::{
    BattleReport, Board, EncodingError, Game, IllegalMove, MaskValue, Move, Outcome, Piece, Player, PlayerView, Rank,
    Rules, Square,
};

/// What a position shows its reader: the rules, the side to move and the ply, the pieces, the
/// captured ranks, the legal moves and their action ids. A [`Board`] and a [`Game`] show
/// everything; a [`PlayerView`] shows what its player may know (its `piece_at` finds only the
/// player's own pieces). Moves and action ids are those of the side to move.
///
/// ```
/// use stratego_core::{Edition, Game, Player, Position, Rules};
/// fn moves_and_ids(p: &impl Position) -> (usize, usize) {
///     (p.legal_move_count(), p.legal_actions().len())
/// }
/// let game = Game::random(Rules::edition(Edition::Isf), 1);
/// assert_eq!(moves_and_ids(&game), moves_and_ids(&game.view(Player::Red)));
/// ```
pub trait Position {
    /// The rules.
    fn rules(&self) -> &Rules;
    /// Whose turn it is.
    fn to_move(&self) -> Player;
    /// Plies played (from the start position's ply). A rescue decision ends the turn of the
    /// move before it and adds no ply, though the history holds it.
    fn ply(&self) -> u32;
    /// How the game ended, or `None` while it goes on.
    fn outcome(&self) -> Option<Outcome>;
    /// Whether the game has ended.
    fn is_over(&self) -> bool;
    /// The piece on `sq` as this reader knows it (a view: only the viewer's own).
    fn piece_at(&self, sq: Square) -> Option<Piece>;
    /// The ranks `player` has lost, weakest first.
    fn captured(&self, player: Player) -> Vec<Rank>;
    /// How many pieces of `rank` `player` has lost.
    fn captured_count(&self, player: Player, rank: Rank) -> u8;
    /// The legal moves of the side to move.
    fn legal_moves(&self) -> Vec<Move>;
    /// The legal moves into `out` (cleared first).
    fn legal_moves_into(&self, out: &mut Vec<Move>);
    /// How many legal moves the side to move has.
    fn legal_move_count(&self) -> usize;
    /// Whether `mv` is legal now.
    fn is_legal(&self, mv: Move) -> bool;
    /// `Ok` when `mv` is legal now, else why not.
    fn check(&self, mv: Move) -> Result<(), IllegalMove>;
    /// What the battle of `mv` would be, when `mv` attacks a piece whose rank this reader knows.
    fn battle_of(&self, mv: Move) -> Option<BattleReport>;
    /// Whether the side to move has a rescue decision to make.
    fn rescue_pending(&self) -> bool;
    /// How many rescues `player` may still make.
    fn rescues_left(&self, player: Player) -> u8;
    /// Whether the piece on `sq` has rescued (and so may not again).
    fn has_rescued(&self, sq: Square) -> bool;
    /// The legal action ids, sorted ascending.
    fn legal_actions(&self) -> Vec<usize>;
    /// The legal action ids into `out` (cleared first), sorted ascending.
    fn legal_actions_into(&self, out: &mut Vec<usize>);
    /// The legal action ids into `out`, sorted ascending; returns how many (at most `out.len()`).
    fn legal_actions_into_slice(&self, out: &mut [u32]) -> usize;
    /// The legal-action mask into `out` (one entry per action id); returns the number of legal actions.
    fn legal_action_mask_into<T: MaskValue>(&self, out: &mut [T]) -> Result<usize, EncodingError>;
    /// The legal-action mask as bits (action id `i` is bit `i % 64` of word `i / 64`).
    fn legal_action_bits_into(&self, out: &mut [u64]) -> Result<usize, EncodingError>;
}

/// Implements [`Position`] for `$t` by the inherent methods of what `$inner` gives (a game's
/// board): a method call finds the inherent method before the trait's, so nothing recurses.
macro_rules! position_by {
    ($t:ty, $s:ident => $inner:expr) => {
        impl Position for $t {
            fn rules(&$s) -> &Rules { $inner.rules() }
            fn to_move(&$s) -> Player { $inner.to_move() }
            fn ply(&$s) -> u32 { $inner.ply() }
            fn outcome(&$s) -> Option<Outcome> { $inner.outcome() }
            fn is_over(&$s) -> bool { $inner.is_over() }
            fn piece_at(&$s, sq: Square) -> Option<Piece> { $inner.piece_at(sq) }
            fn captured(&$s, player: Player) -> Vec<Rank> { $inner.captured(player) }
            fn captured_count(&$s, player: Player, rank: Rank) -> u8 { $inner.captured_count(player, rank) }
            fn legal_moves(&$s) -> Vec<Move> { $inner.legal_moves() }
            fn legal_moves_into(&$s, out: &mut Vec<Move>) { $inner.legal_moves_into(out) }
            fn legal_move_count(&$s) -> usize { $inner.legal_move_count() }
            fn is_legal(&$s, mv: Move) -> bool { $inner.is_legal(mv) }
            fn check(&$s, mv: Move) -> Result<(), IllegalMove> { $inner.check(mv) }
            fn battle_of(&$s, mv: Move) -> Option<BattleReport> { $inner.battle_of(mv) }
            fn rescue_pending(&$s) -> bool { $inner.rescue_pending() }
            fn rescues_left(&$s, player: Player) -> u8 { $inner.rescues_left(player) }
            fn has_rescued(&$s, sq: Square) -> bool { $inner.has_rescued(sq) }
            fn legal_actions(&$s) -> Vec<usize> { $inner.legal_actions() }
            fn legal_actions_into(&$s, out: &mut Vec<usize>) { $inner.legal_actions_into(out) }
            fn legal_actions_into_slice(&$s, out: &mut [u32]) -> usize { $inner.legal_actions_into_slice(out) }
            fn legal_action_mask_into<T: MaskValue>(&$s, out: &mut [T]) -> Result<usize, EncodingError> {
                $inner.legal_action_mask_into(out)
            }
            fn legal_action_bits_into(&$s, out: &mut [u64]) -> Result<usize, EncodingError> {
                $inner.legal_action_bits_into(out)
            }
        }
    };
}

position_by!(Board, self => self);
position_by!(Game, self => self.board());
position_by!(PlayerView, self => self);
