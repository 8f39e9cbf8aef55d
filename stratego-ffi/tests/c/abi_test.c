/*
 * The C side of the ABI tests, built by scripts/c_abi.sh against include/stratego.h.
 *
 *   abi_test hostile            bad input of every kind; after each call the game's position
 *                               string, outcome and history length must be unchanged
 *   abi_test agree EDITION SEED play a seeded game through the C API (by action id, by squares
 *                               and by text in turn) and print what the Rust test
 *                               stratego-ffi/tests/c_agreement.rs compares with the core
 *
 * Exit status 0 when every check held.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stratego.h"
#include "check.h"

/* A call must return `want`. */
#define EXPECT(want, call) expect_code((want), (call), #call, __LINE__)

static void expect_code(stratego_result want, stratego_result got, const char *what, int line) {
  checks++;
  if (got != want) {
    char message[512];
    size_t len = 0;
    if (stratego_last_error_message(message, sizeof message, &len) != STRATEGO_RESULT_OK) {
      strcpy(message, "(message does not fit)");
    }
    fprintf(stderr, "%s:%d: %s returned %u (%s), expected %u (%s); last error: %s\n", __FILE__, line,
            what, (unsigned)got, stratego_result_message(got), (unsigned)want,
            stratego_result_message(want), message);
    failures++;
  }
}

/* Stop at once when a setup step fails: later checks would only repeat it. */
static void must(stratego_result got, const char *what) {
  if (got != STRATEGO_RESULT_OK) {
    fprintf(stderr, "setup step failed: %s: %s\n", what, stratego_result_message(got));
    exit(2);
  }
}
#define MUST(call) must((call), #call)

/* ------------------------------------------------------------------------------------------ */
/* Snapshots: what must not change when a call fails.                                         */

typedef struct snapshot {
  char position[512];
  char full[8192];
  uint64_t hash;
  stratego_outcome outcome;
  size_t history;
} snapshot;

static snapshot take(const stratego_game *game) {
  static snapshot s;
  size_t len = 0;
  memset(&s, 0, sizeof s);
  must(stratego_game_position(game, s.position, sizeof s.position, &len), "position");
  must(stratego_game_position_full(game, s.full, sizeof s.full, &len), "full position");
  s.hash = stratego_game_hash(game);
  must(stratego_game_outcome(game, &s.outcome), "outcome");
  s.history = stratego_game_history_len(game);
  return s;
}

static void unchanged(const stratego_game *game, const snapshot *before, int line) {
  snapshot now = take(game);
  checks++;
  if (strcmp(now.position, before->position) != 0 || strcmp(now.full, before->full) != 0 ||
      now.hash != before->hash || now.outcome.is_over != before->outcome.is_over ||
      now.outcome.winner != before->outcome.winner ||
      now.outcome.termination != before->outcome.termination || now.history != before->history) {
    fprintf(stderr, "%s:%d: the game changed\n  before: %s\n  after:  %s\n", __FILE__, line,
            before->position, now.position);
    failures++;
  }
}
#define UNCHANGED(game, snap) unchanged((game), (snap), __LINE__)

/* ------------------------------------------------------------------------------------------ */
/* Positions by hand: pieces as "e2I" (square, Gravon letter).                                */

static void square_of(const char *name, unsigned *col, unsigned *row) {
  *col = (unsigned)(name[0] - 'a');
  *row = (unsigned)atoi(name + 1) - 1u;
}

/* Letters for a 10x10 board with the standard lakes (or none), the pieces, side and ply 0. */
static void position_text(char *out, int lakes, const char *const *pieces, size_t n, char side) {
  char letters[101];
  size_t i;
  memset(letters, 'A', 100);
  letters[100] = '\0';
  if (lakes) {
    const int lake[8] = {42, 43, 46, 47, 52, 53, 56, 57};
    for (i = 0; i < 8; i++) letters[lake[i]] = '_';
  }
  for (i = 0; i < n; i++) {
    unsigned col, row;
    size_t name_len = strlen(pieces[i]);
    char square[4] = {0};
    memcpy(square, pieces[i], name_len - 1);
    square_of(square, &col, &row);
    letters[row * 10 + col] = pieces[i][name_len - 1];
  }
  sprintf(out, "%s %c 0", letters, side);
}

static stratego_game *game_from(const stratego_rules *rules, int lakes, const char *const *pieces,
                                size_t n, char side) {
  char text[160];
  stratego_game *game = NULL;
  position_text(text, lakes, pieces, n, side);
  if (stratego_game_from_position(rules, text, &game) != STRATEGO_RESULT_OK) {
    char message[512];
    size_t len = 0;
    stratego_last_error_message(message, sizeof message, &len);
    fprintf(stderr, "position %s: %s\n", text, message);
    exit(2);
  }
  return game;
}

static stratego_square sq(const char *name) {
  unsigned col, row;
  stratego_square s;
  square_of(name, &col, &row);
  s.col = (uint8_t)col;
  s.row = (uint8_t)row;
  return s;
}

static stratego_move mv(const char *from, const char *to) {
  stratego_move m;
  m.from = sq(from);
  m.to = sq(to);
  return m;
}

static void play_all(stratego_game *game, const char *const *moves, size_t n) {
  size_t i;
  for (i = 0; i < n; i++) must(stratego_game_play_text(game, moves[i]), moves[i]);
}

/* The reason `text` is illegal (STRATEGO_ILLEGAL_NONE when legal). */
static stratego_illegal_reason reason_of(const stratego_game *game, const char *text) {
  stratego_illegal_reason reason = 999;
  must(stratego_game_check_text(game, text, &reason), text);
  return reason;
}

/* An illegal move is refused for `want`, by text and by squares, and the game stays as it was. */
static void refuse(stratego_game *game, const char *text, stratego_illegal_reason want, int line) {
  snapshot before = take(game);
  stratego_result code = want == STRATEGO_ILLEGAL_GAME_OVER ? STRATEGO_RESULT_GAME_OVER
                                                            : STRATEGO_RESULT_ILLEGAL_MOVE;
  char from[4] = {0}, to[4] = {0};
  const char *dash = strchr(text, '-');
  stratego_illegal_reason got = reason_of(game, text);
  checks++;
  if (got != want) {
    fprintf(stderr, "%s:%d: %s: reason %u, expected %u\n", __FILE__, line, text, (unsigned)got,
            (unsigned)want);
    failures++;
  }
  expect_code(code, stratego_game_play_text(game, text), text, line);
  unchanged(game, &before, line);
  memcpy(from, text, (size_t)(dash - text));
  strcpy(to, dash + 1);
  expect_code(code, stratego_game_play_move(game, mv(from, to)), text, line);
  unchanged(game, &before, line);
}
#define REFUSE(game, text, reason) refuse((game), (text), (reason), __LINE__)

/* ------------------------------------------------------------------------------------------ */
/* Hostile input.                                                                             */

typedef struct fixture {
  stratego_rules *rules;
  stratego_setup *red;
  stratego_setup *blue;
  stratego_game *game;
  stratego_view *view;
} fixture;

static fixture fixture_new(void) {
  fixture f;
  size_t i;
  MUST(stratego_rules_edition(STRATEGO_EDITION_ISF, &f.rules));
  MUST(stratego_setup_random(f.rules, STRATEGO_PLAYER_RED, 11, &f.red));
  MUST(stratego_setup_random(f.rules, STRATEGO_PLAYER_BLUE, 12, &f.blue));
  MUST(stratego_game_new(f.rules, f.red, f.blue, &f.game));
  /* Play on until history, captures of both sides and revealed pieces exist. */
  for (i = 0; i < 2000; i++) {
    size_t red_lost = 0, blue_lost = 0;
    stratego_move m;
    stratego_game_captured(f.game, STRATEGO_PLAYER_RED, NULL, 0, &red_lost);
    stratego_game_captured(f.game, STRATEGO_PLAYER_BLUE, NULL, 0, &blue_lost);
    if (i >= 30 && red_lost > 0 && blue_lost > 0) break;
    MUST(stratego_game_random_move(f.game, 1000 + i, &m));
    MUST(stratego_game_play_move(f.game, m));
  }
  if (stratego_game_legal_move_count(f.game) == 0) {
    fprintf(stderr, "the fixture game ended early: pick other seeds\n");
    exit(2);
  }
  MUST(stratego_game_view(f.game, stratego_game_to_move(f.game), &f.view));
  return f;
}

static void fixture_free(fixture *f) {
  stratego_view_free(f->view);
  stratego_game_free(f->game);
  stratego_setup_free(f->red);
  stratego_setup_free(f->blue);
  stratego_rules_free(f->rules);
}

