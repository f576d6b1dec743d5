/* The shared pieces of the C ABI tests (c_api_test_support.h).
 *
 * Expected points were computed independently with Python integers (affine double-and-add):
 *   BN254 G = (1, 2); 2G, 3G, 5G, 14G.  Grumpkin G = (1, √−16 small root); 2G, 7G. */
#include "c_api_test_support.h"

#include <stdio.h>
#include <string.h>

int passed = 0;
int failed = 0;

void check(int condition, const char* what, int line) {
  if (condition) {
    ++passed;
  } else {
    ++failed;
    printf("FAILED (line %d): %s\n", line, what);
  }
}

/* ---- known points, little-endian limbs ---- */

const uint64_t kBn254G[8] = {1, 0, 0, 0, 2, 0, 0, 0};
const uint64_t kBn254NegG[8] = {
    1, 0, 0, 0, 0x3c208c16d87cfd45ULL, 0x97816a916871ca8dULL, 0xb85045b68181585dULL, 0x30644e72e131a029ULL};
const uint64_t kBn254G2[8] = {0xd3c208c16d87cfd3ULL, 0xd97816a916871ca8ULL, 0x9b85045b68181585ULL,
                              0x030644e72e131a02ULL, 0xff3ebf7a5a18a2c4ULL, 0x68a6a449e3538fc7ULL,
                              0xe7845f96b2ae9c0aULL, 0x15ed738c0e0a7c92ULL};
const uint64_t kBn254G3[8] = {0xf2d355961915abf0ULL, 0x9315d84715b8e679ULL, 0xf40232bcb1b6bd15ULL,
                              0x0769bf9ac56bea3fULL, 0xcdf1ff3dd9fe2261ULL, 0x319e63b40b9c5b57ULL,
                              0x554fdb7c8d086475ULL, 0x2ab799bee0489429ULL};
const uint64_t kBn254G5[8] = {0xe849a8a7fa163fa9ULL, 0x62e4ded88953a39cULL, 0x66bc0204762b7743ULL,
                              0x17c139df0efee0f7ULL, 0x3ffc5718c6d4cc7cULL, 0x0baa9258e0b95927ULL,
                              0x4764a357af8a9fe7ULL, 0x01e0559bacb16066ULL};
const uint64_t kBn254G14[8] = {0xb5a49bd84e53cf66ULL, 0x617bffd1ca57c37fULL, 0x5d1cd2b1f46eff9dULL,
                               0x15bf2bb17880144bULL, 0x624c168993d1355fULL, 0x2a212ee036598dd7ULL,
                               0x83deb32b5e36f2eaULL, 0x049c797f9ce0d170ULL};
/* BN254's base-field modulus p and group order r. */
const uint64_t kBn254P[4] = {0x3c208c16d87cfd47ULL, 0x97816a916871ca8dULL, 0xb85045b68181585dULL,
                             0x30644e72e131a029ULL};
const uint64_t kBn254R[4] = {0x43e1f593f0000001ULL, 0x2833e84879b97091ULL, 0xb85045b68181585dULL,
                             0x30644e72e131a029ULL};

const uint64_t kGrumpkinG[8] = {
    1, 0, 0, 0, 0x833fc48d823f272cULL, 0x2d270d45f1181294ULL, 0xcf135e7506a45d63ULL, 0x0000000000000002ULL};
const uint64_t kGrumpkinG2[8] = {0x6d8bc688cdbffffeULL, 0x19a74caa311e13d4ULL, 0xddeb49cdaa36306dULL,
                                 0x06ce1b0827aafa85ULL, 0x467be7e7a43f80acULL, 0xc93faf6fa1a788bfULL,
                                 0x909ede0ba2a6855fULL, 0x1c122f81a3a14964ULL};
const uint64_t kGrumpkinG7[8] = {0x0a33a8067b9b2842ULL, 0x2a187a8f629a1de6ULL, 0x39a17f069add3f9cULL,
                                 0x0e602b9dd6a3e8d0ULL, 0x42b1c1419cb014cbULL, 0x07fe570def5a1652ULL,
                                 0x163bd2c94005cb07ULL, 0x14cc8e83df1b5cbbULL};

/* ---- helpers ---- */

