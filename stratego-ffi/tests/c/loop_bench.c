/*
 * The header's loop, timed: per ply `stratego_game_legal_actions` into a fixed buffer, pick one
 * id, `stratego_game_play_action`, `stratego_game_outcome`; whole seeded games to the end. The
 * games are the ones `user_loop_plies` and `profile user_loop` play in Rust (setups seeded
 * 2s+1 and 2s+2 for s = 500.., the same xorshift pick), so the per-ply figures compare.
 *
 *   loop_bench [isf|classic [GAMES [ROUNDS]]]     prints ns per ply, the best of ROUNDS
 *
 * Each round plays fresh games made from the setups (untimed), as the Rust loop does: a game
 * cloned from a kept start would share its history with it, and a shared history pays atomic
 * bookkeeping on every move that a game alone does not.
 *
 * Built and run by scripts/c_bench.sh; not part of the test command (timings belong to quiet
 * machines). Under callgrind, run one round: `valgrind --tool=callgrind loop_bench isf 8 1`.
 */
/* clock_gettime and CLOCK_MONOTONIC under -std=c11. */
#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "stratego.h"

static void check(stratego_result result, const char *what) {
  char message[STRATEGO_MAX_ERROR_LEN + 1];
  size_t len = 0;
  if (result == STRATEGO_RESULT_OK) return;
  if (stratego_last_error_message(message, sizeof message, &len) != STRATEGO_RESULT_OK) message[0] = '\0';
  fprintf(stderr, "%s: %s: %s\n", what, stratego_result_message(result), message);
  exit(1);
}

/* The benchmarks' generator (engine.rs `Rng`): the same picks as the Rust loop. */
static uint64_t rng_new(uint64_t seed) { return (seed * 0x9E3779B97F4A7C15ull) | 1; }
static size_t rng_below(uint64_t *x, size_t n) {
  *x ^= *x >> 12;
  *x ^= *x << 25;
  *x ^= *x >> 27;
  return (size_t)((((*x * 0x2545F4914F6CDD1Dull) >> 32) * (uint64_t)n) >> 32);
}

static double now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

int main(int argc, char **argv) {
  const char *edition_name = argc > 1 ? argv[1] : "isf";
  int games = argc > 2 ? atoi(argv[2]) : 8;
  int rounds = argc > 3 ? atoi(argv[3]) : 5;
  stratego_edition edition = strcmp(edition_name, "classic") == 0 ? STRATEGO_EDITION_CLASSIC : STRATEGO_EDITION_ISF;
  stratego_rules *rules = NULL;
  stratego_setup **setups;
  double best = 0;
  uint64_t plies = 0;
  int g, r;

  check(stratego_rules_edition(edition, &rules), "rules");
  setups = (stratego_setup **)calloc(2 * (size_t)games, sizeof *setups);
  if (setups == NULL) return 1;
  for (g = 0; g < games; g++) {
    uint64_t s = 500 + (uint64_t)g;
    check(stratego_setup_random(rules, STRATEGO_PLAYER_RED, 2 * s + 1, &setups[2 * g]), "red setup");
    check(stratego_setup_random(rules, STRATEGO_PLAYER_BLUE, 2 * s + 2, &setups[2 * g + 1]), "blue setup");
  }

  for (r = 0; r < rounds; r++) {
    double ns = 0;
    plies = 0;
    for (g = 0; g < games; g++) {
      stratego_game *game = NULL;
      stratego_outcome outcome;
      uint32_t ids[1024];
      size_t n = 0;
      uint64_t x = rng_new((uint64_t)g);
      double t0;
      check(stratego_game_new(rules, setups[2 * g], setups[2 * g + 1], &game), "game");
      t0 = now_ns();
      check(stratego_game_outcome(game, &outcome), "outcome");
      while (!outcome.is_over) {
        check(stratego_game_legal_actions(game, ids, 1024, &n), "legal_actions");
        check(stratego_game_play_action(game, ids[rng_below(&x, n)]), "play_action");
        check(stratego_game_outcome(game, &outcome), "outcome");
        plies++;
      }
      ns += now_ns() - t0;
      stratego_game_free(game);
    }
    if (r == 0 || ns < best) best = ns;
  }
  printf("%s: %llu plies in %d games, %.1f ns/ply (best of %d rounds)\n", edition_name, (unsigned long long)plies,
         games, best / (double)plies, rounds);
  for (g = 0; g < 2 * games; g++) stratego_setup_free(setups[g]);
  free(setups);
  stratego_rules_free(rules);
  return 0;
}