static void null_arguments(fixture *f) {
  snapshot before = take(f->game);
  stratego_game *game_out = (stratego_game *)0x1;
  stratego_rules *rules_out = (stratego_rules *)0x1;
  stratego_setup *setup_out = (stratego_setup *)0x1;
  stratego_view *view_out = (stratego_view *)0x1;
  char buf[64];
  size_t len = 12345, count = 12345;
  uint32_t ids[8];
  float obs[8];
  uint8_t bytes[8];
  stratego_move moves[4], m = mv("a4", "a5");
  stratego_outcome outcome;
  stratego_piece piece;
  stratego_move_report report;
  stratego_square_view square_view, squares[4];
  stratego_setup_problem problem;
  stratego_illegal_reason reason = 777;
  stratego_rank ranks[4];
  uint32_t id = 4242;
  size_t shape[3] = {0, 0, 0};

  /* Rules. */
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_rules_edition(STRATEGO_EDITION_ISF, NULL));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_rules_parse(NULL, &rules_out));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_rules_parse("isf", NULL));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_rules_clone(NULL, &rules_out));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_rules_clone(f->rules, NULL));
  CHECK(rules_out == (stratego_rules *)0x1);
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_rules_to_text(NULL, buf, sizeof buf, &len));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_rules_to_text(f->rules, NULL, sizeof buf, &len));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_rules_to_text(f->rules, buf, sizeof buf, NULL));
  CHECK(len == 12345);
  CHECK(stratego_rules_base_edition(NULL) == STRATEGO_EDITION_CLASSIC);
  CHECK(stratego_rules_width(NULL) == 0);
  CHECK(stratego_rules_height(NULL) == 0);
  CHECK(stratego_rules_num_squares(NULL) == 0);
  CHECK(stratego_rules_num_actions(NULL) == 0);
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_rules_observation_shape(NULL, shape));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_rules_observation_shape(f->rules, NULL));
  CHECK(shape[0] == 0);
  CHECK(stratego_rules_rank_label(NULL, STRATEGO_RANK_MARSHAL) == NULL);
  CHECK(!stratego_rules_is_lake(NULL, sq("c5")));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_rules_action_id(NULL, STRATEGO_PLAYER_RED, m, &id));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_rules_action_id(f->rules, STRATEGO_PLAYER_RED, m, NULL));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_rules_action_move(NULL, STRATEGO_PLAYER_RED, 1, &m));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_rules_action_move(f->rules, STRATEGO_PLAYER_RED, 1, NULL));
  CHECK(id == 4242);
  stratego_rules_free(NULL);

  /* Setups. */
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_setup_random(NULL, STRATEGO_PLAYER_RED, 1, &setup_out));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_setup_random(f->rules, STRATEGO_PLAYER_RED, 1, NULL));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_setup_human_like(NULL, STRATEGO_PLAYER_RED, 1, &setup_out));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_setup_human_like(f->rules, STRATEGO_PLAYER_RED, 1, NULL));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_setup_parse(NULL, STRATEGO_PLAYER_RED, "A", &setup_out));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_setup_parse(f->rules, STRATEGO_PLAYER_RED, NULL, &setup_out));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_setup_parse(f->rules, STRATEGO_PLAYER_RED, "A", NULL));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_setup_to_text(NULL, f->rules, buf, sizeof buf, &len));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_setup_to_text(f->red, NULL, buf, sizeof buf, &len));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_setup_to_text(f->red, f->rules, NULL, sizeof buf, &len));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_setup_to_text(f->red, f->rules, buf, sizeof buf, NULL));
  CHECK(stratego_setup_player(NULL) == STRATEGO_PLAYER_NONE);
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_setup_clone(NULL, &setup_out));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_setup_clone(f->red, NULL));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_setup_validate(NULL, f->rules));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_setup_validate(f->red, NULL));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_setup_problem_count(NULL, f->rules, &count));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_setup_problem_count(f->red, NULL, &count));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_setup_problem_count(f->red, f->rules, NULL));
  CHECK(count == 12345);
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_setup_problem_at(NULL, f->rules, 0, &problem));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_setup_problem_at(f->red, NULL, 0, &problem));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_setup_problem_at(f->red, f->rules, 0, NULL));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_setup_problem_text(NULL, f->rules, 0, buf, sizeof buf, &len));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_setup_problem_text(f->red, NULL, 0, buf, sizeof buf, &len));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_setup_problem_text(f->red, f->rules, 0, NULL, 4, &len));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_setup_problem_text(f->red, f->rules, 0, buf, sizeof buf, NULL));
  {
    stratego_setup *blue_out = (stratego_setup *)0x1;
    EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_setup_random_pair(NULL, 1, &setup_out, &blue_out));
    EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_setup_random_pair(f->rules, 1, NULL, &blue_out));
    EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_setup_random_pair(f->rules, 1, &setup_out, NULL));
    CHECK(blue_out == (stratego_setup *)0x1);
  }
  CHECK(setup_out == (stratego_setup *)0x1);
  stratego_setup_free(NULL);

  /* Games. */
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_new(NULL, f->red, f->blue, &game_out));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_new(f->rules, NULL, f->blue, &game_out));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_new(f->rules, f->red, NULL, &game_out));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_new(f->rules, f->red, f->blue, NULL));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_from_position(NULL, before.position, &game_out));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_from_position(f->rules, NULL, &game_out));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_from_position(f->rules, before.position, NULL));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_clone(NULL, &game_out));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_clone(f->game, NULL));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_rules(NULL, &rules_out));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_rules(f->game, NULL));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_legal_moves(NULL, moves, 4, &len));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_legal_moves(f->game, NULL, 4, &len));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_legal_moves(f->game, moves, 4, NULL));
  CHECK(stratego_game_legal_move_count(NULL) == 0);
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_legal_actions(NULL, ids, 8, &len));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_legal_actions(f->game, NULL, 8, &len));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_legal_actions(f->game, ids, 8, NULL));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_play_text(NULL, "a4-a5"));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_play_text(f->game, NULL));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_play_move(NULL, m));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_play_action(NULL, 0));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_check_text(NULL, "a4-a5", &reason));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_check_text(f->game, NULL, &reason));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_check_text(f->game, "a4-a5", NULL));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_check_move(NULL, m, &reason));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_check_move(f->game, m, NULL));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_check_action(NULL, 0, &reason));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_check_action(f->game, 0, NULL));
  CHECK(reason == 777);
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_random_move(NULL, 1, &m));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_random_move(f->game, 1, NULL));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_playout(NULL, 1, 10, &outcome));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_playout(f->game, 1, 10, NULL));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_undo(NULL));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_resign(NULL, STRATEGO_PLAYER_RED));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_outcome(NULL, &outcome));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_outcome(f->game, NULL));
  CHECK(stratego_game_ply(NULL) == 0);
  CHECK(stratego_game_to_move(NULL) == STRATEGO_PLAYER_NONE);
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_captured(NULL, STRATEGO_PLAYER_RED, ranks, 4, &len));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_captured(f->game, STRATEGO_PLAYER_RED, NULL, 4, &len));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_captured(f->game, STRATEGO_PLAYER_RED, ranks, 4, NULL));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_piece_at(NULL, sq("a1"), &piece));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_piece_at(f->game, sq("a1"), NULL));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_position(NULL, buf, sizeof buf, &len));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_position(f->game, NULL, sizeof buf, &len));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_position(f->game, buf, sizeof buf, NULL));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_picture(NULL, buf, sizeof buf, &len));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_picture(f->game, NULL, 4, &len));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_picture(f->game, buf, sizeof buf, NULL));
  CHECK(stratego_game_history_len(NULL) == 0);
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_history_at(NULL, 0, &report));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_history_at(f->game, 0, NULL));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_view(NULL, STRATEGO_PLAYER_RED, &view_out));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_view(f->game, STRATEGO_PLAYER_RED, NULL));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_record_json(NULL, buf, sizeof buf, &len));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_record_json(f->game, NULL, 4, &len));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_record_json(f->game, buf, sizeof buf, NULL));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_from_record_json(NULL, &game_out));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_from_record_json("{}", NULL));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_from_gravon_xml(NULL, 2014, &game_out));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_from_gravon_xml("<stratego/>", 2014, NULL));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_to_gravon_xml(NULL, buf, sizeof buf, &len));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_to_gravon_xml(f->game, NULL, 4, &len));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_to_gravon_xml(f->game, buf, sizeof buf, NULL));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_random(NULL, 1, &game_out));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_random(f->rules, 1, NULL));
  {
    stratego_placed_piece placed[4];
    stratego_battle_report battle;
    EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_pieces(NULL, STRATEGO_PLAYER_NONE, placed, 4, &len));
    EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_pieces(f->game, STRATEGO_PLAYER_NONE, NULL, 4, &len));
    EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_pieces(f->game, STRATEGO_PLAYER_NONE, placed, 4, NULL));
    EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_battle_of(NULL, m, &battle));
    EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_battle_of(f->game, m, NULL));
    EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_view_battle_of(NULL, m, &battle));
    EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_view_battle_of(f->view, m, NULL));
    EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_view_check_move(NULL, m, &reason));
    EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_view_check_move(f->view, m, NULL));
  }
  CHECK(stratego_game_hash(NULL) == 0);
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_position_full(NULL, buf, sizeof buf, &len));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_position_full(f->game, NULL, 4, &len));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_position_full(f->game, buf, sizeof buf, NULL));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_history_notation(NULL, 0, buf, sizeof buf, &len));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_history_notation(f->game, 0, NULL, 4, &len));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_game_history_notation(f->game, 0, buf, sizeof buf, NULL));
  CHECK(reason == 777);
  CHECK(game_out == (stratego_game *)0x1);
  CHECK(rules_out == (stratego_rules *)0x1);
  stratego_game_free(NULL);

  /* Views. */
  CHECK(stratego_view_player(NULL) == STRATEGO_PLAYER_NONE);
  CHECK(stratego_view_to_move(NULL) == STRATEGO_PLAYER_NONE);
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_view_square(NULL, sq("a1"), &square_view));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_view_square(f->view, sq("a1"), NULL));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_view_squares(NULL, squares, 4, &len));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_view_squares(f->view, NULL, 4, &len));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_view_squares(f->view, squares, 4, NULL));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_view_observation(NULL, obs, 8));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_view_observation(f->view, NULL, 3200));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_view_board_codes(NULL, bytes, 8));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_view_board_codes(f->view, NULL, 100));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_view_legal_actions(NULL, ids, 8, &len));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_view_legal_actions(f->view, NULL, 8, &len));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_view_legal_actions(f->view, ids, 8, NULL));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_view_action_mask(NULL, bytes, 8));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_view_action_mask(f->view, NULL, 10000));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_view_picture(NULL, buf, sizeof buf, &len));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_view_picture(f->view, NULL, 4, &len));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_view_picture(f->view, buf, sizeof buf, NULL));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_view_outcome(NULL, &outcome));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_view_outcome(f->view, NULL));
  CHECK(stratego_view_ply(NULL) == 0);
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_view_captured(NULL, STRATEGO_PLAYER_RED, ranks, 4, &len));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_view_captured(f->view, STRATEGO_PLAYER_RED, NULL, 4, &len));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_view_captured(f->view, STRATEGO_PLAYER_RED, ranks, 4, NULL));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_view_action_move(NULL, 0, &m));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_view_action_move(f->view, 0, NULL));
  CHECK(stratego_view_history_len(NULL) == 0);
  {
    stratego_public_move seen;
    EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_view_history_at(NULL, 0, &seen));
    EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_view_history_at(f->view, 0, NULL));
  }
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_view_history_notation(NULL, 0, buf, sizeof buf, &len));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_view_history_notation(f->view, 0, NULL, 4, &len));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_view_history_notation(f->view, 0, buf, sizeof buf, NULL));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_view_sample_world(NULL, 1, &game_out));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_view_sample_world(f->view, 1, NULL));
  CHECK(view_out == (stratego_view *)0x1);
  CHECK(game_out == (stratego_game *)0x1);
  stratego_view_free(NULL);

  /* Agents. */
  {
    stratego_agent *agent = (stratego_agent *)0x1, *real = NULL;
    EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_agent_new(NULL, 1, &agent));
    EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_agent_new("random", 1, NULL));
    CHECK(agent == (stratego_agent *)0x1);
    MUST(stratego_agent_new("random", 1, &real));
    EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_agent_choose(NULL, f->view, &m));
    EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_agent_choose(real, NULL, &m));
    EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_agent_choose(real, f->view, NULL));
    EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_agent_setup(NULL, f->rules, STRATEGO_PLAYER_RED, &setup_out));
    EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_agent_setup(real, NULL, STRATEGO_PLAYER_RED, &setup_out));
    EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_agent_setup(real, f->rules, STRATEGO_PLAYER_RED, NULL));
    CHECK(setup_out == (stratego_setup *)0x1);
    stratego_agent_free(real);
    stratego_agent_free(NULL);
  }

  /* Errors. */
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_last_error_message(buf, sizeof buf, NULL));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_last_error_message(NULL, 4, &len));
  CHECK(len == 12345);
  UNCHANGED(f->game, &before);
}

/* A failure with a code no size query could leave, so that one that did would show. */
static void mark_last_error(void) {
  stratego_rules *none = NULL;
  EXPECT(STRATEGO_RESULT_INVALID_ARGUMENT, stratego_rules_edition(9999, &none));
}

/* A size query (NULL, 0) succeeds and leaves the last error as it was. */
#define SIZE_QUERY(call_with, need)                                                      \
  do {                                                                                   \
    mark_last_error();                                                                   \
    EXPECT(STRATEGO_RESULT_OK, call_with(NULL, 0, &(need)));                             \
    CHECK(stratego_last_error_code() == STRATEGO_RESULT_INVALID_ARGUMENT);               \
  } while (0)

