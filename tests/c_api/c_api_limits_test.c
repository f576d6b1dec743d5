/* Tests of the C ABI at the limits of the machine and of the window knob, compiled as C11:
 * an MSM in a child process whose address space cannot hold the threads it asks for ends with
 * the exact sum or ZKMSM_ERROR_OUT_OF_MEMORY (never an abort: the header promises a status for
 * every failure), and a window far above what n points can use is capped. */
#define _XOPEN_SOURCE 700

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "c_api_test_support.h"

#if defined(__SANITIZE_ADDRESS__)
#define ZKMSM_C_TEST_ADDRESS_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ZKMSM_C_TEST_ADDRESS_SANITIZER 1
#endif
#endif

/* Large enough that the cpu backend runs on many threads (more than 1024 points). */
#define LIMITS_POINTS 9000
/* Address space the child may use beyond what it uses at the start: room for the MSM's buffers
 * (a few MiB) but not for the stacks (8 MiB) and malloc arenas (64 MiB reserved each) of the
 * threads it asks for, so some thread starts fail (checked with strace on the 2-core CI machine
 * kind, 2026-12-04). */
#define LIMITS_HEADROOM_BYTES (64u << 20)

/* Bytes of address space this process uses (/proc/self/statm, first field), or 0. */
static size_t address_space_bytes(void) {
  FILE* statm = fopen("/proc/self/statm", "r");
  if (statm == NULL) return 0;
  unsigned long pages = 0;
  const int read = fscanf(statm, "%lu", &pages);
  fclose(statm);
  return read == 1 ? (size_t)pages * (size_t)sysconf(_SC_PAGESIZE) : 0;
}

/* Child exit codes. */
enum { kChildExact = 0, kChildWrong = 1, kChildNoLimit = 2, kChildOutOfMemory = 3 };

/* Six known points over and over, with scalars from a 64-bit LCG: repeated points in every
 * bucket, and a sum that only an exact MSM gets. */
static void fill_inputs(uint64_t* points, uint64_t* scalars, size_t n) {
  const uint64_t* known[6] = {kBn254G, kBn254NegG, kBn254G2, kBn254G3, kBn254G5, kBn254G14};
  uint64_t state = 0x9e3779b97f4a7c15ULL;
  for (size_t i = 0; i < n; ++i) {
    set_point(points, i, known[i % 6]);
    for (int l = 0; l < 4; ++l) {
      state = state * 6364136223846793005ULL + 1442695040888963407ULL;
      scalars[4 * i + (size_t)l] = state;
    }
  }
}

static void test_thread_limit(void) {
#ifdef ZKMSM_C_TEST_ADDRESS_SANITIZER
  printf("  thread limit: skipped (AddressSanitizer reserves terabytes of address space)\n");
#else
  uint64_t* points = malloc(sizeof(uint64_t) * 8 * LIMITS_POINTS);
  uint64_t* scalars = malloc(sizeof(uint64_t) * 4 * LIMITS_POINTS);
  CHECK(points != NULL && scalars != NULL);
  if (points == NULL || scalars == NULL) return;
  fill_inputs(points, scalars, LIMITS_POINTS);
  zkmsm_config config;
  zkmsm_config_init(&config);
  config.backend = ZKMSM_BACKEND_CPU;
  config.cpu_threads = 1;
  uint64_t expected[8];
  CHECK(zkmsm_msm(ZKMSM_CURVE_BN254, points, scalars, LIMITS_POINTS, &config, expected, NULL, NULL) == ZKMSM_OK);

  fflush(stdout);
  const pid_t child = fork();
  CHECK(child >= 0);
  if (child == 0) {
    const size_t used = address_space_bytes();
    if (used == 0) _exit(kChildNoLimit);
    struct rlimit cap;
    cap.rlim_cur = cap.rlim_max = used + LIMITS_HEADROOM_BYTES;
    if (setrlimit(RLIMIT_AS, &cap) != 0) _exit(kChildNoLimit);
    config.cpu_threads = 256;
    uint64_t out[8];
    const int status = zkmsm_msm(ZKMSM_CURVE_BN254, points, scalars, LIMITS_POINTS, &config, out, NULL, NULL);
    if (status == ZKMSM_ERROR_OUT_OF_MEMORY && zkmsm_last_error()[0] != '\0') _exit(kChildOutOfMemory);
    _exit(status == ZKMSM_OK && equal_points(out, expected) ? kChildExact : kChildWrong);
  }
  if (child > 0) {
    int wait_status = 0;
    CHECK(waitpid(child, &wait_status, 0) == child);
    const int exited = WIFEXITED(wait_status);
    const int code = exited ? WEXITSTATUS(wait_status) : -1;
    if (!exited) printf("  the child ended by signal %d\n", WTERMSIG(wait_status));
    CHECK(exited && (code == kChildExact || code == kChildOutOfMemory || code == kChildNoLimit));
    printf("  thread limit: %s\n", code == kChildExact         ? "exact sum"
                                   : code == kChildOutOfMemory ? "ZKMSM_ERROR_OUT_OF_MEMORY"
                                   : code == kChildNoLimit     ? "skipped (no /proc/self/statm or setrlimit)"
                                                               : "failed");
  }
  free(points);
  free(scalars);
#endif
}

