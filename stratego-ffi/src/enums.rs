//! The C enumerations: `uint32_t` typedefs with named constants. Functions take these as
//! plain integers and check them, so an unknown value from C is an error, never undefined
//! behaviour. Each constant is the core member's value (`stratego_core::ClosedEnum`), so
//! [`crate::convert`] needs no table; `tests/enums.rs` checks every name and value against the
//! core. The `_NONE`/`_UNKNOWN` constants are C's own: "no value" in an output struct.

/// A player: `STRATEGO_PLAYER_RED` (moves first) or `STRATEGO_PLAYER_BLUE`;
/// `STRATEGO_PLAYER_NONE` only in outputs (no winner, no owner).
pub type stratego_player = u32;
/// Red, who moves first; home rows at the bottom (1-4 on the standard board).
pub const STRATEGO_PLAYER_RED: stratego_player = 0;
/// Blue, who moves second; home rows at the top.
pub const STRATEGO_PLAYER_BLUE: stratego_player = 1;
/// No player: a draw's winner, an ongoing game's winner, the owner of an empty square.
pub const STRATEGO_PLAYER_NONE: stratego_player = 2;
/// The number of players: the players are `0 .. STRATEGO_PLAYER_COUNT - 1`.
pub const STRATEGO_PLAYER_COUNT: u32 = 2;

/// A published rule set (see the editions table of the book, docs/src/rules.md).
pub type stratego_edition = u32;
/// Milton Bradley rules: no repetition limit; numbering 1 = Marshal.
pub const STRATEGO_EDITION_CLASSIC: stratego_edition = 0;
/// The Spanish edition: at most five moves between the same two squares.
pub const STRATEGO_EDITION_JUMBO: stratego_edition = 1;
/// ISF tournament rules: two-squares rule (3) and more-squares (chase) rule.
pub const STRATEGO_EDITION_ISF: stratego_edition = 2;
/// Eight pieces per side anywhere in four rows; ISF repetition rules.
pub const STRATEGO_EDITION_BARRAGE: stratego_edition = 3;
/// Ten pieces per side anywhere in three rows; ISF repetition rules.
pub const STRATEGO_EDITION_DUEL: stratego_edition = 4;
/// The Portuguese variant: no lakes, corner Flag, diagonal Scouts, limited sight.
pub const STRATEGO_EDITION_ESTRATEGIA: stratego_edition = 5;
/// Gravon's "ultimate lightning": 20 pieces, two-step Captains, ties won by the attacker,
/// one-time Bombs, rescues.
pub const STRATEGO_EDITION_ULTIMATE_LIGHTNING: stratego_edition = 6;
/// The number of editions: the editions are `0 .. STRATEGO_EDITION_COUNT - 1`.
pub const STRATEGO_EDITION_COUNT: u32 = 7;

/// How ranks are labelled; the rules are the same whichever is shown.
pub type stratego_numbering = u32;
/// Milton Bradley: 1 = Marshal .. 9 = Scout, `S` = Spy.
pub const STRATEGO_NUMBERING_CLASSIC: stratego_numbering = 0;
/// European / ISF: 10 = Marshal .. 2 = Scout, 1 = Spy.
pub const STRATEGO_NUMBERING_MODERN: stratego_numbering = 1;
/// The number of numberings: the numberings are `0 .. STRATEGO_NUMBERING_COUNT - 1`.
pub const STRATEGO_NUMBERING_COUNT: u32 = 2;