/* Text: a size query, then buffers of exactly the length (one too small: no room for the
 * NUL) and of the length plus one. */
#define TEXT_BUFFERS(call_with)                                                          \
  do {                                                                                   \
    char small[16384];                                                                    \
    size_t need = 0, len = 0;                                                            \
    memset(small, '#', sizeof small);                                                    \
    SIZE_QUERY(call_with, need);                                                         \
    CHECK(need > 0 && need < sizeof small);                                              \
    len = 999999;                                                                        \
    EXPECT(STRATEGO_RESULT_BUFFER_TOO_SMALL, call_with(small, need, &len));              \
    CHECK(len == need);                                                                  \
    CHECK(small[0] == '#' && small[need - 1] == '#');                                    \
    len = 0;                                                                             \
    EXPECT(STRATEGO_RESULT_OK, call_with(small, need + 1, &len));                        \
    CHECK(len == need && small[need] == '\0' && strlen(small) == need);                  \
  } while (0)

/* Lists: a size query, then a buffer of one entry too few. */
#define LIST_BUFFERS(type, call_with)                                                    \
  do {                                                                                   \
    type items[1024];                                                                   \
    size_t need = 0, len = 0;                                                            \
    memset(items, 0xAB, sizeof items);                                                   \
    SIZE_QUERY(call_with, need);                                                         \
    CHECK(need > 0 && need < 1024);                                                     \
    len = 999999;                                                                        \
    EXPECT(STRATEGO_RESULT_BUFFER_TOO_SMALL, call_with(items, need - 1, &len));          \
    CHECK(len == need);                                                                  \
    {                                                                                    \
      const unsigned char *raw = (const unsigned char *)items;                           \
      CHECK(raw[0] == 0xAB && raw[sizeof(type) * (need - 1) - 1 + (need == 1)] == 0xAB); \
    }                                                                                    \
    len = 0;                                                                             \
    EXPECT(STRATEGO_RESULT_OK, call_with(items, need, &len));                            \
    CHECK(len == need);                                                                  \
  } while (0)

static const fixture *current;
static stratego_result position_into(char *b, size_t c, size_t *l) { return stratego_game_position(current->game, b, c, l); }
static stratego_result picture_into(char *b, size_t c, size_t *l) { return stratego_game_picture(current->game, b, c, l); }
static stratego_result record_into(char *b, size_t c, size_t *l) { return stratego_game_record_json(current->game, b, c, l); }
static stratego_result gravon_into(char *b, size_t c, size_t *l) { return stratego_game_to_gravon_xml(current->game, b, c, l); }
static stratego_result rules_into(char *b, size_t c, size_t *l) { return stratego_rules_to_text(current->rules, b, c, l); }
static stratego_result setup_into(char *b, size_t c, size_t *l) { return stratego_setup_to_text(current->red, current->rules, b, c, l); }
static stratego_result view_picture_into(char *b, size_t c, size_t *l) { return stratego_view_picture(current->view, b, c, l); }
static stratego_result full_into(char *b, size_t c, size_t *l) { return stratego_game_position_full(current->game, b, c, l); }
static stratego_result notation_into(char *b, size_t c, size_t *l) { return stratego_game_history_notation(current->game, 0, b, c, l); }
static stratego_result pieces_into(stratego_placed_piece *b, size_t c, size_t *l) { return stratego_game_pieces(current->game, STRATEGO_PLAYER_NONE, b, c, l); }
static stratego_result blue_pieces_into(stratego_placed_piece *b, size_t c, size_t *l) { return stratego_game_pieces(current->game, STRATEGO_PLAYER_BLUE, b, c, l); }
static stratego_result view_notation_into(char *b, size_t c, size_t *l) { return stratego_view_history_notation(current->view, 0, b, c, l); }
static stratego_result view_json_into(char *b, size_t c, size_t *l) { return stratego_view_to_json(current->view, b, c, l); }
static stratego_result moves_into(stratego_move *b, size_t c, size_t *l) { return stratego_game_legal_moves(current->game, b, c, l); }
static stratego_result actions_into(uint32_t *b, size_t c, size_t *l) { return stratego_game_legal_actions(current->game, b, c, l); }
static stratego_result view_actions_into(uint32_t *b, size_t c, size_t *l) { return stratego_view_legal_actions(current->view, b, c, l); }
static stratego_result squares_into(stratego_square_view *b, size_t c, size_t *l) { return stratego_view_squares(current->view, b, c, l); }
static stratego_result red_captured_into(stratego_rank *b, size_t c, size_t *l) { return stratego_game_captured(current->game, STRATEGO_PLAYER_RED, b, c, l); }
static stratego_result blue_captured_into(stratego_rank *b, size_t c, size_t *l) { return stratego_game_captured(current->game, STRATEGO_PLAYER_BLUE, b, c, l); }
static stratego_result view_captured_into(stratego_rank *b, size_t c, size_t *l) { return stratego_view_captured(current->view, STRATEGO_PLAYER_RED, b, c, l); }

static void small_buffers(fixture *f) {
  snapshot before = take(f->game);
  static float obs[3200];
  static uint8_t mask[10000];
  uint8_t board[100];
  size_t i;
  current = f;

  TEXT_BUFFERS(position_into);
  TEXT_BUFFERS(picture_into);
  TEXT_BUFFERS(record_into);
  TEXT_BUFFERS(gravon_into);
  TEXT_BUFFERS(rules_into);
  TEXT_BUFFERS(setup_into);
  TEXT_BUFFERS(view_picture_into);
  TEXT_BUFFERS(full_into);
  TEXT_BUFFERS(notation_into);
  TEXT_BUFFERS(view_notation_into);
  TEXT_BUFFERS(view_json_into);
  LIST_BUFFERS(stratego_move, moves_into);
  LIST_BUFFERS(uint32_t, actions_into);
  LIST_BUFFERS(uint32_t, view_actions_into);
  LIST_BUFFERS(stratego_square_view, squares_into);
  LIST_BUFFERS(stratego_rank, red_captured_into);
  LIST_BUFFERS(stratego_rank, blue_captured_into);
  LIST_BUFFERS(stratego_rank, view_captured_into);
  LIST_BUFFERS(stratego_placed_piece, pieces_into);
  LIST_BUFFERS(stratego_placed_piece, blue_pieces_into);

  /* Fixed-length arrays: one entry short is refused and nothing is written. */
  for (i = 0; i < 3200; i++) obs[i] = 7.0f;
  memset(mask, 7, sizeof mask);
  memset(board, 7, sizeof board);
  EXPECT(STRATEGO_RESULT_BUFFER_TOO_SMALL, stratego_view_observation(f->view, obs, 0));
  EXPECT(STRATEGO_RESULT_BUFFER_TOO_SMALL, stratego_view_observation(f->view, obs, 3199));
  EXPECT(STRATEGO_RESULT_BUFFER_TOO_SMALL, stratego_view_action_mask(f->view, mask, 0));
  EXPECT(STRATEGO_RESULT_BUFFER_TOO_SMALL, stratego_view_action_mask(f->view, mask, 9999));
  EXPECT(STRATEGO_RESULT_BUFFER_TOO_SMALL, stratego_view_board_codes(f->view, board, 0));
  EXPECT(STRATEGO_RESULT_BUFFER_TOO_SMALL, stratego_view_board_codes(f->view, board, 99));
  for (i = 0; i < 3200; i++) CHECK(obs[i] == 7.0f);
  for (i = 0; i < 10000; i++) CHECK(mask[i] == 7);
  for (i = 0; i < 100; i++) CHECK(board[i] == 7);
  EXPECT(STRATEGO_RESULT_OK, stratego_view_observation(f->view, obs, 3200));
  EXPECT(STRATEGO_RESULT_OK, stratego_view_action_mask(f->view, mask, 10000));
  EXPECT(STRATEGO_RESULT_OK, stratego_view_board_codes(f->view, board, 100));
  for (i = 0; i < 3200; i++) CHECK(obs[i] == 0.0f || obs[i] == 1.0f);
  for (i = 0; i < 10000; i++) CHECK(mask[i] == 0 || mask[i] == 1);
  UNCHANGED(f->game, &before);
}

/* The last error into fixed buffers: as much as fits, NUL-terminated, cut at a UTF-8
 * boundary, with the full length; `char why[256]` works for a longer message. */
static void error_messages(fixture *f) {
  char forty[41], why[256], cut[32];
  static char whole[STRATEGO_MAX_ERROR_LEN + 1];
  stratego_setup *marshals = NULL;
  stratego_game *game = NULL;
  stratego_rules *bad = NULL;
  size_t len = 0, full = 0, n = 0;

  /* A setup of 40 Marshals: a message of 362 bytes, every problem listed. */
  memset(forty, 'L', 40);
  forty[40] = '\0';
  MUST(stratego_setup_parse(f->rules, STRATEGO_PLAYER_RED, forty, &marshals));
  EXPECT(STRATEGO_RESULT_INVALID_SETUP, stratego_game_new(f->rules, marshals, f->blue, &game));
  CHECK(game == NULL);
  memset(why, '#', sizeof why);
  EXPECT(STRATEGO_RESULT_OK, stratego_last_error_message(why, sizeof why, &len));
  CHECK(len == 362);
  CHECK(strlen(why) == sizeof why - 1); /* an ASCII message: cut at the buffer's end */
  EXPECT(STRATEGO_RESULT_OK, stratego_last_error_message(whole, sizeof whole, &full));
  CHECK(full == len && strlen(whole) == full && strncmp(whole, why, sizeof why - 1) == 0);
  CHECK(strstr(whole, "Marshal") != NULL);
  /* Size queries of a list call, a text call and the message itself change nothing. */
  EXPECT(STRATEGO_RESULT_OK, stratego_game_legal_actions(f->game, NULL, 0, &n));
  EXPECT(STRATEGO_RESULT_OK, stratego_game_position(f->game, NULL, 0, &n));
  EXPECT(STRATEGO_RESULT_OK, stratego_last_error_message(NULL, 0, &n));
  CHECK(n == full);
  EXPECT(STRATEGO_RESULT_OK, stratego_setup_problem_text(marshals, f->rules, 0, NULL, 0, &n));
  CHECK(n > 0 && n < full);
  CHECK(stratego_last_error_code() == STRATEGO_RESULT_INVALID_SETUP);
  EXPECT(STRATEGO_RESULT_OK, stratego_last_error_message(why, sizeof why, &len));
  CHECK(len == full && strncmp(whole, why, sizeof why - 1) == 0);
  /* A cut never splits a character: `é` is bytes 19 and 20 of this message. */
  EXPECT(STRATEGO_RESULT_PARSE_ERROR, stratego_rules_parse("isf(\xc3\xa9=1)", &bad));
  EXPECT(STRATEGO_RESULT_OK, stratego_last_error_message(cut, 21, &len));
  CHECK(strlen(cut) == 19 && strncmp(cut, "invalid rules \"isf(", 19) == 0);
  EXPECT(STRATEGO_RESULT_OK, stratego_last_error_message(cut, 22, &len));
  CHECK(strlen(cut) == 21 && (unsigned char)cut[19] == 0xc3 && (unsigned char)cut[20] == 0xa9);
  CHECK(len > 21);
  /* One byte: only the NUL. */
  EXPECT(STRATEGO_RESULT_OK, stratego_last_error_message(cut, 1, &len));
  CHECK(cut[0] == '\0');
  stratego_setup_free(marshals);
}