/* window_bits = 22 on n <= 5 points runs the smallest c with 2^(c-1) >= n: the sum is exact,
 * the stats say which c ran, and the working memory stays small (2^21 buckets per window would
 * take gigabytes). */
static void test_window_cap(void) {
  uint64_t points[8 * 5];
  uint64_t scalars[4 * 5];
  const uint64_t* known[5] = {kBn254G, kBn254G, kBn254G2, kBn254G3, kBn254NegG};
  memset(scalars, 0, sizeof(scalars));
  for (size_t i = 0; i < 5; ++i) set_point(points, i, known[i]);
  /* 5·G + 1·G + 1·2G + 2·3G + 0·(−G) = 14·G */
  set_scalar(scalars, 0, 5);
  set_scalar(scalars, 1, 1);
  set_scalar(scalars, 2, 1);
  set_scalar(scalars, 3, 2);
  set_scalar(scalars, 4, 0);
  struct {
    size_t n;
    const uint64_t* sum;
    uint32_t window_bits; /* the smallest c with 2^(c-1) >= n */
  } cases[2] = {{1, kBn254G5, 2}, {5, kBn254G14, 4}};
  zkmsm_config config;
  zkmsm_config_init(&config);
  config.backend = ZKMSM_BACKEND_CPU;
  config.window_bits = 22;
  for (size_t k = 0; k < 2; ++k) {
    uint64_t out[8];
    int is_infinity = -1;
    zkmsm_stats stats;
    zkmsm_stats_init(&stats);
    const int status = zkmsm_msm(ZKMSM_CURVE_BN254, points, scalars, cases[k].n, &config, out, &is_infinity, &stats);
    if (status != ZKMSM_OK) printf("  status %s: %s\n", zkmsm_status_string(status), zkmsm_last_error());
    CHECK(status == ZKMSM_OK);
    CHECK(is_infinity == 0 && equal_points(out, cases[k].sum));
    CHECK(stats.window_bits == cases[k].window_bits);
    CHECK(stats.estimated_peak_bytes < (64u << 20));
  }
  /* Prepared bases: the cap follows the number of scalars. */
  zkmsm_bases* bases = create_bases(ZKMSM_OK, ZKMSM_CURVE_BN254, points, 5, &config, __LINE__);
  if (bases != NULL) {
    zkmsm_stats stats;
    zkmsm_stats_init(&stats);
    uint64_t out[8];
    CHECK(zkmsm_bases_msm(bases, scalars, 1, &config, out, NULL, &stats) == ZKMSM_OK);
    CHECK(equal_points(out, kBn254G5) && stats.window_bits == 2);
    zkmsm_bases_destroy(bases);
  }
}

void test_limits(void) {
  test_thread_limit();
  test_window_cap();
}
