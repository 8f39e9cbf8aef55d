/*
 * Soak through the C ABI, built and run by tests/soak.sh: ROUNDS rounds of one random game in
 * every edition, checking after every ply that pieces are conserved (on the board + captured =
 * the start), that an illegal action changes nothing (full position, ply, outcome), and that an
 * outcome once set never changes; and that the resident set size after the last round is no
 * larger than after the first (plus a page-rounding slack), so memory does not grow.
 *
 *   soak ROUNDS
 *
 * Exit status 0 when every check held.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stratego.h"

static int failures = 0;

#define CHECK(cond)                                                                  \
  do {                                                                               \
    if (!(cond)) {                                                                   \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);       \
      failures++;                                                                    \
    }                                                                                \
  } while (0)

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
  stratego_result r = stratego_game_pieces(g, p, NULL, 0, &on);
  CHECK(r == STRATEGO_RESULT_OK || r == STRATEGO_RESULT_BUFFER_TOO_SMALL);
  r = stratego_game_captured(g, p, NULL, 0, &lost);
  CHECK(r == STRATEGO_RESULT_OK || r == STRATEGO_RESULT_BUFFER_TOO_SMALL);
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

int main(int argc, char **argv) {
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