/* The position text's length by ply, as `stratego_position_len` states it, at the ply where a
 * digit is added; and the worst cases the named sizes promise. */
static void stated_sizes(fixture *f) {
  static const uint32_t plies[] = {0, 9, 10, 99, 100, 999, 1000, 9999, 10000, 1048576, 1u << 30};
  char letters[101], text[256], position[STRATEGO_MAX_POSITION_LEN + 1];
  size_t i, len = 0;
  MUST(stratego_game_position(f->game, text, sizeof text, &len));
  memcpy(letters, text, 100);
  letters[100] = '\0';
  for (i = 0; i < sizeof plies / sizeof plies[0]; i++) {
    stratego_game *at = NULL;
    snprintf(text, sizeof text, "%s r %lu", letters, (unsigned long)plies[i]);
    MUST(stratego_game_from_position(f->rules, text, &at));
    EXPECT(STRATEGO_RESULT_OK, stratego_game_position(at, position, stratego_position_len(f->rules, plies[i]) + 1, &len));
    CHECK(len == stratego_position_len(f->rules, plies[i]) && len <= STRATEGO_MAX_POSITION_LEN);
    /* One byte less does not hold it. */
    EXPECT(STRATEGO_RESULT_BUFFER_TOO_SMALL, stratego_game_position(at, position, len, &len));
    stratego_game_free(at);
  }
  /* The header's figures: 106 bytes with the NUL to ply 99, 107 from ply 100, 108 at 9,999. */
  CHECK(stratego_position_len(f->rules, 99) + 1 == 106);
  CHECK(stratego_position_len(f->rules, 100) + 1 == 107);
  CHECK(stratego_position_len(f->rules, 9999) + 1 == 108);
  CHECK(stratego_position_len(NULL, 5) == 0);
  /* The largest board at the largest ply is exactly STRATEGO_MAX_POSITION_LEN. */
  {
    stratego_rules *big = NULL;
    stratego_game *game = NULL;
    MUST(stratego_rules_parse("isf(width=16,height=8,setup_rows=3)", &big));
    CHECK(stratego_rules_num_squares(big) == STRATEGO_MAX_SQUARES);
    CHECK(stratego_position_len(big, 1u << 30) == STRATEGO_MAX_POSITION_LEN);
    MUST(stratego_game_random(big, 3, &game));
    MUST(stratego_game_position(game, text, sizeof text, &len));
    snprintf(position, sizeof position, "%.128s b %lu", text, (unsigned long)(1u << 30));
    stratego_game_free(game);
    game = NULL;
    MUST(stratego_game_from_position(big, position, &game));
    EXPECT(STRATEGO_RESULT_OK, stratego_game_position(game, text, STRATEGO_MAX_POSITION_LEN + 1, &len));
    CHECK(len == STRATEGO_MAX_POSITION_LEN);
    stratego_game_free(game);
    stratego_rules_free(big);
  }
}

static void out_of_range(fixture *f) {
  snapshot before = take(f->game);
  stratego_rules *rules = (stratego_rules *)0x1;
  stratego_setup *setup = (stratego_setup *)0x1;
  stratego_view *view = (stratego_view *)0x1;
  stratego_move m = mv("a1", "a2");
  stratego_illegal_reason reason = 777;
  stratego_piece piece;
  stratego_square_view square_view;
  stratego_move_report report;
  stratego_setup_problem problem;
  stratego_square far = {16, 0}, farther = {255, 255};
  stratego_move far_move;
  uint32_t id = 4242;
  size_t len = 0;
  char buf[64];
  stratego_rank ranks[64];
  const uint32_t bad_players[3] = {STRATEGO_PLAYER_NONE, 7, UINT32_MAX};
  size_t i;

  EXPECT(STRATEGO_RESULT_INVALID_ARGUMENT, stratego_rules_edition(7, &rules));
  EXPECT(STRATEGO_RESULT_INVALID_ARGUMENT, stratego_rules_edition(UINT32_MAX, &rules));
  CHECK(rules == (stratego_rules *)0x1);
  for (i = 0; i < 3; i++) {
    EXPECT(STRATEGO_RESULT_INVALID_ARGUMENT, stratego_setup_random(f->rules, bad_players[i], 1, &setup));
    EXPECT(STRATEGO_RESULT_INVALID_ARGUMENT, stratego_setup_human_like(f->rules, bad_players[i], 1, &setup));
    EXPECT(STRATEGO_RESULT_INVALID_ARGUMENT, stratego_setup_parse(f->rules, bad_players[i], "A", &setup));
    EXPECT(STRATEGO_RESULT_INVALID_ARGUMENT, stratego_game_view(f->game, bad_players[i], &view));
    EXPECT(STRATEGO_RESULT_INVALID_ARGUMENT, stratego_game_resign(f->game, bad_players[i]));
    EXPECT(STRATEGO_RESULT_INVALID_ARGUMENT, stratego_game_captured(f->game, bad_players[i], ranks, 64, &len));
    EXPECT(STRATEGO_RESULT_INVALID_ARGUMENT, stratego_view_captured(f->view, bad_players[i], ranks, 64, &len));
    if (bad_players[i] != STRATEGO_PLAYER_NONE) {
      stratego_placed_piece placed[4];
      EXPECT(STRATEGO_RESULT_INVALID_ARGUMENT, stratego_game_pieces(f->game, bad_players[i], placed, 4, &len));
    }
    EXPECT(STRATEGO_RESULT_INVALID_ARGUMENT, stratego_rules_action_id(f->rules, bad_players[i], m, &id));
    EXPECT(STRATEGO_RESULT_INVALID_ARGUMENT, stratego_rules_action_move(f->rules, bad_players[i], 0, &m));
  }
  CHECK(setup == (stratego_setup *)0x1 && view == (stratego_view *)0x1 && id == 4242);
  CHECK(stratego_rank_name(12) == NULL);
  CHECK(stratego_rank_name(STRATEGO_RANK_UNKNOWN) == NULL);
  CHECK(stratego_rules_rank_label(f->rules, UINT32_MAX) == NULL);
  CHECK(stratego_plane_name(37) == NULL);
  CHECK(strcmp(stratego_result_message(9999), "unknown result code") == 0);
  CHECK(strcmp(stratego_result_message(UINT32_MAX), "unknown result code") == 0);

  /* Action ids at and past the number of actions. */
  EXPECT(STRATEGO_RESULT_INVALID_ARGUMENT, stratego_game_play_action(f->game, 10000));
  EXPECT(STRATEGO_RESULT_INVALID_ARGUMENT, stratego_game_play_action(f->game, UINT32_MAX));
  EXPECT(STRATEGO_RESULT_INVALID_ARGUMENT, stratego_game_check_action(f->game, 10000, &reason));
  EXPECT(STRATEGO_RESULT_INVALID_ARGUMENT, stratego_rules_action_move(f->rules, STRATEGO_PLAYER_RED, 10000, &m));
  EXPECT(STRATEGO_RESULT_INVALID_ARGUMENT, stratego_view_action_move(f->view, 10000, &m));
  CHECK(reason == 777);

  /* Squares outside every board, and outside this one. */
  far_move.from = far;
  far_move.to = sq("a1");
  EXPECT(STRATEGO_RESULT_INVALID_ARGUMENT, stratego_game_play_move(f->game, far_move));
  far_move.from = sq("a1");
  far_move.to = farther;
  EXPECT(STRATEGO_RESULT_INVALID_ARGUMENT, stratego_game_play_move(f->game, far_move));
  EXPECT(STRATEGO_RESULT_INVALID_ARGUMENT, stratego_game_check_move(f->game, far_move, &reason));
  EXPECT(STRATEGO_RESULT_INVALID_ARGUMENT, stratego_view_check_move(f->view, far_move, &reason));
  CHECK(reason == 777);
  {
    stratego_battle_report battle;
    battle.battle = 777;
    EXPECT(STRATEGO_RESULT_INVALID_ARGUMENT, stratego_game_battle_of(f->game, far_move, &battle));
    EXPECT(STRATEGO_RESULT_INVALID_ARGUMENT, stratego_view_battle_of(f->view, far_move, &battle));
    CHECK(battle.battle == 777);
  }
  EXPECT(STRATEGO_RESULT_INVALID_ARGUMENT, stratego_game_piece_at(f->game, farther, &piece));
  EXPECT(STRATEGO_RESULT_INVALID_ARGUMENT, stratego_game_piece_at(f->game, sq("k1"), &piece));
  EXPECT(STRATEGO_RESULT_INVALID_ARGUMENT, stratego_view_square(f->view, sq("a11"), &square_view));
  EXPECT(STRATEGO_RESULT_INVALID_ARGUMENT, stratego_rules_action_id(f->rules, STRATEGO_PLAYER_RED, far_move, &id));
  CHECK(!stratego_rules_is_lake(f->rules, farther));

  /* Indexes past the end. */
  EXPECT(STRATEGO_RESULT_INVALID_ARGUMENT, stratego_game_history_at(f->game, before.history, &report));
  EXPECT(STRATEGO_RESULT_INVALID_ARGUMENT, stratego_game_history_at(f->game, (size_t)-1, &report));
  EXPECT(STRATEGO_RESULT_INVALID_ARGUMENT, stratego_game_history_notation(f->game, before.history, buf, sizeof buf, &len));
  EXPECT(STRATEGO_RESULT_INVALID_ARGUMENT, stratego_view_history_notation(f->view, before.history, buf, sizeof buf, &len));
  {
    stratego_public_move seen;
    seen.player = 777;
    EXPECT(STRATEGO_RESULT_INVALID_ARGUMENT, stratego_view_history_at(f->view, before.history, &seen));
    CHECK(seen.player == 777);
  }
  EXPECT(STRATEGO_RESULT_INVALID_ARGUMENT, stratego_setup_problem_at(f->red, f->rules, 0, &problem));
  EXPECT(STRATEGO_RESULT_INVALID_ARGUMENT, stratego_setup_problem_text(f->red, f->rules, 0, buf, sizeof buf, &len));
  UNCHANGED(f->game, &before);
}

