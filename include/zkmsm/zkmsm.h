/* zkmsm C ABI: multi-scalar multiplication Σ sᵢ·Pᵢ for Rust, Go, Python and C callers.
 *
 * A thin layer over the C++ API of zkmsm.hpp; valid C99, C11 and C++. No C++ exception ever
 * crosses it: every failure is a status code plus a message from zkmsm_last_error().
 *
 *   zkmsm_config config;
 *   zkmsm_config_init(&config);
 *   config.backend = ZKMSM_BACKEND_CPU;
 *   uint64_t sum[8];  (zkmsm_point_limbs(curve) limbs: 8 for BN254, 12 for BLS12-381)
 *   int is_infinity;
 *   int status = zkmsm_msm(ZKMSM_CURVE_BN254, points, scalars, n, &config, sum, &is_infinity, NULL);
 *   if (status != ZKMSM_OK) fprintf(stderr, "%s\n", zkmsm_last_error());
 *
 * Representation (the same as zkmsm.hpp):
 *   - A base-field element is L uint64_t limbs (L = 4 for BN254 and Grumpkin, 6 for BLS12-381;
 *     zkmsm_point_limbs(curve) = 2L), a scalar 4 limbs, least significant limb first; each limb
 *     is a native uint64_t (host byte order). Arrays must be 8-byte aligned.
 *   - A point is 2L limbs, x[L] then y[L], affine. (0, 0) is the point at infinity (EIP-196).
 *     Coordinates are canonical integers < p unless config->points_in_montgomery. On BLS12-381
 *     a point must be in G1 (validate_points checks it: ZKMSM_ERROR_POINT_NOT_IN_SUBGROUP).
 *   - A scalar is any 256-bit integer, taken mod the group order r; canonical unless
 *     config->scalars_in_montgomery.
 *   - The result is the canonical affine sum; infinity is reported as (0, 0) and
 *     *out_is_infinity = 1.
 *
 * Memory: arrays are in host memory unless config->points_on_device / scalars_on_device say they
 * are device pointers of the current CUDA device (cuda backend only; device points 16-byte
 * aligned). config->cuda_stream orders the work on a cudaStream_t of the caller.
 *
 * Ownership: the library never keeps a pointer it is given beyond the call and never frees
 * one; the caller owns every buffer. A zkmsm_bases (bases prepared once, reused by many MSMs)
 * owns a copy of its points until zkmsm_bases_destroy. Strings returned by the library are
 * static, or (for zkmsm_last_error) owned by the library per thread.
 *
 * Threads: this layer keeps no shared state (only a per-thread error message), so it adds no
 * locking and no restrictions to those of zkmsm::msm. Several threads may run zkmsm_bases_msm
 * on one zkmsm_bases at the same time; none may destroy it meanwhile.
 *
 * Every MSM is variable-time in its inputs: never pass secret scalars.
 */
#ifndef ZKMSM_ZKMSM_H
#define ZKMSM_ZKMSM_H

#include <stddef.h>
#include <stdint.h>

#if defined(__GNUC__) || defined(__clang__)
#define ZKMSM_API __attribute__((visibility("default")))
#else
#define ZKMSM_API
#endif

