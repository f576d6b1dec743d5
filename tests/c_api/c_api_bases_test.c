/* Tests of the C ABI's prepared bases (zkmsm_bases_*) and batches (zkmsm_msm_batch,
 * zkmsm_bases_msm_batch), compiled as C11. */
#include <stdio.h>
#include <string.h>

#include "c_api_test_support.h"

/* zkmsm_msm_batch and zkmsm_bases_msm_batch on the cpu backend: each sum as zkmsm_msm gives it,
 * stats written per MSM, errors name the MSM and leave the outputs untouched. */
void test_batches(void) {
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

void test_bases(void) {
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
