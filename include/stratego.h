/*
 * stratego.h: the C ABI of the Stratego rules engine (libstratego).
 *
 * Link with -lstratego: shared (libstratego.so, .dylib or .dll), or static (libstratego.a, plus
 * what Rust's standard library needs: on Linux -lgcc_s -lutil -lrt -lpthread -lm -ldl). The
 * book's C and C++ guide (docs/src/c.md) has the commands, and the build writes a pkg-config file
 * stratego.pc beside the libraries. Compiles as C99, C11 and C++17.
 *
 * Conventions, for every function below:
 *
 * - Names start with `stratego_`. Opaque handles (`stratego_rules`, `stratego_setup`,
 *   `stratego_game`, `stratego_view`, `stratego_agent`) are made by functions that write them
 *   through a `*_out` pointer and freed by the matching `*_free`; `*_free(NULL)` does nothing.
 *   The caller owns every handle it receives and frees each exactly once. No function takes
 *   ownership of its input handles: they are only read (or, for a `stratego_game *` or
 *   `stratego_agent *`, changed) during the call.
 * - Fallible functions return a `stratego_result`: `STRATEGO_RESULT_OK` (0) on success, a
 *   code saying why otherwise. `stratego_result_message(code)` gives a static text for a code;
 *   `stratego_last_error_message()` gives the full text of this thread's last failure (the
 *   reason an exact move is illegal, every problem of a setup).
 * - Outputs are written only on success; a failing call changes no handle and writes no
 *   output, except that `STRATEGO_RESULT_BUFFER_TOO_SMALL` writes the needed length to
 *   `*len_out`. Every failure sets this thread's last error; nothing else does.
 * - Any pointer argument may be NULL without undefined behaviour: a NULL where a value is
 *   needed gives `STRATEGO_RESULT_NULL_ARGUMENT` (or, for functions returning a value, the
 *   default their documentation names).
 * - Enumerations (`stratego_player`, `stratego_edition`, `stratego_rank`, ...) are `uint32_t`
 *   with named constants. Every value is checked: an unknown one gives
 *   `STRATEGO_RESULT_INVALID_ARGUMENT`, as do action ids at or past the number of actions.
 * - Panics inside the engine never unwind into C: the call returns `STRATEGO_RESULT_PANIC` (or
 *   its documented default). After a panic, free the handles involved.
 * - Strings are UTF-8. Inputs are NUL-terminated and only read during the call. Outputs are
 *   copied into a caller buffer `buf` of `cap` bytes and NUL-terminated; `*len_out` receives
 *   the length without the NUL, so `cap` must be at least `*len_out + 1`. A size query,
 *   `buf = NULL` with `cap = 0`, writes the length to `*len_out` and returns
 *   `STRATEGO_RESULT_OK`: it is not a failure and leaves the last error alone. A buffer that is
 *   too small gives `STRATEGO_RESULT_BUFFER_TOO_SMALL` with the length; nothing is copied
 *   (`stratego_last_error_message` alone copies what fits). Fixed sizes are named: a position
 *   text takes `stratego_position_len(rules, ply) + 1` bytes (at most
 *   `STRATEGO_MAX_POSITION_LEN + 1`), a move notation at most `STRATEGO_MAX_NOTATION_LEN + 1`,
 *   an error message at most `STRATEGO_MAX_ERROR_LEN + 1`.
 * - Lists (legal moves, action ids, captured ranks, squares) go into a caller buffer `buf` of
 *   `cap` entries with the number written to `*len_out`, the same way, size query included.
 *   Arrays whose length the rules fix (observation, byte board, action mask) take `buf` and
 *   its length `len`, which must be at least the fixed length.
 * - Text from the caller has size limits, the `STRATEGO_LIMIT_*` constants (rules 16 KiB,
 *   setup 4 KiB, position 64 KiB, record JSON about 24 MiB, view JSON about 130 MiB, Gravon XML
 *   about 51 MiB); text over its limit, or a record with more moves than a game can hold,
 *   gives `STRATEGO_RESULT_TOO_LARGE` before it is read. Each limit holds the longest text the
 *   library writes for a game it plays: a game's history holds at most
 *   `STRATEGO_MAX_RECORD_PLIES` entries (a game that reaches that many ends in a draw by ply
 *   cap), so what the library writes always reads back.
 *
 * Typically, you will make rules (`stratego_rules_edition`), two setups
 * (`stratego_setup_random`), a game (`stratego_game_new`), then loop: ask for the legal action
 * ids (`stratego_game_legal_actions`) or a player's view (`stratego_game_view`, then
 * `stratego_view_observation` and `stratego_view_action_mask`), play one
 * (`stratego_game_play_action`), and stop when `stratego_game_outcome` says `is_over` or at a
 * ply cap of your own. ISF and Classic set no ply cap (the real rules have none), and random
 * play can go on for hundreds of thousands of plies, so the loop below stops at 2,000 plies,
 * the cap `VecEnv` and the arena use (or give the rules one: `"isf(max_plies=2000)"`):
 *
 *     stratego_rules *rules = NULL; stratego_setup *red = NULL, *blue = NULL;
 *     stratego_game *game = NULL; stratego_outcome outcome; size_t n, ply;
 *     uint32_t ids[1024];  // more than any position of the standard board has (under 300)
 *     stratego_rules_edition(STRATEGO_EDITION_ISF, &rules);
 *     stratego_setup_random(rules, STRATEGO_PLAYER_RED, 1, &red);
 *     stratego_setup_random(rules, STRATEGO_PLAYER_BLUE, 2, &blue);
 *     if (stratego_game_new(rules, red, blue, &game) != STRATEGO_RESULT_OK) return;
 *     stratego_game_outcome(game, &outcome);
 *     for (ply = 0; ply < 2000 && !outcome.is_over; ply++) {
 *       // A game not over has a legal move (no legal move ends it), so n > 0.
 *       if (stratego_game_legal_actions(game, ids, 1024, &n) != STRATEGO_RESULT_OK) break;
 *       if (stratego_game_play_action(game, ids[rand() % n]) != STRATEGO_RESULT_OK) break;
 *       stratego_game_outcome(game, &outcome);
 *     }
 *     stratego_game_free(game); stratego_setup_free(red); stratego_setup_free(blue);
 *     stratego_rules_free(rules);
 *
 * Threads: the library has no global state besides each thread's last error. A handle may be
 * moved to another thread, and handles that are only read (`const` arguments) may be read by
 * several threads at once; a handle must not be used by two threads at once while one of them
 * changes it (a `stratego_game *` argument) or frees it.
 */

#ifndef STRATEGO_H
#define STRATEGO_H

/* Generated by cbindgen from stratego-ffi/src: do not edit. Regenerate with
 * `STRATEGO_BLESS=1 cargo test -p stratego-ffi --test header`. */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** The version of this header: `STRATEGO_VERSION_MAJOR.MINOR.PATCH`, also returned by `stratego_version()` when header and library match. */
#define STRATEGO_VERSION_MAJOR 0
#define STRATEGO_VERSION_MINOR 1
#define STRATEGO_VERSION_PATCH 0
#define STRATEGO_VERSION "0.1.0"

/**
 * The version of the RL encodings (action ids, observation planes, byte board); equal to
 * `stratego_core::ENCODING_VERSION`.
 */
#define STRATEGO_ENCODING_VERSION 2

/**
 * The longest message `stratego_last_error_message` reports, in bytes without the NUL: a
 * buffer of `STRATEGO_MAX_ERROR_LEN + 1` bytes always holds the whole message. A longer
 * message of the engine (a setup with every square wrong on the largest board, say) is cut
 * at a UTF-8 boundary and ends in `...`.
 */
#define STRATEGO_MAX_ERROR_LEN 4095

/**
 * The longest position text (`stratego_game_position`) of any board at any ply, in bytes
 * without the NUL: 128 square letters, the side to move and a ply of 10 digits, with the
 * spaces between. `stratego_position_len` gives the exact length for a board and a ply.
 */
#define STRATEGO_MAX_POSITION_LEN 141

/**
 * The longest move notation (`stratego_game_history_notation`,
 * `stratego_view_history_notation`), in bytes without the NUL: a rescue decision
 * `rescue:Lieutenant@j10` (a battle such as `10 a4xa7 (10)` is shorter), so
 * `char text[STRATEGO_MAX_NOTATION_LEN + 1]` holds any.
 */
#define STRATEGO_MAX_NOTATION_LEN 21

/**
 * The most squares a board has (16 x 8 or 8 x 16): the longest list `stratego_view_squares`
 * or `stratego_game_pieces` writes, and the longest byte board.
 */
#define STRATEGO_MAX_SQUARES 128

/**
 * The most entries a game's history holds: a game whose history reaches this many ends in a
 * draw by ply cap, so every record and view the library writes reads back.
 */
#define STRATEGO_MAX_RECORD_PLIES 1048576

/**
 * The longest rules text `stratego_rules_parse` reads, in bytes; a longer one is
 * `STRATEGO_RESULT_TOO_LARGE`. (The longest the library writes is under 6 KiB.)
 */
#define STRATEGO_LIMIT_RULES_TEXT 16384

/**
 * The longest setup text `stratego_setup_parse` reads, in bytes.
 */
#define STRATEGO_LIMIT_SETUP_TEXT 4096

/**
 * The longest position text, short or full, `stratego_game_from_position` reads, in bytes
 * (a full position the library writes is under 5 KiB at any ply).
 */
#define STRATEGO_LIMIT_POSITION_TEXT 65536

/**
 * The longest record JSON `stratego_game_from_record_json` reads, in bytes: the record of a
 * game of `STRATEGO_MAX_RECORD_PLIES` entries at 24 bytes each, with its rules and start.
 */
#define STRATEGO_LIMIT_RECORD_JSON 25314304

/**
 * The longest view JSON `stratego_view_from_json` reads, in bytes: 130 bytes for each of
 * `STRATEGO_MAX_RECORD_PLIES` entries, with the rules and the position.
 */
#define STRATEGO_LIMIT_VIEW_JSON 136397824

/**
 * The longest Gravon XML `stratego_game_from_gravon_xml` reads, in bytes: 51 bytes for each of
 * `STRATEGO_MAX_RECORD_PLIES` entries, two player names and the header.
 */
#define STRATEGO_LIMIT_GRAVON_XML 53481472

/**
 * The number of `stratego_player` values: `0 .. STRATEGO_PLAYER_COUNT - 1`.
 */
#define STRATEGO_PLAYER_COUNT 2

/**
 * The number of `stratego_rank` values: `0 .. STRATEGO_RANK_COUNT - 1`.
 */