void set_point(uint64_t* points, size_t i, const uint64_t point[8]) { memcpy(points + 8 * i, point, 64); }
void set_scalar(uint64_t* scalars, size_t i, uint64_t value) {
  scalars[4 * i] = value;
  scalars[4 * i + 1] = scalars[4 * i + 2] = scalars[4 * i + 3] = 0;
}
int equal_points(const uint64_t a[8], const uint64_t b[8]) { return memcmp(a, b, 64) == 0; }

/* Runs an MSM expected to succeed with result `expected` (NULL = infinity). */
void expect_sum(zkmsm_curve curve,
                const uint64_t* points,
                const uint64_t* scalars,
                size_t n,
                const zkmsm_config* config,
                const uint64_t expected[8],
                int line) {
  uint64_t out[8];
  int is_infinity = -1;
  memset(out, 0xff, sizeof(out));
  const int status = zkmsm_msm(curve, points, scalars, n, config, out, &is_infinity, NULL);
  if (status != ZKMSM_OK) printf("  status %s: %s\n", zkmsm_status_string(status), zkmsm_last_error());
  check(status == ZKMSM_OK, "zkmsm_msm returns ZKMSM_OK", line);
  if (expected == NULL) {
    static const uint64_t kZero[8] = {0};
    check(is_infinity == 1 && equal_points(out, kZero), "the sum is infinity, written as (0, 0)", line);
  } else {
    check(is_infinity == 0 && equal_points(out, expected), "the sum equals the expected point", line);
  }
}

/* Runs an MSM expected to fail with `status`, a non-empty message and untouched outputs. */
void expect_error(int expected_status,
                  zkmsm_curve curve,
                  const uint64_t* points,
                  const uint64_t* scalars,
                  size_t n,
                  const zkmsm_config* config,
                  int line) {
  uint64_t out[8];
  int is_infinity = 42;
  memset(out, 0xab, sizeof(out));
  const int status = zkmsm_msm(curve, points, scalars, n, config, out, &is_infinity, NULL);
  if (status != expected_status)
    printf("  got %s (%s), expected %s\n", zkmsm_status_string(status), zkmsm_last_error(),
           zkmsm_status_string(expected_status));
  check(status == expected_status, "zkmsm_msm returns the expected error", line);
  check(zkmsm_last_error()[0] != '\0', "zkmsm_last_error() describes the failure", line);
  check(is_infinity == 42 && out[0] == 0xababababababababULL, "outputs are untouched on error", line);
}

/* Runs zkmsm_bases_msm expecting `expected` (NULL = infinity). */
void expect_bases_sum(const zkmsm_bases* bases,
                      const uint64_t* scalars,
                      size_t n,
                      const zkmsm_config* config,
                      const uint64_t expected[8],
                      int line) {
  uint64_t out[8];
  int is_infinity = -1;
  memset(out, 0xff, sizeof(out));
  const int status = zkmsm_bases_msm(bases, scalars, n, config, out, &is_infinity, NULL);
  if (status != ZKMSM_OK) printf("  status %s: %s\n", zkmsm_status_string(status), zkmsm_last_error());
  check(status == ZKMSM_OK, "zkmsm_bases_msm returns ZKMSM_OK", line);
  if (expected == NULL) {
    static const uint64_t kZero[8] = {0};
    check(is_infinity == 1 && equal_points(out, kZero), "the sum is infinity, written as (0, 0)", line);
  } else {
    check(is_infinity == 0 && equal_points(out, expected), "the sum equals the expected point", line);
  }
}

/* Runs zkmsm_bases_create expecting `expected_status`; on error *out_bases must be NULL. */
zkmsm_bases* create_bases(
    int expected_status, zkmsm_curve curve, const uint64_t* points, size_t n, const zkmsm_config* config, int line) {
  zkmsm_bases* bases = (zkmsm_bases*)&line; /* not NULL: the call must overwrite it */
  const int status = zkmsm_bases_create(curve, points, n, config, &bases);
  if (status != expected_status)
    printf("  got %s (%s), expected %s\n", zkmsm_status_string(status), zkmsm_last_error(),
           zkmsm_status_string(expected_status));
  check(status == expected_status, "zkmsm_bases_create returns the expected status", line);
  if (status == ZKMSM_OK) {
    check(bases != NULL, "a handle is returned", line);
  } else {
    check(bases == NULL, "*out_bases is NULL on error", line);
    check(zkmsm_last_error()[0] != '\0', "zkmsm_last_error() describes the failure", line);
  }
  return status == ZKMSM_OK ? bases : NULL;
}
