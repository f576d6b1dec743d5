/* Tests of the C ABI (zkmsm.h), compiled as C11.
 *
 * Expected points were computed independently with Python integers (affine double-and-add):
 *   BN254 G = (1, 2); 2G, 3G, 5G, 14G.  Grumpkin G = (1, √−16 small root); 2G, 7G.
 * Prints one line per failed check and "N passed, M failed"; exits non-zero on any failure. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "zkmsm/zkmsm.h"

static int passed = 0;
static int failed = 0;

static void check(int condition, const char* what, int line) {
  if (condition) {
    ++passed;
  } else {
    ++failed;
    printf("FAILED (line %d): %s\n", line, what);
  }
}
#define CHECK(condition) check((condition) ? 1 : 0, #condition, __LINE__)

/* ---- known points, little-endian limbs ---- */

static const uint64_t kBn254G[8] = {1, 0, 0, 0, 2, 0, 0, 0};
static const uint64_t kBn254NegG[8] = {
    1, 0, 0, 0, 0x3c208c16d87cfd45ULL, 0x97816a916871ca8dULL, 0xb85045b68181585dULL, 0x30644e72e131a029ULL};
static const uint64_t kBn254G2[8] = {0xd3c208c16d87cfd3ULL, 0xd97816a916871ca8ULL, 0x9b85045b68181585ULL,
                                     0x030644e72e131a02ULL, 0xff3ebf7a5a18a2c4ULL, 0x68a6a449e3538fc7ULL,
                                     0xe7845f96b2ae9c0aULL, 0x15ed738c0e0a7c92ULL};
static const uint64_t kBn254G3[8] = {0xf2d355961915abf0ULL, 0x9315d84715b8e679ULL, 0xf40232bcb1b6bd15ULL,
                                     0x0769bf9ac56bea3fULL, 0xcdf1ff3dd9fe2261ULL, 0x319e63b40b9c5b57ULL,
                                     0x554fdb7c8d086475ULL, 0x2ab799bee0489429ULL};
static const uint64_t kBn254G5[8] = {0xe849a8a7fa163fa9ULL, 0x62e4ded88953a39cULL, 0x66bc0204762b7743ULL,
                                     0x17c139df0efee0f7ULL, 0x3ffc5718c6d4cc7cULL, 0x0baa9258e0b95927ULL,
                                     0x4764a357af8a9fe7ULL, 0x01e0559bacb16066ULL};
static const uint64_t kBn254G14[8] = {0xb5a49bd84e53cf66ULL, 0x617bffd1ca57c37fULL, 0x5d1cd2b1f46eff9dULL,
                                      0x15bf2bb17880144bULL, 0x624c168993d1355fULL, 0x2a212ee036598dd7ULL,
                                      0x83deb32b5e36f2eaULL, 0x049c797f9ce0d170ULL};
/* BN254's base-field modulus p and group order r. */
static const uint64_t kBn254P[4] = {0x3c208c16d87cfd47ULL, 0x97816a916871ca8dULL, 0xb85045b68181585dULL,
                                    0x30644e72e131a029ULL};
static const uint64_t kBn254R[4] = {0x43e1f593f0000001ULL, 0x2833e84879b97091ULL, 0xb85045b68181585dULL,
                                    0x30644e72e131a029ULL};

static const uint64_t kGrumpkinG[8] = {
    1, 0, 0, 0, 0x833fc48d823f272cULL, 0x2d270d45f1181294ULL, 0xcf135e7506a45d63ULL, 0x0000000000000002ULL};
static const uint64_t kGrumpkinG2[8] = {0x6d8bc688cdbffffeULL, 0x19a74caa311e13d4ULL, 0xddeb49cdaa36306dULL,
                                        0x06ce1b0827aafa85ULL, 0x467be7e7a43f80acULL, 0xc93faf6fa1a788bfULL,
                                        0x909ede0ba2a6855fULL, 0x1c122f81a3a14964ULL};
