/*
 * One seeded random game through the C ABI: the board at the start, every battle, the board at
 * the end and the result.
 *
 *   play [RULES [SEED]]      e.g. play isf 7, play "classic(max_plies=2000)" 3
 *
 * Build (see the book, docs/src/c.md):
 *   cargo build --release -p stratego-ffi
 *   cc -std=c11 -Wall -Wextra -Wpedantic -Iinclude examples/c/play.c target/release/libstratego.a \
 *      -lgcc_s -lutil -lrt -lpthread -lm -ldl -o play
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stratego.h"

/* Print the failing call's code and the library's full message, then stop. */
static void check(stratego_result result, const char *what) {
  char message[1024];
  size_t len = 0;
  if (result == STRATEGO_RESULT_OK) return;
  if (stratego_last_error_message(message, sizeof message, &len) != STRATEGO_RESULT_OK) {
    message[0] = '\0';
  }
  fprintf(stderr, "%s: %s: %s\n", what, stratego_result_message(result), message);
  exit(1);
}

static void print_board(const stratego_game *game) {
  size_t len = 0;
  char *text;
  /* Ask for the length first, then copy into a buffer of that length plus the NUL. */
  stratego_game_picture(game, NULL, 0, &len);
  text = (char *)malloc(len + 1);
  check(stratego_game_picture(game, text, len + 1, &len), "picture");
  fputs(text, stdout);
  free(text);
}

/* SplitMix64: the library draws a legal move uniformly from well-mixed entropy. */
static unsigned long long next_entropy(unsigned long long *state) {
  unsigned long long z = (*state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

static const char *player_name(stratego_player p) {
  return p == STRATEGO_PLAYER_RED ? "red" : p == STRATEGO_PLAYER_BLUE ? "blue" : "nobody";
}

/* A battle in the rules' notation ("9 a4xa7 (1)") and in words. */
static void print_battle(const stratego_game *game, size_t ply, const stratego_move_report *r) {
  static const char *const results[] = {"", "attacker wins", "defender wins", "both die"};
  char notation[64];
  size_t len = 0;
  check(stratego_game_history_notation(game, ply, notation, sizeof notation, &len), "notation");
  printf("ply %4zu  %-4s %-14s %s attacks %s: %s\n", ply + 1, player_name(r->player), notation,
         stratego_rank_name(r->attacker), stratego_rank_name(r->defender), results[r->battle]);
}

int main(int argc, char **argv) {
  const char *rules_text = argc > 1 ? argv[1] : "isf";
  unsigned long long seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 7;
  static const char *const terminations[] = {"",          "flag captured",  "no legal move",
                                             "both stuck", "ply cap",       "no battle cap",
                                             "resignation"};
  stratego_rules *rules = NULL;
  stratego_setup *red = NULL, *blue = NULL;
  stratego_game *game = NULL;
  stratego_outcome outcome;
  size_t ply, played;
  unsigned long long entropy_state;

  printf("libstratego %s, rules %s, seed %llu\n", stratego_version(), rules_text, seed);
  check(stratego_rules_parse(rules_text, &rules), "rules");
  check(stratego_setup_random(rules, STRATEGO_PLAYER_RED, seed, &red), "red setup");
  check(stratego_setup_random(rules, STRATEGO_PLAYER_BLUE, seed + 1, &blue), "blue setup");
  check(stratego_game_new(rules, red, blue, &game), "new game");
  /* The game copied the setups. */
  stratego_setup_free(red);
  stratego_setup_free(blue);
  print_board(game);

  check(stratego_game_outcome(game, &outcome), "outcome");
  entropy_state = seed;
  for (ply = 0; !outcome.is_over && ply < 100000; ply++) {
    stratego_move move;
    check(stratego_game_random_move(game, next_entropy(&entropy_state), &move), "random move");
    check(stratego_game_play_move(game, move), "play");
    check(stratego_game_outcome(game, &outcome), "outcome");
  }

  played = stratego_game_history_len(game);
  for (ply = 0; ply < played; ply++) {
    stratego_move_report report;
    check(stratego_game_history_at(game, ply, &report), "history");
    if (report.battle != STRATEGO_BATTLE_NONE) print_battle(game, ply, &report);
  }
  print_board(game);
  if (outcome.is_over && outcome.winner == STRATEGO_PLAYER_NONE) {
    printf("result: draw (%s) after %u plies\n", terminations[outcome.termination],
           stratego_game_ply(game));
  } else if (outcome.is_over) {
    printf("result: %s wins by %s after %u plies\n", player_name(outcome.winner),
           terminations[outcome.termination], stratego_game_ply(game));
  } else {
    printf("result: still going after %u plies\n", stratego_game_ply(game));
  }
  stratego_game_free(game);
  stratego_rules_free(rules);
  return 0;
}
