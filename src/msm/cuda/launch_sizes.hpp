// The CUDA backend's host-side launch sizes: window size, window batches, walker geometry, reduction
// levels and every device buffer's size, all in closed form from (n, options). msm() allocates
// exactly these buffers, so estimate_device_bytes() is their total.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "curve/glv_split.hpp"
#include "msm/common/pair_tree_layout.hpp"
#include "msm/common/signed_digits.hpp"
#include "msm/common/window_cost_model.hpp"
#include "msm/common/window_split_plan.hpp"
#include "msm/cuda/cuda_msm.hpp"

namespace zkmsm::cuda::detail {

// ---- tuning constants ----------------------------------------------------------------------
// Weights of the window cost model (msm/common/window_cost_model.hpp), in field multiplications:
// an entry costs one batched affine addition (6M, plus a share of the inversion and the
// gathers); a bucket costs ~2.25 XYZZ additions in reduce_buckets (~14M each), and each window
// reduces one bucket more than 2^(c−1). Searched over c in [4, 20] (H200, docs/cuda_notes.md).
// Fitted with the stream walker and the running-sum reduction; with the xyzz walker (an entry is
// one 10M mixed addition) and window splitting (a bucket is its parts plus two full additions)
// the ratio is about the same, but it has not been searched again (issue #15's next steps).
inline constexpr WindowCostWeights kWindowCostWeights{10.0, 30.0, 1, 4, 20};
// Auto walker size: about this many sorted entries per slot, and at most this many threads.
// The cap is about one wave of the global-state walker on an H200 (110 registers: 512 threads
// per SM × 132 SMs = 67,584); run 1 at 2^22: 123 k threads (two waves) 52 ms, 67 k 38 ms.
inline constexpr std::uint64_t kEntriesPerSlot = 16;
inline constexpr std::uint64_t kAutoMaxWalkerThreads = std::uint64_t{1} << 16;
// combine_partials: units per block on each level (walker_combine.cuh).
inline constexpr std::uint64_t kCombineBlockUnits = 8;
// The xyzz walker (xyzz_walker.cuh): about this many sorted entries per thread, and at most this
// many threads (its head and tail records take 2 × 128 bytes per thread). H200 (docs/cuda_notes.md
// run 8): 16, 32, 64 or 128 entries per thread within 7 % at 2^20 and equal at 2^24; 4 M or 16 M
// threads at 2^24 17–23 % slower than 1 M.
inline constexpr std::uint64_t kXyzzEntriesPerThread = 32;
inline constexpr std::uint64_t kXyzzMaxThreads = std::uint64_t{1} << 20;
// One window batch holds at most this many entries (32-bit positions; CUB's int item count).
inline constexpr std::uint64_t kMaxBatchEntries = (std::uint64_t{1} << 31) - 1;
// Largest slot count of the global walker state.
inline constexpr unsigned kMaxGlobalSlots = 64;
// Words of one walker slot in global state: cursor, range end, piece end, bucket, flags;
// accumulator (x, y); exclusive prefix product — for a base field of `field_words` 32-bit words
// (8: BN254, Grumpkin; 12: BLS12-381).
inline constexpr unsigned kSlotScalarWords = 5;
inline constexpr unsigned slot_words(unsigned field_words) { return kSlotScalarWords + 3 * field_words; }
// Sizes of the device types (checked against the real types in pipeline.cuh).
inline constexpr std::size_t affine_bytes(unsigned field_words) { return 2 * 4 * std::size_t{field_words}; }
inline constexpr std::size_t xyzz_bytes(unsigned field_words) { return 4 * 4 * std::size_t{field_words}; }
inline constexpr std::size_t kScalarBytes = 32;  // every curve's scalar field has 4 × 64-bit limbs
// Small per-call block: valid-entry count and long-split flag.
inline constexpr std::size_t kMetaBytes = 256;

// Walker defaults by size (H200, inputs on the device; docs/cuda_notes.md runs 3 and 4). Warp state
// S = 4 up to 2^18 (2^16: 2.95 ms against 3.52 for global S = 8; 2^18: 4.69 against 5.65 for
// global S = 16); global S = 16 below 2^22 (2^20: 8.62 against 9.63 for S = 32), S = 32 below 2^24,
// S = 48 from 2^24 (with the register cap below: 74.5 ms against 77.7 for S = 64 uncapped).
inline constexpr std::size_t kWarpWalkerMaxPoints = std::size_t{1} << 18;
inline constexpr unsigned kWarpWalkerSlots = 4;
inline constexpr unsigned kRegistersWalkerSlots = 8;

// From 2^22 points the global walker runs with at most 85 registers (at least 3 resident blocks of
// 256 threads per SM) and, by default, one wave of such threads on the H200's 132 SMs: 24 warps per
// SM instead of 16, for latency hiding (run 4: stalls on memory, instruction fetch and
// multiply latency with 3.8 warps per scheduler). 2^22 S = 32: 22.35 ms against 23.13; 2^24:
// 74.5 against 77.7; at 2^20 it cost 2 % (8.77 against 8.62), so smaller sizes stay uncapped.
inline constexpr std::size_t kCappedWalkerMinPoints = std::size_t{1} << 22;
inline constexpr unsigned kCappedWalkerMinBlocks = 3;
inline constexpr unsigned kCappedWalkerBlockThreads = 256;
inline constexpr std::uint64_t kCappedMaxWalkerThreads = std::uint64_t{kCappedWalkerMinBlocks} * 256 * 132;

inline backend::WalkerState default_walker_state(std::size_t n) {
  return n <= kWarpWalkerMaxPoints ? backend::WalkerState::warp : backend::WalkerState::global;
}
inline unsigned default_walker_slots(backend::WalkerState state, std::size_t n) {
  switch (state) {
    case backend::WalkerState::warp:
      return kWarpWalkerSlots;
    case backend::WalkerState::registers:
      return kRegistersWalkerSlots;
    default:
      return n < (std::size_t{1} << 22) ? 16 : n < (std::size_t{1} << 24) ? 32 : 48;
  }
}

// accumulator = auto: the xyzz walker at every size (H200, inputs on the device, one run,
// docs/cuda_notes.md run 8: 1.39 / 2.22 / 5.96 / 17.3 / 60.2 ms against the stream walker's 2.15 /
// 3.62 / 7.75 / 20.7 / 70.9 at 2^16 / 2^18 / 2^20 / 2^22 / 2^24). A stream-walker knob set
// explicitly (S, state, thread cap) asks for the stream walker.
inline bool default_accumulator_is_xyzz(const CudaMsmOptions& options) {
  return options.walker_slots == 0 && options.walker_max_blocks == 0 &&
         options.walker_state == backend::WalkerState::automatic;
}

// glv = auto: on for the xyzz walker at n ≤ glv_auto_max_points(field words). BN254 (8 words):
// H200, inputs on the device, one run, same binary (docs/cuda_notes.md run 19), plain / glv:
// 1.17 / 1.02 ms at 2^16, 1.86 / 1.67 at 2^18, 2.77 / 2.65 at 2^19, 4.78 / 4.34 at 2^20, but
// 7.89 / 8.48 at 2^21, 14.13 / 14.65 at 2^22 and 48.8 / 49.9 at 2^24 (the extra window of the
// halves' c and the 2n-point copy cost more than the smaller reduction saves). BLS12-381 (12
// words): H100, one run, same binary (BENCHMARKS.md, issue #17), plain / glv: 9.60 / 10.66 ms at
// 2^20, 17.06 / 18.82 at 2^21, 31.14 / 31.65 at 2^22 — off from 2^20; below it not measured, on
// as for BN254. The stream walker was not measured with glv: off.
inline constexpr std::size_t kGlvAutoMaxPoints = std::size_t{1} << 20;
inline constexpr std::size_t kGlvAutoMaxPointsWideField = std::size_t{1} << 19;
constexpr std::size_t glv_auto_max_points(unsigned field_words) {
  return field_words > 8 ? kGlvAutoMaxPointsWideField : kGlvAutoMaxPoints;
}
inline bool glv_runs(backend::GlvChoice choice, bool xyzz, std::size_t n, unsigned field_words) {
  return choice == backend::GlvChoice::on ||
         (choice == backend::GlvChoice::automatic && xyzz && n <= glv_auto_max_points(field_words));
}

// prepare_bases with precompute_factor = `factor` > 1 on n points: c by the cost model with the
// windows sharing buckets (or `window_bits`, capped as msm() caps it), then W' = ⌈T / factor⌉
// windows per copy and as many copies as cover the T windows (⌈T / W'⌉ ≤ factor; at most T).
inline PrecomputedCopies plan_precomputed_copies(std::size_t n,
                                                 unsigned scalar_bits,
                                                 unsigned window_bits,
                                                 unsigned factor) {
  PrecomputedCopies copies;
  if (factor <= 1 || n == 0) return copies;
  copies.window_bits = effective_window_bits(n, window_bits, scalar_bits, kWindowCostWeights, factor);
  const unsigned windows = signed_window_count(scalar_bits, copies.window_bits);
  copies.windows_per_copy = (windows + std::min(factor, windows) - 1) / std::min(factor, windows);
  copies.count = (windows + copies.windows_per_copy - 1) / copies.windows_per_copy;
  copies.stride = n;
  return copies;
}

// The pair tree (pair_tree.cuh): pairs per thread and level (S), one inversion each. 8: the fastest
// of 8, 16 and 32 at 2^16, 2^18 and 2^20 (16 by 3 % at 2^22), one H100, 2026-12-05
// (docs/cuda_notes.md run 23: the larger S spill their prefix arrays to DRAM).
inline constexpr unsigned kPairTreeSlots = 8;
inline bool pair_tree_slots_supported(unsigned s) { return s == 8 || s == 16 || s == 32; }
// The pair tree's level kernel: threads per block.
inline constexpr unsigned kPairTreeThreadsPerBlock = 128;

// Upper bound of CUB's exclusive-scan temporary storage for `items` words (tile states of ≥ 128
// items, 16 bytes each, and alignment padding).
inline std::size_t scan_temp_bound(std::uint64_t items) {
  return static_cast<std::size_t>(items / 8) + (std::size_t{1} << 16);
}

inline bool registers_slots_supported(unsigned s) { return s == 1 || s == 2 || s == 4 || s == 8 || s == 16; }
inline bool warp_slots_supported(unsigned s) { return s == 1 || s == 2 || s == 4; }

// Upper bound of CUB's onesweep radix-sort temporary storage for `items` 32-bit keys with
// 32-bit values, in DoubleBuffer mode (no alternate arrays): per-tile look-back digit counters
// (tiles of ≥ 2048 items, 256 digits, 8 bytes each: ≤ 1 byte per item), pass histograms and
// alignment padding (≤ 1 MiB).
inline std::size_t sort_temp_bound(std::uint64_t items) {
  return static_cast<std::size_t>(items) + (std::size_t{1} << 20);
}

struct BufferBytes {
  std::size_t points = 0, scalars = 0, glv_points = 0, sort_arrays = 0, sort_temp = 0, bucket_bounds = 0,
              bucket_sums = 0, partials = 0, split_sums = 0, combine_levels = 0, walker_state = 0, pair_tree = 0,
              reduce = 0, bit_sums = 0, meta = 0;
  std::size_t total() const {
    return points + scalars + glv_points + sort_arrays + sort_temp + bucket_bounds + bucket_sums + partials +
           split_sums + combine_levels + walker_state + pair_tree + reduce + bit_sums + meta;
  }
};

struct MsmSizes {
  unsigned field_words = 8;      // 32-bit words of a base field element
  std::size_t input_points = 0;  // n, the caller's points
  std::size_t n = 0;             // entries per window: n, 2n with glv (P, then φ(P)), count·n with copies
  bool glv = false;              // scalars split by the endomorphism (CudaMsmOptions::glv)
  PrecomputedCopies copies;      // CudaMsmOptions::copies: windows = copies.windows_per_copy
  unsigned window_bits = 0;
  unsigned windows = 0;        // T
  unsigned batch_windows = 0;  // windows per batch
  unsigned batches = 0;
  std::uint32_t buckets = 0;        // B = 2^(c−1): digit magnitudes 1..B
  std::uint64_t batch_entries = 0;  // E = batch_windows · n
  std::uint32_t sentinel_key = 0;   // key of a zero digit: batch_windows · B, after every real key
  unsigned key_bits = 0;            // bits the sort looks at
  unsigned slots = 0;               // S
  unsigned threads_per_block = 0;
  std::uint32_t walker_threads = 0;
  std::uint64_t walker_slot_count = 0;    // threads · S
  std::uint64_t combine_level_units = 0;  // records per set of combine levels ≥ 1 (0: one level)
  unsigned walker_min_blocks = 0;         // register cap of the global walker (0: none)
  backend::WalkerState state = backend::WalkerState::registers;
  bool xyzz = false;       // accumulator: the xyzz walker (one slot per thread) instead of the stream walker
  bool pair_tree = false;  // accumulator: the pair tree (S = slots pairs per thread); no walker slots
  bool pair_tree_dx_cache = false;
  // The pair tree's level arrays (pair_tree.cuh): keys[ℓ & 1] and points[ℓ & 1] hold level ℓ's
  // positions (level 0's points are the sorted entries), each sized by the closed-form bound of
  // the largest level using it (pair_tree_positions_bound).
  std::uint64_t pair_tree_keys[2] = {0, 0};
  std::uint64_t pair_tree_points[2] = {0, 0};
  bool state_in_device_memory() const {
    return !xyzz && !pair_tree && (state == backend::WalkerState::global || state == backend::WalkerState::global_warp);
  }
  std::size_t affine_point_bytes() const { return affine_bytes(field_words); }
  std::size_t xyzz_point_bytes() const { return xyzz_bytes(field_words); }
  std::size_t part_bytes() const { return xyzz ? xyzz_point_bytes() : affine_point_bytes(); }
  bool inversion_per_warp() const {
    return state == backend::WalkerState::warp || state == backend::WalkerState::global_warp;
  }
  WindowSplitPlan split;                       // reduce_buckets' levels (reduce_buckets.cuh)
  std::size_t split_buffer_items[2] = {0, 0};  // XYZZ items of the two ping-pong level buffers
  BufferBytes bytes;
};

inline unsigned bit_width_u64(std::uint64_t x) {
  unsigned bits = 0;
  while (x != 0) {
    ++bits;
    x >>= 1;
  }
  return bits;
}

// Fills the geometry that depends on batch_windows, and the byte counts.
inline void size_buffers(MsmSizes& sizes, const CudaMsmOptions& options) {
  const std::uint64_t n = sizes.n;
  sizes.batches = (sizes.windows + sizes.batch_windows - 1) / sizes.batch_windows;
  sizes.batch_entries = static_cast<std::uint64_t>(sizes.batch_windows) * n;
  sizes.sentinel_key = sizes.batch_windows * sizes.buckets;
  sizes.key_bits = std::max(1u, bit_width_u64(sizes.sentinel_key));

  if (sizes.pair_tree) {
    // No walker slots: whole buckets only, no parts to combine.
    sizes.walker_threads = 0;
  } else if (sizes.xyzz) {
    // About kXyzzEntriesPerThread entries per thread, capped.
    const std::uint64_t wanted = (sizes.batch_entries + kXyzzEntriesPerThread - 1) / kXyzzEntriesPerThread;
    sizes.walker_threads = static_cast<std::uint32_t>(std::clamp<std::uint64_t>(wanted, 1, kXyzzMaxThreads));
  } else {
    // Stream walker: about kEntriesPerSlot entries per slot, capped.
    const std::uint64_t cap = options.walker_max_blocks != 0
                                  ? static_cast<std::uint64_t>(options.walker_max_blocks) * sizes.threads_per_block
                              : sizes.walker_min_blocks != 0 ? kCappedMaxWalkerThreads
                                                             : kAutoMaxWalkerThreads;
    const std::uint64_t wanted =
        (sizes.batch_entries + sizes.slots * kEntriesPerSlot - 1) / (sizes.slots * kEntriesPerSlot);
    sizes.walker_threads = static_cast<std::uint32_t>(std::clamp<std::uint64_t>(wanted, 1, cap));
    // The warp's shared inversion needs every lane of a warp: whole warps (the extra threads get
    // empty slot ranges).
    if (sizes.inversion_per_warp()) sizes.walker_threads = (sizes.walker_threads + 31) / 32 * 32;
  }
  sizes.walker_slot_count = sizes.pair_tree ? 0 : static_cast<std::uint64_t>(sizes.walker_threads) * sizes.slots;
  sizes.combine_level_units = sizes.walker_slot_count <= kCombineBlockUnits
                                  ? 0
                                  : (sizes.walker_slot_count + kCombineBlockUnits - 1) / kCombineBlockUnits;

  // Reduction: the windows' c − 1 low bits are split; level ℓ writes batch_windows · 2V · 2^lo items.
  sizes.split = plan_window_split(sizes.window_bits - 1);
  sizes.split_buffer_items[0] = sizes.split_buffer_items[1] = 0;
  for (std::size_t level = 0; level < sizes.split.levels.size(); ++level) {
    const WindowSplitLevel& l = sizes.split.levels[level];
    std::size_t& items = sizes.split_buffer_items[level % 2];
    items =
        std::max<std::size_t>(items, static_cast<std::size_t>(sizes.batch_windows) * 2 * l.virtuals_in << l.low_bits);
  }

  BufferBytes& b = sizes.bytes;
  b = {};
  const std::size_t affine = sizes.affine_point_bytes(), xyzz = sizes.xyzz_point_bytes();
  b.points = sizes.input_points * affine;
  b.scalars = sizes.input_points * kScalarBytes;
  b.glv_points = sizes.glv ? n * affine : 0;
  b.sort_arrays = 4 * sizes.batch_entries * sizeof(std::uint32_t);
  b.sort_temp = sort_temp_bound(sizes.batch_entries);
  b.bucket_bounds = 2 * static_cast<std::size_t>(sizes.sentinel_key) * sizeof(std::uint32_t);
  b.bucket_sums = sizes.xyzz ? 0 : static_cast<std::size_t>(sizes.sentinel_key) * affine;
  b.partials = 2 * sizes.walker_slot_count * (sizes.part_bytes() + sizeof(std::uint32_t));
  b.split_sums = sizes.walker_slot_count * xyzz + static_cast<std::size_t>(sizes.sentinel_key) * sizeof(std::uint32_t);
  b.combine_levels = 2 * sizes.combine_level_units * (3 * sizeof(std::uint32_t) + 2 * xyzz);
  b.walker_state = sizes.state_in_device_memory()
                       ? sizes.walker_slot_count * slot_words(sizes.field_words) * sizeof(std::uint32_t)
                       : 0;
  if (sizes.pair_tree) {
    const std::uint64_t e = sizes.batch_entries;
    sizes.pair_tree_keys[0] = std::max<std::uint64_t>(1, pair_tree_positions_bound(e, 0));
    sizes.pair_tree_keys[1] = std::max<std::uint64_t>(1, pair_tree_positions_bound(e, 1));
    sizes.pair_tree_points[0] = std::max<std::uint64_t>(1, pair_tree_positions_bound(e, 2));
    sizes.pair_tree_points[1] = sizes.pair_tree_keys[1];
    const std::size_t scan_words = static_cast<std::size_t>(sizes.sentinel_key) + 1;
    b.pair_tree = (sizes.pair_tree_keys[0] + sizes.pair_tree_keys[1] + 3 * scan_words) * sizeof(std::uint32_t) +
                  (sizes.pair_tree_points[0] + sizes.pair_tree_points[1]) * affine + scan_temp_bound(scan_words);
  }
  b.reduce = (static_cast<std::size_t>(sizes.batch_windows) * (sizes.buckets + 1) + sizes.split_buffer_items[0] +
              sizes.split_buffer_items[1]) *
             xyzz;
  b.bit_sums = static_cast<std::size_t>(sizes.windows) * sizes.window_bits * xyzz;
  b.meta = kMetaBytes;
}

// What the sizes need to know of a curve.
struct CurveShape {
  unsigned scalar_bits;    // bits of the scalar field's modulus r
  unsigned glv_half_bits;  // bound on the GLV halves' magnitudes (Curve::glv_half_bits, glv_split.hpp)
  unsigned field_words;    // 32-bit words of a base field element (8, or 12 for BLS12-381)
};
template <class Curve>
constexpr CurveShape curve_shape() {
  return {static_cast<unsigned>(Curve::ScalarField::Constants::modulus_bits), Curve::glv_half_bits,
          static_cast<unsigned>(2 * Curve::BaseField::limbs)};
}

// The sizes for n points of a curve of the given shape, or an error message in *error (then the
// sizes are unusable).
inline MsmSizes make_msm_sizes(std::size_t n,
                               const CurveShape& curve,
                               const CudaMsmOptions& options,
                               std::string* error) {
  MsmSizes sizes;
  sizes.field_words = curve.field_words;
  sizes.input_points = n;
  error->clear();
  if (options.window_bits == 1 || options.window_bits > kMaxWindowBits) {
    *error = "window_bits must be 0 (auto) or in [2, 22]";
    return sizes;
  }
  if (options.walker_threads_per_block < 32 || options.walker_threads_per_block > 1024 ||
      options.walker_threads_per_block % 32 != 0) {
    *error = "walker_threads_per_block must be a multiple of 32 in [32, 1024]";
    return sizes;
  }
  if (options.accumulator != backend::AccumulatorKind::automatic &&
      options.accumulator != backend::AccumulatorKind::stream_walker &&
      options.accumulator != backend::AccumulatorKind::xyzz &&
      options.accumulator != backend::AccumulatorKind::pair_tree) {
    *error = "accumulator must be auto, stream_walker, pair_tree or xyzz";
    return sizes;
  }
  sizes.pair_tree = options.accumulator == backend::AccumulatorKind::pair_tree;
  sizes.xyzz = options.accumulator == backend::AccumulatorKind::xyzz ||
               (options.accumulator == backend::AccumulatorKind::automatic && default_accumulator_is_xyzz(options));
  if (options.pair_tree_dx_cache && !sizes.pair_tree) {
    *error = "pair_tree_dx_cache needs accumulator = pair_tree";
    return sizes;
  }
  sizes.pair_tree_dx_cache = options.pair_tree_dx_cache;
  if (sizes.pair_tree) {
    if (options.walker_state != backend::WalkerState::automatic || options.walker_max_blocks != 0) {
      *error = "walker_state and walker_max_blocks are the stream walker's knobs, not the pair tree's";
      return sizes;
    }
    if (options.walker_slots != 0 && !pair_tree_slots_supported(options.walker_slots)) {
      *error = "walker_slots (the pair tree's pairs per thread) must be 8, 16 or 32 with accumulator = pair_tree";
      return sizes;
    }
  }
  sizes.copies = options.copies;
  const bool copies = options.copies.count > 1;
  if (copies) {
    const PrecomputedCopies& k = options.copies;
    if (options.glv == backend::GlvChoice::on) {
      *error = "glv cannot be combined with precomputed bases (precompute_factor > 1)";
      return sizes;
    }
    if (k.window_bits < kMinWindowBits || k.window_bits > kMaxWindowBits || k.windows_per_copy == 0 ||
        static_cast<std::uint64_t>(k.count) * k.windows_per_copy <
            signed_window_count(curve.scalar_bits, k.window_bits) ||
        k.stride < n || static_cast<std::uint64_t>(k.count) * k.stride > (std::uint64_t{1} << 31) - 1) {
      *error = "the precomputed copies do not cover the scalars (internal error)";
      return sizes;
    }
  }
  sizes.glv = !copies && glv_runs(options.glv, sizes.xyzz, n, curve.field_words);
  sizes.n = copies ? options.copies.count * n : sizes.glv ? 2 * n : n;
  // Automatic state with an explicit S the size's state cannot take: global takes any S.
  backend::WalkerState state = options.walker_state;
  if (state == backend::WalkerState::automatic) {
    state = default_walker_state(sizes.n);
    if (state == backend::WalkerState::warp && options.walker_slots != 0 && !warp_slots_supported(options.walker_slots))
      state = backend::WalkerState::global;
  }
  sizes.state = state;
  const unsigned slots = options.walker_slots != 0 ? options.walker_slots : default_walker_slots(state, sizes.n);
  if (!sizes.pair_tree && state == backend::WalkerState::registers && !registers_slots_supported(slots)) {
    *error = "walker_slots must be 1, 2, 4, 8 or 16 with walker_state = registers";
    return sizes;
  }
  if (!sizes.pair_tree && state == backend::WalkerState::warp && !warp_slots_supported(slots)) {
    *error = "walker_slots must be 1, 2 or 4 with walker_state = warp";
    return sizes;
  }
  if (sizes.state_in_device_memory() && slots > kMaxGlobalSlots) {
    *error = "walker_slots must be in [1, 64] with walker_state = global or global_warp";
    return sizes;
  }
  if (sizes.n > (std::size_t{1} << 31) - 1) {
    *error = sizes.glv ? "at most 2^30 - 1 points with glv" : "at most 2^31 - 1 points";
    return sizes;
  }
  // With glv the digits are those of the halves, magnitudes below 2^glv_half_bits.
  const unsigned digit_bits = sizes.glv ? curve.glv_half_bits : curve.scalar_bits;
  // The cost model sees the entries' points (2n with glv); the cap stays the public rule's, by the
  // caller's n (MsmConfig::window_bits), so that glv reports the same c for a too-large request.
  sizes.window_bits =
      copies ? options.copies.window_bits
             : std::min(effective_window_bits(sizes.n, options.window_bits, digit_bits, kWindowCostWeights),
                        max_useful_window_bits(n));
  sizes.windows = copies ? options.copies.windows_per_copy : signed_window_count(digit_bits, sizes.window_bits);
  sizes.buckets = std::uint32_t{1} << (sizes.window_bits - 1);
  sizes.slots = sizes.xyzz        ? 1
                : sizes.pair_tree ? (options.walker_slots != 0 ? options.walker_slots : kPairTreeSlots)
                                  : slots;
  sizes.threads_per_block = options.walker_threads_per_block;
  sizes.walker_min_blocks = !sizes.xyzz && !sizes.pair_tree && state == backend::WalkerState::global &&
                                    sizes.n >= kCappedWalkerMinPoints &&
                                    sizes.threads_per_block <= kCappedWalkerBlockThreads
                                ? kCappedWalkerMinBlocks
                                : 0;

  const std::uint64_t max_by_entries = n == 0 ? sizes.windows : kMaxBatchEntries / sizes.n;
  sizes.batch_windows = static_cast<unsigned>(std::clamp<std::uint64_t>(max_by_entries, 1, sizes.windows));
  size_buffers(sizes, options);
  if (options.memory_budget_bytes != 0) {
    while (sizes.batch_windows > 1 && sizes.bytes.total() > options.memory_budget_bytes) {
      --sizes.batch_windows;
      size_buffers(sizes, options);
    }
  }
  return sizes;
}

}  // namespace zkmsm::cuda::detail
