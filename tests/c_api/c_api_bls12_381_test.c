/* BLS12-381 G1 through the C ABI: 12-limb points and results (zkmsm_point_limbs), known sums of
 * multiples of the generator (tests/curve/known_answers.py), a point on the curve outside G1
 * refused with ZKMSM_ERROR_POINT_NOT_IN_SUBGROUP, and a batch's 12-limb output stride. The GPU
 * backends run the same cases through the C++ API in the conformance suite (tests/conformance): on
 * lavapipe each process compiles the 12-word Vulkan pipelines anew (~50 s), so this test, which
 * runs in CI beside them, stays on the cpu. */
#include <string.h>

#include "c_api_test_support.h"

/* G, 2G, 3G, −G and the point (0, −2) of order 3, as x[6] then y[6]. */
static const uint64_t kG[12] = {0xfb3af00adb22c6bbULL, 0x6c55e83ff97a1aefULL, 0xa14e3a3f171bac58ULL,
                                0xc3688c4f9774b905ULL, 0x2695638c4fa9ac0fULL, 0x17f1d3a73197d794ULL,
                                0x0caa232946c5e7e1ULL, 0xd03cc744a2888ae4ULL, 0x00db18cb2c04b3edULL,
                                0xfcf5e095d5d00af6ULL, 0xa09e30ed741d8ae4ULL, 0x08b3f481e3aaa0f1ULL};
static const uint64_t kG2[12] = {0xc39a8c5529bf0f4eULL, 0xe28f75bb8f1c7c42ULL, 0x43902d0ac358a62aULL,
                                 0x9721db3091280125ULL, 0x8808c8eb50a9450cULL, 0x0572cbea904d6746ULL,
                                 0xba86881979749d28ULL, 0x4c56d9d4cd16bd1bULL, 0xf73bb9021d5fd76aULL,
                                 0x22ba3ecb8670e461ULL, 0x22fda673779d8e38ULL, 0x166a9d8cabc673a3ULL};
static const uint64_t kG3[12] = {0x96d2c0c9024e5224ULL, 0x81747a0b2ca2179bULL, 0xf3780a51335b3ff9ULL,
                                 0xb112d61f9be9a5f1ULL, 0x1765212deca99697ULL, 0x09ece308f9d1f013ULL,
                                 0xa3473b0590ae30d1ULL, 0xe745256c634af45cULL, 0x9d9c27310fd43be6ULL,
                                 0xa69a0cddabc3097fULL, 0x8a84623389c5f80cULL, 0x032b80d3a6f5b09fULL};
static const uint64_t kNegG[12] = {0xfb3af00adb22c6bbULL, 0x6c55e83ff97a1aefULL, 0xa14e3a3f171bac58ULL,
                                   0xc3688c4f9774b905ULL, 0x2695638c4fa9ac0fULL, 0x17f1d3a73197d794ULL,
                                   0xad54dcd6b939c2caULL, 0x4e6f38ba0ecb751bULL, 0x6655b9d5caac4236ULL,
                                   0x67816aef1db507c9ULL, 0xaa7d76c8cf2e21f2ULL, 0x114d1d6855d545a8ULL};
static const uint64_t kOrderThree[12] = {0,
                                         0,
                                         0,
                                         0,
                                         0,
                                         0,
                                         0xb9feffffffffaaa9ULL,
                                         0x1eabfffeb153ffffULL,
                                         0x6730d2a0f6b0f624ULL,
                                         0x64774b84f38512bfULL,
                                         0x4b1ba7b6434bacd7ULL,
                                         0x1a0111ea397fe69aULL};

static void put_point(uint64_t* points, size_t i, const uint64_t point[12]) {
  memcpy(points + 12 * i, point, 12 * sizeof(uint64_t));
}

static void put_scalar(uint64_t* scalars, size_t i, uint64_t value) {
  memset(scalars + 4 * i, 0, 4 * sizeof(uint64_t));
  scalars[4 * i] = value;
}

