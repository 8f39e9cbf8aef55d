/*
 * Soak through the C ABI, built and run by scripts/soak.sh: ROUNDS rounds of one random game in
 * every edition, checking after every ply that pieces are conserved (on the board + captured =
 * the start), that an illegal action changes nothing (full position, ply, outcome), and that an
 * outcome once set never changes; and that the resident set size after the last round is no
 * larger than after the first (plus a page-rounding slack), so memory does not grow.
 *
 *   soak ROUNDS
 *   soak long PLIES [UNDOS]
 *
 * The second form plays one ISF game of PLIES plies of random non-attacking moves (a game that
 * long: ISF has no ply cap, and random play that never attacks does not end), prints the
 * resident memory it grew by per ply and the time per ply, and checks at the end that views,
 * encoders, UNDOS undos (default 3) and the round trips of record JSON, Gravon XML, view JSON
 * and the full position text still hold. scripts/soak.sh runs it at 100,000 plies; 1,000,000 is
 * the benchmark docs/src/limits.md quotes.
 *
 * Exit status 0 when every check held.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "stratego.h"
#include "check.h"

static uint64_t next(uint64_t *s) {
  *s ^= *s << 13;
  *s ^= *s >> 7;
  *s ^= *s << 17;
  return *s;
}

static long rss_kib(void) {
  FILE *f = fopen("/proc/self/statm", "r");
  long pages = 0, resident = 0;
  if (!f) return -1;
  if (fscanf(f, "%ld %ld", &pages, &resident) != 2) resident = -1;
  fclose(f);
  return resident * 4;
}

static size_t pieces(const stratego_game *g, stratego_player p) {
  size_t on = 0, lost = 0;
  /* Size queries: they succeed with the number. */
  CHECK(stratego_game_pieces(g, p, NULL, 0, &on) == STRATEGO_RESULT_OK);
  CHECK(stratego_game_captured(g, p, NULL, 0, &lost) == STRATEGO_RESULT_OK);
  return on + lost;
}

static char before[1 << 16], after[1 << 16];

static void full(const stratego_game *g, char *buf) {
  size_t len = 0;
  CHECK(stratego_game_position_full(g, buf, sizeof before, &len) == STRATEGO_RESULT_OK);
}

static uint32_t plies_played = 0;

static void soak_game(stratego_edition edition, uint64_t seed) {
  stratego_rules *rules = NULL;
  stratego_game *game = NULL;
  CHECK(stratego_rules_edition(edition, &rules) == STRATEGO_RESULT_OK);
  CHECK(stratego_game_random(rules, seed, &game) == STRATEGO_RESULT_OK);
  size_t actions = stratego_rules_num_actions(rules);
  uint32_t *ids = malloc(actions * sizeof *ids);
  size_t army[2] = {pieces(game, 0), pieces(game, 1)};
  uint64_t s = seed | 1;
  stratego_outcome o = {0}, o2 = {0};
  for (int ply = 0; ply < 3000; ply++) {
    size_t n = 0;
    CHECK(stratego_game_legal_actions(game, ids, actions, &n) == STRATEGO_RESULT_OK);
    CHECK(stratego_game_outcome(game, &o) == STRATEGO_RESULT_OK);
    /* An action id that is not listed: refused, nothing changes. */
    uint32_t bad = (uint32_t)(next(&s) % (actions + 10));
    int listed = 0;
    for (size_t i = 0; i < n; i++) listed |= ids[i] == bad;
    if (!listed) {
      full(game, before);
      uint32_t ply0 = stratego_game_ply(game);
      CHECK(stratego_game_play_action(game, bad) != STRATEGO_RESULT_OK);
      full(game, after);
      CHECK(strcmp(before, after) == 0);
      CHECK(stratego_game_ply(game) == ply0);
      CHECK(stratego_game_outcome(game, &o2) == STRATEGO_RESULT_OK);
      CHECK(o2.is_over == o.is_over && o2.winner == o.winner && o2.termination == o.termination);
    }
    if (o.is_over) {
      CHECK(n == 0);
      CHECK(stratego_game_play_action(game, 0) != STRATEGO_RESULT_OK);
      CHECK(stratego_game_outcome(game, &o2) == STRATEGO_RESULT_OK);
      CHECK(o2.is_over && o2.winner == o.winner && o2.termination == o.termination);
      break;
    }
    CHECK(n > 0);
    CHECK(stratego_game_play_action(game, ids[next(&s) % n]) == STRATEGO_RESULT_OK);
    CHECK(pieces(game, 0) == army[0] && pieces(game, 1) == army[1]);
    plies_played++;
  }
  free(ids);
  stratego_game_free(game);
  stratego_rules_free(rules);
}

