/* Shared pieces of the C ABI tests (c_api_test.c, c_api_bases_test.c): the pass/fail counters,
 * known points and the helpers that run an MSM and check its outcome. C11. */
#ifndef ZKMSM_C_API_TEST_SUPPORT_H
#define ZKMSM_C_API_TEST_SUPPORT_H

#include <stddef.h>
#include <stdint.h>

#include "zkmsm/zkmsm.h"

extern int passed;
extern int failed;

/* Counts one check; prints the failed ones with their line. */
void check(int condition, const char* what, int line);
#define CHECK(condition) check((condition) ? 1 : 0, #condition, __LINE__)

/* Known points, little-endian limbs (c_api_test_support.c says how they were computed). */
extern const uint64_t kBn254G[8];
extern const uint64_t kBn254NegG[8];
extern const uint64_t kBn254G2[8];
extern const uint64_t kBn254G3[8];
extern const uint64_t kBn254G5[8];
extern const uint64_t kBn254G14[8];
extern const uint64_t kBn254P[4];
extern const uint64_t kBn254R[4];
extern const uint64_t kGrumpkinG[8];
extern const uint64_t kGrumpkinG2[8];
extern const uint64_t kGrumpkinG7[8];

void set_point(uint64_t* points, size_t i, const uint64_t point[8]);
void set_scalar(uint64_t* scalars, size_t i, uint64_t value);
int equal_points(const uint64_t a[8], const uint64_t b[8]);

/* Runs an MSM expected to succeed with result `expected` (NULL = infinity). */
void expect_sum(zkmsm_curve curve,
                const uint64_t* points,
                const uint64_t* scalars,
                size_t n,
                const zkmsm_config* config,
                const uint64_t expected[8],
                int line);

/* Runs an MSM expected to fail with `status`, a non-empty message and untouched outputs. */
void expect_error(int expected_status,
                  zkmsm_curve curve,
                  const uint64_t* points,
                  const uint64_t* scalars,
                  size_t n,
                  const zkmsm_config* config,
                  int line);

/* Runs zkmsm_bases_msm expecting `expected` (NULL = infinity). */
void expect_bases_sum(const zkmsm_bases* bases,
                      const uint64_t* scalars,
                      size_t n,
                      const zkmsm_config* config,
                      const uint64_t expected[8],
                      int line);

/* Runs zkmsm_bases_create expecting `expected_status`; on error *out_bases must be NULL. */
zkmsm_bases* create_bases(
    int expected_status, zkmsm_curve curve, const uint64_t* points, size_t n, const zkmsm_config* config, int line);

/* The tests of prepared bases and batches (c_api_bases_test.c). */
void test_bases(void);
void test_batches(void);

/* The tests of thread limits and the window cap (c_api_limits_test.c). */
void test_limits(void);
/* c_api_bls12_381_test.c */
void test_bls12_381(void);

#endif
