/* blst's G1 MSM (blst_p1s_mult_pippenger, single-threaded C API) on zkmsm's `le` files of
 * BLS12-381 (96-byte points, 32-byte scalars), for the side-by-side of bench/blst/side_by_side.sh.
 *
 *   blst_msm POINTS SCALARS LOG_N[,LOG_N...] REPEATS
 *
 * For each n = 2^LOG_N (a prefix of the files): one untimed run, then REPEATS timed ones; prints
 * "2^LOG_N median_ms min_ms" and the result as zkmsm prints it ({"x":"0x…","y":"0x…"}). The
 * conversion of the inputs into blst's types is not timed (blst keeps points in Montgomery form). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "blst.h"

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static unsigned char* read_file(const char* path, size_t* size) {
  FILE* f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  *size = (size_t)ftell(f);
  fseek(f, 0, SEEK_SET);
  unsigned char* data = malloc(*size ? *size : 1);
  if (fread(data, 1, *size, f) != *size) {
    fclose(f);
    free(data);
    return NULL;
  }
  fclose(f);
  return data;
}

static int compare_doubles(const void* a, const void* b) {
  const double x = *(const double*)a, y = *(const double*)b;
  return (x > y) - (x < y);
}

static void print_point(const blst_p1* sum) {
  blst_p1_affine affine;
  unsigned char bytes[96];
  blst_p1_to_affine(&affine, sum);
  blst_p1_affine_serialize(bytes, &affine);
  if (bytes[0] & 0x40) {
    printf("{\"infinity\":true}\n");
    return;
  }
  printf("{\"x\":\"0x");
  for (int i = 0; i < 48; ++i) printf("%02x", bytes[i]);
  printf("\",\"y\":\"0x");
  for (int i = 48; i < 96; ++i) printf("%02x", bytes[i]);
  printf("\"}\n");
}

int main(int argc, char** argv) {
  if (argc != 5) {
    fprintf(stderr, "usage: blst_msm POINTS SCALARS LOG_N[,LOG_N...] REPEATS\n");
    return 2;
  }
  size_t point_bytes = 0, scalar_bytes = 0;
  unsigned char* point_data = read_file(argv[1], &point_bytes);
  unsigned char* scalar_data = read_file(argv[2], &scalar_bytes);
  if (!point_data || !scalar_data || point_bytes % 96 || scalar_bytes % 32 || point_bytes / 96 != scalar_bytes / 32) {
    fprintf(stderr, "blst_msm: unreadable or mismatched files (96-byte le points, 32-byte le scalars)\n");
    return 1;
  }
  const size_t total = point_bytes / 96;
  blst_p1_affine* points = malloc(total * sizeof(blst_p1_affine));
  blst_scalar* scalars = malloc(total * sizeof(blst_scalar));
  for (size_t i = 0; i < total; ++i) {
    blst_fp_from_lendian(&points[i].x, point_data + 96 * i);
    blst_fp_from_lendian(&points[i].y, point_data + 96 * i + 48);
    blst_scalar_from_lendian(&scalars[i], scalar_data + 32 * i);
  }
  const int repeats = atoi(argv[4]);
  char* sizes = strdup(argv[3]);
  for (char* token = strtok(sizes, ","); token; token = strtok(NULL, ",")) {
    const int log_n = atoi(token);
    const size_t n = (size_t)1 << log_n;
    if (n > total) {
      fprintf(stderr, "blst_msm: 2^%d exceeds the %zu points of the files\n", log_n, total);
      return 1;
    }
    limb_t* scratch = malloc(blst_p1s_mult_pippenger_scratch_sizeof(n));
    const blst_p1_affine* point_list[2] = {points, NULL};
    const unsigned char* scalar_list[2] = {(const unsigned char*)scalars, NULL};
    blst_p1 sum;
    double* times = malloc(sizeof(double) * (size_t)repeats);
    blst_p1s_mult_pippenger(&sum, point_list, n, scalar_list, 255, scratch);
    for (int r = 0; r < repeats; ++r) {
      const double start = now_ms();
      blst_p1s_mult_pippenger(&sum, point_list, n, scalar_list, 255, scratch);
      times[r] = now_ms() - start;
    }
    qsort(times, (size_t)repeats, sizeof(double), compare_doubles);
    printf("2^%d %.3f %.3f\n", log_n, times[repeats / 2], times[0]);
    printf("result 2^%d ", log_n);
    print_point(&sum);
    free(times);
    free(scratch);
  }
  return 0;
}