/* ------------------------------------------------------------------------------------------ */
/* One long game.                                                                             */

static double seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* A text call's whole output in a new buffer (size query, then the copy); NULL on failure. */
typedef stratego_result (*text_call)(const void *handle, char *buf, size_t cap, size_t *len);

static char *text_of(const void *handle, text_call call, size_t *len_out) {
  size_t len = 0, len2 = 0;
  char *buf;
  if (call(handle, NULL, 0, &len) != STRATEGO_RESULT_OK) return NULL;
  buf = malloc(len + 1);
  if (!buf) return NULL;
  if (call(handle, buf, len + 1, &len2) != STRATEGO_RESULT_OK || len2 != len) {
    free(buf);
    return NULL;
  }
  if (len_out) *len_out = len;
  return buf;
}

static stratego_result full_call(const void *g, char *b, size_t c, size_t *l) { return stratego_game_position_full(g, b, c, l); }
static stratego_result record_call(const void *g, char *b, size_t c, size_t *l) { return stratego_game_record_json(g, b, c, l); }
static stratego_result xml_call(const void *g, char *b, size_t c, size_t *l) { return stratego_game_to_gravon_xml(g, b, c, l); }
static stratego_result view_json_call(const void *v, char *b, size_t c, size_t *l) { return stratego_view_to_json(v, b, c, l); }

/* Whether two games agree: full position (squares, flags, captures, repetition state), legal
 * actions and history length. */
static int same_game(const stratego_game *a, const stratego_game *b) {
  static uint32_t ids_a[1024], ids_b[1024];
  size_t na = 0, nb = 0;
  char *fa = text_of(a, full_call, NULL), *fb = text_of(b, full_call, NULL);
  int same = fa && fb && strcmp(fa, fb) == 0;
  same = same && stratego_game_history_len(a) == stratego_game_history_len(b);
  same = same && stratego_game_legal_actions(a, ids_a, 1024, &na) == STRATEGO_RESULT_OK;
  same = same && stratego_game_legal_actions(b, ids_b, 1024, &nb) == STRATEGO_RESULT_OK;
  same = same && na == nb && memcmp(ids_a, ids_b, na * sizeof ids_a[0]) == 0;
  free(fa);
  free(fb);
  return same;
}

/* A random legal move onto an empty square into `out`; when the side to move has none (every
 * move it has is an attack), a random attack, and false. */
static int random_quiet_move(const stratego_game *game, uint64_t *s, stratego_move *out) {
  static stratego_move moves[1024]; /* more than any position of the standard board has */
  stratego_move quiet[1024];
  size_t n = 0, q = 0, i;
  CHECK(stratego_game_legal_moves(game, moves, 1024, &n) == STRATEGO_RESULT_OK);
  for (i = 0; i < n; i++) {
    stratego_piece at;
    CHECK(stratego_game_piece_at(game, moves[i].to, &at) == STRATEGO_RESULT_OK);
    if (at.owner == STRATEGO_PLAYER_NONE) quiet[q++] = moves[i];
  }
  CHECK(n > 0); /* a game that is not over has a legal move */
  if (q == 0) {
    *out = moves[next(s) % (n > 0 ? n : 1)];
    return 0;
  }
  *out = quiet[next(s) % q];
  return 1;
}

/* A view of `player` whose encoders answer as the game does: history as long as the game's,
 * legal ids and mask those of the game for the mover, and a JSON round trip to the same text. */