/* C++ callers see the functions as noexcept; C callers see plain declarations. */
#ifdef __cplusplus
#define ZKMSM_NOEXCEPT noexcept
extern "C" {
#else
#define ZKMSM_NOEXCEPT
#endif

/* ---- enumerations (values are part of the ABI; new values are only appended) ---------------- */

typedef enum zkmsm_curve {
  ZKMSM_CURVE_BN254 = 0,     /* BN254 G1 (alt_bn128): y² = x³ + 3 over Fq */
  ZKMSM_CURVE_GRUMPKIN = 1,  /* Grumpkin: y² = x³ − 17 over BN254's scalar field Fr */
  ZKMSM_CURVE_BLS12_381 = 2, /* BLS12-381 G1: y² = x³ + 4, 6-limb coordinates (cpu backend) */
} zkmsm_curve;

typedef enum zkmsm_backend {
  ZKMSM_BACKEND_AUTO = 0, /* the fastest backend present: cuda, then vulkan, then cpu */
  ZKMSM_BACKEND_CPU = 1,
  ZKMSM_BACKEND_CUDA = 2,
  ZKMSM_BACKEND_VULKAN = 3,
  ZKMSM_BACKEND_WEBGPU = 4, /* WebGPU compute (WGSL): built into the WebAssembly module only */
} zkmsm_backend;

typedef enum zkmsm_accumulator {
  ZKMSM_ACCUMULATOR_AUTO = 0,          /* the backend's best accumulator for the size */
  ZKMSM_ACCUMULATOR_STREAM_WALKER = 1, /* GPU: per-thread S-slot walker over sorted entries */
  ZKMSM_ACCUMULATOR_PAIR_TREE = 2,     /* GPU: pairwise affine additions level by level */
  ZKMSM_ACCUMULATOR_BATCH_AFFINE = 3,  /* CPU: levels of batched affine additions per window */
  ZKMSM_ACCUMULATOR_XYZZ = 4,          /* CPU, CUDA: XYZZ buckets, mixed additions, no inversion */
} zkmsm_accumulator;

typedef enum zkmsm_walker_state {
  ZKMSM_WALKER_STATE_REGISTERS = 0,   /* slot accumulators in registers/private memory */
  ZKMSM_WALKER_STATE_GLOBAL = 1,      /* slot accumulators in device memory, coalesced */
  ZKMSM_WALKER_STATE_WARP = 2,        /* S <= 4 slots in registers, one inversion per warp and round */
  ZKMSM_WALKER_STATE_AUTO = 3,        /* the backend picks by size */
  ZKMSM_WALKER_STATE_GLOBAL_WARP = 4, /* slots in device memory, one inversion per warp and round */
} zkmsm_walker_state;

/* Whether the cuda backend splits the scalars by the GLV endomorphism (zkmsm::Glv). */
typedef enum zkmsm_glv {
  ZKMSM_GLV_AUTO = 0, /* where measured faster: cuda at n <= 2^20 points */
  ZKMSM_GLV_ON = 1,
  ZKMSM_GLV_OFF = 2,
} zkmsm_glv;

/* Status codes: ZKMSM_OK, one per zkmsm::ErrorCode, and ZKMSM_ERROR_INTERNAL. */
typedef enum zkmsm_status {
  ZKMSM_OK = 0,
  ZKMSM_ERROR_INVALID_ARGUMENT = 1,      /* NULL pointer, bad enum value, bad config or struct_size */
  ZKMSM_ERROR_POINT_NOT_CANONICAL = 2,   /* a coordinate ≥ p */
  ZKMSM_ERROR_POINT_NOT_ON_CURVE = 3,    /* a point fails the curve equation (validate_points) */
  ZKMSM_ERROR_BACKEND_UNAVAILABLE = 4,   /* the requested backend is not built or has no device */
  ZKMSM_ERROR_OUT_OF_MEMORY = 5,         /* host or device allocation failed */
  ZKMSM_ERROR_DEVICE_ERROR = 6,          /* a GPU runtime error */
  ZKMSM_ERROR_INTERNAL = 7,              /* an unexpected failure inside the library (a bug) */
  ZKMSM_ERROR_POINT_NOT_IN_SUBGROUP = 8, /* on the curve, outside G1 (BLS12-381; validate_points) */
} zkmsm_status;

/* ---- configuration -------------------------------------------------------------------------- */

/* Mirrors zkmsm::MsmConfig (msm_config.hpp, where each option is documented).
 *
 * Always start from zkmsm_config_init(), which sets struct_size and copies the defaults of a
 * default-constructed zkmsm::MsmConfig, then change the options you need.
 *
 * ABI evolution: struct_size is sizeof(zkmsm_config) of the header the caller compiled with.
 * New options are only appended, and an appended option's value 0 means "the default". The
 * library reads options up to struct_size and uses defaults beyond it (an older caller); it
 * accepts a larger struct (a newer caller) only when every byte it does not know is zero.
 * Flags are int: 0 = false, anything else = true.
 *
 * Layouts: version 1 ends at cpu_threads; version 2 appends points_on_device, scalars_on_device
 * and cuda_stream; version 3 appends devices and device_count; version 4 appends glv; version 5
 * appends precompute_factor. */
typedef struct zkmsm_config {
  size_t struct_size;
  zkmsm_backend backend;
  uint32_t window_bits; /* signed-digit window c in bits, 2 … 22; 0 = the backend's cost model; capped at
                          the smallest c with 2^(c-1) >= n (stats.window_bits says which ran) */
  zkmsm_accumulator accumulator;
  uint32_t walker_slots; /* S: affine additions per batched inversion per thread; 0 = by size */
  uint32_t walker_threads_per_block;
  uint32_t walker_max_blocks; /* thread cap = blocks · threads per block; 0 = auto */
  zkmsm_walker_state walker_state;
  int pair_tree_dx_cache;       /* cache dx between the pair tree's two passes */
  uint64_t memory_budget_bytes; /* device bytes the backend may use; 0 = no limit */
  int validate_points;          /* reject points not on the curve */
  int points_in_montgomery;     /* coordinates are in Montgomery form */
  int scalars_in_montgomery;    /* scalars are in Montgomery form */
  uint32_t cpu_threads;         /* CPU backend worker threads; 0 = all hardware threads */
  /* version 2 */
  int points_on_device;  /* points is a device pointer of the current CUDA device (cuda backend only) */
  int scalars_on_device; /* scalars is a device pointer of the current CUDA device (cuda backend only) */
  void* cuda_stream;     /* a cudaStream_t that orders the call's work; NULL = the backend's own stream */
  /* version 3 */
  const int32_t* devices; /* device_count CUDA ordinals to spread the work over (MsmConfig::devices),
                             read during the call only; NULL / 0 = the current device only;
                             { ZKMSM_ALL_DEVICES } = every CUDA device */
  uint32_t device_count;
  /* version 4 */
  zkmsm_glv glv; /* cuda backend: split scalars by the GLV endomorphism (MsmConfig::glv); others ignore it */
  /* version 5 */
  uint32_t precompute_factor; /* cuda prepare_bases: shifted copies per point (MsmConfig::precompute_factor);
                                 0 = 1 = none */
} zkmsm_config;

/* zkmsm_config.devices = { ZKMSM_ALL_DEVICES }: every CUDA device of the host. */
#define ZKMSM_ALL_DEVICES (-1)

/* Fills *config with struct_size = sizeof(zkmsm_config) and the library's defaults. */
ZKMSM_API void zkmsm_config_init(zkmsm_config* config) ZKMSM_NOEXCEPT;

/* ---- statistics ----------------------------------------------------------------------------- */

#define ZKMSM_STATS_MAX_STAGES 16
#define ZKMSM_STATS_NAME_SIZE 32

typedef struct zkmsm_stage_time {
  char name[ZKMSM_STATS_NAME_SIZE]; /* a pipeline stage, e.g. "accumulate_buckets"; NUL-terminated */
  double ms;
} zkmsm_stage_time;

/* What an MSM did, mirroring zkmsm::MsmStats. Set struct_size (zkmsm_stats_init does) before
 * the call; the library writes at most struct_size bytes. Strings are NUL-terminated and
 * truncated to fit. */
typedef struct zkmsm_stats {
  size_t struct_size;
  char backend[ZKMSM_STATS_NAME_SIZE];             /* backend that ran: "cpu", "cuda", "vulkan" */
  char accumulator[ZKMSM_STATS_NAME_SIZE];         /* accumulator that ran */
  uint32_t window_bits;                            /* c actually used */
  uint32_t windows;                                /* number of signed-digit windows */
  double total_ms;                                 /* whole call, input conversion included */
  uint64_t estimated_peak_bytes;                   /* closed-form model of the working memory */
  uint64_t measured_peak_bytes;                    /* peak of the backend's own allocations */
  uint32_t stage_count;                            /* entries used in stages[]; extra stages are dropped */
  zkmsm_stage_time stages[ZKMSM_STATS_MAX_STAGES]; /* per-stage wall or device-event times */
  /* version 2 */
  uint32_t devices; /* GPUs that ran part of the MSM: cuda 1 … k, vulkan 1, cpu 0 */
  /* version 3 */
  int glv; /* 1 when the scalars were split by the GLV endomorphism (MsmStats::glv) */
} zkmsm_stats;

/* Zeroes *stats and sets struct_size = sizeof(zkmsm_stats). */
ZKMSM_API void zkmsm_stats_init(zkmsm_stats* stats) ZKMSM_NOEXCEPT;

/* ---- the MSM -------------------------------------------------------------------------------- */

/* *out = Σ scalars[i]·points[i] for i < n, variable-time.
 *
 *   points          n × 2L limbs (x[L], y[L]), see the representation above; may be NULL when n = 0
 *   scalars         n × 4 limbs; may be NULL when n = 0
 *   config          NULL = defaults
 *   out_point       receives x[L], y[L] of the canonical affine sum (2L limbs); (0, 0) for infinity
 *   out_is_infinity receives 1 when the sum is the point at infinity, else 0; may be NULL
 *   stats           filled when not NULL (its struct_size must be set)
 *
 * Returns ZKMSM_OK or a zkmsm_status error; on error nothing is written to the outputs and
 * zkmsm_last_error() describes the failure. n = 0 gives infinity. */
ZKMSM_API int zkmsm_msm(zkmsm_curve curve,
                        const uint64_t* points,
                        const uint64_t* scalars,
                        size_t n,
                        const zkmsm_config* config,
                        uint64_t* out_point,
                        int* out_is_infinity,
                        zkmsm_stats* stats) ZKMSM_NOEXCEPT;

/* ---- bases prepared once, reused by many MSMs ---------------------------------------------- */

/* Points validated, converted to the backend's layout and (cuda, vulkan, webgpu) uploaded once, as
 * zkmsm::Bases: Montgomery-form affine points in host memory (cpu backend) or device memory (cuda,
 * vulkan and webgpu backends).
 * Opaque; created by zkmsm_bases_create, freed by zkmsm_bases_destroy. */
typedef struct zkmsm_bases zkmsm_bases;

/* Prepares n points (layout as for zkmsm_msm; a device pointer when config->points_on_device)
 * for the backend of config->backend (auto: cuda when present, else cpu). The points are copied:
 * the caller may free them when this returns. Validation errors are those of zkmsm_msm.
 *
 *   out_bases  receives the new handle (NULL on error)
 *
 * Returns ZKMSM_OK or a zkmsm_status error. */
ZKMSM_API int zkmsm_bases_create(zkmsm_curve curve,
                                 const uint64_t* points,
                                 size_t n,
                                 const zkmsm_config* config,
                                 zkmsm_bases** out_bases) ZKMSM_NOEXCEPT;

/* Frees the handle and its memory. NULL does nothing. */
ZKMSM_API void zkmsm_bases_destroy(zkmsm_bases* bases) ZKMSM_NOEXCEPT;

/* The number of points in the handle (0 for NULL). */
ZKMSM_API size_t zkmsm_bases_size(const zkmsm_bases* bases) ZKMSM_NOEXCEPT;

/* *out = Σ scalars[i]·bases[i] for i < n, the first n prepared points (n ≤ zkmsm_bases_size;
 * more is ZKMSM_ERROR_INVALID_ARGUMENT). The curve and the backend are the handle's:
 * config->backend must be AUTO or that backend. The point options of config are ignored (they
 * were applied by zkmsm_bases_create); scalars_in_montgomery, scalars_on_device, cuda_stream and
 * the knobs apply. Outputs and errors as for zkmsm_msm. */
ZKMSM_API int zkmsm_bases_msm(const zkmsm_bases* bases,
                              const uint64_t* scalars,
                              size_t n,
                              const zkmsm_config* config,
                              uint64_t* out_point,
                              int* out_is_infinity,
                              zkmsm_stats* stats) ZKMSM_NOEXCEPT;

/* ---- batches of MSMs ------------------------------------------------------------------------ */

/* m independent MSMs (zkmsm::msm_batch): MSM j is Σ scalars[j][i]·points[j][i] for i < counts[j],
 * each exactly as zkmsm_msm would compute it. With config->devices naming several CUDA devices,
 * each MSM runs whole on one of them, the devices working at the same time.
 *
 *   points, scalars  m pointers each; points[j] holds counts[j] × 2L limbs, scalars[j] counts[j] × 4
 *                    (either may be NULL when counts[j] = 0); all may be NULL when m = 0
 *   out_points       m × 2L limbs: x[L], y[L] of each canonical affine sum, (0, 0) for infinity
 *   out_is_infinity  m ints (1 when sum j is infinity), or NULL
 *   stats            NULL, or an array of m zkmsm_stats whose element size is stats[0].struct_size
 *                    (zkmsm_stats_init each element); total_ms is the whole batch's
 *
 * Returns ZKMSM_OK or the first failing MSM's error, whose message starts with "msm j: "; on
 * error nothing is written to the outputs. */
ZKMSM_API int zkmsm_msm_batch(zkmsm_curve curve,
                              const uint64_t* const* points,
                              const uint64_t* const* scalars,
                              const size_t* counts,
                              size_t m,
                              const zkmsm_config* config,
                              uint64_t* out_points,
                              int* out_is_infinity,
                              zkmsm_stats* stats) ZKMSM_NOEXCEPT;

/* m MSMs on one handle (zkmsm::msm_batch on bases): MSM j is Σ scalars[j][i]·bases[i] for
 * i < counts[j] ≤ zkmsm_bases_size. On bases prepared over several CUDA devices every MSM is
 * split over them. Arguments, outputs and errors as for zkmsm_msm_batch. */
ZKMSM_API int zkmsm_bases_msm_batch(const zkmsm_bases* bases,
                                    const uint64_t* const* scalars,
                                    const size_t* counts,
                                    size_t m,
                                    const zkmsm_config* config,
                                    uint64_t* out_points,
                                    int* out_is_infinity,
                                    zkmsm_stats* stats) ZKMSM_NOEXCEPT;

/* ---- diagnostics ---------------------------------------------------------------------------- */

/* The message of the last failed call made by this thread, or "" if none failed yet. Not
 * cleared by successful calls. The string belongs to the library and stays valid until this
 * thread's next failing call. */
ZKMSM_API const char* zkmsm_last_error(void) ZKMSM_NOEXCEPT;

/* A static name for a status code, e.g. "point_not_on_curve"; "unknown" for other values. */
ZKMSM_API const char* zkmsm_status_string(int status) ZKMSM_NOEXCEPT;

/* The limbs of one point of `curve` (x then y): 8 for BN254 and Grumpkin, 12 for BLS12-381; 0 for
 * a value that names no curve (zkmsm_last_error() then says so). */
ZKMSM_API size_t zkmsm_point_limbs(zkmsm_curve curve) ZKMSM_NOEXCEPT;

/* The library version, "major.minor.patch"; a static string. */
ZKMSM_API const char* zkmsm_version(void) ZKMSM_NOEXCEPT;

/* 1 when the backend is compiled in and has a usable device now, else 0. */
ZKMSM_API int zkmsm_backend_available(zkmsm_backend backend) ZKMSM_NOEXCEPT;

/* Frees the memory the library keeps between calls for the next MSM of a size seen before: the
 * host working arrays of finished MSMs (at most 1 GiB) and the GPU backends' kept workspaces.
 * Prepared bases are not touched. Safe at any time, from any thread (in WebAssembly with the webgpu
 * backend: from the module's thread, between MSMs). */
ZKMSM_API void zkmsm_release_kept_memory(void) ZKMSM_NOEXCEPT;

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* ZKMSM_ZKMSM_H */