static void malformed_text(fixture *f) {
  snapshot before = take(f->game);
  stratego_rules *rules = (stratego_rules *)0x1;
  stratego_setup *setup = (stratego_setup *)0x1;
  stratego_game *game = (stratego_game *)0x1;
  stratego_illegal_reason reason = 777;
  const char *not_utf8[] = {"\xff\xfe", "a4-a\xc3\x28", "isf\x80", "\xed\xa0\x80"};
  const char *bad_rules[] = {"", "chess", "isf(", "isf(two_square=)", "isf(width=300)", "isf(unknown=1)"};
  const char *bad_moves[] = {"", "a4a5", "a4-", "-a5", "z4-a5", "a0-a1", "a4-a17", "a4--a5", "a4 - a5"};
  char json[256];
  size_t i;

  for (i = 0; i < sizeof not_utf8 / sizeof *not_utf8; i++) {
    EXPECT(STRATEGO_RESULT_INVALID_UTF8, stratego_rules_parse(not_utf8[i], &rules));
    EXPECT(STRATEGO_RESULT_INVALID_UTF8, stratego_setup_parse(f->rules, STRATEGO_PLAYER_RED, not_utf8[i], &setup));
    EXPECT(STRATEGO_RESULT_INVALID_UTF8, stratego_game_play_text(f->game, not_utf8[i]));
    EXPECT(STRATEGO_RESULT_INVALID_UTF8, stratego_game_check_text(f->game, not_utf8[i], &reason));
    EXPECT(STRATEGO_RESULT_INVALID_UTF8, stratego_game_from_position(f->rules, not_utf8[i], &game));
    EXPECT(STRATEGO_RESULT_INVALID_UTF8, stratego_game_from_record_json(not_utf8[i], &game));
    EXPECT(STRATEGO_RESULT_INVALID_UTF8, stratego_game_from_gravon_xml(not_utf8[i], 2014, &game));
  }
  for (i = 0; i < sizeof bad_rules / sizeof *bad_rules; i++) {
    stratego_result got = stratego_rules_parse(bad_rules[i], &rules);
    CHECK(got == STRATEGO_RESULT_PARSE_ERROR || got == STRATEGO_RESULT_INVALID_RULES);
  }
  /* Settings that read but contradict each other: a lake leaves Blue 39 squares for 40 pieces. */
  EXPECT(STRATEGO_RESULT_INVALID_RULES, stratego_rules_parse("classic(lakes=a10)", &rules));
  {
    char message[512];
    size_t len = 0;
    MUST(stratego_last_error_message(message, sizeof message, &len));
    CHECK(len > 0 && strstr(message, "classic(lakes=a10)") != NULL);
  }
  for (i = 0; i < sizeof bad_moves / sizeof *bad_moves; i++) {
    EXPECT(STRATEGO_RESULT_PARSE_ERROR, stratego_game_play_text(f->game, bad_moves[i]));
    EXPECT(STRATEGO_RESULT_PARSE_ERROR, stratego_game_check_text(f->game, bad_moves[i], &reason));
  }
  /* Setups: wrong length, a letter that is no piece, a Blue letter. */
  EXPECT(STRATEGO_RESULT_PARSE_ERROR, stratego_setup_parse(f->rules, STRATEGO_PLAYER_RED, "LKJJ", &setup));
  EXPECT(STRATEGO_RESULT_PARSE_ERROR,
         stratego_setup_parse(f->rules, STRATEGO_PLAYER_RED, "ZAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", &setup));
  EXPECT(STRATEGO_RESULT_PARSE_ERROR,
         stratego_setup_parse(f->rules, STRATEGO_PLAYER_RED, "NAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", &setup));
  /* Positions: short, a piece on a lake, a bad side, a bad ply, trailing text. */
  EXPECT(STRATEGO_RESULT_PARSE_ERROR, stratego_game_from_position(f->rules, "AAAA r 0", &game));
  {
    char text[160];
    strcpy(text, before.position);
    text[42] = 'L'; /* c5 is a lake */
    EXPECT(STRATEGO_RESULT_PARSE_ERROR, stratego_game_from_position(f->rules, text, &game));
    strcpy(text, before.position);
    text[101] = 'x';
    EXPECT(STRATEGO_RESULT_PARSE_ERROR, stratego_game_from_position(f->rules, text, &game));
    strcpy(text, before.position);
    strcat(text, " extra");
    EXPECT(STRATEGO_RESULT_PARSE_ERROR, stratego_game_from_position(f->rules, text, &game));
    memcpy(text, before.position, 102);
    strcpy(text + 102, " -5");
    EXPECT(STRATEGO_RESULT_PARSE_ERROR, stratego_game_from_position(f->rules, text, &game));
  }
  /* Records and Gravon XML that are not even that. */
  EXPECT(STRATEGO_RESULT_PARSE_ERROR, stratego_game_from_record_json("", &game));
  EXPECT(STRATEGO_RESULT_PARSE_ERROR, stratego_game_from_record_json("{\"rules\": 7}", &game));
  sprintf(json, "{\"rules\":\"chess\",\"start\":{\"position\":\"x\"},\"moves\":[]}");
  EXPECT(STRATEGO_RESULT_PARSE_ERROR, stratego_game_from_record_json(json, &game));
  EXPECT(STRATEGO_RESULT_PARSE_ERROR, stratego_game_from_gravon_xml("", 2014, &game));
  EXPECT(STRATEGO_RESULT_PARSE_ERROR, stratego_game_from_gravon_xml("<stratego><game type=\"classic\">", 2014, &game));
  EXPECT(STRATEGO_RESULT_UNSUPPORTED,
         stratego_game_from_gravon_xml("<stratego><game type=\"chess\"></game></stratego>", 2014, &game));
  CHECK(rules == (stratego_rules *)0x1 && setup == (stratego_setup *)0x1 && game == (stratego_game *)0x1);
  CHECK(reason == 777);
  UNCHANGED(f->game, &before);
}

/* Every reason the core gives for an illegal move, each from a small position made for it. */
static void illegal_moves(void) {
  stratego_rules *isf = NULL, *no_strike = NULL, *estrategia = NULL;
  stratego_game *game;
  MUST(stratego_rules_edition(STRATEGO_EDITION_ISF, &isf));
  MUST(stratego_rules_parse("isf(slide_attacks=off)", &no_strike));
  MUST(stratego_rules_edition(STRATEGO_EDITION_ESTRATEGIA, &estrategia));

  {
    /* Red: Flag a1, Bomb b1, Sergeant c1, Scout a2, Sergeant c4; Blue: Sergeant a7, Flag j10. */
    const char *pieces[] = {"a1M", "b1B", "c1F", "a2D", "c4F", "a7R", "j10Y"};
    game = game_from(isf, 1, pieces, 7, 'r');
    REFUSE(game, "e4-e5", STRATEGO_ILLEGAL_NO_PIECE);
    REFUSE(game, "a7-a6", STRATEGO_ILLEGAL_NOT_YOUR_PIECE);
    REFUSE(game, "b1-b2", STRATEGO_ILLEGAL_IMMOVABLE);
    REFUSE(game, "c1-b1", STRATEGO_ILLEGAL_OWN_PIECE);
    REFUSE(game, "c4-c5", STRATEGO_ILLEGAL_LAKE);
    REFUSE(game, "c1-c3", STRATEGO_ILLEGAL_UNREACHABLE);
    REFUSE(game, "a2-a9", STRATEGO_ILLEGAL_BLOCKED);
    REFUSE(game, "a2-k2", STRATEGO_ILLEGAL_OFF_BOARD);
    CHECK(reason_of(game, "a2-a7") == STRATEGO_ILLEGAL_NONE); /* a Scout may strike at the end */
    /* Every form the notation writes reads as the same move; ranks that are no ranks do not. */
    CHECK(reason_of(game, "a2xa7") == STRATEGO_ILLEGAL_NONE);
    CHECK(reason_of(game, "2 a2xa7 (4)") == STRATEGO_ILLEGAL_NONE);
    CHECK(reason_of(game, "Scout a2xa7 (Sergeant)") == STRATEGO_ILLEGAL_NONE);
    /* A view judges a move of its own player only on that player's turn. */
    {
      stratego_view *red_view = NULL, *blue_view = NULL;
      stratego_illegal_reason red_reason = 777, blue_reason = 777;
      MUST(stratego_game_view(game, STRATEGO_PLAYER_RED, &red_view));
      MUST(stratego_game_view(game, STRATEGO_PLAYER_BLUE, &blue_view));
      MUST(stratego_view_check_move(red_view, mv("a2", "a3"), &red_reason));
      MUST(stratego_view_check_move(blue_view, mv("a2", "a3"), &blue_reason));
      CHECK(red_reason == STRATEGO_ILLEGAL_NONE);
      CHECK(blue_reason == STRATEGO_ILLEGAL_NOT_YOUR_TURN);
      MUST(stratego_view_check_move(blue_view, mv("a7", "a6"), &blue_reason));
      CHECK(blue_reason == STRATEGO_ILLEGAL_NOT_YOUR_TURN);
      stratego_view_free(red_view);
      stratego_view_free(blue_view);
    }
    {
      stratego_illegal_reason reason = 777;
      snapshot before = take(game);
      EXPECT(STRATEGO_RESULT_PARSE_ERROR, stratego_game_check_text(game, "Dragon a2xa7", &reason));
      EXPECT(STRATEGO_RESULT_PARSE_ERROR, stratego_game_play_text(game, "Dragon a2xa7"));
      CHECK(reason == 777);
      UNCHANGED(game, &before);
    }
    /* What the Scout's strike would do, without playing it. */
    {
      stratego_battle_report battle;
      snapshot before = take(game);
      MUST(stratego_game_battle_of(game, mv("a2", "a7"), &battle));
      CHECK(battle.battle == STRATEGO_BATTLE_DEFENDER_WINS && battle.attacker == STRATEGO_RANK_SCOUT &&
            battle.defender == STRATEGO_RANK_SERGEANT);
      MUST(stratego_game_battle_of(game, mv("a2", "a3"), &battle));
      CHECK(battle.battle == STRATEGO_BATTLE_NONE && battle.attacker == STRATEGO_RANK_UNKNOWN);
      UNCHANGED(game, &before);
    }
    /* Two-squares rule: Red shuttles c1/d1, Blue walks a7 down the a file and back. */
    {
      const char *shuttle[] = {"c1-d1", "a7-b7", "d1-c1", "b7-b8", "c1-d1", "b8-c8"};
      play_all(game, shuttle, 6);
      REFUSE(game, "d1-c1", STRATEGO_ILLEGAL_TWO_SQUARE_RULE);
    }
    /* After the end, every move is refused for it. */
    EXPECT(STRATEGO_RESULT_OK, stratego_game_resign(game, STRATEGO_PLAYER_BLUE));
    REFUSE(game, "d1-e1", STRATEGO_ILLEGAL_GAME_OVER);
    {
      snapshot before = take(game);
      uint32_t ids[4];
      size_t len = 99;
      stratego_move m;
      EXPECT(STRATEGO_RESULT_GAME_OVER, stratego_game_resign(game, STRATEGO_PLAYER_RED));
      EXPECT(STRATEGO_RESULT_GAME_OVER, stratego_game_play_action(game, 0));
      EXPECT(STRATEGO_RESULT_GAME_OVER, stratego_game_random_move(game, 1, &m));
      EXPECT(STRATEGO_RESULT_OK, stratego_game_legal_actions(game, ids, 4, &len));
      CHECK(len == 0);
      CHECK(before.outcome.is_over && before.outcome.winner == STRATEGO_PLAYER_RED &&
            before.outcome.termination == STRATEGO_TERMINATION_RESIGNATION);
      UNCHANGED(game, &before);
    }
    stratego_game_free(game);
  }
  {
    /* Without strikes after a long move, the Scout may not hit a7 from a2. */
    const char *pieces[] = {"a1M", "a2D", "a7R", "j10Y"};
    game = game_from(no_strike, 1, pieces, 4, 'r');
    REFUSE(game, "a2-a7", STRATEGO_ILLEGAL_SLIDE_ATTACK);
    stratego_game_free(game);
  }
  {
    /* Chase: Blue's Captain runs round e2 f2 f3 e3 with Red's Major one step behind. */
    const char *pieces[] = {"a1M", "e2I", "f2T", "j10Y"};
    const char *loop[] = {"f2-f3", "e2-f2", "f3-e3", "f2-f3", "e3-e2", "f3-e3", "e2-f2", "e3-e2", "f2-f3"};
    game = game_from(isf, 1, pieces, 4, 'b');
    play_all(game, loop, 9);
    REFUSE(game, "e2-f2", STRATEGO_ILLEGAL_CHASE_RULE);
    stratego_game_free(game);
  }
  {
    /* Estrategia: a piece that left its start square may not go back. */
    const char *pieces[] = {"a1M", "e2F", "j10Y", "e9R"};
    const char *out[] = {"e2-e3", "e9-e8"};
    game = game_from(estrategia, 0, pieces, 4, 'r');
    play_all(game, out, 2);
    REFUSE(game, "e3-e2", STRATEGO_ILLEGAL_NO_RETURN);
    stratego_game_free(game);
  }
  stratego_rules_free(isf);
  stratego_rules_free(no_strike);
  stratego_rules_free(estrategia);
}