#define STRATEGO_RANK_COUNT 12

/**
 * The number of `stratego_numbering` values: `0 .. STRATEGO_NUMBERING_COUNT - 1`.
 */
#define STRATEGO_NUMBERING_COUNT 2

/**
 * The number of `stratego_edition` values: `0 .. STRATEGO_EDITION_COUNT - 1`.
 */
#define STRATEGO_EDITION_COUNT 7

/**
 * The number of `stratego_termination` values: `1 .. STRATEGO_TERMINATION_COUNT`.
 */
#define STRATEGO_TERMINATION_COUNT 6

/**
 * The number of `stratego_battle` values: `1 .. STRATEGO_BATTLE_COUNT`.
 */
#define STRATEGO_BATTLE_COUNT 3

/**
 * The number of `stratego_illegal_reason` values: `1 .. STRATEGO_ILLEGAL_COUNT`.
 */
#define STRATEGO_ILLEGAL_COUNT 19

/**
 * The number of `stratego_setup_problem_kind` values: `1 .. STRATEGO_SETUP_PROBLEM_COUNT`.
 */
#define STRATEGO_SETUP_PROBLEM_COUNT 9

/**
 * The number of `stratego_square_kind` values: `0 .. STRATEGO_SQUARE_COUNT - 1`.
 */
#define STRATEGO_SQUARE_COUNT 4

/**
 * What a fallible function did. `STRATEGO_RESULT_OK` is success; every other value says why
 * the call failed, and `stratego_last_error_message` then has the full text.
 *
 * The values are fixed: a code is never renumbered, and a retired code is never reused. Pass
 * any integer to `stratego_result_message`: an unknown one gets a text that says so.
 */
enum stratego_result
#if defined(__cplusplus) || __STDC_VERSION__ >= 202311L
  : uint32_t
#endif // defined(__cplusplus) || __STDC_VERSION__ >= 202311L
 {
  /**
   * Success.
   */
  STRATEGO_RESULT_OK = 0,
  /**
   * A pointer argument that must not be NULL was NULL.
   */
  STRATEGO_RESULT_NULL_ARGUMENT = 1,
  /**
   * The engine panicked (a bug); the handles involved should be freed and not used again.
   */
  STRATEGO_RESULT_PANIC = 2,
  /**
   * An argument is out of range: an unknown enumeration value, an action id at or above
   * the number of actions, a square outside any board, an index past the end.
   */
  STRATEGO_RESULT_INVALID_ARGUMENT = 3,
  /**
   * The caller's buffer is too small; the needed length was written to `len_out`.
   */
  STRATEGO_RESULT_BUFFER_TOO_SMALL = 4,
  /**
   * The move is not legal now (the message gives the reason).
   */
  STRATEGO_RESULT_ILLEGAL_MOVE = 5,
  /**
   * A setup breaks the rules (the message lists every problem).
   */
  STRATEGO_RESULT_INVALID_SETUP = 6,
  /**
   * Text that does not parse: rules, setup, move, position, record JSON or Gravon XML
   * (text over its size limit is `STRATEGO_RESULT_TOO_LARGE` instead).
   */
  STRATEGO_RESULT_PARSE_ERROR = 7,
  /**
   * The game is over: no move can be played, and a finished game cannot be resigned.
   */
  STRATEGO_RESULT_GAME_OVER = 8,
  /**
   * Input text is not valid UTF-8.
   */
  STRATEGO_RESULT_INVALID_UTF8 = 9,
  /**
   * A rules text that reads but names rules that cannot be played together (the message
   * names the setting and the rule it breaks).
   */
  STRATEGO_RESULT_INVALID_RULES = 10,
  /**
   * The input is valid but names something the engine does not play (a Gravon game type
   * with no edition here, or a game that has no Gravon form).
   */
  STRATEGO_RESULT_UNSUPPORTED = 11,
  /**
   * A Gravon game replays, but ends otherwise than its recorded result.
   */
  STRATEGO_RESULT_RESULT_MISMATCH = 12,
  /**
   * `stratego_game_undo` on a game with no move to take back.
   */
  STRATEGO_RESULT_NOTHING_TO_UNDO = 13,
  /**
   * Input over its size limit, refused before it is read: a text longer than its reader
   * accepts (rules, setup, position, record or view JSON, Gravon XML) or a record or view
   * with more moves than a game can hold. Each limit holds the longest text the library
   * writes for a game it plays, so what it writes always reads back.
   */
  STRATEGO_RESULT_TOO_LARGE = 14,
};
#ifndef __cplusplus
#if __STDC_VERSION__ >= 202311L
typedef enum stratego_result stratego_result;
#else
typedef uint32_t stratego_result;
#endif // __STDC_VERSION__ >= 202311L
#endif // __cplusplus

/**
 * A baseline agent (wraps the core's `agents::AgentKind::make`): it decides from a
 * `stratego_view` only, so it never sees a hidden rank, and is a pure function of its seed
 * and the views it is shown. Create it with `stratego_agent_new`, free it with
 * `stratego_agent_free`.
 */
typedef struct stratego_agent stratego_agent;

/**
 * A game: rules, position and history (wraps `stratego_core::Game`). Create it with
 * `stratego_game_new`, `stratego_game_from_position`, `stratego_game_from_record_json`,
 * `stratego_game_from_gravon_xml`, `stratego_game_clone` or `stratego_view_sample_world`;
 * free it with `stratego_game_free`. It holds full information: give players
 * `stratego_view`s.
 */
typedef struct stratego_game stratego_game;

/**
 * A validated, immutable rule set (wraps `stratego_core::Rules`). Create it with
 * `stratego_rules_edition` or `stratego_rules_parse`, free it with `stratego_rules_free`.
 * Games, setups and views copy what they need, so the rules may be freed while they live.
 */
typedef struct stratego_rules stratego_rules;

/**
 * One player's placement (wraps `stratego_core::Setup`), not yet checked against any rules.
 * Create it with `stratego_setup_random`, `stratego_setup_human_like`, `stratego_setup_parse`
 * or `stratego_agent_setup`, free it with `stratego_setup_free`. `stratego_game_new` copies
 * it, so it may be freed afterwards.
 */
typedef struct stratego_setup stratego_setup;

/**
 * What one player may know at one moment (wraps `stratego_core::PlayerView`): own pieces,
 * enemy pieces with only their public facts, captured pieces, the public history. Hidden
 * enemy ranks are not stored in it at all. Create it with `stratego_game_view`, free it with
 * `stratego_view_free`; it does not change when the game goes on.
 */
typedef struct stratego_view stratego_view;

/**
 * A published rule set (see the editions table of the book, docs/src/rules.md).
 */
typedef uint32_t stratego_edition;

/**
 * A piece's rank. Values follow strength (Spy 1 .. Marshal 10), with Flag 0 and Bomb 11.
 */
typedef uint32_t stratego_rank;

/**
 * A square by column (`col` 0 = file a) and row (`row` 0 = rank 1), as in `a1` = {0, 0},
 * `j10` = {9, 9}. The board index used by the encodings is `row * width + col`.
 */
typedef struct stratego_square {
  /**
   * Column, 0 = file a.
   */
  uint8_t col;
  /**
   * Row, 0 = rank 1.
   */
  uint8_t row;
} stratego_square;

/**
 * A player: `STRATEGO_PLAYER_RED` (moves first) or `STRATEGO_PLAYER_BLUE`;
 * `STRATEGO_PLAYER_NONE` only in outputs (no winner, no owner).
 */
typedef uint32_t stratego_player;

/**
 * A move: the piece on `from` goes to `to` (an attack when `to` holds an enemy piece). Under
 * rules with rescues it may also be a rescue decision, whose `from` is a reserved square off
 * every board: make those with `stratego_move_rescue` and `stratego_move_decline_rescue`.
 */
typedef struct stratego_move {
  /**
   * Where the piece stands.
   */
  struct stratego_square from;
  /**
   * Where it goes.
   */
  struct stratego_square to;
} stratego_move;

/**
 * What is wrong with a setup. In a `stratego_setup_problem`, `expected` and `found` hold the
 * players for `STRATEGO_SETUP_PROBLEM_WRONG_PLAYER`, the counts for
 * `STRATEGO_SETUP_PROBLEM_WRONG_COUNT`, and the limit and the count for
 * `STRATEGO_SETUP_PROBLEM_TOO_MANY`.
 */
typedef uint32_t stratego_setup_problem_kind;

/**
 * One problem of a setup, as found by `stratego_setup_problem_at`. Fields that do not apply to
 * the kind are zero (`has_square` false, `rank` `STRATEGO_RANK_UNKNOWN`).
 */
typedef struct stratego_setup_problem {
  /**
   * What is wrong.
   */
  stratego_setup_problem_kind kind;
  /**
   * Whether `square` names the square concerned.
   */
  bool has_square;
  /**
   * The square concerned, when `has_square`.
   */
  struct stratego_square square;
  /**
   * The rank concerned, or `STRATEGO_RANK_UNKNOWN`.
   */
  stratego_rank rank;
  /**
   * For counts: the number expected (or allowed); for a wrong player: the expected player.
   */
  uint32_t expected;
  /**
   * For counts: the number found; for a wrong player: the setup's player.
   */
  uint32_t found;
} stratego_setup_problem;

/**
 * Why a move is not legal (`STRATEGO_ILLEGAL_NONE`: it is legal).
 * `STRATEGO_ILLEGAL_RESCUE_PENDING` asks for a rescue decision first (`stratego_move_rescue`,
 * `stratego_move_decline_rescue`); `STRATEGO_ILLEGAL_NOT_YOUR_TURN` comes from
 * `stratego_view_check_move`.
 */
typedef uint32_t stratego_illegal_reason;

/**
 * Why a game ended.
 */
typedef uint32_t stratego_termination;

/**
 * How a game stands: `is_over`, and once it is over the winner (`STRATEGO_PLAYER_NONE` for
 * a draw) and why it ended. While the game goes on: `false`, `STRATEGO_PLAYER_NONE`,
 * `STRATEGO_TERMINATION_NONE`.
 */
typedef struct stratego_outcome {
  /**
   * Whether the game has ended.
   */
  bool is_over;
  /**
   * The winner, or `STRATEGO_PLAYER_NONE` (a draw, or the game goes on).
   */
  stratego_player winner;
  /**
   * Why it ended, or `STRATEGO_TERMINATION_NONE`.
   */
  stratego_termination termination;
} stratego_outcome;