static void check_view(const stratego_game *game, const stratego_rules *rules, stratego_player player) {
  stratego_view *view = NULL, *back = NULL;
  size_t shape[3], i, n = 0, ng = 0, len = 0, marked = 0;
  static uint32_t ids[1024], game_ids[1024];
  static uint8_t mask[10000], board[100];
  float *obs;
  char *json, *again;
  CHECK(stratego_game_view(game, player, &view) == STRATEGO_RESULT_OK);
  if (!view) return;
  CHECK(stratego_view_history_len(view) == stratego_game_history_len(game));
  CHECK(stratego_view_ply(view) == stratego_game_ply(game));
  CHECK(stratego_rules_observation_shape(rules, shape) == STRATEGO_RESULT_OK);
  obs = malloc(shape[0] * shape[1] * shape[2] * sizeof *obs);
  CHECK(obs && stratego_view_observation(view, obs, shape[0] * shape[1] * shape[2]) == STRATEGO_RESULT_OK);
  CHECK(stratego_view_board_codes(view, board, sizeof board) == STRATEGO_RESULT_OK);
  CHECK(stratego_view_action_mask(view, mask, sizeof mask) == STRATEGO_RESULT_OK);
  CHECK(stratego_view_legal_actions(view, ids, 1024, &n) == STRATEGO_RESULT_OK);
  for (i = 0; i < sizeof mask; i++) marked += mask[i];
  if (stratego_game_to_move(game) == player) {
    CHECK(stratego_game_legal_actions(game, game_ids, 1024, &ng) == STRATEGO_RESULT_OK);
    CHECK(n == ng && memcmp(ids, game_ids, n * sizeof ids[0]) == 0);
    CHECK(marked == n);
    for (i = 0; i < n; i++) CHECK(mask[ids[i]] == 1);
  } else {
    CHECK(n == 0 && marked == 0);
  }
  json = text_of(view, view_json_call, &len);
  CHECK(json != NULL);
  if (json) {
    CHECK(stratego_view_from_json(json, &back) == STRATEGO_RESULT_OK);
    again = back ? text_of(back, view_json_call, NULL) : NULL;
    CHECK(again && strcmp(json, again) == 0);
    printf("  view JSON (%s): %zu bytes, reads back to the same view\n", player == STRATEGO_PLAYER_RED ? "red" : "blue", len);
    free(again);
  }
  free(json);
  free(obs);
  stratego_view_free(back);
  stratego_view_free(view);
}

typedef stratego_result (*game_reader)(const char *text, stratego_game **game_out);
static stratego_result read_record(const char *t, stratego_game **g) { return stratego_game_from_record_json(t, g); }
static stratego_result read_xml(const char *t, stratego_game **g) { return stratego_game_from_gravon_xml(t, 0, g); }

/* What `write` makes of the game, read back by `read`, is the same game. */
static void replays(const stratego_game *game, const char *what, text_call write, game_reader read) {
  size_t len = 0;
  stratego_game *back = NULL;
  char *text = text_of(game, write, &len);
  double t0 = seconds();
  CHECK(text != NULL);
  if (!text) return;
  CHECK(read(text, &back) == STRATEGO_RESULT_OK);
  CHECK(back && same_game(game, back));
  printf("  %s: %zu bytes, replays to the same game in %.2f s\n", what, len, seconds() - t0);
  stratego_game_free(back);
  free(text);
}

