/*
 * The check counters and the CHECK macro shared by the C test programs in this folder: each
 * program prints its counts and exits 1 when `failures` is not 0.
 */
#ifndef STRATEGO_TESTS_CHECK_H
#define STRATEGO_TESTS_CHECK_H

#include <stdio.h>

static int failures = 0;
static int checks = 0;

#define CHECK(cond)                                                                  \
  do {                                                                               \
    checks++;                                                                        \
    if (!(cond)) {                                                                   \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);       \
      failures++;                                                                    \
    }                                                                                \
  } while (0)

#endif