/**
 * A piece as the full-information game sees it. An empty square (or a lake) reads as
 * owner `STRATEGO_PLAYER_NONE`, rank `STRATEGO_RANK_UNKNOWN`, both flags false.
 */
typedef struct stratego_piece {
  /**
   * Its owner, or `STRATEGO_PLAYER_NONE` when the square is empty.
   */
  stratego_player owner;
  /**
   * Its rank, or `STRATEGO_RANK_UNKNOWN` when the square is empty.
   */
  stratego_rank rank;
  /**
   * Whether a battle has shown its rank to the opponent.
   */
  bool revealed;
  /**
   * Whether it has moved.
   */
  bool moved;
} stratego_piece;

/**
 * A piece with the square it stands on.
 */
typedef struct stratego_placed_piece {
  /**
   * Where it stands.
   */
  struct stratego_square square;
  /**
   * The piece.
   */
  struct stratego_piece piece;
} stratego_placed_piece;

/**
 * The result of a battle, seen from the attacker.
 */
typedef uint32_t stratego_battle;

/**
 * What a battle does (or would do): the result from the attacker's side and both ranks;
 * `STRATEGO_BATTLE_NONE` with both ranks `STRATEGO_RANK_UNKNOWN` when there is no battle or
 * a rank is not known.
 */
typedef struct stratego_battle_report {
  /**
   * The result, or `STRATEGO_BATTLE_NONE`.
   */
  stratego_battle battle;
  /**
   * The attacker's rank, or `STRATEGO_RANK_UNKNOWN`.
   */
  stratego_rank attacker;
  /**
   * The defender's rank, or `STRATEGO_RANK_UNKNOWN`.
   */
  stratego_rank defender;
} stratego_battle_report;

/**
 * What a player's view shows on a square.
 */
typedef uint32_t stratego_square_kind;

/**
 * What a player's view shows on one square. `rank` is the rank of an own piece, of an enemy
 * piece whose rank the viewer knows, and `STRATEGO_RANK_UNKNOWN` otherwise (empty squares,
 * lakes, hidden enemy pieces). A hidden rank is never present: the view does not hold it.
 */
typedef struct stratego_square_view {
  /**
   * Empty, lake, own piece or enemy piece.
   */
  stratego_square_kind kind;
  /**
   * The rank when known, else `STRATEGO_RANK_UNKNOWN`.
   */
  stratego_rank rank;
  /**
   * Whether a battle revealed the piece.
   */
  bool revealed;
  /**
   * Whether the piece has moved (so it is no Bomb or Flag).
   */
  bool moved;
  /**
   * Whether an enemy piece was seen moving more than one square (always false for own
   * pieces).
   */
  bool slid;
} stratego_square_view;

/**
 * What one played move did. The mover's `rank` is full information (a game knows every
 * rank); both players learn it only when `battle` is not `STRATEGO_BATTLE_NONE`.
 */
typedef struct stratego_move_report {
  /**
   * The move.
   */
  struct stratego_move mv;
  /**
   * Who played it.
   */
  stratego_player player;
  /**
   * The moving piece's rank.
   */
  stratego_rank rank;
  /**
   * The battle's result, or `STRATEGO_BATTLE_NONE` when the move was no attack.
   */
  stratego_battle battle;
  /**
   * The attacker's rank in a battle, else `STRATEGO_RANK_UNKNOWN`.
   */
  stratego_rank attacker;
  /**
   * The defender's rank in a battle, else `STRATEGO_RANK_UNKNOWN`.
   */
  stratego_rank defender;
  /**
   * How the game stood right after this move (`is_over` when the move ended it).
   */
  struct stratego_outcome outcome;
} stratego_move_report;

/**
 * A move of the public history, as both players saw it: the squares, the mover, and the
 * battle with both ranks when it was an attack. The mover's rank after a plain move is not
 * part of it (the opponent never saw it). A declined rescue is no public move: the opponent
 * cannot tell it from no chance to rescue.
 */
typedef struct stratego_public_move {
  /**
   * The move.
   */
  struct stratego_move mv;
  /**
   * Who played it.
   */
  stratego_player player;
  /**
   * The battle, or `STRATEGO_BATTLE_NONE` for a plain move.
   */
  struct stratego_battle_report battle;
} stratego_public_move;

/**
 * How ranks are labelled; the rules are the same whichever is shown.
 */
typedef uint32_t stratego_numbering;

/**
 * No player: a draw's winner, an ongoing game's winner, the owner of an empty square.
 */
#define STRATEGO_PLAYER_NONE 2

/**
 * Only in outputs: no rank is known (a hidden enemy piece) or there is no piece.
 */
#define STRATEGO_RANK_UNKNOWN 255

/**
 * Only in outputs: the game goes on.
 */
#define STRATEGO_TERMINATION_NONE 0

/**
 * Only in outputs: the move was no attack.
 */
#define STRATEGO_BATTLE_NONE 0

/**
 * The move is legal.
 */
#define STRATEGO_ILLEGAL_NONE 0

/**
 * Moves first; home rows at the bottom (rows 1–4 on the standard board).
 */
#define STRATEGO_PLAYER_RED 0

/**
 * Moves second; home rows at the top.
 */
#define STRATEGO_PLAYER_BLUE 1

/**
 * Captured, it loses the game. Never moves.
 */
#define STRATEGO_RANK_FLAG 0

/**
 * The weakest piece, but it beats the Marshal when it attacks.
 */
#define STRATEGO_RANK_SPY 1

/**
 * Moves any distance in a straight line (the standard editions).
 */
#define STRATEGO_RANK_SCOUT 2

/**
 * Defuses Bombs.
 */
#define STRATEGO_RANK_MINER 3

/**
 * Rank 4 (7 in Classic numbering).
 */
#define STRATEGO_RANK_SERGEANT 4

/**
 * Rank 5 (6 in Classic numbering).
 */
#define STRATEGO_RANK_LIEUTENANT 5

/**
 * Rank 6 (5 in Classic numbering).
 */
#define STRATEGO_RANK_CAPTAIN 6

/**
 * Rank 7 (4 in Classic numbering).
 */
#define STRATEGO_RANK_MAJOR 7

/**
 * Rank 8 (3 in Classic numbering).
 */
#define STRATEGO_RANK_COLONEL 8

/**
 * Rank 9 (2 in Classic numbering).
 */
#define STRATEGO_RANK_GENERAL 9

/**
 * The strongest piece: rank 10 (1 in Classic numbering).
 */
#define STRATEGO_RANK_MARSHAL 10

/**
 * Kills any attacker but a Miner and stays. Never moves.
 */
#define STRATEGO_RANK_BOMB 11

/**
 * Milton Bradley: 1 = Marshal .. 9 = Scout, `S` = Spy.
 */
#define STRATEGO_NUMBERING_CLASSIC 0

/**
 * European / ISF: 10 = Marshal .. 2 = Scout, 1 = Spy.
 */
#define STRATEGO_NUMBERING_MODERN 1

/**
 * Milton Bradley rules: no repetition limit.
 */
#define STRATEGO_EDITION_CLASSIC 0

/**
 * The Spanish edition: a piece may not make more than five moves between the same two squares.
 */
#define STRATEGO_EDITION_JUMBO 1

/**
 * ISF tournament rules: two-squares rule (three moves) and more-squares (chase) rule.
 */
#define STRATEGO_EDITION_ISF 2

/**
 * Eight pieces per side placed anywhere in the four home rows; ISF repetition rules.
 */
#define STRATEGO_EDITION_BARRAGE 3

/**
 * Ten pieces per side placed anywhere in the three home rows; ISF repetition rules.
 */
#define STRATEGO_EDITION_DUEL 4

/**
 * The Portuguese variant: no lakes, a Flag in a corner guarded by its Marshal and Bombs,
 * Scouts stepping diagonally, no retreat to the start square, sight limited to neighbours,
 * and its own battle table. See `Rules::edition` for this project's reading.
 */
#define STRATEGO_EDITION_ESTRATEGIA 5

/**
 * Gravon's "ultimate lightning": 20 pieces per side anywhere in the four home rows,
 * Captains that move two squares (straight or with one turn), ties won by the attacker,
 * one-time Bombs (the attacker and the Bomb both leave, except that a Scout clears the
 * Bomb), and rescues: a piece other than a Scout that reaches the enemy back row may bring
 * back a captured piece (twice per player). ISF repetition rules. See
 * `Rules::edition` for the readings.
 */
#define STRATEGO_EDITION_ULTIMATE_LIGHTNING 6

/**
 * The winner captured the Flag.
 */
#define STRATEGO_TERMINATION_FLAG_CAPTURED 1

/**
 * The loser has no legal move (moves barred by a repetition rule do not count).
 */
#define STRATEGO_TERMINATION_NO_LEGAL_MOVE 2

/**
 * Neither player can move: a draw.
 */
#define STRATEGO_TERMINATION_BOTH_STUCK 3

/**
 * The cap on total plies was reached: a draw. The rules' cap
 * (`Rules::max_plies`), or the engine's own: a
 * `Game` whose history holds `MAX_RECORD_PLIES`
 * entries.
 */
#define STRATEGO_TERMINATION_PLY_CAP 4

/**
 * The cap on plies without a battle was reached: a draw.
 */
#define STRATEGO_TERMINATION_NO_BATTLE_CAP 5

/**
 * A player resigned.
 */
#define STRATEGO_TERMINATION_RESIGNATION 6

/**
 * The defender is removed and the attacker takes its square.
 */
#define STRATEGO_BATTLE_ATTACKER_WINS 1

/**
 * The attacker is removed; the defender stays.
 */
#define STRATEGO_BATTLE_DEFENDER_WINS 2

/**
 * Both are removed.
 */
#define STRATEGO_BATTLE_BOTH_DIE 3

/**
 * The game has ended.
 */
#define STRATEGO_ILLEGAL_GAME_OVER 1

/**
 * A square of the move is off the board.
 */
#define STRATEGO_ILLEGAL_OFF_BOARD 2

/**
 * No piece on the start square.
 */
#define STRATEGO_ILLEGAL_NO_PIECE 3

/**
 * The piece belongs to the player not on move.
 */
#define STRATEGO_ILLEGAL_NOT_YOUR_PIECE 4

/**
 * Bombs and Flags (or what the rules make immobile) never move.
 */
#define STRATEGO_ILLEGAL_IMMOVABLE 5

/**
 * The target holds a piece of the mover.
 */
#define STRATEGO_ILLEGAL_OWN_PIECE 6

/**
 * The target is a lake, or the path crosses one.
 */
#define STRATEGO_ILLEGAL_LAKE 7

/**
 * The piece cannot reach the target with its movement (distance or direction).
 */
