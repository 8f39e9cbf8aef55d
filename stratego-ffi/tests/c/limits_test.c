/*
 * Multi-megabyte input to every parser of the C ABI, built and run by scripts/c_limits.sh.
 *
 * Each parser must refuse input above its limit (stratego-core/src/limits.rs) with
 * STRATEGO_RESULT_TOO_LARGE, write no output, and say in its message that the input is over the limit, naming
 * the limit: that is the bound on work (the parser stopped at the size check, before reading
 * the text), checked without a clock. The message itself stays short (an error keeps at most
 * MAX_ERROR_TEXT = 1 KiB of the text). A game handed to a move parser is unchanged afterwards.
 *
 * A check listed as KNOWN_BUG must fail today (it names a bug left to the C crate); when it
 * starts to pass the program fails, so that the mark is removed with the fix.
 *
 * Exit status 0 when every check held.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stratego.h"
#include "check.h"

/* A check that fails today because of the named bug; passing is a failure (remove the mark). */
#define KNOWN_BUG(cond, bug)                                                         \
  do {                                                                               \
    checks++;                                                                        \
    if (cond) {                                                                      \
      fprintf(stderr, "%s:%d: fixed, remove the KNOWN_BUG mark: %s\n", __FILE__,    \
              __LINE__, bug);                                                        \
      failures++;                                                                    \
    } else {                                                                         \
      printf("KNOWN BUG (expected failure): %s\n", bug);                             \
    }                                                                                \
  } while (0)

#define MIB (1024u * 1024u)

/* The limits that grow with a game, as stratego-core/src/limits.rs derives them from
 * MAX_RECORD_PLIES (1,048,576 entries) and each form's worst bytes per entry; the header's
 * STRATEGO_LIMIT_* constants must agree. */
#define MAX_RECORD_PLIES 1048576u
#define MAX_XML_BYTES (MAX_RECORD_PLIES * 51u + 2u * 6u * 256u + 1024u)
#define MAX_RECORD_JSON_BYTES (MAX_RECORD_PLIES * 24u + 16u * 1024u + 2u * 64u * 1024u + 1024u)
#define MAX_VIEW_JSON_BYTES (MAX_RECORD_PLIES * 130u + 16u * 1024u + 64u * 1024u + 1024u)

/* `head`, then `filler` repeated up to `total` bytes, then `tail`; NUL-terminated. */
static char *huge(const char *head, const char *filler, size_t total, const char *tail) {
  size_t hl = strlen(head), fl = strlen(filler), tl = strlen(tail);
  char *s = malloc(total + 1);
  if (!s) {
    perror("malloc");
    exit(2);
  }
  memcpy(s, head, hl);
  size_t at = hl;
  while (at + fl + tl <= total) {
    memcpy(s + at, filler, fl);
    at += fl;
  }
  memcpy(s + at, tail, tl);
  s[at + tl] = '\0';
  return s;
}

static char message[4096];

/* The last error message; its length must be small whatever the input was. */
static size_t last_message(void) {
  size_t len = 0;
  stratego_result r = stratego_last_error_message(message, sizeof message, &len);
  CHECK(r == STRATEGO_RESULT_OK);
  if (r != STRATEGO_RESULT_OK) {
    message[0] = '\0';
    return (size_t)-1;
  }
  return len;
}

/* The refusal names the limit: "longer than the limit of N bytes". */
static int names_limit(size_t limit) {
  char want[64];
  snprintf(want, sizeof want, "limit of %zu bytes", limit);
  return strstr(message, want) != NULL;
}

static void report(const char *what) {
  printf("%-28s %s\n", what, message[0] ? message : "(no message)");
}

/* Everything of a game that a failed call must leave as it was. */
static void position_full(const stratego_game *game, char *buf, size_t cap) {
  size_t len = 0;
  CHECK(stratego_game_position_full(game, buf, cap, &len) == STRATEGO_RESULT_OK);
}

