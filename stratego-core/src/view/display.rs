//! Text pictures of the board, for terminals and logs.
//!
//! Each square takes five characters: the owner (`r`/`b`), the rank label in the rules'
//! numbering and `*` once a battle revealed the piece; `.` is empty, `~` a lake, and in a
//! player's view `b?` an enemy piece whose rank that player does not know. Row 1 is at the
//! bottom, as Red sees the board.

use core::fmt;

use crate::{Game, Piece, Player, PlayerView, Rules, Square, SquareView};

fn piece_text(owner: Player, label: &str, revealed: bool) -> String {
    let o = if owner == Player::Red { 'r' } else { 'b' };
    let mark = if revealed { "*" } else { "" };
    format!(" {:<4}", format!("{o}{label}{mark}"))
}

fn draw(f: &mut fmt::Formatter<'_>, rules: &Rules, cell: impl Fn(Square) -> String) -> fmt::Result {
    for row in (0..rules.height()).rev() {
        write!(f, "{:>2} ", row + 1)?;
        for col in 0..rules.width() {
            f.write_str(&cell(Square::new(col, row)))?;
        }
        writeln!(f)?;
    }
    f.write_str("   ")?;
    for col in 0..rules.width() {
        write!(f, "  {}  ", (b'a' + col) as char)?;
    }
    writeln!(f)
}

fn own_text(rules: &Rules, p: Piece) -> String {
    piece_text(p.owner, rules.numbering().label(p.rank), p.revealed)
}

impl fmt::Display for Game {
    /// The full-information board.
    ///
    /// ```
    /// use stratego_core::{Edition, Game, Rules};
    /// let rules = Rules::edition(Edition::Barrage);
    /// let letters = format!("{}{}{}", "M".to_string() + &"A".repeat(39), "AA__AA__AA".repeat(2), "A".repeat(39) + "Y");
    /// let game = Game::from_position(rules, &format!("{letters} r 0"))?;
    /// let text = game.to_string();
    /// assert!(text.starts_with("10   .    .    .    .    .    .    .    .    .   bF  \n"));
    /// assert!(text.contains(" 1  rF  "));
    /// # Ok::<(), stratego_core::ParseError>(())
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rules = self.rules();
        draw(f, rules, |sq| match self.piece_at(sq) {
            Some(p) => own_text(rules, p),
            None if rules.is_lake(sq) => "  ~  ".into(),
            None => "  .  ".into(),
        })
    }
}

impl fmt::Display for PlayerView {
    /// The board as this player knows it: unknown enemy ranks show as `?`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rules = self.rules();
        let opponent = self.player().opponent();
        draw(f, rules, |sq| match self.square(sq) {
            SquareView::Empty => "  .  ".into(),
            SquareView::Lake => "  ~  ".into(),
            SquareView::Own(p) => own_text(rules, p),
            SquareView::Enemy(e) => {
                let label = e.rank.map_or("?", |r| rules.numbering().label(r));
                piece_text(opponent, label, e.revealed)
            }
        })
    }
}
