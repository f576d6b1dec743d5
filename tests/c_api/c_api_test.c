/* Tests of the C ABI (zkmsm.h), compiled as C11: configuration, single MSMs, errors; the
 * prepared bases and batches are in c_api_bases_test.c, thread limits and the window cap in
 * c_api_limits_test.c, the shared helpers and known points in c_api_test_support.c.
 * Prints one line per failed check and "N passed, M failed"; exits non-zero on any failure. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "c_api_test_support.h"

/* ---- tests ---- */

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
  CHECK(stats.glv == 0);
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
  zkmsm_release_kept_memory(); /* callable at any time, also with nothing kept */
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
  CHECK(config.glv == ZKMSM_GLV_AUTO);
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
    zkmsm_config_init(&config);
    config.glv = (zkmsm_glv)3;
    expect_error(ZKMSM_ERROR_INVALID_ARGUMENT, ZKMSM_CURVE_BN254, points, scalars, 1, &config, __LINE__);
    /* glv on the cpu is ignored, and the stats say it did not run. */
    zkmsm_config_init(&config);
    config.backend = ZKMSM_BACKEND_CPU;
    config.glv = ZKMSM_GLV_ON;
    expect_sum(ZKMSM_CURVE_BN254, points, scalars, 1, &config, kBn254G, __LINE__);
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

int main(void) {
  test_version_and_backends();
  test_config_init();
  test_bn254_sums();
  zkmsm_release_kept_memory();
  test_bn254_sums(); /* again, on memory allocated afresh */
  test_grumpkin_sums();
  test_config_struct_size();
  test_argument_errors();
  test_point_errors();
  test_backend_errors();
  test_input_location();
  test_bases();
  test_devices();
  test_batches();
  test_limits();
  test_bls12_381();
  printf("%d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