#define STRATEGO_ILLEGAL_UNREACHABLE 8

/**
 * A piece stands in the way of a slide.
 */
#define STRATEGO_ILLEGAL_BLOCKED 9

/**
 * A slide may not end in an attack under these rules.
 */
#define STRATEGO_ILLEGAL_SLIDE_ATTACK 10

/**
 * The two-squares rule forbids it.
 */
#define STRATEGO_ILLEGAL_TWO_SQUARE_RULE 11

/**
 * The more-squares (chase) rule forbids it.
 */
#define STRATEGO_ILLEGAL_CHASE_RULE 12

/**
 * The piece may not return to its start square.
 */
#define STRATEGO_ILLEGAL_NO_RETURN 13

/**
 * The side to move must first decide on a rescue (`Move::rescue` or
 * `Move::DECLINE_RESCUE`).
 */
#define STRATEGO_ILLEGAL_RESCUE_PENDING 14

/**
 * A rescue decision when none is due.
 */
#define STRATEGO_ILLEGAL_NO_RESCUE_PENDING 15

/**
 * A rescue of a rank the player has not lost.
 */
#define STRATEGO_ILLEGAL_NOT_CAPTURED 16

/**
 * A rescued piece may not be placed there (see `Rules::in_rescue_zone`).
 */
#define STRATEGO_ILLEGAL_OUTSIDE_RESCUE_ZONE 17

/**
 * A rescued piece needs an empty square.
 */
#define STRATEGO_ILLEGAL_OCCUPIED 18

/**
 * A player's view (see `PlayerView::check`) tried a move while it is the
 * opponent's turn.
 */
#define STRATEGO_ILLEGAL_NOT_YOUR_TURN 19

/**
 * The setup is for the other player.
 */
#define STRATEGO_SETUP_PROBLEM_WRONG_PLAYER 1

/**
 * A square outside the board.
 */
#define STRATEGO_SETUP_PROBLEM_OFF_BOARD 2

/**
 * A piece outside the player's setup zone.
 */
#define STRATEGO_SETUP_PROBLEM_OUTSIDE_ZONE 3

/**
 * A piece on a lake.
 */
#define STRATEGO_SETUP_PROBLEM_ON_LAKE 4

/**
 * Two pieces on one square.
 */
#define STRATEGO_SETUP_PROBLEM_OCCUPIED 5

/**
 * The number of pieces of a rank differs from the army.
 */
#define STRATEGO_SETUP_PROBLEM_WRONG_COUNT 6

/**
 * More pieces of a rank than a free-placement army allows.
 */
#define STRATEGO_SETUP_PROBLEM_TOO_MANY 7

/**
 * The Flag must stand on a corner of the back row.
 */
#define STRATEGO_SETUP_PROBLEM_FLAG_NOT_IN_CORNER 8

/**
 * A square that the placement constraints fix does not hold its rank.
 */
#define STRATEGO_SETUP_PROBLEM_MISPLACED 9

/**
 * Nothing there.
 */
#define STRATEGO_SQUARE_EMPTY 0

/**
 * A lake.
 */
#define STRATEGO_SQUARE_LAKE 1

/**
 * One of the viewer's pieces.
 */
#define STRATEGO_SQUARE_OWN 2

/**
 * An enemy piece.
 */
#define STRATEGO_SQUARE_ENEMY 3