static const uint64_t kGrumpkinG7[8] = {0x0a33a8067b9b2842ULL, 0x2a187a8f629a1de6ULL, 0x39a17f069add3f9cULL,
                                        0x0e602b9dd6a3e8d0ULL, 0x42b1c1419cb014cbULL, 0x07fe570def5a1652ULL,
                                        0x163bd2c94005cb07ULL, 0x14cc8e83df1b5cbbULL};

/* ---- helpers ---- */

static void set_point(uint64_t* points, size_t i, const uint64_t point[8]) { memcpy(points + 8 * i, point, 64); }
static void set_scalar(uint64_t* scalars, size_t i, uint64_t value) {
  scalars[4 * i] = value;
  scalars[4 * i + 1] = scalars[4 * i + 2] = scalars[4 * i + 3] = 0;
}
static int equal_points(const uint64_t a[8], const uint64_t b[8]) { return memcmp(a, b, 64) == 0; }

/* Runs an MSM expected to succeed with result `expected` (NULL = infinity). */
static void expect_sum(zkmsm_curve curve,
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
static void expect_error(int expected_status,
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

/* ---- tests ---- */

/* zkmsm_msm_batch and zkmsm_bases_msm_batch on the cpu backend: each sum as zkmsm_msm gives it,
 * stats written per MSM, errors name the MSM and leave the outputs untouched. */
static void test_batches(void) {
  uint64_t points[8 * 2];
  uint64_t scalars[4 * 2];
  set_point(points, 0, kBn254G);
  set_point(points, 1, kBn254G);
  set_scalar(scalars, 0, 2);
  set_scalar(scalars, 1, 3);
  zkmsm_config config;
  zkmsm_config_init(&config);
  config.backend = ZKMSM_BACKEND_CPU;
  const uint64_t* point_sets[3] = {points, NULL, points + 8};
  const uint64_t* scalar_sets[3] = {scalars, NULL, scalars + 4};
  const size_t counts[3] = {2, 0, 1};
  uint64_t out[3 * 8];
  int is_infinity[3] = {-1, -1, -1};
  zkmsm_stats stats[3];
  for (int j = 0; j < 3; ++j) zkmsm_stats_init(&stats[j]);
  CHECK(zkmsm_msm_batch(ZKMSM_CURVE_BN254, point_sets, scalar_sets, counts, 3, &config, out, is_infinity, stats) ==
        ZKMSM_OK);
  CHECK(equal_points(out, kBn254G5) && is_infinity[0] == 0);
  CHECK(is_infinity[1] == 1);
  CHECK(equal_points(out + 16, kBn254G3) && is_infinity[2] == 0);
  CHECK(strcmp(stats[2].backend, "cpu") == 0 && stats[2].struct_size == sizeof(zkmsm_stats));
  CHECK(zkmsm_msm_batch(ZKMSM_CURVE_BN254, NULL, NULL, NULL, 0, &config, NULL, NULL, NULL) == ZKMSM_OK);

  const uint64_t* missing[3] = {points, NULL, NULL};
  const size_t bad_counts[3] = {2, 0, 1};
  memset(out, 0xab, sizeof(out));
  CHECK(zkmsm_msm_batch(ZKMSM_CURVE_BN254, missing, scalar_sets, bad_counts, 3, &config, out, NULL, NULL) ==
        ZKMSM_ERROR_INVALID_ARGUMENT);
  CHECK(strncmp(zkmsm_last_error(), "msm 2: ", 7) == 0);
  CHECK(out[0] == 0xababababababababULL);

  zkmsm_bases* bases = NULL;
  CHECK(zkmsm_bases_create(ZKMSM_CURVE_BN254, points, 2, &config, &bases) == ZKMSM_OK);
  const uint64_t* prefixes[2] = {scalars, scalars + 4};
  const size_t prefix_counts[2] = {2, 1};
  CHECK(zkmsm_bases_msm_batch(bases, prefixes, prefix_counts, 2, &config, out, NULL, NULL) == ZKMSM_OK);
  CHECK(equal_points(out, kBn254G5));
  CHECK(equal_points(out + 8, kBn254G3)); /* 3·bases[0] */
  const size_t too_many[1] = {3};
  CHECK(zkmsm_bases_msm_batch(bases, prefixes, too_many, 1, &config, out, NULL, NULL) == ZKMSM_ERROR_INVALID_ARGUMENT);
  CHECK(strncmp(zkmsm_last_error(), "msm 0: ", 7) == 0);
  zkmsm_bases_destroy(bases);
}

/* config.devices (version 3): the cpu backend takes NULL and { ZKMSM_ALL_DEVICES } and refuses a
 * list of CUDA ordinals; a count without a list is refused; stats.devices is 0 on the cpu. */
static void test_devices(void) {
  uint64_t points[8 * 2];
  uint64_t scalars[4 * 2];
  set_point(points, 0, kBn254G);
  set_point(points, 1, kBn254G);
  set_scalar(scalars, 0, 2);
  set_scalar(scalars, 1, 3);
  zkmsm_config config;
  zkmsm_config_init(&config);
  config.backend = ZKMSM_BACKEND_CPU;
  const int32_t all[1] = {ZKMSM_ALL_DEVICES};
  config.devices = all;
  config.device_count = 1;
  expect_sum(ZKMSM_CURVE_BN254, points, scalars, 2, &config, kBn254G5, __LINE__);
  zkmsm_stats stats;
  zkmsm_stats_init(&stats);
  uint64_t out[8];
  CHECK(zkmsm_msm(ZKMSM_CURVE_BN254, points, scalars, 2, &config, out, NULL, &stats) == ZKMSM_OK);
  CHECK(stats.devices == 0);
  const int32_t gpus[2] = {0, 1};
  config.devices = gpus;
  config.device_count = 2;
  expect_error(ZKMSM_ERROR_INVALID_ARGUMENT, ZKMSM_CURVE_BN254, points, scalars, 2, &config, __LINE__);
  config.devices = NULL;
  expect_error(ZKMSM_ERROR_INVALID_ARGUMENT, ZKMSM_CURVE_BN254, points, scalars, 2, &config, __LINE__);
}

static void test_version_and_backends(void) {
  CHECK(strcmp(zkmsm_version(), ZKMSM_EXPECTED_VERSION) == 0);
  CHECK(zkmsm_backend_available(ZKMSM_BACKEND_CPU) == 1);
  CHECK(zkmsm_backend_available((zkmsm_backend)99) == 0);
  CHECK(strcmp(zkmsm_status_string(ZKMSM_ERROR_POINT_NOT_ON_CURVE), "point_not_on_curve") == 0);
  CHECK(strcmp(zkmsm_status_string(12345), "unknown") == 0);
}

static void test_config_init(void) {
  zkmsm_config config;
  memset(&config, 0x5a, sizeof(config));
  zkmsm_config_init(&config);
  CHECK(config.struct_size == sizeof(zkmsm_config));
  CHECK(config.backend == ZKMSM_BACKEND_AUTO);
  CHECK(config.window_bits == 0);
  CHECK(config.accumulator == ZKMSM_ACCUMULATOR_AUTO);
  CHECK(config.walker_slots == 0);
  CHECK(config.walker_threads_per_block > 0);
  CHECK(config.walker_state == ZKMSM_WALKER_STATE_AUTO);
  CHECK(config.validate_points == 1);
  CHECK(config.points_in_montgomery == 0);
  CHECK(config.scalars_in_montgomery == 0);
  CHECK(config.memory_budget_bytes == 0);
  CHECK(config.cpu_threads == 0);
  CHECK(config.points_on_device == 0);
  CHECK(config.scalars_on_device == 0);
  CHECK(config.cuda_stream == NULL);
  CHECK(config.devices == NULL);
  CHECK(config.device_count == 0);
}

static void test_bn254_sums(void) {
  uint64_t points[8 * 4];
  uint64_t scalars[4 * 4];
  zkmsm_config cpu;
  zkmsm_config_init(&cpu);
  cpu.backend = ZKMSM_BACKEND_CPU;

  /* 1·G + 2·2G + 3·3G = 14G, with defaults (NULL config) and on the CPU backend. */
  set_point(points, 0, kBn254G);
  set_point(points, 1, kBn254G2);
  set_point(points, 2, kBn254G3);
  set_scalar(scalars, 0, 1);
  set_scalar(scalars, 1, 2);
  set_scalar(scalars, 2, 3);
  expect_sum(ZKMSM_CURVE_BN254, points, scalars, 3, NULL, kBn254G14, __LINE__);
  expect_sum(ZKMSM_CURVE_BN254, points, scalars, 3, &cpu, kBn254G14, __LINE__);

  /* n = 1 and n = 0 (NULL arrays allowed). */
  expect_sum(ZKMSM_CURVE_BN254, points, scalars, 1, NULL, kBn254G, __LINE__);
  expect_sum(ZKMSM_CURVE_BN254, NULL, NULL, 0, NULL, NULL, __LINE__);

  /* 5·G + 5·(−G) = infinity. */
  set_point(points, 0, kBn254G);
  set_point(points, 1, kBn254NegG);
  set_scalar(scalars, 0, 5);
  set_scalar(scalars, 1, 5);
  expect_sum(ZKMSM_CURVE_BN254, points, scalars, 2, &cpu, NULL, __LINE__);

  /* Infinity among the inputs, a zero scalar, a repeated point, a scalar ≥ r:
   * 7·O + 0·G + 2·G + (r + 3)·G = 5G. */
  memset(points, 0, 8 * sizeof(uint64_t));
  set_point(points, 1, kBn254G);
  set_point(points, 2, kBn254G);
  set_point(points, 3, kBn254G);
  set_scalar(scalars, 0, 7);
  set_scalar(scalars, 1, 0);
  set_scalar(scalars, 2, 2);
  memcpy(scalars + 12, kBn254R, sizeof(kBn254R));
  scalars[12] += 3; /* r's low limb + 3 does not carry */
  expect_sum(ZKMSM_CURVE_BN254, points, scalars, 4, &cpu, kBn254G5, __LINE__);

  /* Stats are filled when asked for. */
  {
    zkmsm_stats stats;
    uint64_t out[8];
    int is_infinity = -1;
    zkmsm_stats_init(&stats);
    CHECK(stats.struct_size == sizeof(zkmsm_stats));
    set_point(points, 0, kBn254G);
    set_point(points, 1, kBn254G2);
    set_point(points, 2, kBn254G3);
    set_scalar(scalars, 0, 1);
    set_scalar(scalars, 1, 2);
    set_scalar(scalars, 2, 3);
    CHECK(zkmsm_msm(ZKMSM_CURVE_BN254, points, scalars, 3, &cpu, out, &is_infinity, &stats) == ZKMSM_OK);
    CHECK(equal_points(out, kBn254G14) && is_infinity == 0);
    CHECK(stats.struct_size == sizeof(zkmsm_stats));
    CHECK(strcmp(stats.backend, "cpu") == 0);
    CHECK(stats.total_ms >= 0.0);
    CHECK(stats.stage_count <= ZKMSM_STATS_MAX_STAGES);
    CHECK(stats.stage_count == 0 || stats.stages[0].name[0] != '\0');
    /* out_is_infinity may be NULL. */
    CHECK(zkmsm_msm(ZKMSM_CURVE_BN254, points, scalars, 3, &cpu, out, NULL, NULL) == ZKMSM_OK);
  }
}

static void test_grumpkin_sums(void) {
  uint64_t points[8 * 2];
  uint64_t scalars[4 * 2];
  set_point(points, 0, kGrumpkinG);
  set_point(points, 1, kGrumpkinG2);
  set_scalar(scalars, 0, 3);
  set_scalar(scalars, 1, 2);
  expect_sum(ZKMSM_CURVE_GRUMPKIN, points, scalars, 2, NULL, kGrumpkinG7, __LINE__);
}

static void test_config_struct_size(void) {
  uint64_t points[8];
  uint64_t scalars[4];
  set_point(points, 0, kBn254G);
  set_scalar(scalars, 0, 1);

  /* A struct_size no layout ever had: zero (not initialised) and too small. */
  {
    zkmsm_config config;
    zkmsm_config_init(&config);
    config.struct_size = 0;
    expect_error(ZKMSM_ERROR_INVALID_ARGUMENT, ZKMSM_CURVE_BN254, points, scalars, 1, &config, __LINE__);
    config.struct_size = sizeof(size_t) + 4;
    expect_error(ZKMSM_ERROR_INVALID_ARGUMENT, ZKMSM_CURVE_BN254, points, scalars, 1, &config, __LINE__);
  }
  /* A newer caller's larger struct: accepted when the unknown tail is zero, else rejected. */
  {
    struct {
      zkmsm_config config;
      uint64_t newer_option;
    } newer;
    memset(&newer, 0, sizeof(newer));
    zkmsm_config_init(&newer.config);
    newer.config.struct_size = sizeof(newer);
    expect_sum(ZKMSM_CURVE_BN254, points, scalars, 1, &newer.config, kBn254G, __LINE__);
    newer.newer_option = 1;
    expect_error(ZKMSM_ERROR_INVALID_ARGUMENT, ZKMSM_CURVE_BN254, points, scalars, 1, &newer.config, __LINE__);
  }
  /* A caller compiled against the first layout (it ends before points_on_device): the bytes
   * past its struct_size are not its own and must be ignored, whatever they hold. */
  {
    zkmsm_config config;
    zkmsm_config_init(&config);
    config.backend = ZKMSM_BACKEND_CPU;
    config.struct_size = offsetof(zkmsm_config, points_on_device);
    config.points_on_device = 1;
    config.scalars_on_device = 1;
    expect_sum(ZKMSM_CURVE_BN254, points, scalars, 1, &config, kBn254G, __LINE__);
  }
  /* Enum values out of range. */
  {
    zkmsm_config config;
    zkmsm_config_init(&config);
    config.backend = (zkmsm_backend)77;
    expect_error(ZKMSM_ERROR_INVALID_ARGUMENT, ZKMSM_CURVE_BN254, points, scalars, 1, &config, __LINE__);
    zkmsm_config_init(&config);
    config.accumulator = (zkmsm_accumulator)77;
    expect_error(ZKMSM_ERROR_INVALID_ARGUMENT, ZKMSM_CURVE_BN254, points, scalars, 1, &config, __LINE__);
    zkmsm_config_init(&config);
    config.walker_state = (zkmsm_walker_state)77;
    expect_error(ZKMSM_ERROR_INVALID_ARGUMENT, ZKMSM_CURVE_BN254, points, scalars, 1, &config, __LINE__);
    /* The last walker state is a valid value (the CPU backend ignores walker knobs). */
    zkmsm_config_init(&config);
    config.backend = ZKMSM_BACKEND_CPU;
    config.walker_state = ZKMSM_WALKER_STATE_GLOBAL_WARP;
    expect_sum(ZKMSM_CURVE_BN254, points, scalars, 1, &config, kBn254G, __LINE__);
    expect_error(ZKMSM_ERROR_INVALID_ARGUMENT, (zkmsm_curve)77, points, scalars, 1, NULL, __LINE__);
  }
  /* A stats struct that was not initialised. */
  {
    zkmsm_stats stats;
    uint64_t out[8];
    memset(&stats, 0, sizeof(stats));
    CHECK(zkmsm_msm(ZKMSM_CURVE_BN254, points, scalars, 1, NULL, out, NULL, &stats) == ZKMSM_ERROR_INVALID_ARGUMENT);
    CHECK(zkmsm_last_error()[0] != '\0');
  }
}

static void test_argument_errors(void) {
  uint64_t points[8 * 2 + 1];
  uint64_t scalars[4 * 2];
  uint64_t out[8];
  set_point(points, 0, kBn254G);
  set_point(points, 1, kBn254G2);
  set_scalar(scalars, 0, 1);
  set_scalar(scalars, 1, 1);

  expect_error(ZKMSM_ERROR_INVALID_ARGUMENT, ZKMSM_CURVE_BN254, NULL, scalars, 2, NULL, __LINE__);
  expect_error(ZKMSM_ERROR_INVALID_ARGUMENT, ZKMSM_CURVE_BN254, points, NULL, 2, NULL, __LINE__);
  CHECK(zkmsm_msm(ZKMSM_CURVE_BN254, points, scalars, 2, NULL, NULL, NULL, NULL) == ZKMSM_ERROR_INVALID_ARGUMENT);
  CHECK(strstr(zkmsm_last_error(), "out_point") != NULL);
  /* n so large that n × 64 bytes overflows: rejected before any memory is read. */
  expect_error(ZKMSM_ERROR_INVALID_ARGUMENT, ZKMSM_CURVE_BN254, points, scalars, SIZE_MAX, NULL, __LINE__);
  /* Misaligned arrays. */
  expect_error(ZKMSM_ERROR_INVALID_ARGUMENT, ZKMSM_CURVE_BN254, (const uint64_t*)((const char*)points + 4), scalars, 1,
               NULL, __LINE__);
  (void)out;
}

static void test_point_errors(void) {
  uint64_t points[8 * 2];
  uint64_t scalars[4 * 2];
  set_point(points, 0, kBn254G);
  set_scalar(scalars, 0, 1);
  set_scalar(scalars, 1, 1);

  /* (1, 3) is not on y² = x³ + 3. */
  set_point(points, 1, kBn254G);
  points[8 + 4] = 3;
  expect_error(ZKMSM_ERROR_POINT_NOT_ON_CURVE, ZKMSM_CURVE_BN254, points, scalars, 2, NULL, __LINE__);

  /* x = p + 1 ≥ p (congruent to the on-curve x = 1) is not canonical. */
  set_point(points, 1, kBn254G);
  memcpy(points + 8, kBn254P, sizeof(kBn254P));
  points[8] += 1;
  expect_error(ZKMSM_ERROR_POINT_NOT_CANONICAL, ZKMSM_CURVE_BN254, points, scalars, 2, NULL, __LINE__);

  /* A BN254 point is not on Grumpkin. */
  set_point(points, 1, kBn254G2);
  expect_error(ZKMSM_ERROR_POINT_NOT_ON_CURVE, ZKMSM_CURVE_GRUMPKIN, points + 8, scalars, 1, NULL, __LINE__);
}

static void test_backend_errors(void) {
  uint64_t points[8];
  uint64_t scalars[4];
  zkmsm_config config;
  set_point(points, 0, kBn254G);
  set_scalar(scalars, 0, 1);
  zkmsm_config_init(&config);
  if (!zkmsm_backend_available(ZKMSM_BACKEND_CUDA)) {
    config.backend = ZKMSM_BACKEND_CUDA;
    expect_error(ZKMSM_ERROR_BACKEND_UNAVAILABLE, ZKMSM_CURVE_BN254, points, scalars, 1, &config, __LINE__);
  }
  if (!zkmsm_backend_available(ZKMSM_BACKEND_VULKAN)) {
    config.backend = ZKMSM_BACKEND_VULKAN;
    expect_error(ZKMSM_ERROR_BACKEND_UNAVAILABLE, ZKMSM_CURVE_BN254, points, scalars, 1, &config, __LINE__);
  }
}

static void test_input_location(void) {
  uint64_t points[8];
  uint64_t scalars[4];
  zkmsm_config config;
  set_point(points, 0, kBn254G);
  set_scalar(scalars, 0, 1);

  /* Device inputs are for the cuda backend only. */
  zkmsm_config_init(&config);
  config.backend = ZKMSM_BACKEND_CPU;
  config.points_on_device = 1;
  expect_error(ZKMSM_ERROR_INVALID_ARGUMENT, ZKMSM_CURVE_BN254, points, scalars, 1, &config, __LINE__);
  CHECK(strstr(zkmsm_last_error(), "cuda") != NULL);
  config.points_on_device = 0;
  config.scalars_on_device = 1;
  expect_error(ZKMSM_ERROR_INVALID_ARGUMENT, ZKMSM_CURVE_BN254, points, scalars, 1, &config, __LINE__);
  if (!zkmsm_backend_available(ZKMSM_BACKEND_CUDA)) {
    /* auto resolves to the cpu backend here, which reads host memory only. */
    config.backend = ZKMSM_BACKEND_AUTO;
    expect_error(ZKMSM_ERROR_INVALID_ARGUMENT, ZKMSM_CURVE_BN254, points, scalars, 1, &config, __LINE__);
  }

  /* A stream means nothing to the cpu backend: it is ignored. */
  zkmsm_config_init(&config);
  config.backend = ZKMSM_BACKEND_CPU;
  config.cuda_stream = (void*)&config;
  expect_sum(ZKMSM_CURVE_BN254, points, scalars, 1, &config, kBn254G, __LINE__);
}

/* Runs zkmsm_bases_msm expecting `expected` (NULL = infinity). */
static void expect_bases_sum(const zkmsm_bases* bases,
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
static zkmsm_bases* create_bases(
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

static void test_bases(void) {
  uint64_t points[8 * 3];
  uint64_t scalars[4 * 4];
  zkmsm_config cpu;
  zkmsm_bases* bases;
  zkmsm_config_init(&cpu);
  cpu.backend = ZKMSM_BACKEND_CPU;
  set_point(points, 0, kBn254G);
  set_point(points, 1, kBn254G2);
  set_point(points, 2, kBn254G3);

  /* Prepared once (defaults: the best backend), reused with every prefix length. */
  bases = create_bases(ZKMSM_OK, ZKMSM_CURVE_BN254, points, 3, NULL, __LINE__);
  CHECK(zkmsm_bases_size(bases) == 3);
  memset(points, 0, sizeof(points)); /* the handle holds its own copy */
  set_scalar(scalars, 0, 1);
  set_scalar(scalars, 1, 2);
  set_scalar(scalars, 2, 3);
  set_scalar(scalars, 3, 1);
  expect_bases_sum(bases, scalars, 3, NULL, kBn254G14, __LINE__); /* 1·G + 2·2G + 3·3G */
  expect_bases_sum(bases, scalars, 2, NULL, kBn254G5, __LINE__);  /* 1·G + 2·2G */
  expect_bases_sum(bases, scalars, 0, NULL, NULL, __LINE__);
  expect_bases_sum(bases, NULL, 0, NULL, NULL, __LINE__);
  {
    uint64_t out[8];
    zkmsm_stats stats;
    zkmsm_stats_init(&stats);
    /* More scalars than bases. */
    CHECK(zkmsm_bases_msm(bases, scalars, 4, NULL, out, NULL, NULL) == ZKMSM_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(zkmsm_last_error(), "bases") != NULL);
    /* Argument errors. */
    CHECK(zkmsm_bases_msm(NULL, scalars, 1, NULL, out, NULL, NULL) == ZKMSM_ERROR_INVALID_ARGUMENT);
    CHECK(zkmsm_bases_msm(bases, NULL, 1, NULL, out, NULL, NULL) == ZKMSM_ERROR_INVALID_ARGUMENT);
    CHECK(zkmsm_bases_msm(bases, scalars, 1, NULL, NULL, NULL, NULL) == ZKMSM_ERROR_INVALID_ARGUMENT);
    /* Stats name the handle's backend. */
    CHECK(zkmsm_bases_msm(bases, scalars, 3, NULL, out, NULL, &stats) == ZKMSM_OK);
    CHECK(equal_points(out, kBn254G14));
    CHECK(strcmp(stats.backend, zkmsm_backend_available(ZKMSM_BACKEND_CUDA) ? "cuda" : "cpu") == 0);
  }
  zkmsm_bases_destroy(bases);

  /* On the cpu backend, and a config naming another backend than the handle's. */
  set_point(points, 0, kBn254G);
  set_point(points, 1, kBn254G2);
  set_point(points, 2, kBn254G3);
  bases = create_bases(ZKMSM_OK, ZKMSM_CURVE_BN254, points, 3, &cpu, __LINE__);
  expect_bases_sum(bases, scalars, 3, &cpu, kBn254G14, __LINE__);
  {
    uint64_t out[8];
    zkmsm_config cuda;
    zkmsm_config_init(&cuda);
    cuda.backend = ZKMSM_BACKEND_CUDA;
    CHECK(zkmsm_bases_msm(bases, scalars, 3, &cuda, out, NULL, NULL) == ZKMSM_ERROR_INVALID_ARGUMENT);
    /* Device scalars with cpu bases. */
    cuda = cpu;
    cuda.scalars_on_device = 1;
    CHECK(zkmsm_bases_msm(bases, scalars, 3, &cuda, out, NULL, NULL) == ZKMSM_ERROR_INVALID_ARGUMENT);
  }
  zkmsm_bases_destroy(bases);

  /* Grumpkin: 3·G + 2·2G = 7G. */
  set_point(points, 0, kGrumpkinG);
  set_point(points, 1, kGrumpkinG2);
  set_scalar(scalars, 0, 3);
  set_scalar(scalars, 1, 2);
  bases = create_bases(ZKMSM_OK, ZKMSM_CURVE_GRUMPKIN, points, 2, NULL, __LINE__);
  expect_bases_sum(bases, scalars, 2, NULL, kGrumpkinG7, __LINE__);
  zkmsm_bases_destroy(bases);

  /* Empty bases. */
  bases = create_bases(ZKMSM_OK, ZKMSM_CURVE_BN254, NULL, 0, &cpu, __LINE__);
  CHECK(zkmsm_bases_size(bases) == 0);
  expect_bases_sum(bases, NULL, 0, &cpu, NULL, __LINE__);
  zkmsm_bases_destroy(bases);

  /* Validation at creation: the errors of zkmsm_msm. */
  set_point(points, 0, kBn254G);
  set_point(points, 1, kBn254G);
  points[8 + 4] = 3; /* (1, 3) is not on the curve */
  create_bases(ZKMSM_ERROR_POINT_NOT_ON_CURVE, ZKMSM_CURVE_BN254, points, 2, &cpu, __LINE__);
  CHECK(strstr(zkmsm_last_error(), "point 1") != NULL);
  memcpy(points + 8, kBn254P, sizeof(kBn254P)); /* x = p */
  create_bases(ZKMSM_ERROR_POINT_NOT_CANONICAL, ZKMSM_CURVE_BN254, points, 2, &cpu, __LINE__);
  create_bases(ZKMSM_ERROR_POINT_NOT_ON_CURVE, ZKMSM_CURVE_GRUMPKIN, points, 1, &cpu, __LINE__);

  /* Argument errors. */
  set_point(points, 1, kBn254G2);
  create_bases(ZKMSM_ERROR_INVALID_ARGUMENT, ZKMSM_CURVE_BN254, NULL, 2, &cpu, __LINE__);
  create_bases(ZKMSM_ERROR_INVALID_ARGUMENT, (zkmsm_curve)77, points, 2, &cpu, __LINE__);
  CHECK(zkmsm_bases_create(ZKMSM_CURVE_BN254, points, 2, &cpu, NULL) == ZKMSM_ERROR_INVALID_ARGUMENT);
  {
    zkmsm_config device_points = cpu;
    device_points.points_on_device = 1;
    create_bases(ZKMSM_ERROR_INVALID_ARGUMENT, ZKMSM_CURVE_BN254, points, 2, &device_points, __LINE__);
  }
  zkmsm_bases_destroy(NULL);
  CHECK(zkmsm_bases_size(NULL) == 0);
}

int main(void) {
  test_version_and_backends();
  test_config_init();
  test_bn254_sums();
  test_grumpkin_sums();
  test_config_struct_size();
  test_argument_errors();
  test_point_errors();
  test_backend_errors();
  test_input_location();
  test_bases();
  test_devices();
  test_batches();
  printf("%d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