/// A piece's rank. Values follow strength (Spy 1 .. Marshal 10), with Flag 0 and Bomb 11.
pub type stratego_rank = u32;
/// Captured, it loses the game; never moves.
pub const STRATEGO_RANK_FLAG: stratego_rank = 0;
/// Beats the Marshal when it attacks.
pub const STRATEGO_RANK_SPY: stratego_rank = 1;
/// Slides any distance in the standard editions.
pub const STRATEGO_RANK_SCOUT: stratego_rank = 2;
/// Defuses Bombs.
pub const STRATEGO_RANK_MINER: stratego_rank = 3;
/// Rank 4 (7 in Classic numbering).
pub const STRATEGO_RANK_SERGEANT: stratego_rank = 4;
/// Rank 5 (6 in Classic numbering).
pub const STRATEGO_RANK_LIEUTENANT: stratego_rank = 5;
/// Rank 6 (5 in Classic numbering).
pub const STRATEGO_RANK_CAPTAIN: stratego_rank = 6;
/// Rank 7 (4 in Classic numbering).
pub const STRATEGO_RANK_MAJOR: stratego_rank = 7;
/// Rank 8 (3 in Classic numbering).
pub const STRATEGO_RANK_COLONEL: stratego_rank = 8;
/// Rank 9 (2 in Classic numbering).
pub const STRATEGO_RANK_GENERAL: stratego_rank = 9;
/// The strongest piece: rank 10 (1 in Classic numbering).
pub const STRATEGO_RANK_MARSHAL: stratego_rank = 10;
/// Kills any attacker but a Miner; never moves.
pub const STRATEGO_RANK_BOMB: stratego_rank = 11;
/// Only in outputs: no rank is known (a hidden enemy piece) or there is no piece.
pub const STRATEGO_RANK_UNKNOWN: stratego_rank = 255;
/// The number of ranks: the ranks are `0 .. STRATEGO_RANK_COUNT - 1`.
pub const STRATEGO_RANK_COUNT: u32 = 12;

/// Why a game ended.
pub type stratego_termination = u32;
/// Only in outputs: the game goes on.
pub const STRATEGO_TERMINATION_NONE: stratego_termination = 0;
/// The winner captured the Flag.
pub const STRATEGO_TERMINATION_FLAG_CAPTURED: stratego_termination = 1;
/// The loser has no legal move.
pub const STRATEGO_TERMINATION_NO_LEGAL_MOVE: stratego_termination = 2;
/// Neither player can move: a draw.
pub const STRATEGO_TERMINATION_BOTH_STUCK: stratego_termination = 3;
/// The cap on total plies was reached: a draw.
pub const STRATEGO_TERMINATION_PLY_CAP: stratego_termination = 4;
/// The cap on plies without a battle was reached: a draw.
pub const STRATEGO_TERMINATION_NO_BATTLE_CAP: stratego_termination = 5;
/// A player resigned.
pub const STRATEGO_TERMINATION_RESIGNATION: stratego_termination = 6;
/// The number of terminations: they are `1 .. STRATEGO_TERMINATION_COUNT`.
pub const STRATEGO_TERMINATION_COUNT: u32 = 6;

/// The result of a battle, seen from the attacker.
pub type stratego_battle = u32;
/// Only in outputs: the move was no attack.
pub const STRATEGO_BATTLE_NONE: stratego_battle = 0;
/// The defender is removed and the attacker takes its square.
pub const STRATEGO_BATTLE_ATTACKER_WINS: stratego_battle = 1;
/// The attacker is removed; the defender stays.
pub const STRATEGO_BATTLE_DEFENDER_WINS: stratego_battle = 2;
/// Both are removed.
pub const STRATEGO_BATTLE_BOTH_DIE: stratego_battle = 3;
/// The number of battle results: they are `1 .. STRATEGO_BATTLE_COUNT`.
pub const STRATEGO_BATTLE_COUNT: u32 = 3;