static int long_game(long plies, int undos) {
  stratego_rules *rules = NULL;
  stratego_game *game = NULL, *back = NULL;
  stratego_outcome o;
  stratego_move *last = malloc((size_t)(undos > 0 ? undos : 1) * sizeof *last);
  char **before = calloc((size_t)(undos > 0 ? undos : 1), sizeof *before);
  char *text, *end;
  uint64_t s = 0x5eed5eed5eedull;
  long ply, attacks = 0, warm = plies < 10000 ? plies / 10 : 1000;
  long rss_warm = 0, rss_end;
  double t0 = 0, t1;
  size_t len = 0, army[2];
  int i;
  if (!last || !before) return 2;
  CHECK(stratego_rules_edition(STRATEGO_EDITION_ISF, &rules) == STRATEGO_RESULT_OK);
  CHECK(stratego_game_random(rules, 17, &game) == STRATEGO_RESULT_OK);
  if (!game) return 1;
  army[0] = pieces(game, 0);
  army[1] = pieces(game, 1);
  printf("soak (C, long game): ISF, %ld plies of random non-attacking moves\n", plies);
  for (ply = 0; ply < plies; ply++) {
    stratego_move m;
    if (ply == warm) {
      rss_warm = rss_kib();
      t0 = seconds();
    }
    CHECK(stratego_game_outcome(game, &o) == STRATEGO_RESULT_OK);
    if (o.is_over) {
      fprintf(stderr, "the game ended at ply %ld (termination %u)\n", ply, (unsigned)o.termination);
      failures++;
      break;
    }
    /* When every move is an attack, play one (counted), so that the game goes on. */
    if (!random_quiet_move(game, &s, &m)) attacks++;
    /* Keep what the last moves changed, to undo them at the end. */
    if (ply >= plies - undos) {
      int k = (int)(ply - (plies - undos));
      before[k] = text_of(game, full_call, NULL);
      last[k] = m;
    }
    CHECK(stratego_game_play_move(game, m) == STRATEGO_RESULT_OK);
  }
  t1 = seconds();
  rss_end = rss_kib();
  CHECK(pieces(game, 0) == army[0] && pieces(game, 1) == army[1]);
  CHECK(stratego_game_history_len(game) == (size_t)plies);
  printf("  %ld plies (%ld attacks, when no quiet move was left) in %.2f s after the first %ld: %.0f ns per ply\n",
         plies, attacks, t1 - t0, warm, (t1 - t0) * 1e9 / (double)(plies - warm));
  printf("  resident memory: %ld KiB at ply %ld, %ld KiB at ply %ld: %.1f bytes per ply\n", rss_warm, warm,
         rss_end, plies, (double)(rss_end - rss_warm) * 1024.0 / (double)(plies - warm));
  /* A history entry is a few dozen bytes; a per-ply copy of anything that grows would show as
   * far more. Over a few thousand plies the allocator's own rounding dominates: not judged. */
  if (plies - warm >= 50000) CHECK((double)(rss_end - rss_warm) * 1024.0 / (double)(plies - warm) < 256.0);

  /* Views and encoders, for both players. */
  check_view(game, rules, STRATEGO_PLAYER_RED);
  check_view(game, rules, STRATEGO_PLAYER_BLUE);

  /* Record JSON, and Gravon XML under Gravon's rules: each replays to the same game. */
  replays(game, "record JSON", record_call, read_record);
  replays(game, "Gravon XML", xml_call, read_xml);
  /* The full position text: reads back to the same position. */
  text = text_of(game, full_call, &len);
  CHECK(text != NULL);
  if (text) {
    CHECK(stratego_game_from_position(rules, text, &back) == STRATEGO_RESULT_OK);
    end = back ? text_of(back, full_call, NULL) : NULL;
    CHECK(end && strcmp(text, end) == 0);
    printf("  full position: %zu bytes, reads back to the same position\n", len);
    free(end);
    stratego_game_free(back);
    back = NULL;
  }
  free(text);

  /* Undo the last moves one by one back to what each found, then play them again. */
  end = text_of(game, full_call, NULL);
  t0 = seconds();
  for (i = undos - 1; i >= 0; i--) {
    char *now;
    CHECK(stratego_game_undo(game) == STRATEGO_RESULT_OK);
    now = text_of(game, full_call, NULL);
    CHECK(now && before[i] && strcmp(now, before[i]) == 0);
    free(now);
  }
  t1 = seconds();
  for (i = 0; i < undos; i++) CHECK(stratego_game_play_move(game, last[i]) == STRATEGO_RESULT_OK);
  text = text_of(game, full_call, NULL);
  CHECK(text && end && strcmp(text, end) == 0);
  if (undos > 0) printf("  %d undos, each back to the position before its move: %.2f ms per undo\n", undos, (t1 - t0) * 1e3 / undos);
  free(text);
  free(end);
  for (i = 0; i < undos; i++) free(before[i]);
  free(before);
  free(last);
  stratego_game_free(game);
  stratego_rules_free(rules);
  printf("soak (C, long game): %s\n", failures == 0 ? "passed" : "FAILED");
  return failures == 0 ? 0 : 1;
}

int main(int argc, char **argv) {
  if (argc > 2 && strcmp(argv[1], "long") == 0) return long_game(atol(argv[2]), argc > 3 ? atoi(argv[3]) : 3);
  int rounds = argc > 1 ? atoi(argv[1]) : 3;
  long first = 0;
  for (int round = 0; round < rounds; round++) {
    for (stratego_edition e = STRATEGO_EDITION_CLASSIC; e <= STRATEGO_EDITION_ESTRATEGIA; e++) {
      soak_game(e, (uint64_t)round * 1000 + e + 1);
    }
    if (round == 0) first = rss_kib();
  }
  long last = rss_kib();
  printf("soak (C): %d rounds, %u plies, RSS %ld KiB after the first round, %ld KiB at the end\n",
         rounds, plies_played, first, last);
  /* malloc may keep a few more pages around; growth per round would show as far more. */
  CHECK(last <= first + 512);
  return failures == 0 ? 0 : 1;
}