static void bad_setups(fixture *f) {
  snapshot before = take(f->game);
  stratego_game *game = (stratego_game *)0x1;
  stratego_rules *barrage = NULL;
  stratego_setup *shifted = NULL;
  stratego_setup_problem problem;
  size_t count = 0, len = 0, i;
  char text[256];

  /* A setup for the wrong player, on either side. */
  EXPECT(STRATEGO_RESULT_INVALID_SETUP, stratego_game_new(f->rules, f->blue, f->blue, &game));
  EXPECT(STRATEGO_RESULT_INVALID_SETUP, stratego_game_new(f->rules, f->red, f->red, &game));
  EXPECT(STRATEGO_RESULT_INVALID_SETUP, stratego_game_new(f->rules, f->blue, f->red, &game));
  MUST(stratego_last_error_message(text, sizeof text, &len));
  CHECK(strstr(text, "expected red") != NULL);
  CHECK(game == (stratego_game *)0x1);

  /* An ISF army under Barrage rules: every problem, each with its reason. */
  MUST(stratego_rules_edition(STRATEGO_EDITION_BARRAGE, &barrage));
  EXPECT(STRATEGO_RESULT_INVALID_SETUP, stratego_setup_validate(f->red, barrage));
  MUST(stratego_setup_problem_count(f->red, barrage, &count));
  CHECK(count == 8); /* eight ranks of the ISF army differ from Barrage's counts */
  for (i = 0; i < count; i++) {
    MUST(stratego_setup_problem_at(f->red, barrage, i, &problem));
    CHECK(problem.kind == STRATEGO_SETUP_PROBLEM_WRONG_COUNT);
    CHECK(problem.found > problem.expected);
    MUST(stratego_setup_problem_text(f->red, barrage, i, text, sizeof text, &len));
    CHECK(strstr(text, "expected") != NULL);
  }
  MUST(stratego_setup_problem_count(f->red, f->rules, &count));
  CHECK(count == 0);
  EXPECT(STRATEGO_RESULT_OK, stratego_setup_validate(f->red, f->rules));

  /* An ISF setup under Duel rules (three setup rows): the fourth row is outside the zone,
     each problem naming its square. */
  {
    stratego_rules *duel = NULL;
    size_t outside = 0;
    MUST(stratego_rules_edition(STRATEGO_EDITION_DUEL, &duel));
    MUST(stratego_setup_problem_count(f->red, duel, &count));
    for (i = 0; i < count; i++) {
      MUST(stratego_setup_problem_at(f->red, duel, i, &problem));
      if (problem.kind != STRATEGO_SETUP_PROBLEM_OUTSIDE_ZONE) continue;
      outside++;
      CHECK(problem.has_square && problem.square.row == 3 && problem.rank <= STRATEGO_RANK_BOMB);
      MUST(stratego_setup_problem_text(f->red, duel, i, text, sizeof text, &len));
      CHECK(strstr(text, "outside the setup zone") != NULL);
    }
    CHECK(outside == 10);
    stratego_rules_free(duel);
  }

  /* A setup with only its Flag: every other rank is short. */
  MUST(stratego_setup_parse(f->rules, STRATEGO_PLAYER_RED, "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAM", &shifted));
  MUST(stratego_setup_problem_count(shifted, f->rules, &count));
  CHECK(count == 11); /* eleven ranks short */
  EXPECT(STRATEGO_RESULT_INVALID_SETUP, stratego_game_new(f->rules, shifted, f->blue, &game));
  CHECK(game == (stratego_game *)0x1);
  stratego_setup_free(shifted);
  stratego_rules_free(barrage);
  UNCHANGED(f->game, &before);
}

/* Copy the game's record JSON with the first move string replaced by `move`. */
static char *record_with_first_move(const stratego_game *game, const char *move) {
  size_t len = 0;
  char *json, *out, *moves, *first, *end;
  stratego_game_record_json(game, NULL, 0, &len);
  json = (char *)malloc(len + 1);
  out = (char *)malloc(len + 64);
  must(stratego_game_record_json(game, json, len + 1, &len), "record");
  moves = strstr(json, "\"moves\":[\"");
  if (moves == NULL) {
    fprintf(stderr, "no moves in %s\n", json);
    exit(2);
  }
  first = moves + strlen("\"moves\":[\"");
  end = strchr(first, '"');
  memcpy(out, json, (size_t)(first - json));
  strcpy(out + (first - json), move);
  strcat(out, end);
  free(json);
  return out;
}

static void records(fixture *f) {
  snapshot before = take(f->game);
  stratego_game *copy = NULL, *game = (stratego_game *)0x1;
  char *json;
  size_t len = 0;
  char message[512];

  /* The record replays to the same position. */
  {
    size_t n = 0;
    char *whole;
    stratego_game_record_json(f->game, NULL, 0, &n);
    whole = (char *)malloc(n + 1);
    MUST(stratego_game_record_json(f->game, whole, n + 1, &n));
    EXPECT(STRATEGO_RESULT_OK, stratego_game_from_record_json(whole, &copy));
    {
      snapshot replayed = take(copy);
      CHECK(strcmp(replayed.position, before.position) == 0);
      CHECK(replayed.history == before.history);
    }
    stratego_game_free(copy);
    free(whole);
  }
  /* A first move that is illegal (Red's Flag or Bomb on a1 does not move to a2, its own piece). */
  json = record_with_first_move(f->game, "a1-a2");
  EXPECT(STRATEGO_RESULT_ILLEGAL_MOVE, stratego_game_from_record_json(json, &game));
  MUST(stratego_last_error_message(message, sizeof message, &len));
  CHECK(strstr(message, "ply 1") != NULL);
  free(json);
  /* A first move that is no move at all. */
  json = record_with_first_move(f->game, "a1a2");
  EXPECT(STRATEGO_RESULT_PARSE_ERROR, stratego_game_from_record_json(json, &game));
  free(json);
  CHECK(game == (stratego_game *)0x1);
  UNCHANGED(f->game, &before);
}

/* The full position text reads back to the same position, hash and legal moves. */
static void full_positions(fixture *f) {
  snapshot before = take(f->game);
  stratego_game *copy = NULL;
  size_t a = 0, b = 0;
  EXPECT(STRATEGO_RESULT_OK, stratego_game_from_position(f->rules, before.full, &copy));
  if (copy != NULL) {
    snapshot loaded = take(copy);
    CHECK(strcmp(loaded.full, before.full) == 0);
    CHECK(strcmp(loaded.position, before.position) == 0);
    CHECK(loaded.hash == before.hash);
    stratego_game_legal_actions(copy, NULL, 0, &a);
    stratego_game_legal_actions(f->game, NULL, 0, &b);
    CHECK(a == b && a > 0);
    stratego_game_free(copy);
  }
  UNCHANGED(f->game, &before);
}

/* A view's JSON reads back to a view that encodes the same and writes the same JSON; a JSON
   whose facts contradict each other, or that is no view, is refused and writes nothing. */
static void view_records(fixture *f) {
  snapshot before = take(f->game);
  stratego_view *copy = NULL, *untouched = (stratego_view *)0x1;
  static float obs_a[3200], obs_b[3200];
  static uint8_t mask_a[10000], mask_b[10000];
  uint8_t board_a[100], board_b[100];
  size_t n = 0, m = 0, i, marks = 0;
  char *json, *again, *bad;
  char enemy_marshal = stratego_view_player(f->view) == STRATEGO_PLAYER_RED ? 'x' : 'l';

  EXPECT(STRATEGO_RESULT_OK, stratego_view_to_json(f->view, NULL, 0, &n));
  json = (char *)malloc(n + 1);
  again = (char *)malloc(n + 1);
  bad = (char *)malloc(n + 1);
  MUST(stratego_view_to_json(f->view, json, n + 1, &n));
  CHECK(strlen(json) == n && strchr(json, '?') != NULL);
  EXPECT(STRATEGO_RESULT_OK, stratego_view_from_json(json, &copy));
  if (copy != NULL) {
    MUST(stratego_view_to_json(copy, again, n + 1, &m));
    CHECK(m == n && strcmp(again, json) == 0);
    MUST(stratego_view_observation(f->view, obs_a, 3200));
    MUST(stratego_view_observation(copy, obs_b, 3200));
    CHECK(memcmp(obs_a, obs_b, sizeof obs_a) == 0);
    MUST(stratego_view_action_mask(f->view, mask_a, 10000));
    MUST(stratego_view_action_mask(copy, mask_b, 10000));
    CHECK(memcmp(mask_a, mask_b, sizeof mask_a) == 0);
    MUST(stratego_view_board_codes(f->view, board_a, 100));
    MUST(stratego_view_board_codes(copy, board_b, 100));
    CHECK(memcmp(board_a, board_b, sizeof board_a) == 0);
    CHECK(stratego_view_ply(copy) == stratego_view_ply(f->view));
    CHECK(stratego_view_history_len(copy) == stratego_view_history_len(f->view));
    stratego_view_free(copy);
  }
  /* Two revealed enemy Marshals where the army has one. */
  strcpy(bad, json);
  for (i = 0; bad[i] != '\0' && marks < 2; i++) {
    if (bad[i] == '?') {
      bad[i] = enemy_marshal;
      marks++;
    }
  }
  EXPECT(STRATEGO_RESULT_PARSE_ERROR, stratego_view_from_json(bad, &untouched));
  EXPECT(STRATEGO_RESULT_PARSE_ERROR, stratego_view_from_json("{}", &untouched));
  EXPECT(STRATEGO_RESULT_PARSE_ERROR, stratego_view_from_json("not json", &untouched));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_view_from_json(NULL, &untouched));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_view_from_json(json, NULL));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_view_to_json(NULL, again, n + 1, &m));
  EXPECT(STRATEGO_RESULT_NULL_ARGUMENT, stratego_view_to_json(f->view, again, n + 1, NULL));
  CHECK(untouched == (stratego_view *)0x1);
  free(json);
  free(again);
  free(bad);
  UNCHANGED(f->game, &before);
}