#ifdef __cplusplus
extern "C" {
#endif // __cplusplus

/**
 * A static, NUL-terminated English text for a result code. Takes a plain integer, so any
 * value is safe: an unknown code gives "unknown result code". The text lives for the whole
 * program and must not be freed. Never returns NULL.
 */
const char *stratego_result_message(uint32_t result);

/**
 * The code of the last call that failed on this thread, or `STRATEGO_RESULT_OK` when none
 * has. Successful calls do not reset it.
 */
stratego_result stratego_last_error_code(void);

/**
 * Copy the message of the last call that failed on this thread into `buf` (UTF-8,
 * NUL-terminated), as much of it as fits, and its full length without the NUL into
 * `*len_out`, like `snprintf`: the copy was cut when `*len_out >= cap`. A cut copy ends at a
 * UTF-8 character boundary, so it is valid UTF-8 too. A message is at most
 * `STRATEGO_MAX_ERROR_LEN` bytes, so a buffer of `STRATEGO_MAX_ERROR_LEN + 1` holds any whole;
 * `char why[256]` holds its first 255 bytes or fewer. The message is empty when no call has
 * failed. Successful calls do not reset it, and this function never changes it, even when it
 * fails itself.
 *
 * `buf` must point to `cap` writable bytes (it may be NULL when `cap` is 0, to ask for the
 * length only); `len_out` must not be NULL.
 *
 * Returns `STRATEGO_RESULT_OK` (also when the copy was cut, and for the length query), or
 * `STRATEGO_RESULT_NULL_ARGUMENT` when `len_out` is NULL or `buf` is NULL with `cap > 0`
 * (nothing is written).
 */
stratego_result stratego_last_error_message(char *buf, size_t cap, size_t *len_out);

/**
 * The library's version, `"MAJOR.MINOR.PATCH"`, as a static NUL-terminated string (not to
 * be freed). It matches the header's `STRATEGO_VERSION_*` macros when header and library
 * come from the same build.
 */
const char *stratego_version(void);

/**
 * The version of the RL encodings the library writes (`STRATEGO_ENCODING_VERSION` when the
 * header matches the library).
 */
uint32_t stratego_encoding_version(void);

/**
 * The length in bytes, without the NUL, of the position text (`stratego_game_position`) of a
 * game under `rules` at `ply` (`stratego_game_ply`): one letter per square, the side to move
 * and the ply, with a space between. On the standard board that is 104 up to ply 9, 105 up to
 * 99, 106 up to 999 and 107 up to 9,999, so a buffer needs 108 bytes at ply 9,999; at most
 * `STRATEGO_MAX_POSITION_LEN`. 0 when `rules` is NULL.
 */
size_t stratego_position_len(const struct stratego_rules *rules, uint32_t ply);

/**
 * Write the preset of `edition` to `*rules_out`.
 *
 * On success `*rules_out` holds a new handle that must be freed with `stratego_rules_free`.
 * Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT` (`rules_out` is NULL) or
 * `STRATEGO_RESULT_INVALID_ARGUMENT` (`edition` is no `STRATEGO_EDITION_*` value).
 */
stratego_result stratego_rules_edition(stratego_edition edition, struct stratego_rules **rules_out);

/**
 * Read rules from their one-line text form, e.g. `"isf"`, `"isf(two_square=5)"` or
 * `"classic(max_plies=2000)"`; the form expresses every rule (see the book, docs/src/records.md), and
 * `stratego_rules_to_text` writes it back.
 *
 * `text` must be a NUL-terminated UTF-8 string; it is only read during the call. On success
 * `*rules_out` holds a new handle to free with `stratego_rules_free`. Returns
 * `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`, `STRATEGO_RESULT_INVALID_UTF8`,
 * `STRATEGO_RESULT_PARSE_ERROR` (the text does not parse), `STRATEGO_RESULT_TOO_LARGE` (over
 * 16 KiB, `stratego_core::MAX_RULES_TEXT`) or `STRATEGO_RESULT_INVALID_RULES` (it reads, but
 * its settings cannot be played together); `stratego_last_error_message` says where and why.
 */
stratego_result stratego_rules_parse(const char *text, struct stratego_rules **rules_out);

/**
 * Copy `rules` into a new handle `*rules_out` (free it with `stratego_rules_free`).
 * Returns `STRATEGO_RESULT_OK` or `STRATEGO_RESULT_NULL_ARGUMENT`.
 */
stratego_result stratego_rules_clone(const struct stratego_rules *rules, struct stratego_rules **rules_out);

/**
 * Free a rules handle. NULL does nothing; a handle must not be freed twice.
 */
void stratego_rules_free(struct stratego_rules *rules);

/**
 * Write the one-line text form of `rules` (which `stratego_rules_parse` reads back to
 * equal rules) into `buf`, NUL-terminated, and its length without the NUL into `*len_out`.
 *
 * `buf` must hold `cap` bytes (NULL with `cap` 0 asks for the length). Returns
 * `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`, or
 * `STRATEGO_RESULT_BUFFER_TOO_SMALL` with the length written to `*len_out` (`cap` must be
 * at least that plus one).
 */
stratego_result stratego_rules_to_text(const struct stratego_rules *rules, char *buf, size_t cap, size_t *len_out);

/**
 * The edition `rules` were built from (their text form starts with its name), or
 * `STRATEGO_EDITION_CLASSIC` when `rules` is NULL.
 */
stratego_edition stratego_rules_base_edition(const struct stratego_rules *rules);

/**
 * Number of columns of the board (10 for every edition), or 0 when `rules` is NULL.
 */
uint32_t stratego_rules_width(const struct stratego_rules *rules);

/**
 * Number of rows of the board, or 0 when `rules` is NULL.
 */
uint32_t stratego_rules_height(const struct stratego_rules *rules);

/**
 * Number of squares, `width * height` (the length of a byte board), or 0 when `rules` is
 * NULL.
 */
size_t stratego_rules_num_squares(const struct stratego_rules *rules);

/**
 * Number of action ids, `S * S` for `S` squares (10,000 on the standard board): the length
 * of an action mask. 0 when `rules` is NULL.
 */
size_t stratego_rules_num_actions(const struct stratego_rules *rules);

/**
 * The observation tensor's shape `[C, H, W]` into `shape_out[0..3]` (`C` planes, then the
 * board's height and width); `C * H * W` is the length `stratego_view_observation` needs.
 * The planes are listed by `stratego_plane_name`.
 *
 * `shape_out` must point to 3 writable `size_t`. Returns `STRATEGO_RESULT_OK` or
 * `STRATEGO_RESULT_NULL_ARGUMENT`.
 */
stratego_result stratego_rules_observation_shape(const struct stratego_rules *rules, size_t *shape_out);

/**
 * The name of observation plane `index` (`"own_flag"`, ..., `"to_move"`, then under rules
 * with rescues `"rescue_pending"` ... `"enemy_rescuers"`): a static NUL-terminated string,
 * not to be freed, or NULL when `index` names no plane of any rules (37 and up; the first
 * entry of `stratego_rules_observation_shape` says how many the given rules have).
 */
const char *stratego_plane_name(uint32_t index);

/**
 * The label of `rank` in the numbering of `rules` (`"10"` for the Marshal under ISF rules,
 * `"1"` under Classic rules; `"S"`, `"B"`, `"F"`): a static NUL-terminated string, not to be
 * freed. NULL when `rules` is NULL or `rank` is no `STRATEGO_RANK_*` value.
 */
const char *stratego_rules_rank_label(const struct stratego_rules *rules, stratego_rank rank);

/**
 * The English name of `rank` (`"Marshal"`): a static NUL-terminated string, not to be
 * freed, or NULL when `rank` is no `STRATEGO_RANK_*` value.
 */
const char *stratego_rank_name(stratego_rank rank);

/**
 * Whether `square` is a lake under `rules` (false off the board, and when `rules` is NULL).
 */
bool stratego_rules_is_lake(const struct stratego_rules *rules, struct stratego_square square);

/**
 * The action id of the move `from`-`to` played by `player`: `from * S + to` in the player's
 * frame (Blue's board turned 180 degrees). Legality is not checked: every pair of squares on
 * the board has an id.
 *
 * Returns `STRATEGO_RESULT_OK` with the id in `*id_out`, `STRATEGO_RESULT_NULL_ARGUMENT`,
 * or `STRATEGO_RESULT_INVALID_ARGUMENT` (unknown player, a square off the board).
 */
stratego_result stratego_rules_action_id(const struct stratego_rules *rules, stratego_player player, struct stratego_move mv, uint32_t *id_out);

/**
 * The move of action id `id` for `player` (the inverse of `stratego_rules_action_id`).
 *
 * Returns `STRATEGO_RESULT_OK` with the move in `*move_out`, `STRATEGO_RESULT_NULL_ARGUMENT`,
 * or `STRATEGO_RESULT_INVALID_ARGUMENT` (unknown player, `id` not below the number of
 * actions).
 */
stratego_result stratego_rules_action_move(const struct stratego_rules *rules, stratego_player player, uint32_t id, struct stratego_move *move_out);

/**
 * A setup for `player` drawn uniformly among the valid ones under `rules` (placement
 * constraints included), as a pure function of `seed`: the same seed gives the same setup
 * on every platform.
 *
 * On success `*setup_out` holds a new handle to free with `stratego_setup_free`. Returns
 * `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT` or `STRATEGO_RESULT_INVALID_ARGUMENT`
 * (unknown player).
 */
stratego_result stratego_setup_random(const struct stratego_rules *rules, stratego_player player, uint64_t seed, struct stratego_setup **setup_out);

/**
 * A setup for `player` as a person might make it (the core's `Setup::human_like`): drawn
 * from the frequencies of human setups for the 40-piece editions and Barrage, from a
 * rule-based sampler (the Flag on the back row, Bombs beside it) for the others. Valid under
 * `rules` and, like `stratego_setup_random`, a pure function of `seed` on every platform.
 *
 * On success `*setup_out` holds a new handle to free with `stratego_setup_free`. Returns
 * `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT` or `STRATEGO_RESULT_INVALID_ARGUMENT`
 * (unknown player).
 */
stratego_result stratego_setup_human_like(const struct stratego_rules *rules, stratego_player player, uint64_t seed, struct stratego_setup **setup_out);

/**
 * Two setups drawn together so that they are valid together under `rules` (with free
 * placement the armies may not share a square, which two `stratego_setup_random` calls do not
 * ensure), as a pure function of `seed`.
 *
 * On success `*red_out` and `*blue_out` hold new handles, each to free with
 * `stratego_setup_free`; on failure neither is written. Returns `STRATEGO_RESULT_OK` or
 * `STRATEGO_RESULT_NULL_ARGUMENT`.
 */
stratego_result stratego_setup_random_pair(const struct stratego_rules *rules, uint64_t seed, struct stratego_setup **red_out, struct stratego_setup **blue_out);

/**
 * Read a setup for `player` from its text form: one Gravon letter per square of the setup
 * zone (40 on the standard board), front row first, each row from the player's left (Blue's
 * board turned, so a Blue text reads like a Red one): `A` empty, `B` Bomb, `C` Spy, `D` Scout,
 * `E` Miner, `F` Sergeant, `G` Lieutenant, `H` Captain, `I` Major, `J` Colonel, `K` General,
 * `L` Marshal, `M` Flag. Only the letters and the length are checked here; see
 * `stratego_setup_validate` for the rules.
 *
 * `text` is a NUL-terminated UTF-8 string, only read during the call. On success
 * `*setup_out` holds a new handle to free with `stratego_setup_free`. Returns
 * `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`, `STRATEGO_RESULT_INVALID_ARGUMENT`
 * (unknown player), `STRATEGO_RESULT_INVALID_UTF8`, `STRATEGO_RESULT_PARSE_ERROR` or
 * `STRATEGO_RESULT_TOO_LARGE` (over 4 KiB, `stratego_core::MAX_SETUP_TEXT`).
 */
stratego_result stratego_setup_parse(const struct stratego_rules *rules, stratego_player player, const char *text, struct stratego_setup **setup_out);

/**
 * Write the text form of `setup` under `rules` (see `stratego_setup_parse`) into `buf`,
 * NUL-terminated, with its length without the NUL in `*len_out`.
 *
 * `buf` must hold `cap` bytes (NULL with `cap` 0 asks for the length). Returns
 * `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`, or
 * `STRATEGO_RESULT_BUFFER_TOO_SMALL` with the length in `*len_out`.
 */
stratego_result stratego_setup_to_text(const struct stratego_setup *setup, const struct stratego_rules *rules, char *buf, size_t cap, size_t *len_out);

/**
 * The player `setup` is for, or `STRATEGO_PLAYER_NONE` when `setup` is NULL.
 */
stratego_player stratego_setup_player(const struct stratego_setup *setup);

/**
 * Copy `setup` into a new handle `*setup_out` (free it with `stratego_setup_free`).
 * Returns `STRATEGO_RESULT_OK` or `STRATEGO_RESULT_NULL_ARGUMENT`.
 */
stratego_result stratego_setup_clone(const struct stratego_setup *setup, struct stratego_setup **setup_out);

/**
 * Free a setup handle. NULL does nothing; a handle must not be freed twice.
 */
void stratego_setup_free(struct stratego_setup *setup);

/**
 * Check `setup` against `rules` (counts, zone, lakes, placement constraints).
 *
 * Returns `STRATEGO_RESULT_OK` when it is valid, `STRATEGO_RESULT_INVALID_SETUP` when it is
 * not (`stratego_last_error_message` lists every problem; `stratego_setup_problem_count` and
 * `stratego_setup_problem_at` give them one by one), or `STRATEGO_RESULT_NULL_ARGUMENT`.
 */
stratego_result stratego_setup_validate(const struct stratego_setup *setup, const struct stratego_rules *rules);

/**
 * How many problems `setup` has under `rules` (0 when it is valid), into `*count_out`.
 *
 * Returns `STRATEGO_RESULT_OK` or `STRATEGO_RESULT_NULL_ARGUMENT`.
 */
stratego_result stratego_setup_problem_count(const struct stratego_setup *setup, const struct stratego_rules *rules, size_t *count_out);

/**
 * Problem `index` (counting from 0, in board order) of `setup` under `rules`, as a struct:
 * its kind, square and rank where they apply, and the expected and found counts.
 *
 * Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`, or
 * `STRATEGO_RESULT_INVALID_ARGUMENT` when `index` is not below the problem count.
 */
stratego_result stratego_setup_problem_at(const struct stratego_setup *setup, const struct stratego_rules *rules, size_t index, struct stratego_setup_problem *problem_out);

/**
 * The reason of problem `index` of `setup` under `rules` as text (`"Marshal on e5 is
 * outside the setup zone"`), NUL-terminated into `buf`, its length without the NUL in
 * `*len_out`.
 *
 * Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`,
 * `STRATEGO_RESULT_INVALID_ARGUMENT` (no such problem), or `STRATEGO_RESULT_BUFFER_TOO_SMALL`
 * with the length in `*len_out`.
 */
stratego_result stratego_setup_problem_text(const struct stratego_setup *setup, const struct stratego_rules *rules, size_t index, char *buf, size_t cap, size_t *len_out);

/**
 * Start a game under `rules` from Red's and Blue's setups, checked against the rules (every
 * problem of both setups is reported, a setup given for the wrong player included).
 *
 * The inputs are only read: the game copies them, so they may be freed at once. On success
 * `*game_out` holds a new handle to free with `stratego_game_free`. Returns
 * `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT` or `STRATEGO_RESULT_INVALID_SETUP`
 * (`stratego_last_error_message` lists every problem).
 */
stratego_result stratego_game_new(const struct stratego_rules *rules, const struct stratego_setup *red, const struct stratego_setup *blue, struct stratego_game **game_out);

/**
 * A game under `rules` from two random setups that are valid together, as a pure function
 * of `seed` (for every rule set, free placement included, where two independent
 * `stratego_setup_random` calls could overlap).
 *
 * On success `*game_out` holds a new handle to free with `stratego_game_free`. Returns
 * `STRATEGO_RESULT_OK` or `STRATEGO_RESULT_NULL_ARGUMENT`.
 */
stratego_result stratego_game_random(const struct stratego_rules *rules, uint64_t seed, struct stratego_game **game_out);

/**
 * Load a position under `rules` from a position string: the short form that
 * `stratego_game_position` writes (one Gravon letter per square from a1 row by row: `A`
 * empty, `_` lake, Red `B`..`M`, Blue `N`..`Y`, lowercase = revealed; then the side to move
 * `r`/`b` and the ply), or the full form of `stratego_game_position_full`, which also keeps
 * moved flags, start squares, captures and the repetition rules' state.
 *
 * `text` is a NUL-terminated UTF-8 string, only read during the call. On success
 * `*game_out` holds a new handle to free with `stratego_game_free`. Returns
 * `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`, `STRATEGO_RESULT_INVALID_UTF8`,
 * `STRATEGO_RESULT_PARSE_ERROR` or `STRATEGO_RESULT_TOO_LARGE` (over 64 KiB,
 * `stratego_core::MAX_POSITION_TEXT`: never for a text this library wrote).
 */
stratego_result stratego_game_from_position(const struct stratego_rules *rules, const char *text, struct stratego_game **game_out);

/**
 * Copy `game` (position and history) into a new handle `*game_out`, to free with
 * `stratego_game_free`. Returns `STRATEGO_RESULT_OK` or `STRATEGO_RESULT_NULL_ARGUMENT`.
 */
stratego_result stratego_game_clone(const struct stratego_game *game, struct stratego_game **game_out);

/**
 * Free a game handle. NULL does nothing; a handle must not be freed twice. Views made from
 * the game are separate handles and stay valid.
 */
void stratego_game_free(struct stratego_game *game);

/**
 * The rules of `game` as a new handle `*rules_out`, to free with `stratego_rules_free`.
 * Returns `STRATEGO_RESULT_OK` or `STRATEGO_RESULT_NULL_ARGUMENT`.
 */
stratego_result stratego_game_rules(const struct stratego_game *game, struct stratego_rules **rules_out);

/**
 * The legal moves of the side to move (none once the game is over) into `buf`, their number
 * into `*len_out`.
 *
 * `buf` must hold `cap` moves (NULL with `cap` 0 asks for the number). Returns
 * `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`, or
 * `STRATEGO_RESULT_BUFFER_TOO_SMALL` with the number in `*len_out`.
 */
stratego_result stratego_game_legal_moves(const struct stratego_game *game, struct stratego_move *buf, size_t cap, size_t *len_out);

/**
 * How many legal moves the side to move has (0 once the game is over, and when `game` is
 * NULL).
 */
size_t stratego_game_legal_move_count(const struct stratego_game *game);

/**
 * Play the move written as text, e.g. `"a4-a5"`, if it is legal now; otherwise change
 * nothing. Every form the move notation writes is read too (`"a4xa7"`, `"9 a4xa7 (1)"`,
 * `"Scout a4xa7 (Marshal)"`, ranks in the rules' numbering or as names); the ranks are
 * checked to be ranks and otherwise ignored: the move is its squares.
 *
 * `text` is a NUL-terminated UTF-8 string, only read during the call. Returns
 * `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`, `STRATEGO_RESULT_INVALID_UTF8`,
 * `STRATEGO_RESULT_PARSE_ERROR` (no move text), `STRATEGO_RESULT_ILLEGAL_MOVE` (the message
 * names the reason) or `STRATEGO_RESULT_GAME_OVER`.
 */
stratego_result stratego_game_play_text(struct stratego_game *game, const char *text);

/**
 * Play the move `mv` (from-to squares) if it is legal now; otherwise change nothing.
 *
 * Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`,
 * `STRATEGO_RESULT_INVALID_ARGUMENT` (a column or row of 16 or more: no square on any board),
 * `STRATEGO_RESULT_ILLEGAL_MOVE` (a square off this board included) or
 * `STRATEGO_RESULT_GAME_OVER`.
 */
stratego_result stratego_game_play_move(struct stratego_game *game, struct stratego_move mv);

/**
 * Play the move of action id `id` in the frame of the side to move (see
 * `stratego_rules_action_move`) if it is legal now; otherwise change nothing.
 *
 * Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`,
 * `STRATEGO_RESULT_INVALID_ARGUMENT` (`id` not below `stratego_rules_num_actions`),
 * `STRATEGO_RESULT_ILLEGAL_MOVE` or `STRATEGO_RESULT_GAME_OVER`.
 */
stratego_result stratego_game_play_action(struct stratego_game *game, uint32_t id);

/**
 * Whether the move written as text would be legal now, without playing it: writes
 * `STRATEGO_ILLEGAL_NONE` to `*reason_out` when it is legal, else the reason
 * (`STRATEGO_ILLEGAL_*`). The game is not changed.
 *
 * Returns `STRATEGO_RESULT_OK` (the move was checked, legal or not),
 * `STRATEGO_RESULT_NULL_ARGUMENT`, `STRATEGO_RESULT_INVALID_UTF8` or
 * `STRATEGO_RESULT_PARSE_ERROR`.
 */
stratego_result stratego_game_check_text(const struct stratego_game *game, const char *text, stratego_illegal_reason *reason_out);

/**
 * Whether the move of action id `id` (mover's frame) would be legal now, without playing it
 * (see `stratego_game_check_text`). Returns `STRATEGO_RESULT_OK`,
 * `STRATEGO_RESULT_NULL_ARGUMENT` or `STRATEGO_RESULT_INVALID_ARGUMENT` (`id` out of range).
 */
stratego_result stratego_game_check_action(const struct stratego_game *game, uint32_t id, stratego_illegal_reason *reason_out);

/**
 * A legal move drawn uniformly by `entropy` (a pure function of it), into `*move_out`; the
 * game is not changed.
 *
 * Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`, or
 * `STRATEGO_RESULT_GAME_OVER` when the side to move has no legal move.
 */
stratego_result stratego_game_random_move(const struct stratego_game *game, uint64_t entropy, struct stratego_move *move_out);

/**
 * Play uniformly random legal moves, a pure function of `seed`, until the game ends or
 * `max_plies` more plies are played; then write how the game stands into `*outcome_out`
 * (`is_over` false when the limit stopped it).
 *
 * Returns `STRATEGO_RESULT_OK` or `STRATEGO_RESULT_NULL_ARGUMENT`.
 */
stratego_result stratego_game_playout(struct stratego_game *game, uint64_t seed, uint32_t max_plies, struct stratego_outcome *outcome_out);

/**
 * Take back the last move (a resignation goes with it); a resignation before any move is
 * taken back on its own.
 *
 * Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`, or
 * `STRATEGO_RESULT_NOTHING_TO_UNDO` at the start of a game that is not over (nothing changes).
 */
stratego_result stratego_game_undo(struct stratego_game *game);

/**
 * `player` resigns and the opponent wins.
 *
 * Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`,
 * `STRATEGO_RESULT_INVALID_ARGUMENT` (unknown player), or `STRATEGO_RESULT_GAME_OVER` when
 * the game had already ended (it is not changed).
 */
stratego_result stratego_game_resign(struct stratego_game *game, stratego_player player);

/**
 * The position string (what `stratego_game_from_position` reads: square letters, side to
 * move, ply) into `buf`, NUL-terminated, its length without the NUL into `*len_out`.
 *
 * `buf` must hold `cap` bytes (NULL with `cap` 0 asks for the length): the text is
 * `stratego_position_len(rules, stratego_game_ply(game))` bytes, so that plus one for the NUL
 * is enough (108 on the standard board at ply 9,999), and `STRATEGO_MAX_POSITION_LEN + 1`
 * always is. Returns `STRATEGO_RESULT_OK`,
 * `STRATEGO_RESULT_NULL_ARGUMENT`, or `STRATEGO_RESULT_BUFFER_TOO_SMALL` with the length in
 * `*len_out`.
 */
stratego_result stratego_game_position(const struct stratego_game *game, char *buf, size_t cap, size_t *len_out);

/**
 * What `player` may know now, as a new view handle `*view_out` (free it with
 * `stratego_view_free`). The view is a snapshot: later moves in the game do not change it,
 * and it holds no hidden enemy rank.
 *
 * Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT` or
 * `STRATEGO_RESULT_INVALID_ARGUMENT` (unknown player).
 */
stratego_result stratego_game_view(const struct stratego_game *game, stratego_player player, struct stratego_view **view_out);

/**
 * The pieces on the board with their squares, in board order (a1, b1, ..., j10), into
 * `buf`: `player`'s pieces, or every piece when `player` is `STRATEGO_PLAYER_NONE`; their
 * number into `*len_out`. Full information: every rank is shown.
 *
 * `buf` must hold `cap` entries (NULL with `cap` 0 asks for the number). Returns
 * `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`, `STRATEGO_RESULT_INVALID_ARGUMENT`
 * (unknown player) or `STRATEGO_RESULT_BUFFER_TOO_SMALL` with the number in `*len_out`.
 */
stratego_result stratego_game_pieces(const struct stratego_game *game, stratego_player player, struct stratego_placed_piece *buf, size_t cap, size_t *len_out);

/**
 * A hash of the position and every rule state that decides what happens next (pieces,
 * side to move, flags the rules depend on, repetition state), for transposition tables:
 * equal positions hash equal. Stable within one library version only. 0 when `game` is
 * NULL (0 may also be a real hash).
 */
uint64_t stratego_game_hash(const struct stratego_game *game);

/**
 * The full position text: the position string plus moved and slid flags, start squares,
 * captures and the repetition rules' state, so that `stratego_game_from_position` reads it
 * back to the same position with the same legal moves. NUL-terminated into `buf`, its length
 * without the NUL into `*len_out`.
 *
 * Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`, or
 * `STRATEGO_RESULT_BUFFER_TOO_SMALL` with the length in `*len_out`.
 */
stratego_result stratego_game_position_full(const struct stratego_game *game, char *buf, size_t cap, size_t *len_out);

/**
 * The legal action ids of the side to move, in that player's frame and sorted ascending
 * (the ids `stratego_view_legal_actions` gives the mover), into `buf`; their number into
 * `*len_out`.
 *
 * `buf` must hold `cap` ids (NULL with `cap` 0 asks for the number). Returns
 * `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`, or
 * `STRATEGO_RESULT_BUFFER_TOO_SMALL` with the number in `*len_out`.
 */
stratego_result stratego_game_legal_actions(const struct stratego_game *game, uint32_t *buf, size_t cap, size_t *len_out);

/**
 * The viewer's legal action ids, sorted ascending (none unless it is the viewer's turn and
 * the game goes on), into `buf`; their number into `*len_out`.
 *
 * `buf` must hold `cap` ids (NULL with `cap` 0 asks for the number). Returns
 * `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`, or
 * `STRATEGO_RESULT_BUFFER_TOO_SMALL` with the number in `*len_out`.
 */
stratego_result stratego_view_legal_actions(const struct stratego_view *view, uint32_t *buf, size_t cap, size_t *len_out);

/**
 * How the game stands, into `*outcome_out`: `is_over`, the winner (`STRATEGO_PLAYER_NONE`
 * for a draw) and the termination.
 *
 * Returns `STRATEGO_RESULT_OK` or `STRATEGO_RESULT_NULL_ARGUMENT`.
 */
stratego_result stratego_game_outcome(const struct stratego_game *game, struct stratego_outcome *outcome_out);

/**
 * How the game stood when the view was taken, into `*outcome_out` (see
 * `stratego_game_outcome`).
 *
 * Returns `STRATEGO_RESULT_OK` or `STRATEGO_RESULT_NULL_ARGUMENT`.
 */
stratego_result stratego_view_outcome(const struct stratego_view *view, struct stratego_outcome *outcome_out);

/**
 * The ply: moves played, counted from the start position's ply (0 when `game` is NULL). A
 * rescue decision ends the turn of the move before it and adds no ply, though the history
 * holds it.
 */
uint32_t stratego_game_ply(const struct stratego_game *game);

/**
 * The ply when the view was taken (0 when `view` is NULL).
 */
uint32_t stratego_view_ply(const struct stratego_view *view);

/**
 * Whose turn it is (`STRATEGO_PLAYER_NONE` when `game` is NULL). A finished game still has
 * a side to move: the one that would move next.
 */
stratego_player stratego_game_to_move(const struct stratego_game *game);

/**
 * Whose turn it was when the view was taken (`STRATEGO_PLAYER_NONE` when `view` is NULL).
 */
stratego_player stratego_view_to_move(const struct stratego_view *view);

/**
 * The ranks `player` has lost, weakest first (`STRATEGO_RANK_*` values), into `buf`; their
 * number into `*len_out`.
 *
 * `buf` must hold `cap` ranks (NULL with `cap` 0 asks for the number). Returns
 * `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`, `STRATEGO_RESULT_INVALID_ARGUMENT`
 * (unknown player) or `STRATEGO_RESULT_BUFFER_TOO_SMALL` with the number in `*len_out`.
 */
stratego_result stratego_game_captured(const struct stratego_game *game, stratego_player player, stratego_rank *buf, size_t cap, size_t *len_out);

/**
 * The ranks `player` has lost (public: every capture is a battle), weakest first, into
 * `buf`; their number into `*len_out`.
 *
 * `buf` must hold `cap` ranks (NULL with `cap` 0 asks for the number). Returns
 * `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`, `STRATEGO_RESULT_INVALID_ARGUMENT`
 * (unknown player) or `STRATEGO_RESULT_BUFFER_TOO_SMALL` with the number in `*len_out`.
 */
stratego_result stratego_view_captured(const struct stratego_view *view, stratego_player player, stratego_rank *buf, size_t cap, size_t *len_out);

/**
 * A text picture of the full-information board (row 10 on top, one five-character cell
 * per square: owner `r`/`b`, the rank label in the rules' numbering, `*` once revealed; `.`
 * empty, `~` lake), lines ending in `\n`, into `buf`, NUL-terminated, its length without the
 * NUL into `*len_out`.
 *
 * Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`, or
 * `STRATEGO_RESULT_BUFFER_TOO_SMALL` with the length in `*len_out`.
 */
stratego_result stratego_game_picture(const struct stratego_game *game, char *buf, size_t cap, size_t *len_out);

/**
 * A text picture of the board as the viewer knows it (see `stratego_game_picture`; an
 * enemy piece of unknown rank shows as `?`), NUL-terminated into `buf`, its length without
 * the NUL into `*len_out`.
 *
 * Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`, or
 * `STRATEGO_RESULT_BUFFER_TOO_SMALL` with the length in `*len_out`.
 */
stratego_result stratego_view_picture(const struct stratego_view *view, char *buf, size_t cap, size_t *len_out);

/**
 * What the move `mv` would do as a battle, into `*battle_out`, without playing it: the
 * result and both ranks when `mv` attacks an enemy piece, else `STRATEGO_BATTLE_NONE`.
 * Legality is not checked (see `stratego_game_check_move`).
 *
 * Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT` or
 * `STRATEGO_RESULT_INVALID_ARGUMENT` (a column or row of 16 or more).
 */
stratego_result stratego_game_battle_of(const struct stratego_game *game, struct stratego_move mv, struct stratego_battle_report *battle_out);

/**
 * What `mv` would do as a battle, as far as the viewer knows, into `*battle_out`: the
 * result and both ranks when `mv` attacks an enemy piece whose rank the viewer knows (a
 * revealed or visible one), else `STRATEGO_BATTLE_NONE`. A hidden rank is never used.
 *
 * Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT` or
 * `STRATEGO_RESULT_INVALID_ARGUMENT` (a column or row of 16 or more).
 */
stratego_result stratego_view_battle_of(const struct stratego_view *view, struct stratego_move mv, struct stratego_battle_report *battle_out);

/**
 * How many moves the game's history holds (0 when `game` is NULL).
 */
size_t stratego_game_history_len(const struct stratego_game *game);

/**
 * How many moves the view's public history holds (0 when `view` is NULL).
 */
size_t stratego_view_history_len(const struct stratego_view *view);

/**
 * Move `index` of the history in the rules' numbering, for people and logs: `9 a4-a5`, or
 * after a battle `9 a4xa7 (1)` with the defender's label. It shows the mover's rank, which
 * the opponent does not see after a plain move. NUL-terminated into `buf`, its length
 * without the NUL into `*len_out`: at most `STRATEGO_MAX_NOTATION_LEN` bytes.
 *
 * Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`,
 * `STRATEGO_RESULT_INVALID_ARGUMENT` (no such move), or `STRATEGO_RESULT_BUFFER_TOO_SMALL`
 * with the length in `*len_out`.
 */
stratego_result stratego_game_history_notation(const struct stratego_game *game, size_t index, char *buf, size_t cap, size_t *len_out);

/**
 * Move `index` of the public history in the rules' numbering: `a4-a5` for a plain move (the
 * mover's rank was not seen), `9 a4xa7 (1)` after a battle. NUL-terminated into `buf`, its
 * length without the NUL into `*len_out`: at most `STRATEGO_MAX_NOTATION_LEN` bytes.
 *
 * Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`,
 * `STRATEGO_RESULT_INVALID_ARGUMENT` (no such move), or `STRATEGO_RESULT_BUFFER_TOO_SMALL`
 * with the length in `*len_out`.
 */
stratego_result stratego_view_history_notation(const struct stratego_view *view, size_t index, char *buf, size_t cap, size_t *len_out);

/**
 * Whether the move `mv` would be legal now, without playing it (see
 * `stratego_game_check_text`). Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`
 * or `STRATEGO_RESULT_INVALID_ARGUMENT` (a column or row of 16 or more).
 */
stratego_result stratego_game_check_move(const struct stratego_game *game, struct stratego_move mv, stratego_illegal_reason *reason_out);

/**
 * Whether the viewer could play `mv` now, judged from what the viewer knows (the viewer's
 * legality never depends on hidden ranks): writes `STRATEGO_ILLEGAL_NONE` to `*reason_out`
 * when it is legal, else the reason (`STRATEGO_ILLEGAL_NOT_YOUR_TURN` on the opponent's turn).
 *
 * Returns `STRATEGO_RESULT_OK` (the move was checked), `STRATEGO_RESULT_NULL_ARGUMENT` or
 * `STRATEGO_RESULT_INVALID_ARGUMENT` (a column or row of 16 or more).
 */
stratego_result stratego_view_check_move(const struct stratego_view *view, struct stratego_move mv, stratego_illegal_reason *reason_out);

/**
 * The piece on `square` (full information), into `*piece_out`; an empty square or a lake
 * reads as owner `STRATEGO_PLAYER_NONE`.
 *
 * Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT` or
 * `STRATEGO_RESULT_INVALID_ARGUMENT` (a square off the board).
 */
stratego_result stratego_game_piece_at(const struct stratego_game *game, struct stratego_square square, struct stratego_piece *piece_out);

/**
 * What the viewer knows of `square` (board coordinates, not the viewer's frame), into
 * `*square_out`.
 *
 * Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT` or
 * `STRATEGO_RESULT_INVALID_ARGUMENT` (a square off the board).
 */
stratego_result stratego_view_square(const struct stratego_view *view, struct stratego_square square, struct stratego_square_view *square_out);

/**
 * What move `index` of the history did (0 = the first move played), into `*report_out`:
 * the move, the mover and its rank, the battle with both ranks, and the outcome when that
 * move ended the game. The last move is at `stratego_game_history_len(game) - 1`.
 *
 * Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT` or
 * `STRATEGO_RESULT_INVALID_ARGUMENT` (`index` not below the history's length).
 */
stratego_result stratego_game_history_at(const struct stratego_game *game, size_t index, struct stratego_move_report *report_out);

/**
 * Move `index` (0 = the first) of the public history, as both players saw it, into
 * `*move_out`: the squares, the mover, and the battle with both ranks.
 *
 * Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT` or
 * `STRATEGO_RESULT_INVALID_ARGUMENT` (`index` not below the history's length).
 */
stratego_result stratego_view_history_at(const struct stratego_view *view, size_t index, struct stratego_public_move *move_out);

/**
 * Free a view handle. NULL does nothing; a handle must not be freed twice.
 */
void stratego_view_free(struct stratego_view *view);

/**
 * The viewer (`STRATEGO_PLAYER_NONE` when `view` is NULL).
 */
stratego_player stratego_view_player(const struct stratego_view *view);

/**
 * Every square as the viewer knows it, in board index order (a1, b1, ..., j10; index
 * `row * width + col`), into `buf`; their number (`stratego_rules_num_squares`) into
 * `*len_out`.
 *
 * `buf` must hold `cap` entries (NULL with `cap` 0 asks for the number). Returns
 * `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`, or
 * `STRATEGO_RESULT_BUFFER_TOO_SMALL` with the number in `*len_out`.
 */
stratego_result stratego_view_squares(const struct stratego_view *view, struct stratego_square_view *buf, size_t cap, size_t *len_out);

/**
 * The observation tensor, `float [C][H][W]` in the viewer's frame (see
 * `stratego_rules_observation_shape` and `stratego_plane_name`; every element is 0.0 or
 * 1.0), into the first `C * H * W` floats of `buf`, which holds `len` floats; any floats past
 * those are left as they are.
 *
 * Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`, or
 * `STRATEGO_RESULT_BUFFER_TOO_SMALL` when `len < C * H * W` (nothing is written).
 */
stratego_result stratego_view_observation(const struct stratego_view *view, float *buf, size_t len);

/**
 * The byte board: one code per square in the viewer's frame (kind and flags, see the
 * core's `encoding::board_code` table), into the first `stratego_rules_num_squares` bytes of
 * `buf`, which holds `len` bytes.
 *
 * Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`, or
 * `STRATEGO_RESULT_BUFFER_TOO_SMALL` when `len` is less than the number of squares.
 */
stratego_result stratego_view_board_codes(const struct stratego_view *view, uint8_t *buf, size_t len);

/**
 * The legal-action mask: byte `id` is 1 when action `id` is legal for the viewer, else 0,
 * into the first `stratego_rules_num_actions` bytes of `buf`, which holds `len` bytes (all
 * zero unless it is the viewer's turn and the game goes on).
 *
 * Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`, or
 * `STRATEGO_RESULT_BUFFER_TOO_SMALL` when `len` is less than the number of actions.
 */
stratego_result stratego_view_action_mask(const struct stratego_view *view, uint8_t *buf, size_t len);

/**
 * A full game consistent with the view, as a pure function of `seed`: the viewer's pieces
 * and every known enemy rank kept, the enemy army's counts respected, the rest drawn at
 * random. The new game starts at the view's position with an empty history.
 *
 * On success `*game_out` holds a new handle to free with `stratego_game_free`. Returns
 * `STRATEGO_RESULT_OK` or `STRATEGO_RESULT_NULL_ARGUMENT`.
 */
stratego_result stratego_view_sample_world(const struct stratego_view *view, uint64_t seed, struct stratego_game **game_out);

/**
 * The move of action id `id` for the viewer (`stratego_rules_action_move` in the viewer's
 * frame), into `*move_out`.
 *
 * Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`, or
 * `STRATEGO_RESULT_INVALID_ARGUMENT` (`id` not below the number of actions).
 */
stratego_result stratego_view_action_move(const struct stratego_view *view, uint32_t id, struct stratego_move *move_out);

/**
 * The view as JSON (`{"rules": ..., "player": ..., "position": ..., "history": [...]}`: the
 * position as the viewer knows it, unknown enemy ranks written `?`) into `buf`,
 * NUL-terminated, its length without the NUL into `*len_out`. `stratego_view_from_json`
 * reads it back to an equal view. The text holds no hidden enemy rank, so it may be stored or
 * sent to the viewer.
 *
 * Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`, or
 * `STRATEGO_RESULT_BUFFER_TOO_SMALL` with the length in `*len_out`.
 */
stratego_result stratego_view_to_json(const struct stratego_view *view, char *buf, size_t cap, size_t *len_out);

/**
 * Read a view written by `stratego_view_to_json` into a new view handle `*view_out` (free it
 * with `stratego_view_free`), checking that its facts agree (pieces, army, what is in sight,
 * the history).
 *
 * `json` is a NUL-terminated UTF-8 string, only read during the call. Returns
 * `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`, `STRATEGO_RESULT_INVALID_UTF8`,
 * `STRATEGO_RESULT_INVALID_RULES`, `STRATEGO_RESULT_TOO_LARGE` (over
 * `stratego_core::MAX_VIEW_JSON_BYTES`, more moves than a game holds, or a text over its
 * limit: never for a view this library wrote), or `STRATEGO_RESULT_PARSE_ERROR` (not a view
 * record, or facts that contradict each other; the message says which). On failure
 * `*view_out` is not written.
 */
stratego_result stratego_view_from_json(const char *json, struct stratego_view **view_out);

/**
 * The decision to bring back a captured piece of `rank` onto `square`, into `*move_out`. It
 * is legal only while a rescue is due (`stratego_game_rescue_pending`), for a rank the mover
 * has lost and an empty square of the mover's rescue zone; `stratego_game_play_move` checks.
 *
 * Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT` or
 * `STRATEGO_RESULT_INVALID_ARGUMENT` (no such rank, or a square outside every board).
 */
stratego_result stratego_move_rescue(stratego_rank rank, struct stratego_square square, struct stratego_move *move_out);

/**
 * The decision not to rescue.
 */
struct stratego_move stratego_move_decline_rescue(void);

/**
 * Whether `mv` is a rescue decision (a rescue or the decline) rather than a board move.
 */
bool stratego_move_is_decision(struct stratego_move mv);

/**
 * The rank and square of the rescue `mv` into `*rank_out` and `*square_out`.
 *
 * Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT` or
 * `STRATEGO_RESULT_INVALID_ARGUMENT` when `mv` is no rescue (a board move or the decline).
 */
stratego_result stratego_move_rescued(struct stratego_move mv, stratego_rank *rank_out, struct stratego_square *square_out);

/**
 * Whether the side to move must now decide on a rescue (false when `game` is NULL): its
 * legal moves are then the decisions only, and its turn is not over.
 */
bool stratego_game_rescue_pending(const struct stratego_game *game);

/**
 * Rescues `player` may still make in `game` (0 when `game` is NULL, `player` unknown, or the
 * rules have no rescues).
 */
uint32_t stratego_game_rescues_left(const struct stratego_game *game, stratego_player player);

/**
 * Whether a rescue decision was due when the view was taken (false when `view` is NULL):
 * public to both players.
 */
bool stratego_view_rescue_pending(const struct stratego_view *view);

/**
 * Rescues `player` may still make, as the view shows it (0 when `view` is NULL or `player`
 * unknown).
 */
uint32_t stratego_view_rescues_left(const struct stratego_view *view, stratego_player player);

/**
 * A new agent named by `kind` (read by the core's `AgentKind` parser): `"random"` (a legal
 * move drawn uniformly), `"heuristic"` (scores each move from known battles, the Flag's
 * neighbourhood and probes), `"sampling"` / `"sampling:BUDGET"` (plays candidate moves out in
 * worlds consistent with the view) or `"search"` / `"search:BUDGET"` (searches worlds drawn
 * from a belief over the hidden ranks, BUDGET playouts a move, 1 to 10^9), drawing from
 * `seed`.
 *
 * `kind` is a NUL-terminated UTF-8 string, only read during the call. On success
 * `*agent_out` holds a new handle to free with `stratego_agent_free`. Returns
 * `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`, `STRATEGO_RESULT_INVALID_UTF8` or
 * `STRATEGO_RESULT_PARSE_ERROR` (no such agent, or a budget that is not a whole number from 1
 * to 10^9; the last error message says which).
 */
stratego_result stratego_agent_new(const char *kind, uint64_t seed, struct stratego_agent **agent_out);

/**
 * Free an agent handle. NULL does nothing; a handle must not be freed twice.
 */
void stratego_agent_free(struct stratego_agent *agent);

/**
 * The setup the agent wants for `player` under `rules` (the core's `Agent::setup`), valid
 * under them: `heuristic`, `sampling` and `search` set up human-like (draws like
 * `stratego_setup_human_like`'s with the Flag kept back and boxed in), `random` takes the
 * setup it is given.
 *
 * On success `*setup_out` holds either a new handle to free with `stratego_setup_free`, or
 * NULL when the agent takes the setup it is given (`random`): the caller then draws one
 * itself, with `stratego_setup_random` for instance. The setup is drawn from the agent's own
 * generator, so the same seed gives the same setup, and each call draws afresh and shifts the
 * moves the agent chooses afterwards: ask once, before the game's first
 * `stratego_agent_choose`.
 *
 * Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT` or
 * `STRATEGO_RESULT_INVALID_ARGUMENT` (unknown player); on failure `*setup_out` is not written.
 */
stratego_result stratego_agent_setup(struct stratego_agent *agent, const struct stratego_rules *rules, stratego_player player, struct stratego_setup **setup_out);

/**
 * The agent's move for the viewer of `view`, into `*move_out` (one of the viewer's legal
 * moves). The agent may remember what it was shown.
 *
 * Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`,
 * `STRATEGO_RESULT_GAME_OVER` (the game in the view is over) or
 * `STRATEGO_RESULT_INVALID_ARGUMENT` (it is not the viewer's turn).
 */
stratego_result stratego_agent_choose(struct stratego_agent *agent, const struct stratego_view *view, struct stratego_move *move_out);

/**
 * The game's record as JSON (`{"rules": ..., "start": ..., "moves": [...]}`; a resignation
 * included) into `buf`, NUL-terminated, its length without the NUL into `*len_out`.
 * `stratego_game_from_record_json` replays it to an equal game.
 *
 * Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`, or
 * `STRATEGO_RESULT_BUFFER_TOO_SMALL` with the length in `*len_out`.
 */
stratego_result stratego_game_record_json(const struct stratego_game *game, char *buf, size_t cap, size_t *len_out);

/**
 * Replay a record written by `stratego_game_record_json`, checking every move, into a new
 * game handle `*game_out` (free it with `stratego_game_free`).
 *
 * `json` is a NUL-terminated UTF-8 string, only read during the call. Returns
 * `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`, `STRATEGO_RESULT_INVALID_UTF8`,
 * `STRATEGO_RESULT_PARSE_ERROR` (not a record, or its rules or start do not parse),
 * `STRATEGO_RESULT_TOO_LARGE` (over `stratego_core::MAX_RECORD_JSON_BYTES`, more moves than a
 * game holds, or a text over its limit: never for a record this library wrote),
 * `STRATEGO_RESULT_INVALID_RULES`, `STRATEGO_RESULT_INVALID_SETUP`, or `STRATEGO_RESULT_ILLEGAL_MOVE` /
 * `STRATEGO_RESULT_GAME_OVER` when a recorded move does not replay (the message names the
 * ply).
 */
stratego_result stratego_game_from_record_json(const char *json, struct stratego_game **game_out);

/**
 * Read a Gravon StraDoS2 XML record and replay it under the rules Gravon played it with
 * (`classic` as ISF, `barrage`, `duell` as Duel on four rows, `classicfree` as ISF with free
 * placement; the two-squares limit 5 for games before 2013 and 3 from then on, `year` 0
 * meaning unknown = from 2013 on). Every move must be legal and the end must agree with the
 * recorded result.
 *
 * `xml` is a NUL-terminated UTF-8 string, only read during the call. On success `*game_out`
 * holds a new handle to free with `stratego_game_free`. Returns `STRATEGO_RESULT_OK`,
 * `STRATEGO_RESULT_NULL_ARGUMENT`, `STRATEGO_RESULT_INVALID_UTF8`,
 * `STRATEGO_RESULT_PARSE_ERROR`, `STRATEGO_RESULT_TOO_LARGE` (over
 * `stratego_core::MAX_XML_BYTES`, about 51 MiB: never for XML this library wrote),
 * `STRATEGO_RESULT_UNSUPPORTED` (a game type with no edition
 * here), `STRATEGO_RESULT_INVALID_SETUP`, `STRATEGO_RESULT_ILLEGAL_MOVE` or
 * `STRATEGO_RESULT_RESULT_MISMATCH`.
 */
stratego_result stratego_game_from_gravon_xml(const char *xml, uint32_t year, struct stratego_game **game_out);

/**
 * Write `game` as Gravon StraDoS2 XML (the archive's layout: the start position as the
 * field, every move, the result if the game is over; no player names) into `buf`,
 * NUL-terminated, its length without the NUL into `*len_out`.
 *
 * Returns `STRATEGO_RESULT_OK`, `STRATEGO_RESULT_NULL_ARGUMENT`,
 * `STRATEGO_RESULT_UNSUPPORTED` (an edition Gravon does not play: only ISF, Barrage and Duel
 * rules; or a game that did not start from two setups), or
 * `STRATEGO_RESULT_BUFFER_TOO_SMALL` with the length in `*len_out`.
 */
stratego_result stratego_game_to_gravon_xml(const struct stratego_game *game, char *buf, size_t cap, size_t *len_out);

#ifdef __cplusplus
}  // extern "C"
#endif  // __cplusplus

#endif  /* STRATEGO_H */