int main(void) {
  stratego_rules *rules = NULL;
  stratego_game *game = NULL;
  CHECK(stratego_rules_edition(STRATEGO_EDITION_ISF, &rules) == STRATEGO_RESULT_OK);
  CHECK(stratego_game_random(rules, 11, &game) == STRATEGO_RESULT_OK);
  if (!rules || !game) return 1;
  static char before[1 << 16], after[1 << 16];
  position_full(game, before, sizeof before);
  CHECK(STRATEGO_MAX_RECORD_PLIES == MAX_RECORD_PLIES);
  CHECK(STRATEGO_LIMIT_GRAVON_XML == MAX_XML_BYTES);
  CHECK(STRATEGO_LIMIT_RECORD_JSON == MAX_RECORD_JSON_BYTES);
  CHECK(STRATEGO_LIMIT_VIEW_JSON == MAX_VIEW_JSON_BYTES);
  CHECK(STRATEGO_LIMIT_RULES_TEXT == 16 * 1024 && STRATEGO_LIMIT_SETUP_TEXT == 4 * 1024);
  CHECK(STRATEGO_LIMIT_POSITION_TEXT == 64 * 1024);

  /* Rules text: 8 MiB, limit 16 KiB. */
  {
    char *text = huge("isf(", " ", 8 * MIB, "chase=on)");
    stratego_rules *out = (stratego_rules *)&failures; /* a sentinel that must survive */
    CHECK(stratego_rules_parse(text, &out) == STRATEGO_RESULT_TOO_LARGE);
    CHECK(out == (stratego_rules *)&failures);
    CHECK(last_message() < 2048);
    CHECK(names_limit(16 * 1024));
    report("rules text, 8 MiB:");
    free(text);
  }
  /* Setup text: 8 MiB, limit 4 KiB. */
  {
    char *text = huge("", "B", 8 * MIB, "");
    stratego_setup *out = (stratego_setup *)&failures;
    CHECK(stratego_setup_parse(rules, STRATEGO_PLAYER_RED, text, &out) == STRATEGO_RESULT_TOO_LARGE);
    CHECK(out == (stratego_setup *)&failures);
    CHECK(last_message() < 2048);
    CHECK(names_limit(4 * 1024));
    report("setup text, 8 MiB:");
    free(text);
  }
  /* Position text: 8 MiB, limit 64 KiB. */
  {
    char *text = huge("", "_", 8 * MIB, " r 0");
    stratego_game *out = (stratego_game *)&failures;
    CHECK(stratego_game_from_position(rules, text, &out) == STRATEGO_RESULT_TOO_LARGE);
    CHECK(out == (stratego_game *)&failures);
    CHECK(last_message() < 2048);
    CHECK(names_limit(64 * 1024));
    report("position text, 8 MiB:");
    free(text);
  }
  /* Gravon XML: 64 MiB, limit about 51 MiB (the XML of the longest game). */
  {
    char limit[32];
    char *text = huge("<stratego><game>", "<move/>", 64 * MIB, "</game></stratego>");
    stratego_game *out = (stratego_game *)&failures;
    stratego_result r = stratego_game_from_gravon_xml(text, 0, &out);
    CHECK(r == STRATEGO_RESULT_TOO_LARGE);
    CHECK(out == (stratego_game *)&failures);
    CHECK(last_message() < 2048);
    snprintf(limit, sizeof limit, "limit of %u", MAX_XML_BYTES);
    CHECK(strstr(message, limit) != NULL);
    report("Gravon XML, 64 MiB:");
    free(text);
  }
  /* Gravon XML of 8 MiB is under the limit: read, and refused for what it says. */
  {
    char *text = huge("<stratego><game>", "<move/>", 8 * MIB, "</game></stratego>");
    stratego_game *out = (stratego_game *)&failures;
    CHECK(stratego_game_from_gravon_xml(text, 0, &out) == STRATEGO_RESULT_PARSE_ERROR);
    CHECK(out == (stratego_game *)&failures);
    CHECK(last_message() < 2048);
    report("Gravon XML, 8 MiB:");
    free(text);
  }
  /* Gravon XML nested far deeper than gravon::MAX_DEPTH (64), under the size limit. */
  {
    char *text = huge("", "<a>", MIB - 16, "");
    stratego_game *out = (stratego_game *)&failures;
    stratego_result r = stratego_game_from_gravon_xml(text, 0, &out);
    CHECK(r == STRATEGO_RESULT_PARSE_ERROR);
    CHECK(out == (stratego_game *)&failures);
    CHECK(last_message() < 2048);
    report("Gravon XML, nested 1 MiB:");
    free(text);
  }
  /* Record JSON: 32 MiB, above MAX_RECORD_JSON_BYTES (about 24 MiB). */
  {
    char *text = huge("{\"rules\":\"isf\",\"moves\":[", "\"a4-a5\",", 32 * MIB, "\"a4-a5\"]}");
    stratego_game *out = (stratego_game *)&failures;
    stratego_result r = stratego_game_from_record_json(text, &out);
    CHECK(r == STRATEGO_RESULT_TOO_LARGE);
    CHECK(out == (stratego_game *)&failures);
    CHECK(last_message() < 2048);
    report("record JSON, 32 MiB:");
    CHECK(names_limit(MAX_RECORD_JSON_BYTES));
    free(text);
  }
  /* Record JSON under the byte limit with one move more than a game holds: refused for its
   * size while it is read. */
  {
    size_t i, at;
    const char *head = "{\"rules\":\"isf\",\"start\":{\"position\":\"x\"},\"moves\":[";
    char *text = malloc(strlen(head) + 8 * (MAX_RECORD_PLIES + 1) + 8);
    stratego_game *out = (stratego_game *)&failures;
    if (!text) return 2;
    strcpy(text, head);
    at = strlen(head);
    for (i = 0; i <= MAX_RECORD_PLIES; i++) {
      memcpy(text + at, "\"a4-a5\",", 8);
      at += 8;
    }
    strcpy(text + at - 1, "]}");
    CHECK(strlen(text) < MAX_RECORD_JSON_BYTES);
    CHECK(stratego_game_from_record_json(text, &out) == STRATEGO_RESULT_TOO_LARGE);
    CHECK(out == (stratego_game *)&failures);
    CHECK(last_message() < 2048);
    CHECK(strstr(message, "more than 1048576 moves") != NULL);
    report("record JSON, 1048577 moves:");
    free(text);
  }
  /* View JSON: 160 MiB, above MAX_VIEW_JSON_BYTES (about 130 MiB). */
  {
    char *text = huge("{\"history\":[", " ", 160 * MIB, "]}");
    stratego_view *out = (stratego_view *)&failures;
    CHECK(stratego_view_from_json(text, &out) == STRATEGO_RESULT_TOO_LARGE);
    CHECK(out == (stratego_view *)&failures);
    CHECK(last_message() < 2048);
    CHECK(names_limit(MAX_VIEW_JSON_BYTES));
    report("view JSON, 160 MiB:");
    free(text);
  }
  /* Record JSON nested far deeper than serde_json's 128 levels. */
  {
    /* 4 Mi levels of nesting in a skipped field: a parse error, no stack overflow (ASan run). */
    char *text = huge("{\"rules\":\"isf\",\"x\":", "[", 4 * MIB, "");
    stratego_game *out = (stratego_game *)&failures;
    CHECK(stratego_game_from_record_json(text, &out) == STRATEGO_RESULT_PARSE_ERROR);
    CHECK(out == (stratego_game *)&failures);
    CHECK(last_message() < 2048);
    report("record JSON, nested 4 MiB:");
    free(text);
  }
  /* Move text: 8 MiB to play and to check; the game is unchanged. */
  {
    char *text = huge("a4-", "a", 8 * MIB, "5");
    stratego_illegal_reason reason = 99;
    stratego_result r = stratego_game_play_text(game, text);
    CHECK(r == STRATEGO_RESULT_PARSE_ERROR);
    CHECK(last_message() < 2048);
    report("move text, 8 MiB (play):");
    r = stratego_game_check_text(game, text, &reason);
    CHECK(r == STRATEGO_RESULT_PARSE_ERROR);
    CHECK(reason == 99);
    CHECK(last_message() < 2048);
    report("move text, 8 MiB (check):");
    free(text);
    position_full(game, after, sizeof after);
    CHECK(strcmp(before, after) == 0);
  }
  /* Input just at each text limit still parses where it is valid (the limit is not too low). */
  {
    char *text = huge("isf(", " ", 16 * 1024, "chase=on)");
    stratego_rules *out = NULL;
    CHECK(strlen(text) <= 16 * 1024);
    CHECK(stratego_rules_parse(text, &out) == STRATEGO_RESULT_OK);
    stratego_rules_free(out);
    free(text);
  }

  stratego_game_free(game);
  stratego_rules_free(rules);
  printf("limits_test: %d checks, %d failed\n", checks, failures);
  return failures == 0 ? 0 : 1;
}