/* Agents choose legal moves for the viewer to move, and refuse views they cannot move in. */
static void agents(fixture *f) {
  snapshot before = take(f->game);
  const char *kinds[] = {"random", "heuristic", "sampling:4"};
  stratego_agent *agent = (stratego_agent *)0x1;
  stratego_view *other = NULL;
  stratego_move m;
  size_t i;
  EXPECT(STRATEGO_RESULT_PARSE_ERROR, stratego_agent_new("minimax", 1, &agent));
  EXPECT(STRATEGO_RESULT_PARSE_ERROR, stratego_agent_new("sampling:0", 1, &agent));
  EXPECT(STRATEGO_RESULT_INVALID_UTF8, stratego_agent_new("rand\xffom", 1, &agent));
  CHECK(agent == (stratego_agent *)0x1);
  MUST(stratego_game_view(f->game, stratego_game_to_move(f->game) == STRATEGO_PLAYER_RED ? STRATEGO_PLAYER_BLUE
                                                                                         : STRATEGO_PLAYER_RED,
                          &other));
  for (i = 0; i < 3; i++) {
    stratego_illegal_reason reason = 777;
    MUST(stratego_agent_new(kinds[i], 5, &agent));
    MUST(stratego_agent_choose(agent, f->view, &m));
    MUST(stratego_game_check_move(f->game, m, &reason));
    CHECK(reason == STRATEGO_ILLEGAL_NONE);
    m.from.col = 99;
    EXPECT(STRATEGO_RESULT_INVALID_ARGUMENT, stratego_agent_choose(agent, other, &m));
    CHECK(m.from.col == 99);
    stratego_agent_free(agent);
  }
  stratego_view_free(other);
  UNCHANGED(f->game, &before);
}

/* The text form of `setup` under `rules` into `text` (STRATEGO_MAX_SQUARES + 1 bytes). */
static void setup_text(const stratego_setup *setup, const stratego_rules *rules, char *text) {
  size_t len = 0;
  MUST(stratego_setup_to_text(setup, rules, text, STRATEGO_MAX_SQUARES + 1, &len));
}

/* Human-like setups: valid for the player asked, the same for the same seed, and not the
   uniform draw of that seed. */
static void human_like_setups(void) {
  const stratego_edition editions[] = {STRATEGO_EDITION_ISF, STRATEGO_EDITION_BARRAGE, STRATEGO_EDITION_DUEL};
  size_t e;
  for (e = 0; e < sizeof editions / sizeof editions[0]; e++) {
    stratego_rules *rules = NULL;
    uint64_t seed;
    size_t differ = 0, distinct = 0;
    char first[STRATEGO_MAX_SQUARES + 1] = "";
    MUST(stratego_rules_edition(editions[e], &rules));
    for (seed = 1; seed <= 6; seed++) {
      const stratego_player player = seed % 2 ? STRATEGO_PLAYER_RED : STRATEGO_PLAYER_BLUE;
      stratego_setup *human = NULL, *again = NULL, *uniform = NULL;
      char a[STRATEGO_MAX_SQUARES + 1], b[STRATEGO_MAX_SQUARES + 1], u[STRATEGO_MAX_SQUARES + 1];
      EXPECT(STRATEGO_RESULT_OK, stratego_setup_human_like(rules, player, seed, &human));
      MUST(stratego_setup_human_like(rules, player, seed, &again));
      MUST(stratego_setup_random(rules, player, seed, &uniform));
      EXPECT(STRATEGO_RESULT_OK, stratego_setup_validate(human, rules));
      CHECK(stratego_setup_player(human) == player);
      setup_text(human, rules, a);
      setup_text(again, rules, b);
      setup_text(uniform, rules, u);
      CHECK(strcmp(a, b) == 0);
      if (strcmp(a, u) != 0) differ++;
      if (seed == 1) strcpy(first, a);
      else if (strcmp(a, first) != 0) distinct++;
      stratego_setup_free(human);
      stratego_setup_free(again);
      stratego_setup_free(uniform);
    }
    CHECK(differ > 0);   /* not the uniform draw under another name */
    CHECK(distinct > 0); /* the seed matters */
    stratego_rules_free(rules);
  }
}

/* Agents' setups: NULL for the random agent (it takes the one it is given), a valid setup for
   the player asked for the others, the same for the same seed, and refusals that write
   nothing. */
static void agent_setups(fixture *f) {
  const char *kinds[] = {"heuristic", "sampling:4", "search:50"};
  const uint32_t bad_players[3] = {STRATEGO_PLAYER_NONE, 7, UINT32_MAX};
  stratego_rules *barrage = NULL;
  stratego_agent *agent = NULL, *twin = NULL;
  stratego_setup *setup = (stratego_setup *)0x1;
  size_t i;
  MUST(stratego_rules_edition(STRATEGO_EDITION_BARRAGE, &barrage));

  MUST(stratego_agent_new("random", 9, &agent));
  EXPECT(STRATEGO_RESULT_OK, stratego_agent_setup(agent, f->rules, STRATEGO_PLAYER_RED, &setup));
  CHECK(setup == NULL);
  stratego_agent_free(agent);

  for (i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
    stratego_setup *red = NULL, *blue = NULL, *same = NULL;
    stratego_game *game = NULL;
    stratego_move m;
    char a[STRATEGO_MAX_SQUARES + 1], b[STRATEGO_MAX_SQUARES + 1];
    size_t k;
    MUST(stratego_agent_new(kinds[i], 9, &agent));
    MUST(stratego_agent_new(kinds[i], 9, &twin));
    for (k = 0; k < 3; k++) {
      setup = (stratego_setup *)0x1;
      EXPECT(STRATEGO_RESULT_INVALID_ARGUMENT, stratego_agent_setup(agent, barrage, bad_players[k], &setup));
      CHECK(setup == (stratego_setup *)0x1);
    }
    EXPECT(STRATEGO_RESULT_OK, stratego_agent_setup(agent, barrage, STRATEGO_PLAYER_BLUE, &blue));
    EXPECT(STRATEGO_RESULT_OK, stratego_agent_setup(twin, barrage, STRATEGO_PLAYER_BLUE, &same));
    CHECK(blue != NULL && same != NULL);
    if (blue == NULL || same == NULL) {
      stratego_setup_free(blue);
      stratego_setup_free(same);
      stratego_agent_free(agent);
      stratego_agent_free(twin);
      continue;
    }
    CHECK(stratego_setup_player(blue) == STRATEGO_PLAYER_BLUE);
    EXPECT(STRATEGO_RESULT_OK, stratego_setup_validate(blue, barrage));
    /* The refused calls above drew nothing: the twin, never refused, draws the same. */
    setup_text(blue, barrage, a);
    setup_text(same, barrage, b);
    CHECK(strcmp(a, b) == 0);
    EXPECT(STRATEGO_RESULT_OK, stratego_agent_setup(agent, f->rules, STRATEGO_PLAYER_RED, &red));
    CHECK(red != NULL && stratego_setup_player(red) == STRATEGO_PLAYER_RED);
    EXPECT(STRATEGO_RESULT_OK, stratego_setup_validate(red, f->rules));
    /* A game starts from an agent's setups and the agent plays in it. */
    stratego_setup_free(red);
    MUST(stratego_agent_setup(twin, barrage, STRATEGO_PLAYER_RED, &red));
    EXPECT(STRATEGO_RESULT_OK, stratego_game_new(barrage, red, blue, &game));
    if (game != NULL) {
      stratego_view *view = NULL;
      stratego_illegal_reason reason = 777;
      MUST(stratego_game_view(game, STRATEGO_PLAYER_RED, &view));
      MUST(stratego_agent_choose(twin, view, &m));
      MUST(stratego_game_check_move(game, m, &reason));
      CHECK(reason == STRATEGO_ILLEGAL_NONE);
      stratego_view_free(view);
      stratego_game_free(game);
    }
    stratego_setup_free(red);
    stratego_setup_free(blue);
    stratego_setup_free(same);
    stratego_agent_free(agent);
    stratego_agent_free(twin);
  }
  stratego_rules_free(barrage);
}

static void undo_and_gravon(fixture *f) {
  stratego_game *copy = NULL, *fresh = NULL, *back = NULL;
  snapshot before, start;
  size_t len = 0;
  char *xml;
  MUST(stratego_game_clone(f->game, &copy));
  before = take(copy);
  MUST(stratego_game_new(f->rules, f->red, f->blue, &fresh));
  start = take(fresh);
  EXPECT(STRATEGO_RESULT_NOTHING_TO_UNDO, stratego_game_undo(fresh));
  UNCHANGED(fresh, &start);
  /* Gravon out and back in gives the same position. */
  stratego_game_to_gravon_xml(copy, NULL, 0, &len);
  xml = (char *)malloc(len + 1);
  MUST(stratego_game_to_gravon_xml(copy, xml, len + 1, &len));
  EXPECT(STRATEGO_RESULT_OK, stratego_game_from_gravon_xml(xml, 2014, &back));
  if (back != NULL) {
    snapshot replayed = take(back);
    CHECK(strcmp(replayed.position, before.position) == 0);
    stratego_game_free(back);
  }
  free(xml);
  while (stratego_game_history_len(copy) > 0) EXPECT(STRATEGO_RESULT_OK, stratego_game_undo(copy));
  UNCHANGED(copy, &start);
  UNCHANGED(f->game, &before);
  stratego_game_free(copy);
  stratego_game_free(fresh);
}

/* The header and the library agree on their versions; the last error code follows failures. */
static void versions_and_codes(void) {
  stratego_rules *rules = NULL;
  char expected[32];
  sprintf(expected, "%d.%d.%d", STRATEGO_VERSION_MAJOR, STRATEGO_VERSION_MINOR, STRATEGO_VERSION_PATCH);
  CHECK(strcmp(stratego_version(), expected) == 0);
  CHECK(strcmp(stratego_version(), STRATEGO_VERSION) == 0);
  CHECK(stratego_encoding_version() == STRATEGO_ENCODING_VERSION);
  EXPECT(STRATEGO_RESULT_INVALID_ARGUMENT, stratego_rules_edition(77, &rules));
  CHECK(stratego_last_error_code() == STRATEGO_RESULT_INVALID_ARGUMENT);
  EXPECT(STRATEGO_RESULT_OK, stratego_rules_edition(STRATEGO_EDITION_ISF, &rules));
  CHECK(stratego_last_error_code() == STRATEGO_RESULT_INVALID_ARGUMENT); /* success keeps it */
  stratego_rules_free(rules);
}

/* ------------------------------------------------------------------------------------------ */
/* Rescues (Ultimate Lightning): a decision is a stratego_move made by the library.            */