void test_bls12_381(void) {
  uint64_t points[12 * 3];
  uint64_t scalars[4 * 3];
  uint64_t out[12];
  int is_infinity = -1;
  zkmsm_config cpu;
  zkmsm_config_init(&cpu);
  cpu.backend = ZKMSM_BACKEND_CPU;

  CHECK(zkmsm_point_limbs(ZKMSM_CURVE_BN254) == 8);
  CHECK(zkmsm_point_limbs(ZKMSM_CURVE_GRUMPKIN) == 8);
  CHECK(zkmsm_point_limbs(ZKMSM_CURVE_BLS12_381) == 12);
  CHECK(zkmsm_point_limbs((zkmsm_curve)77) == 0);
  CHECK(strcmp(zkmsm_status_string(ZKMSM_ERROR_POINT_NOT_IN_SUBGROUP), "point_not_in_subgroup") == 0);

  /* 1·G + 1·2G = 3G, with defaults (auto picks a backend that has the curve) and on the cpu. */
  put_point(points, 0, kG);
  put_point(points, 1, kG2);
  put_scalar(scalars, 0, 1);
  put_scalar(scalars, 1, 1);
  CHECK(zkmsm_msm(ZKMSM_CURVE_BLS12_381, points, scalars, 2, NULL, out, &is_infinity, NULL) == ZKMSM_OK);
  CHECK(is_infinity == 0 && memcmp(out, kG3, sizeof(out)) == 0);
  memset(out, 0, sizeof(out));
  CHECK(zkmsm_msm(ZKMSM_CURVE_BLS12_381, points, scalars, 2, &cpu, out, &is_infinity, NULL) == ZKMSM_OK);
  CHECK(is_infinity == 0 && memcmp(out, kG3, sizeof(out)) == 0);

  /* 3·G + 3·(−G) = infinity, written as 12 zero limbs. */
  put_point(points, 0, kG);
  put_point(points, 1, kNegG);
  put_scalar(scalars, 0, 3);
  put_scalar(scalars, 1, 3);
  memset(out, 0xff, sizeof(out));
  CHECK(zkmsm_msm(ZKMSM_CURVE_BLS12_381, points, scalars, 2, &cpu, out, &is_infinity, NULL) == ZKMSM_OK);
  {
    static const uint64_t kZero[12] = {0};
    CHECK(is_infinity == 1 && memcmp(out, kZero, sizeof(out)) == 0);
  }

  /* A point on the curve outside G1 is refused with its index, the outputs untouched. */
  put_point(points, 0, kG);
  put_point(points, 1, kG2);
  put_point(points, 2, kOrderThree);
  put_scalar(scalars, 2, 1);
  memset(out, 0x5a, sizeof(out));
  CHECK(zkmsm_msm(ZKMSM_CURVE_BLS12_381, points, scalars, 3, &cpu, out, &is_infinity, NULL) ==
        ZKMSM_ERROR_POINT_NOT_IN_SUBGROUP);
  CHECK(strstr(zkmsm_last_error(), "point 2") != NULL);
  CHECK(out[0] == 0x5a5a5a5a5a5a5a5aULL);

  /* A batch of two MSMs: the second result starts 12 limbs after the first. */
  {
    const uint64_t* batch_points[2] = {points, points};
    const uint64_t* batch_scalars[2] = {scalars, scalars};
    const size_t counts[2] = {1, 2};
    uint64_t outs[24];
    put_point(points, 0, kG);
    put_point(points, 1, kG2);
    put_scalar(scalars, 0, 1);
    put_scalar(scalars, 1, 1);
    CHECK(zkmsm_msm_batch(ZKMSM_CURVE_BLS12_381, batch_points, batch_scalars, counts, 2, &cpu, outs, NULL, NULL) ==
          ZKMSM_OK);
    CHECK(memcmp(outs, kG, sizeof(kG)) == 0);
    CHECK(memcmp(outs + 12, kG3, sizeof(kG3)) == 0);
  }

  /* Prepared bases of the curve. */
  {
    zkmsm_bases* bases = NULL;
    put_point(points, 0, kG);
    put_point(points, 1, kG2);
    CHECK(zkmsm_bases_create(ZKMSM_CURVE_BLS12_381, points, 2, &cpu, &bases) == ZKMSM_OK);
    CHECK(zkmsm_bases_size(bases) == 2);
    memset(out, 0, sizeof(out));
    CHECK(zkmsm_bases_msm(bases, scalars, 2, NULL, out, &is_infinity, NULL) == ZKMSM_OK);
    CHECK(is_infinity == 0 && memcmp(out, kG3, sizeof(out)) == 0);
    zkmsm_bases_destroy(bases);
  }
}
