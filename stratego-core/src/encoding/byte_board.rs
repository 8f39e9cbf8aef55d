//! The byte board: one code per square, the smallest observation.

use super::sight::Sight;
use super::{check_len, to_frame, EncodingError};
use crate::rules::bitboard::bits;
use crate::state::{BLUE, RANK_BITS, REVEALED};
use crate::Player;

/// The byte-board codes of [`Perspective::board_codes_into`](crate::Perspective::board_codes_into) (see the module docs' table).
///
/// ```
/// use stratego_core::{board_code, Rank};
/// let code = (board_code::OWN + Rank::Scout.index() as u8) | board_code::MOVED;
/// assert_eq!(code & board_code::KIND, 4);
/// ```
pub mod board_code {
    use crate::{EnemyPiece, Piece, Player, Rank, SquareView};

    /// Mask of the kind bits (0–4).
    pub const KIND: u8 = 0x1F;
    /// An empty square.
    pub const EMPTY: u8 = 0;
    /// A lake.
    pub const LAKE: u8 = 1;
    /// First own-piece kind: `OWN + rank.index()`.
    pub const OWN: u8 = 2;
    /// First known-enemy kind: `ENEMY + rank.index()`.
    pub const ENEMY: u8 = 14;
    /// An enemy piece of unknown rank.
    pub const ENEMY_HIDDEN: u8 = 26;
    /// Flag bit: the piece has moved.
    pub const MOVED: u8 = 0x20;
    /// Flag bit: the piece was seen moving more than one square.
    pub const SLID: u8 = 0x40;
    /// Flag bit: a battle revealed the piece's rank.
    pub const REVEALED: u8 = 0x80;

    /// Read a code back into what the viewer knows of the square (`viewer` owns the `OWN`
    /// kinds). `None` for a byte no encoder writes. An own piece's `SLID` bit has no place in a
    /// [`Piece`] and is dropped.
    ///
    /// ```
    /// use stratego_core::{board_code, Player, SquareView};
    /// assert_eq!(board_code::decode(board_code::LAKE, Player::Red), Some(SquareView::Lake));
    /// match board_code::decode(board_code::ENEMY_HIDDEN | board_code::MOVED, Player::Red) {
    ///     Some(SquareView::Enemy(e)) => assert!(e.rank.is_none() && e.moved),
    ///     other => panic!("{other:?}"),
    /// }
    /// assert_eq!(board_code::decode(27, Player::Red), None);
    /// ```
    pub const fn decode(code: u8, viewer: Player) -> Option<SquareView> {
        let kind = code & KIND;
        let (moved, slid, revealed) = (code & MOVED != 0, code & SLID != 0, code & REVEALED != 0);
        let flags = code & !KIND != 0;
        Some(match kind {
            EMPTY if !flags => SquareView::Empty,
            LAKE if !flags => SquareView::Lake,
            OWN..ENEMY => {
                SquareView::Own(Piece { owner: viewer, rank: Rank::ALL[(kind - OWN) as usize], revealed, moved })
            }
            ENEMY..ENEMY_HIDDEN => {
                SquareView::Enemy(EnemyPiece { rank: Some(Rank::ALL[(kind - ENEMY) as usize]), revealed, moved, slid })
            }
            ENEMY_HIDDEN if !revealed => SquareView::Enemy(EnemyPiece { rank: None, revealed, moved, slid }),
            _ => return None,
        })
    }
}

/// The code of cell byte `c` for the viewer whose colour bit is `viewer_bit` (`BLUE` for Blue,
/// 0 for Red). `sees_rank`: the viewer knows the rank of this enemy piece though no battle
/// revealed it (limited sight); otherwise an unrevealed enemy piece gets
/// [`board_code::ENEMY_HIDDEN`] whatever its rank nibble holds. Branch-free, so that the loop
/// over a board compiles to vector code.
#[inline(always)]
fn code(c: u8, viewer_bit: u8, sees_rank: bool) -> u8 {
    let nibble = c & RANK_BITS;
    let own = (c ^ viewer_bit) & BLUE == 0;
    let known = sees_rank || c & REVEALED != 0;
    let kind = if own {
        board_code::OWN - 1 + nibble
    } else if known {
        board_code::ENEMY - 1 + nibble
    } else {
        board_code::ENEMY_HIDDEN
    };
    // Cell flags REVEALED 0x20, MOVED 0x40, SLID 0x80 -> codes MOVED 0x20, SLID 0x40, REVEALED 0x80.
    let flags = ((c >> 1) & (board_code::MOVED | board_code::SLID)) | ((c << 2) & board_code::REVEALED);
    if c == 0 {
        board_code::EMPTY
    } else {
        kind | flags
    }
}

impl Sight<'_> {
    /// The byte board, one code per square in the viewer's frame.
    pub(crate) fn board_codes_into(&self, out: &mut [u8]) -> Result<(), EncodingError> {
        let rules = self.rules;
        let s = rules.num_squares();
        check_len("board codes", s, out.len())?;
        let (viewer, state) = (self.viewer, self.state);
        let cells = &state.cells[..s];
        if viewer == Player::Blue {
            for (x, &c) in out.iter_mut().rev().zip(cells) {
                *x = code(c, BLUE, false);
            }
        } else {
            for (x, &c) in out.iter_mut().zip(cells) {
                *x = code(c, 0, false);
            }
        }
        let viewer_bit = if viewer == Player::Blue { BLUE } else { 0 };
        for i in bits(self.spotted) {
            if let Some(x) = out.get_mut(to_frame(viewer, s, i)) {
                *x = code(state.cells[i], viewer_bit, true);
            }
        }
        // Lakes hold no piece, so the loop above wrote `EMPTY` there.
        for i in bits(rules.derived().lakes) {
            if let Some(x) = out.get_mut(to_frame(viewer, s, i)) {
                *x = board_code::LAKE;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::{MOVED, SLID};
    use crate::{Rank, SquareView};

    /// Every cell byte a state can hold decodes to what it means for either viewer.
    #[test]
    fn codes_decode_to_the_cell() {
        for viewer in Player::ALL {
            let viewer_bit = if viewer == Player::Blue { BLUE } else { 0 };
            for owner in [0, BLUE] {
                for flags in 0..8u8 {
                    for nibble in 1..=Rank::COUNT as u8 {
                        let c = nibble | owner | flags << 5;
                        let rank = Rank::ALL[nibble as usize - 1];
                        for sees in [false, true] {
                            let decoded = board_code::decode(code(c, viewer_bit, sees), viewer).expect("valid code");
                            let (moved, revealed) = (c & MOVED != 0, c & REVEALED != 0);
                            match decoded {
                                SquareView::Own(p) => {
                                    assert_eq!(owner, viewer_bit);
                                    assert_eq!((p.rank, p.moved, p.revealed), (rank, moved, revealed));
                                }
                                SquareView::Enemy(e) => {
                                    assert_ne!(owner, viewer_bit);
                                    let expected = (sees || revealed).then_some(rank);
                                    assert_eq!(
                                        (e.rank, e.moved, e.revealed, e.slid),
                                        (expected, moved, revealed, c & SLID != 0)
                                    );
                                }
                                other => panic!("{c:#x}: {other:?}"),
                            }
                        }
                    }
                }
            }
            assert_eq!(code(0, viewer_bit, false), board_code::EMPTY);
        }
    }
}