static void rescues(void) {
  stratego_rules *ul = NULL;
  stratego_game *game;
  stratego_view *view = NULL;
  stratego_move rescue, bad;
  stratego_illegal_reason reason = 999;
  stratego_square_view seen;
  stratego_rank rank = 99;
  stratego_square at;
  uint32_t ids[1024];
  size_t i, n = 0;
  snapshot before;
  /* Red: Flag a1, Sergeant c2, Miner a9 (the rest lost); Blue: Sergeant j7, Flag j10. */
  const char *pieces[] = {"a1M", "c2F", "a9E", "j7R", "j10Y"};
  MUST(stratego_rules_edition(STRATEGO_EDITION_ULTIMATE_LIGHTNING, &ul));
  CHECK(stratego_rules_num_actions(ul) == 10000 + 1200 + 1);
  game = game_from(ul, 1, pieces, 5, 'r');
  CHECK(!stratego_game_rescue_pending(game));
  CHECK(stratego_game_rescues_left(game, STRATEGO_PLAYER_RED) == 2);
  MUST(stratego_game_play_text(game, "a9-a10"));
  /* Entering the back row: Red decides before Blue moves, and only decisions are legal. */
  CHECK(stratego_game_rescue_pending(game));
  CHECK(stratego_game_to_move(game) == STRATEGO_PLAYER_RED);
  REFUSE(game, "c2-c3", STRATEGO_ILLEGAL_RESCUE_PENDING);
  MUST(stratego_game_legal_actions(game, ids, 1024, &n));
  CHECK(n > 1);
  for (i = 0; i < n; i++) CHECK(ids[i] >= 10000);
  CHECK(stratego_move_is_decision(stratego_move_decline_rescue()));
  /* Refused decisions change nothing: outside the zone, a rank not lost, made-up squares. */
  before = take(game);
  MUST(stratego_move_rescue(STRATEGO_RANK_SPY, sq("d5"), &rescue));
  MUST(stratego_game_check_move(game, rescue, &reason));
  CHECK(reason == STRATEGO_ILLEGAL_OUTSIDE_RESCUE_ZONE);
  EXPECT(STRATEGO_RESULT_ILLEGAL_MOVE, stratego_game_play_move(game, rescue));
  MUST(stratego_move_rescue(STRATEGO_RANK_FLAG, sq("d2"), &rescue));
  MUST(stratego_game_check_move(game, rescue, &reason));
  CHECK(reason == STRATEGO_ILLEGAL_NOT_CAPTURED);
  bad = rescue;
  bad.to.col = 200;
  EXPECT(STRATEGO_RESULT_INVALID_ARGUMENT, stratego_game_play_move(game, bad));
  bad = stratego_move_decline_rescue();
  bad.to.row = 7;
  EXPECT(STRATEGO_RESULT_INVALID_ARGUMENT, stratego_game_play_move(game, bad));
  EXPECT(STRATEGO_RESULT_INVALID_ARGUMENT, stratego_move_rescue(12, sq("d2"), &rescue));
  UNCHANGED(game, &before);
  /* The rescue plays, ends Red's turn, and both players see the rescued rank. */
  MUST(stratego_move_rescue(STRATEGO_RANK_SPY, sq("d4"), &rescue));
  MUST(stratego_move_rescued(rescue, &rank, &at));
  CHECK(rank == STRATEGO_RANK_SPY && at.col == 3 && at.row == 3);
  MUST(stratego_game_play_move(game, rescue));
  CHECK(!stratego_game_rescue_pending(game));
  CHECK(stratego_game_to_move(game) == STRATEGO_PLAYER_BLUE);
  CHECK(stratego_game_rescues_left(game, STRATEGO_PLAYER_RED) == 1);
  MUST(stratego_game_view(game, STRATEGO_PLAYER_BLUE, &view));
  MUST(stratego_view_square(view, sq("d4"), &seen));
  CHECK(seen.kind == STRATEGO_SQUARE_ENEMY && seen.rank == STRATEGO_RANK_SPY);
  CHECK(stratego_view_rescues_left(view, STRATEGO_PLAYER_RED) == 1 && !stratego_view_rescue_pending(view));
  stratego_view_free(view);
  CHECK(reason_of(game, "decline") == STRATEGO_ILLEGAL_NO_RESCUE_PENDING);
  /* Undo takes the rescue back: the decision is due again; by text this time. */
  MUST(stratego_game_undo(game));
  CHECK(stratego_game_rescue_pending(game));
  MUST(stratego_game_play_text(game, "rescue:Marshal@e2"));
  CHECK(stratego_game_to_move(game) == STRATEGO_PLAYER_BLUE);
  stratego_game_free(game);
  stratego_rules_free(ul);
}

/* The longest notation there is, `rescue:Lieutenant@i10`, fits STRATEGO_MAX_NOTATION_LEN. */
static void longest_notation(void) {
  stratego_rules *ul = NULL;
  stratego_game *game;
  stratego_view *view = NULL;
  char text[STRATEGO_MAX_NOTATION_LEN + 1];
  size_t len = 0;
  /* Red: Flag a1, Sergeant c2; Blue: Miner b2 (about to enter Red's back row), Flag j10; every
   * other piece lost, Blue's Lieutenants among them. */
  const char *pieces[] = {"a1M", "c2F", "b2Q", "j10Y"};
  MUST(stratego_rules_edition(STRATEGO_EDITION_ULTIMATE_LIGHTNING, &ul));
  game = game_from(ul, 1, pieces, 4, 'b');
  MUST(stratego_game_play_text(game, "b2-b1"));
  CHECK(stratego_game_rescue_pending(game));
  MUST(stratego_game_play_text(game, "rescue:Lieutenant@i10"));
  memset(text, '#', sizeof text);
  EXPECT(STRATEGO_RESULT_OK, stratego_game_history_notation(game, 1, text, sizeof text, &len));
  CHECK(len == STRATEGO_MAX_NOTATION_LEN && strcmp(text, "rescue:Lieutenant@i10") == 0);
  EXPECT(STRATEGO_RESULT_BUFFER_TOO_SMALL, stratego_game_history_notation(game, 1, text, len, &len));
  MUST(stratego_game_view(game, STRATEGO_PLAYER_RED, &view));
  EXPECT(STRATEGO_RESULT_OK, stratego_view_history_notation(view, 1, text, sizeof text, &len));
  CHECK(len == STRATEGO_MAX_NOTATION_LEN && strcmp(text, "rescue:Lieutenant@i10") == 0);
  stratego_view_free(view);
  stratego_game_free(game);
  stratego_rules_free(ul);
}

static int hostile(void) {
  fixture f;
  versions_and_codes();
  f = fixture_new();
  null_arguments(&f);
  small_buffers(&f);
  error_messages(&f);
  stated_sizes(&f);
  out_of_range(&f);
  malformed_text(&f);
  illegal_moves();
  bad_setups(&f);
  records(&f);
  full_positions(&f);
  view_records(&f);
  agents(&f);
  human_like_setups();
  agent_setups(&f);
  undo_and_gravon(&f);
  rescues();
  longest_notation();
  fixture_free(&f);
  printf("hostile: %d checks, %d failed\n", checks, failures);
  return failures == 0 ? 0 : 1;
}

/* ------------------------------------------------------------------------------------------ */
/* Agreement with the core: the same seeded game, printed for the Rust side to compare.       */

/* SplitMix64, the same as the Rust test's. */
static uint64_t splitmix(uint64_t *state) {
  uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

static void print_view(const stratego_game *game, stratego_player player) {
  stratego_view *view = NULL;
  static float obs[32 * 128];
  static uint8_t mask[128 * 128];
  uint8_t board[128];
  uint32_t ids[1024];
  size_t i, n_obs, n_squares, n_actions, n_ids = 0;
  stratego_rules *rules = NULL;
  size_t shape[3];
  MUST(stratego_game_rules(game, &rules));
  MUST(stratego_rules_observation_shape(rules, shape));
  n_obs = shape[0] * shape[1] * shape[2];
  n_squares = stratego_rules_num_squares(rules);
  n_actions = stratego_rules_num_actions(rules);
  MUST(stratego_game_view(game, player, &view));
  MUST(stratego_view_observation(view, obs, n_obs));
  MUST(stratego_view_action_mask(view, mask, n_actions));
  MUST(stratego_view_board_codes(view, board, n_squares));
  MUST(stratego_view_legal_actions(view, ids, 1024, &n_ids));
  printf("view %u\nobservation ", (unsigned)player);
  for (i = 0; i < n_obs; i++) putchar(obs[i] == 1.0f ? '1' : obs[i] == 0.0f ? '0' : '?');
  printf("\nmask ");
  for (i = 0; i < n_actions; i++) putchar('0' + mask[i]);
  printf("\nboard");
  for (i = 0; i < n_squares; i++) printf(" %u", board[i]);
  printf("\nactions");
  for (i = 0; i < n_ids; i++) printf(" %u", ids[i]);
  printf("\n");
  stratego_view_free(view);
  stratego_rules_free(rules);
}

static int agree(const char *edition_text, uint64_t seed) {
  stratego_rules *rules = NULL;
  stratego_setup *red = NULL, *blue = NULL;
  stratego_game *game = NULL;
  uint64_t rng = seed;
  uint32_t ids[1024];
  int ply;
  MUST(stratego_rules_parse(edition_text, &rules));
  MUST(stratego_setup_random(rules, STRATEGO_PLAYER_RED, seed, &red));
  MUST(stratego_setup_random(rules, STRATEGO_PLAYER_BLUE, seed + 1, &blue));
  MUST(stratego_game_new(rules, red, blue, &game));
  for (ply = 0; ply < 300; ply++) {
    size_t n = 0;
    uint32_t id;
    stratego_move m;
    char text[16];
    MUST(stratego_game_legal_actions(game, ids, 1024, &n));
    if (n == 0) break;
    id = ids[splitmix(&rng) % n];
    switch (ply % 3) {
      case 0:
        MUST(stratego_game_play_action(game, id));
        break;
      case 1:
        MUST(stratego_rules_action_move(rules, stratego_game_to_move(game), id, &m));
        MUST(stratego_game_play_move(game, m));
        break;
      default:
        MUST(stratego_rules_action_move(rules, stratego_game_to_move(game), id, &m));
        sprintf(text, "%c%u-%c%u", 'a' + m.from.col, m.from.row + 1u, 'a' + m.to.col, m.to.row + 1u);
        MUST(stratego_game_play_text(game, text));
        break;
    }
  }
  {
    char position[512];
    size_t len = 0;
    stratego_outcome outcome;
    MUST(stratego_game_position(game, position, sizeof position, &len));
    MUST(stratego_game_outcome(game, &outcome));
    printf("plies %d\nposition %s\noutcome %d %u %u\n", ply, position, outcome.is_over ? 1 : 0,
           (unsigned)outcome.winner, (unsigned)outcome.termination);
    {
      static char full[8192];
      MUST(stratego_game_position_full(game, full, sizeof full, &len));
      printf("full %s\nhash %llu\n", full, (unsigned long long)stratego_game_hash(game));
    }
  }
  print_view(game, STRATEGO_PLAYER_RED);
  print_view(game, STRATEGO_PLAYER_BLUE);
  stratego_game_free(game);
  stratego_setup_free(red);
  stratego_setup_free(blue);
  stratego_rules_free(rules);
  return 0;
}

int main(int argc, char **argv) {
  if (argc == 2 && strcmp(argv[1], "hostile") == 0) return hostile();
  if (argc == 4 && strcmp(argv[1], "agree") == 0) return agree(argv[2], strtoull(argv[3], NULL, 10));
  fprintf(stderr, "usage: %s hostile | agree RULES SEED\n", argv[0]);
  return 2;
}