/// Why a move is not legal (`STRATEGO_ILLEGAL_NONE`: it is legal).
pub type stratego_illegal_reason = u32;
/// The move is legal.
pub const STRATEGO_ILLEGAL_NONE: stratego_illegal_reason = 0;
/// The game has ended.
pub const STRATEGO_ILLEGAL_GAME_OVER: stratego_illegal_reason = 1;
/// A square of the move is off the board.
pub const STRATEGO_ILLEGAL_OFF_BOARD: stratego_illegal_reason = 2;
/// No piece on the start square.
pub const STRATEGO_ILLEGAL_NO_PIECE: stratego_illegal_reason = 3;
/// The piece belongs to the player not on move.
pub const STRATEGO_ILLEGAL_NOT_YOUR_PIECE: stratego_illegal_reason = 4;
/// Bombs and Flags (or what the rules make immobile) never move.
pub const STRATEGO_ILLEGAL_IMMOVABLE: stratego_illegal_reason = 5;
/// The target holds a piece of the mover.
pub const STRATEGO_ILLEGAL_OWN_PIECE: stratego_illegal_reason = 6;
/// The target is a lake, or the path crosses one.
pub const STRATEGO_ILLEGAL_LAKE: stratego_illegal_reason = 7;
/// The piece cannot reach the target with its movement.
pub const STRATEGO_ILLEGAL_UNREACHABLE: stratego_illegal_reason = 8;
/// A piece stands in the way of a slide.
pub const STRATEGO_ILLEGAL_BLOCKED: stratego_illegal_reason = 9;
/// A long move may not end in an attack under these rules.
pub const STRATEGO_ILLEGAL_SLIDE_ATTACK: stratego_illegal_reason = 10;
/// The two-squares rule forbids it.
pub const STRATEGO_ILLEGAL_TWO_SQUARE_RULE: stratego_illegal_reason = 11;
/// The more-squares (chase) rule forbids it.
pub const STRATEGO_ILLEGAL_CHASE_RULE: stratego_illegal_reason = 12;
/// The piece may not return to its start square.
pub const STRATEGO_ILLEGAL_NO_RETURN: stratego_illegal_reason = 13;
/// A rescue decision is due first (`stratego_move_rescue`, `stratego_move_decline_rescue`).
pub const STRATEGO_ILLEGAL_RESCUE_PENDING: stratego_illegal_reason = 14;
/// A rescue decision when none is due.
pub const STRATEGO_ILLEGAL_NO_RESCUE_PENDING: stratego_illegal_reason = 15;
/// A rescue of a rank the player has not lost.
pub const STRATEGO_ILLEGAL_NOT_CAPTURED: stratego_illegal_reason = 16;
/// A rescued piece may not be placed there.
pub const STRATEGO_ILLEGAL_OUTSIDE_RESCUE_ZONE: stratego_illegal_reason = 17;
/// A rescued piece needs an empty square.
pub const STRATEGO_ILLEGAL_OCCUPIED: stratego_illegal_reason = 18;
/// A player's view tried a move while it is the opponent's turn (`stratego_view_check_move`).
pub const STRATEGO_ILLEGAL_NOT_YOUR_TURN: stratego_illegal_reason = 19;
/// The number of reasons: they are `1 .. STRATEGO_ILLEGAL_COUNT`.
pub const STRATEGO_ILLEGAL_COUNT: u32 = 19;

/// What a player's view shows on a square.
pub type stratego_square_kind = u32;
/// Nothing there.
pub const STRATEGO_SQUARE_EMPTY: stratego_square_kind = 0;
/// A lake.
pub const STRATEGO_SQUARE_LAKE: stratego_square_kind = 1;
/// One of the viewer's pieces.
pub const STRATEGO_SQUARE_OWN: stratego_square_kind = 2;
/// An enemy piece (its rank only when the viewer knows it).
pub const STRATEGO_SQUARE_ENEMY: stratego_square_kind = 3;
/// The number of square kinds: they are `0 .. STRATEGO_SQUARE_COUNT - 1`.
pub const STRATEGO_SQUARE_COUNT: u32 = 4;

/// What is wrong with a setup.
pub type stratego_setup_problem_kind = u32;
/// The setup is for the other player (`found` and `expected` hold the players).
pub const STRATEGO_SETUP_PROBLEM_WRONG_PLAYER: stratego_setup_problem_kind = 1;
/// A square outside the board.
pub const STRATEGO_SETUP_PROBLEM_OFF_BOARD: stratego_setup_problem_kind = 2;
/// A piece outside the player's setup zone.
pub const STRATEGO_SETUP_PROBLEM_OUTSIDE_ZONE: stratego_setup_problem_kind = 3;
/// A piece on a lake.
pub const STRATEGO_SETUP_PROBLEM_ON_LAKE: stratego_setup_problem_kind = 4;
/// Two pieces on one square.
pub const STRATEGO_SETUP_PROBLEM_OCCUPIED: stratego_setup_problem_kind = 5;
/// The number of pieces of a rank differs from the army (`found`, `expected`).
pub const STRATEGO_SETUP_PROBLEM_WRONG_COUNT: stratego_setup_problem_kind = 6;
/// More pieces of a rank than a free army allows (`found`, `expected` = the limit).
pub const STRATEGO_SETUP_PROBLEM_TOO_MANY: stratego_setup_problem_kind = 7;
/// The Flag must stand on a corner of the back row.
pub const STRATEGO_SETUP_PROBLEM_FLAG_NOT_IN_CORNER: stratego_setup_problem_kind = 8;
/// A square the placement constraints fix does not hold its rank.
pub const STRATEGO_SETUP_PROBLEM_MISPLACED: stratego_setup_problem_kind = 9;
/// The number of setup problem kinds: they are `1 .. STRATEGO_SETUP_PROBLEM_COUNT`.
pub const STRATEGO_SETUP_PROBLEM_COUNT: u32 = 9;
