// The CUDA MSM pipeline: kernels (as functors, so that HostExec can also run them as loops) and
// the driver that sequences them. See cuda_msm.hpp for the stage list and plan.hpp for sizes.
//
// Data between stages, for one batch of W windows and n points (E = W·n entries):
//   keys[E], values[E]      decompose_scalars: key = w·B + (|digit| − 1), or the sentinel W·B for a
//                           zero digit or a point at infinity; value = point index | sign << 31
//   sorted keys/values      sort_by_bucket (CUB radix sort on the low key_bits bits)
//   bucket_start/end[W·B]   plan: each non-empty bucket's range in the sorted list; valid = M,
//                           the number of non-sentinel entries
//   bucket_sums[W·B]        accumulate_buckets: affine Σ of each bucket ((0,0) = empty/infinity)
//   window_sums[T]          reduce_buckets: XYZZ Σ_k k·B_k per window
//   result                  combine_windows: affine Horner sum
#pragma once

#include <algorithm>
#include <cstdint>

#include "curve/affine_point.hpp"
#include "msm/cuda/device_curve.cuh"
#include "msm/cuda/exec.cuh"
#include "msm/cuda/lane_parallel.cuh"
#include "msm/cuda/plan.hpp"
#include "msm/cuda/warp_batch_inverse.cuh"

namespace zkmsm::cuda::detail {

inline constexpr u32 kNegative = 1u << 31;
inline constexpr u32 kNoBucket = 0xffffffffu;
inline constexpr unsigned kGenericThreadsPerBlock = 256;

// ---- memory access helpers ---------------------------------------------------------------------
// 16-byte loads and stores of 32-byte field elements; read-only path for inputs.
template <class Fd>
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceAffine<Fd> load_affine(const DeviceAffine<Fd>* base, u64 index) {
#if defined(__CUDA_ARCH__)
  const uint4* p = reinterpret_cast<const uint4*>(base + index);
  const uint4 q0 = __ldg(p), q1 = __ldg(p + 1), q2 = __ldg(p + 2), q3 = __ldg(p + 3);
  DeviceAffine<Fd> out;
  out.x.v[0] = q0.x, out.x.v[1] = q0.y, out.x.v[2] = q0.z, out.x.v[3] = q0.w;
  out.x.v[4] = q1.x, out.x.v[5] = q1.y, out.x.v[6] = q1.z, out.x.v[7] = q1.w;
  out.y.v[0] = q2.x, out.y.v[1] = q2.y, out.y.v[2] = q2.z, out.y.v[3] = q2.w;
  out.y.v[4] = q3.x, out.y.v[5] = q3.y, out.y.v[6] = q3.z, out.y.v[7] = q3.w;
  return out;
#else
  return base[index];
#endif
}

// The x coordinate alone (one 32-byte sector of the point).
template <class Fd>
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE Fd load_affine_x(const DeviceAffine<Fd>* base, u64 index) {
#if defined(__CUDA_ARCH__)
  const uint4* p = reinterpret_cast<const uint4*>(base + index);
  const uint4 q0 = __ldg(p), q1 = __ldg(p + 1);
  Fd x;
  x.v[0] = q0.x, x.v[1] = q0.y, x.v[2] = q0.z, x.v[3] = q0.w;
  x.v[4] = q1.x, x.v[5] = q1.y, x.v[6] = q1.z, x.v[7] = q1.w;
  return x;
#else
  return base[index].x;
#endif
}

// Bucket sums and partials are written in one kernel and read in a later one: plain loads.
template <class Fd>
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceAffine<Fd> load_affine_rw(const DeviceAffine<Fd>* base, u64 index) {
#if defined(__CUDA_ARCH__)
  const uint4* p = reinterpret_cast<const uint4*>(base + index);
  const uint4 q0 = p[0], q1 = p[1], q2 = p[2], q3 = p[3];
  DeviceAffine<Fd> out;
  out.x.v[0] = q0.x, out.x.v[1] = q0.y, out.x.v[2] = q0.z, out.x.v[3] = q0.w;
  out.x.v[4] = q1.x, out.x.v[5] = q1.y, out.x.v[6] = q1.z, out.x.v[7] = q1.w;
  out.y.v[0] = q2.x, out.y.v[1] = q2.y, out.y.v[2] = q2.z, out.y.v[3] = q2.w;
  out.y.v[4] = q3.x, out.y.v[5] = q3.y, out.y.v[6] = q3.z, out.y.v[7] = q3.w;
  return out;
#else
  return base[index];
#endif
}

template <class Fd>
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE void store_affine(DeviceAffine<Fd>* base, u64 index, const DeviceAffine<Fd>& a) {
#if defined(__CUDA_ARCH__)
  uint4* p = reinterpret_cast<uint4*>(base + index);
  p[0] = make_uint4(a.x.v[0], a.x.v[1], a.x.v[2], a.x.v[3]);
  p[1] = make_uint4(a.x.v[4], a.x.v[5], a.x.v[6], a.x.v[7]);
  p[2] = make_uint4(a.y.v[0], a.y.v[1], a.y.v[2], a.y.v[3]);
  p[3] = make_uint4(a.y.v[4], a.y.v[5], a.y.v[6], a.y.v[7]);
#else
  base[index] = a;
#endif
}

// The signed input point of a sorted entry.
template <class Fd>
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceAffine<Fd> gather(const DeviceAffine<Fd>* points, u32 entry) {
  DeviceAffine<Fd> p = load_affine(points, entry & ~kNegative);
  if ((entry & kNegative) != 0) p.y = -p.y;
  return p;
}

// Word k (0..7) of an 8-word array held in registers, without dynamic indexing.
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE u32 select_word(const u32 (&s)[8], u32 k) {
  u32 out = 0;
#pragma unroll
  for (u32 j = 0; j < 8; ++j) out = (j == k) ? s[j] : out;
  return out;
}

// bits [start, start + count) of a 256-bit integer, count ≤ 31; bits past 256 read as 0.
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE u32 extract_bits_256(const u32 (&s)[8], u32 start, u32 count) {
  if (start >= 256) return 0;
  const u32 word = start / 32, shift = start % 32;
  u64 window = select_word(s, word);
  if (word + 1 < 8) window |= static_cast<u64>(select_word(s, word + 1)) << 32;
  return static_cast<u32>(window >> shift) & ((u32{1} << count) - 1);
}

// ---- decompose_scalars -------------------------------------------------------------------------
// One thread per point. Cost: ≤ 5 subtractions for the reduction mod r, then one digit per window.
template <class Curve>
struct DecomposeScalars {
  using Fd = DeviceBase<Curve>;
  const u32* scalars;  // 8 words per scalar, little-endian
  const DeviceAffine<Fd>* points;
  u32 n;
  u32 window_bits;
  u32 first_window;
  u32 batch_windows;  // windows in this batch
  u32 buckets;
  u32 sentinel;
  u32* keys;
  u32* values;

  ZKMSM_HOST_DEVICE void operator()(u64 index) const {
    const u32 i = static_cast<u32>(index);
    constexpr typename DeviceScalarConstants<Curve>::Limbs r = DeviceScalarConstants<Curve>::modulus;
    u32 s[8];
#pragma unroll
    for (int k = 0; k < 8; ++k) s[k] = scalars[8 * static_cast<u64>(i) + k];
    // s mod r: 2^256 / r < 6, so at most 5 subtractions.
    for (int round = 0; round < 6; ++round) {
      u32 d[8];
      u64 borrow = 0;
#pragma unroll
      for (int k = 0; k < 8; ++k) {
        const u64 t = static_cast<u64>(s[k]) - r.v[k] - borrow;
        d[k] = static_cast<u32>(t);
        borrow = (t >> 32) & 1;
      }
      if (borrow != 0) break;  // s < r
#pragma unroll
      for (int k = 0; k < 8; ++k) s[k] = d[k];
    }
    const DeviceAffine<Fd> p = load_affine(points, i);
    const bool skip = p.is_infinity();
    for (u32 w = 0; w < batch_windows; ++w) {
      // Booth digit: bits + borrow_in − 2^c·top (signed_digits.hpp).
      const u32 start = (first_window + w) * window_bits;
      const u32 bits = extract_bits_256(s, start, window_bits);
      const u32 borrow_in = start == 0 ? 0 : extract_bits_256(s, start - 1, 1);
      const u32 top = bits >> (window_bits - 1);
      const std::int32_t digit =
          static_cast<std::int32_t>(bits + borrow_in) - static_cast<std::int32_t>(top << window_bits);
      const u32 magnitude = static_cast<u32>(digit < 0 ? -digit : digit);
      const u64 out = static_cast<u64>(w) * n + i;
      keys[out] = (skip || magnitude == 0) ? sentinel : w * buckets + magnitude - 1;
      values[out] = i | (digit < 0 ? kNegative : 0u);
    }
  }
};

// ---- plan: bucket boundaries in the sorted list ------------------------------------------------
struct BucketBounds {
  const u32* keys;
  u64 count;
  u32 sentinel;
  u32* start;
  u32* end;
  u32* valid;  // M: entries before the first sentinel

  ZKMSM_HOST_DEVICE void operator()(u64 j) const {
    const u32 k = keys[j];
    if (k == sentinel) {
      if (j == 0 || keys[j - 1] != sentinel) *valid = static_cast<u32>(j);
      return;
    }
    if (j == 0 || keys[j - 1] != k) start[k] = static_cast<u32>(j);
    if (j + 1 == count) {
      end[k] = static_cast<u32>(j + 1);
      *valid = static_cast<u32>(count);
    } else if (keys[j + 1] != k) {
      end[k] = static_cast<u32>(j + 1);
    }
  }
};

// ---- accumulate_buckets: the stream walker --------------------------------------------------------
// The M valid sorted entries are cut into threads·S equal contiguous slot ranges (slot g = t·S + k
// of thread t; see slot_begin). A slot walks its range piece by piece, a piece being the part of one bucket inside
// the range. Each round, every active slot does one affine addition (acc + next point, or the
// first two points of a piece) and the thread does ONE inversion for all of them (Montgomery's
// trick). The denominator of each addition is chosen by case, so no case poisons the batch:
//   acc at infinity → copy the point (no denominator)     x differ → dx
//   equal points    → doubling, denominator 2y            P + (−P) → infinity (no denominator)
// A finished piece goes to bucket_sums when it is a whole bucket (kFull), else to the slot's
// head partial (the piece started mid-bucket, at the range start) or tail partial (it runs to the
// range end; split_index[bucket] = the slot). A split bucket's parts are one tail and the heads of
// the following slots; reduce_buckets adds them (short buckets) or combine_partials does (long).
enum : u32 { kPieceFull = 0, kPieceHead = 1, kPieceTail = 2 };
enum : u32 { kCaseAdd = 1, kCaseDouble = 2, kCaseCopyLhs = 3, kCaseCopyRhs = 4, kCaseInfinity = 5 };
inline constexpr u32 kFlagKindMask = 0x3, kFlagFirst = 1u << 2, kFlagActive = 1u << 3, kFlagHasPrev = 1u << 4;
inline constexpr u32 kFlagCaseShift = 5, kFlagCaseMask = 0x7u << kFlagCaseShift;

struct SlotState {
  u32 cur;        // next entry to consume
  u32 end;        // end of the slot's range
  u32 piece_end;  // end of the current piece
  u32 bucket;     // bucket of the current piece
  u32 flags;      // kind | first | active | has_prev | case
};

// Split buckets are short or long by their size against the slot length: a short one has at most
// kShortSplitSlots + 2 parts, which reduce_buckets adds one after the other; combine_partials sums
// the parts of long ones in levels (a bucket of every entry can span millions of slots).
inline constexpr u64 kShortSplitSlots = 8;

struct SplitLength {
  const u32* bucket_start;
  const u32* bucket_end;
  const u32* valid;  // M
  u64 slot_count;

  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE bool is_long(u32 bucket) const {
    // Slot ranges hold ⌈M / slots⌉ entries (slot_begin); a bucket with parts has entries, so M ≥ 1.
    const u32 m = *valid;
    const u32 per_slot = slot_count >= m ? 1u : (m - 1) / static_cast<u32>(slot_count) + 1;
    return bucket_end[bucket] - bucket_start[bucket] > kShortSplitSlots * per_slot;
  }
};

template <class Fd>
struct WalkerArgs {
  const DeviceAffine<Fd>* points;
  const u32* keys;    // sorted
  const u32* values;  // sorted
  const u32* bucket_start;
  const u32* bucket_end;
  const u32* valid;  // M
  DeviceAffine<Fd>* bucket_sums;
  DeviceAffine<Fd>* head_points;
  u32* head_bucket;
  DeviceAffine<Fd>* tail_points;
  u32* tail_bucket;
  u32* split_index;      // per bucket: the slot of its tail part (kNoBucket: not split)
  u32* long_split_flag;  // set to 1 when a bucket is split and long (SplitLength)
  u32 threads;
  u32 slots;   // S
  u32* state;  // walker state in device memory (global, global_warp), else null
};

// Slot state in thread-private arrays; with the slot loops unrolled these are registers (the
// compiler moves them to local memory when they do not fit).
// kWarpBatched: the round's inversion is shared by the warp (warp_batch_inverse) instead of one
// per thread, so each thread keeps only a few slots in registers while 32·S additions share an
// inversion.
template <class Fd, int kS, bool kWarpBatched>
struct RegisterStore {
  static constexpr bool kStatic = true;
  static constexpr bool kWarp = kWarpBatched;
  static constexpr int kSlots = kS;
  SlotState slot_[kS];
  DeviceAffine<Fd> acc_[kS];
  Fd prefix_[kS];

  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE int slots() const { return kS; }
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE SlotState slot(int k) const { return slot_[k]; }
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE void set_slot(int k, const SlotState& s) { slot_[k] = s; }
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceAffine<Fd> acc(int k) const { return acc_[k]; }
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE Fd acc_x(int k) const { return acc_[k].x; }
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE void set_acc(int k, const DeviceAffine<Fd>& a) { acc_[k] = a; }
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE Fd prefix(int k) const { return prefix_[k]; }
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE void set_prefix(int k, const Fd& p) { prefix_[k] = p; }
};

// Slot state in device memory: word w of slot k of thread t at ((k·kSlotWords + w)·threads + t),
// so a warp's accesses to one word are consecutive. kWarpBatched: one inversion per round for the
// warp, as in RegisterStore.
template <class Fd, bool kWarpBatched>
struct GlobalStore {
  static constexpr bool kStatic = false;
  static constexpr bool kWarp = kWarpBatched;
  static constexpr int kSlots = 0;
  u32* base;
  u32 threads;
  u32 t;
  int count;

  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE int slots() const { return count; }
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE u32* word(int k, u32 w) const {
    return base + (static_cast<u64>(k) * kSlotWords + w) * threads + t;
  }
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE SlotState slot(int k) const {
    return {*word(k, 0), *word(k, 1), *word(k, 2), *word(k, 3), *word(k, 4)};
  }
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE void set_slot(int k, const SlotState& s) {
    *word(k, 0) = s.cur, *word(k, 1) = s.end, *word(k, 2) = s.piece_end, *word(k, 3) = s.bucket;
    *word(k, 4) = s.flags;
  }
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE Fd load_field(int k, u32 first_word) const {
    Fd f;
#pragma unroll
    for (u32 i = 0; i < 8; ++i) f.v[i] = *word(k, first_word + i);
    return f;
  }
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE void store_field(int k, u32 first_word, const Fd& f) {
#pragma unroll
    for (u32 i = 0; i < 8; ++i) *word(k, first_word + i) = f.v[i];
  }
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceAffine<Fd> acc(int k) const {
    return {load_field(k, kSlotScalarWords), load_field(k, kSlotScalarWords + 8)};
  }
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE Fd acc_x(int k) const { return load_field(k, kSlotScalarWords); }
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE void set_acc(int k, const DeviceAffine<Fd>& a) {
    store_field(k, kSlotScalarWords, a.x);
    store_field(k, kSlotScalarWords + 8, a.y);
  }
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE Fd prefix(int k) const { return load_field(k, kSlotScalarWords + 16); }
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE void set_prefix(int k, const Fd& p) { store_field(k, kSlotScalarWords + 16, p); }
};

template <class Store, class F>
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE void for_each_slot(Store& store, F&& f) {
  if constexpr (Store::kStatic) {
#pragma unroll
    for (int k = 0; k < Store::kSlots; ++k) f(k);
  } else {
#pragma unroll 1
    for (int k = 0; k < store.slots(); ++k) f(k);
  }
}

template <class Store, class F>
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE void for_each_slot_reverse(Store& store, F&& f) {
  if constexpr (Store::kStatic) {
#pragma unroll
    for (int k = Store::kSlots - 1; k >= 0; --k) f(k);
  } else {
#pragma unroll 1
    for (int k = store.slots() - 1; k >= 0; --k) f(k);
  }
}

// Start of slot g's range: min(g·⌈M / (threads·S)⌉, M). Only trailing slots can be empty, so
// a bucket split between slots always continues in the next slot (combine_partials relies on it).
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE u32 slot_begin(u64 g, u32 valid, u64 slot_count) {
  const u64 per_slot = (valid + slot_count - 1) / slot_count;
  const u64 begin = g * per_slot;
  return static_cast<u32>(begin < valid ? begin : valid);
}

template <class Fd>
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE void emit_piece(
    const WalkerArgs<Fd>& a, u64 g, u32 kind, u32 bucket, const DeviceAffine<Fd>& value) {
  if (kind == kPieceFull) {
    store_affine(a.bucket_sums, bucket, value);
  } else if (kind == kPieceHead) {
    store_affine(a.head_points, g, value);
    a.head_bucket[g] = bucket;
  } else {
    store_affine(a.tail_points, g, value);
    a.tail_bucket[g] = bucket;
    a.split_index[bucket] = static_cast<u32>(g);
    const SplitLength length{a.bucket_start, a.bucket_end, a.valid, static_cast<u64>(a.threads) * a.slots};
    if (length.is_long(bucket)) *a.long_split_flag = 1;
  }
}

// Sets up the slot's next piece with ≥ 2 entries at s.cur, emitting one-entry pieces on the way;
// clears kFlagActive when the range is exhausted.
template <class Fd>
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE void start_piece(const WalkerArgs<Fd>& a, u64 g, SlotState& s) {
  while (s.cur < s.end) {
    const u32 bucket = a.keys[s.cur];
    const u32 bucket_start = a.bucket_start[bucket];
    const u32 bucket_end = a.bucket_end[bucket];
    const u32 piece_end = bucket_end < s.end ? bucket_end : s.end;
    // Only a slot's first piece can start mid-bucket.
    const u32 kind = s.cur != bucket_start ? kPieceHead : (piece_end == bucket_end ? kPieceFull : kPieceTail);
    if (piece_end - s.cur == 1) {
      emit_piece(a, g, kind, bucket, gather(a.points, a.values[s.cur]));
      ++s.cur;
      continue;
    }
    s.piece_end = piece_end;
    s.bucket = bucket;
    s.flags = kind | kFlagFirst | kFlagActive;
    return;
  }
  s.flags = 0;
}

template <class Fd>
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE u32 classify(const DeviceAffine<Fd>& lhs, const DeviceAffine<Fd>& rhs) {
  if (lhs.is_infinity()) return kCaseCopyRhs;
  if (rhs.is_infinity()) return kCaseCopyLhs;
  if (lhs.x != rhs.x) return kCaseAdd;
  if (lhs.y == rhs.y && !lhs.y.is_zero()) return kCaseDouble;
  return kCaseInfinity;
}

template <class Fd>
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE Fd denominator(u32 kase,
                                                    const DeviceAffine<Fd>& lhs,
                                                    const DeviceAffine<Fd>& rhs) {
  return kase == kCaseAdd ? rhs.x - lhs.x : lhs.y.doubled();
}

template <class Fd, class Store>
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE void load_operands(const WalkerArgs<Fd>& a,
                                                        const Store& store,
                                                        int k,
                                                        const SlotState& s,
                                                        DeviceAffine<Fd>& lhs,
                                                        DeviceAffine<Fd>& rhs) {
  const bool first = (s.flags & kFlagFirst) != 0;
  rhs = gather(a.points, a.values[s.cur + (first ? 1 : 0)]);
  lhs = first ? gather(a.points, a.values[s.cur]) : store.acc(k);
}

// The forward pass's case and denominator. It reads only the two x coordinates: distinct non-zero
// x (neither operand is infinity, which is (0, 0)) is the common case, an addition with
// denominator x2 − x1; anything else loads both points and classifies in full.
template <class Fd, class Store>
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE u32
classify_forward(const WalkerArgs<Fd>& a, const Store& store, int k, const SlotState& s, Fd& d) {
  const bool first = (s.flags & kFlagFirst) != 0;
  const u32 rhs_entry = a.values[s.cur + (first ? 1 : 0)];
  const Fd lhs_x = first ? load_affine_x(a.points, a.values[s.cur] & ~kNegative) : store.acc_x(k);
  const Fd rhs_x = load_affine_x(a.points, rhs_entry & ~kNegative);
  if (!lhs_x.is_zero() && !rhs_x.is_zero() && lhs_x != rhs_x) {
    d = rhs_x - lhs_x;
    return kCaseAdd;
  }
  DeviceAffine<Fd> lhs, rhs;
  load_operands(a, store, k, s, lhs, rhs);
  const u32 kase = classify(lhs, rhs);
  if (kase == kCaseAdd || kase == kCaseDouble) d = denominator(kase, lhs, rhs);
  return kase;
}

template <class Fd, class Store>
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE void walk(const WalkerArgs<Fd>& a, u32 t, Store& store) {
  const u32 valid = *a.valid;
  const u64 slot_count = static_cast<u64>(a.threads) * a.slots;
  const u64 first_slot = static_cast<u64>(t) * a.slots;

  for_each_slot(store, [&](int k) {
    const u64 g = first_slot + k;
    SlotState s{slot_begin(g, valid, slot_count), slot_begin(g + 1, valid, slot_count), 0, 0, 0};
    start_piece(a, g, s);
    store.set_slot(k, s);
  });

  for (;;) {
    // Forward: classify each active slot's addition, chain the denominators.
    Fd product = Fd::one();
    bool have_product = false;
    bool any_active = false;
    for_each_slot(store, [&](int k) {
      SlotState s = store.slot(k);
      if ((s.flags & kFlagActive) == 0) return;
      any_active = true;
      Fd d;
      const u32 kase = classify_forward(a, store, k, s, d);
      s.flags = (s.flags & ~(kFlagCaseMask | kFlagHasPrev)) | (kase << kFlagCaseShift);
      if (kase == kCaseAdd || kase == kCaseDouble) {
        if (have_product) {
          store.set_prefix(k, product);  // exclusive prefix: Π of the earlier denominators
          s.flags |= kFlagHasPrev;
          product = product * d;
        } else {
          product = d;
          have_product = true;
        }
      }
      store.set_slot(k, s);
    });
    // One inversion for the round (for the warp's rounds: lanes whose slots are done keep
    // taking part, with nothing to invert, until every lane is done).
    Fd inverse;
    if constexpr (Store::kWarp) {
      if (!warp_any(any_active)) break;
      inverse = warp_batch_inverse(have_product ? product : Fd::one());
    } else {
      if (!any_active) break;
      inverse = have_product ? product.inverse() : Fd::one();
    }

    // Backward: peel the denominators, finish each addition, advance.
    for_each_slot_reverse(store, [&](int k) {
      SlotState s = store.slot(k);
      if ((s.flags & kFlagActive) == 0) return;
      DeviceAffine<Fd> lhs, rhs;
      load_operands(a, store, k, s, lhs, rhs);
      const u32 kase = (s.flags & kFlagCaseMask) >> kFlagCaseShift;
      DeviceAffine<Fd> sum;
      if (kase == kCaseAdd || kase == kCaseDouble) {
        Fd inv_d = inverse;
        if ((s.flags & kFlagHasPrev) != 0) {
          inv_d = inverse * store.prefix(k);
          inverse = inverse * denominator(kase, lhs, rhs);
        }
        Fd numerator;
        if (kase == kCaseAdd) {
          numerator = rhs.y - lhs.y;  // λ = (y2 − y1) / (x2 − x1)
        } else {
          const Fd x2 = lhs.x.squared();
          numerator = x2.doubled() + x2;  // λ = 3x² / 2y
        }
        const Fd lambda = numerator * inv_d;
        sum.x = lambda.squared() - lhs.x - rhs.x;  // x3 = λ² − x1 − x2
        sum.y = lambda * (lhs.x - sum.x) - lhs.y;  // y3 = λ(x1 − x3) − y1
      } else if (kase == kCaseCopyRhs) {
        sum = rhs;
      } else if (kase == kCaseCopyLhs) {
        sum = lhs;
      } else {
        sum = DeviceAffine<Fd>::infinity();
      }
      s.cur += (s.flags & kFlagFirst) != 0 ? 2 : 1;
      s.flags &= ~kFlagFirst;
      if (s.cur == s.piece_end) {
        const u64 g = first_slot + k;
        emit_piece(a, g, s.flags & kFlagKindMask, s.bucket, sum);
        start_piece(a, g, s);
      } else {
        store.set_acc(k, sum);
      }
      store.set_slot(k, s);
    });
  }
}

// kS = 0: slots in global memory (args.slots of them); kS > 0: kS slots in registers. Either with
// the inversion per thread or (kWarpBatched) per warp.
template <class Curve, int kS, bool kWarpBatched = false>
struct StreamWalker {
  using Fd = DeviceBase<Curve>;
  WalkerArgs<Fd> args;

  ZKMSM_HOST_DEVICE void operator()(u64 t) const {
    if constexpr (kS > 0) {
      RegisterStore<Fd, kS, kWarpBatched> store;
      walk(args, static_cast<u32>(t), store);
    } else {
      GlobalStore<Fd, kWarpBatched> store{args.state, args.threads, static_cast<u32>(t), static_cast<int>(args.slots)};
      walk(args, static_cast<u32>(t), store);
    }
  }
};

// The walker's parts of split buckets, as reduce_buckets reads them.
template <class Fd>
struct SplitParts {
  const DeviceAffine<Fd>* head_points;
  const u32* head_bucket;
  const DeviceAffine<Fd>* tail_points;
  SplitLength length;

  // acc + the parts of a short bucket whose tail is in slot `origin`: that tail, then the heads of
  // the following slots while they belong to the bucket.
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceXyzz<Fd> add_short(DeviceXyzz<Fd> acc, u32 bucket, u32 origin) const {
    acc = acc.add_affine(load_affine_rw(tail_points, origin));
    for (u64 v = origin + 1; v < length.slot_count && head_bucket[v] == bucket; ++v)
      acc = acc.add_affine(load_affine_rw(head_points, v));
    return acc;
  }
};

// combine_partials: the sum of each long split bucket, by levels of units. A unit (a slot
// on level 0, a block of units above) has at most two records: a head (the part of a bucket that
// began before the unit) and a tail (a bucket that begins inside the unit and continues after it,
// tagged with its origin slot). A bucket's records sit in consecutive units: one tail, then heads.
// On each level, for each unit u whose records belong to long buckets (SplitLength)
//   * its tail is summed with the following heads of the same bucket inside its block; if the
//     bucket ends there, the XYZZ sum is final: split_sums[origin];
//     otherwise it becomes the block's tail record for the next level;
//   * if u starts a block and has a head, the run of heads of that bucket at the block start is
//     summed into the block's head record.
// Blocks of kCombineBlockUnits units, a thread per unit: a bucket spread over K slots takes
// ⌈log_8 K⌉ levels. No inversion: reduce_buckets adds the XYZZ sums. With random scalars no bucket
// is long, and each thread only looks at its records.
inline constexpr u32 kCombineBlock = static_cast<u32>(kCombineBlockUnits);

template <class Curve>
struct CombineLevel {
  using Fd = DeviceBase<Curve>;
  using Xyzz = DeviceXyzz<Fd>;
  // Level 0 (walker records, affine); the XYZZ inputs below are null then.
  const DeviceAffine<Fd>* head_points;
  const u32* head_bucket;
  const DeviceAffine<Fd>* tail_points;
  const u32* tail_bucket;
  // Levels ≥ 1.
  const Xyzz* in_head_value;
  const Xyzz* in_tail_value;
  const u32* in_tail_origin;
  u64 units;
  // Records of the next level (null on the last level, where every sum is final).
  u32* out_head_bucket;
  Xyzz* out_head_value;
  u32* out_tail_bucket;
  Xyzz* out_tail_value;
  u32* out_tail_origin;
  // Final sums of long split buckets, at their origin slot.
  Xyzz* split_sums;
  SplitLength length;
  const u32* long_split_flag;  // 0: no bucket is long, nothing to do

  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE Xyzz add_head(const Xyzz& acc, u64 v) const {
    return in_head_value == nullptr ? acc.add_affine(load_affine_rw(head_points, v)) : acc + in_head_value[v];
  }

  ZKMSM_HOST_DEVICE void operator()(u64 u) const {
    if (*long_split_flag == 0) return;
    const u64 block = u / kCombineBlock;
    const u64 block_end = (block + 1) * kCombineBlock < units ? (block + 1) * kCombineBlock : units;
    if (u % kCombineBlock == 0) {
      const u32 bucket = head_bucket[u];
      if (bucket != kNoBucket && out_head_bucket != nullptr && length.is_long(bucket)) {
        Xyzz sum = add_head(Xyzz::infinity(), u);
        u64 v = u + 1;
        while (v < block_end && head_bucket[v] == bucket) sum = add_head(sum, v++);
        out_head_bucket[block] = bucket;
        out_head_value[block] = sum;
      }
    }
    const u32 bucket = tail_bucket[u];
    if (bucket == kNoBucket || !length.is_long(bucket)) return;
    const u32 origin = in_tail_origin == nullptr ? static_cast<u32>(u) : in_tail_origin[u];
    Xyzz sum = in_tail_value == nullptr ? Xyzz::from_affine(load_affine_rw(tail_points, u)) : in_tail_value[u];
    u64 v = u + 1;
    while (v < block_end && head_bucket[v] == bucket) sum = add_head(sum, v++);
    if (out_tail_bucket != nullptr && v == block_end && v < units && head_bucket[v] == bucket) {
      out_tail_bucket[block] = bucket;
      out_tail_origin[block] = origin;
      out_tail_value[block] = sum;
    } else {
      split_sums[origin] = sum;
    }
  }
};

// ---- reduce_buckets ------------------------------------------------------------------------------
// Per window, W = Σ_{i=0..m−1} i·a_i + Σ b_i over items (a_i, b_i); initially a_i = B_i (bucket
// of magnitude i, a_0 = infinity) and b = 0. A level cuts the items into chunks of L and replaces
// chunk j by
//   a'_j = L · Σ_t a_{jL+t}                 (log2 L doublings)
//   b'_j = Σ_t t·a_{jL+t} + Σ_t b_{jL+t}    (running sums from the top of the chunk)
// which keeps W unchanged: Σ_t (jL + t)·a_{jL+t} = j·(L·Σ_t a) + Σ_t t·a. The last level has one
// item per window and W = b'_0. Cost per chunk: 2(L − 1) + 1 additions, L more for the b sum
// (after level 0), log2 L doublings.
template <class Curve>
struct ReduceLevel {
  using Fd = DeviceBase<Curve>;
  using Xyzz = DeviceXyzz<Fd>;
  const DeviceAffine<Fd>* bucket_sums;  // level 0 input, else null
  const u32* split_index;               // level 0: split buckets' tail slots
  const Xyzz* split_sums;               // level 0: long split buckets' sums, at the tail slot
  SplitParts<Fd> parts;                 // level 0: short split buckets' parts
  const Xyzz* in_a;                     // later levels
  const Xyzz* in_b;
  u32 buckets;
  u32 items_in;   // per window
  u32 items_out;  // per window
  u32 chunk;      // L
  u32 log2_chunk;
  Xyzz* out_a;  // null on the last level
  Xyzz* out_b;  // window sums on the last level

  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE Xyzz add_item(const Xyzz& acc, u32 w, u32 i) const {
    if (bucket_sums != nullptr) {
      if (i == 0 || i > buckets) return acc;
      // A bucket is whole (affine, from the walker; infinity when split) or split: the parts of a
      // short one, the XYZZ sum of a long one (combine_partials).
      const u32 bucket = w * buckets + i - 1;
      const Xyzz sum = acc.add_affine(load_affine_rw(bucket_sums, bucket));
      const u32 split = split_index[bucket];
      if (split == kNoBucket) return sum;
      return parts.length.is_long(bucket) ? sum + split_sums[split] : parts.add_short(sum, bucket, split);
    }
    return acc + in_a[static_cast<u64>(w) * items_in + i];
  }

  ZKMSM_HOST_DEVICE void operator()(u64 index) const {
    const u32 w = static_cast<u32>(index / items_out);
    const u32 j = static_cast<u32>(index % items_out);
    const u32 first = j * chunk;
    Xyzz running = Xyzz::infinity();
    Xyzz weighted = Xyzz::infinity();
    for (u32 t = chunk - 1; t >= 1; --t) {
      if (first + t < items_in) {
        running = add_item(running, w, first + t);
        weighted = weighted + running;  // adds a_{first+t} once for each t' ≤ t, t' ≥ 1
      }
    }
    running = add_item(running, w, first);
    if (bucket_sums == nullptr) {
      for (u32 t = 0; t < chunk && first + t < items_in; ++t)
        weighted = weighted + in_b[static_cast<u64>(w) * items_in + first + t];
    }
    const u64 out = static_cast<u64>(w) * items_out + j;
    out_b[out] = weighted;
    if (out_a != nullptr) {
      for (u32 d = 0; d < log2_chunk; ++d) running = running.doubled();
      out_a[out] = running;
    }
  }
};

// ---- combine_windows -------------------------------------------------------------------------------
// One warp: Horner from the top window, c doublings per window, then one inversion. The chain of
// ~254 dependent doublings is latency-bound; each doubling's independent multiplications run on
// different lanes (lane_parallel.cuh). Every lane computes the same point; lane 0 stores it.
inline constexpr unsigned kCombineWindowsThreads = 32;

template <class Curve>
struct CombineWindows {
  using Fd = DeviceBase<Curve>;
  const DeviceXyzz<Fd>* window_sums;
  u32 windows;
  u32 window_bits;
  DeviceAffine<Fd>* result;

  ZKMSM_HOST_DEVICE void operator()(u64 lane) const {
    DeviceXyzz<Fd> acc = window_sums[windows - 1];
    for (u32 w = windows - 1; w-- > 0;) {
      // c doublings in Jacobian (dbl-2009-l, 7 multiplications, against 9 in XYZZ).
      DeviceJacobian<Fd> j = DeviceJacobian<Fd>::from_xyzz(acc);
      for (u32 i = 0; i < window_bits; ++i) j = j.doubled(Mul3AcrossLanes{});
      acc = j.to_xyzz() + window_sums[w];
    }
    const DeviceAffine<Fd> sum = acc.to_affine();
    if (lane == 0) store_affine(result, 0, sum);
  }
};

// ---- the driver ------------------------------------------------------------------------------------
struct DeviceInputs {
  const void* points;   // n × 64 bytes, AffinePoint layout
  const void* scalars;  // n × 32 bytes
};

template <class Curve, int kS, class Exec>
CudaStatus launch_walker(Exec& exec, const Plan& plan, const WalkerArgs<DeviceBase<Curve>>& args) {
  return exec.for_each(plan.walker_threads, plan.threads_per_block, StreamWalker<Curve, kS>{args});
}

template <class Curve, int kS, class Exec>
CudaStatus launch_warp_walker(Exec& exec, const Plan& plan, const WalkerArgs<DeviceBase<Curve>>& args) {
  return exec.for_each(plan.walker_threads, plan.threads_per_block, StreamWalker<Curve, kS, true>{args});
}

template <class Curve, class Exec>
CudaStatus dispatch_walker(Exec& exec, const Plan& plan, const WalkerArgs<DeviceBase<Curve>>& args) {
  if (plan.state == backend::WalkerState::warp) {
    switch (plan.slots) {
      case 1:
        return launch_warp_walker<Curve, 1>(exec, plan, args);
      case 2:
        return launch_warp_walker<Curve, 2>(exec, plan, args);
      case 4:
        return launch_warp_walker<Curve, 4>(exec, plan, args);
      default:
        return failure("unsupported walker_slots for warp state");
    }
  }
  if (plan.state == backend::WalkerState::global_warp) {
    return exec.for_each(plan.walker_threads, plan.threads_per_block, StreamWalker<Curve, 0, true>{args});
  }
  if (plan.state == backend::WalkerState::global) {
    const StreamWalker<Curve, 0> walker{args};
    switch (walker_min_blocks() != 0 ? walker_min_blocks() : plan.walker_min_blocks) {
      case 3:
        return exec.template for_each_bounded<256, 3>(plan.walker_threads, plan.threads_per_block, walker);
      case 4:
        return exec.template for_each_bounded<256, 4>(plan.walker_threads, plan.threads_per_block, walker);
      default:
        return launch_walker<Curve, 0>(exec, plan, args);
    }
  }
  switch (plan.slots) {
    case 1:
      return launch_walker<Curve, 1>(exec, plan, args);
    case 2:
      return launch_walker<Curve, 2>(exec, plan, args);
    case 4:
      return launch_walker<Curve, 4>(exec, plan, args);
    case 8:
      return launch_walker<Curve, 8>(exec, plan, args);
    case 16:
      return launch_walker<Curve, 16>(exec, plan, args);
    default:
      return failure("unsupported walker_slots for registers state");
  }
}

// Runs every stage for inputs already in the executor's memory; writes the affine result to
// *result (host). stage_ms accumulates per-stage times.
template <class Curve, class Exec>
CudaStatus run_pipeline(Exec& exec, const Plan& plan, const DeviceInputs& inputs, AffinePoint<Curve>* result) {
  using Fd = DeviceBase<Curve>;
  using Affine = DeviceAffine<Fd>;
  using Xyzz = DeviceXyzz<Fd>;
  static_assert(kDeviceLayoutMatches<Curve>, "device and host point layouts differ");
  static_assert(sizeof(Affine) == kAffineBytes && sizeof(Xyzz) == kXyzzBytes, "plan.hpp sizes are stale");

  const u32 n = static_cast<u32>(plan.n);
  const u64 entries = plan.batch_entries;
  const auto* points = static_cast<const Affine*>(inputs.points);
  const auto* scalars = static_cast<const u32*>(inputs.scalars);

  // ---- allocations (all of them up front: the peak is their sum) ----
  u32 *keys = nullptr, *keys_alt = nullptr, *values = nullptr, *values_alt = nullptr;
  ZKMSM_TRY(exec.alloc(keys, entries));
  ZKMSM_TRY(exec.alloc(keys_alt, entries));
  ZKMSM_TRY(exec.alloc(values, entries));
  ZKMSM_TRY(exec.alloc(values_alt, entries));
  std::size_t temp_bytes = 0;
  ZKMSM_TRY(exec.sort_temp_bytes(static_cast<int>(entries), static_cast<int>(plan.key_bits), &temp_bytes));
  unsigned char* sort_temp = nullptr;
  ZKMSM_TRY(exec.alloc(sort_temp, temp_bytes));
  u32 *bucket_start = nullptr, *bucket_end = nullptr;
  ZKMSM_TRY(exec.alloc(bucket_start, plan.sentinel_key));
  ZKMSM_TRY(exec.alloc(bucket_end, plan.sentinel_key));
  Affine* bucket_sums = nullptr;
  ZKMSM_TRY(exec.alloc(bucket_sums, plan.sentinel_key));
  Affine *head_points = nullptr, *tail_points = nullptr;
  u32 *head_bucket = nullptr, *tail_bucket = nullptr;
  ZKMSM_TRY(exec.alloc(head_points, plan.walker_slot_count));
  ZKMSM_TRY(exec.alloc(tail_points, plan.walker_slot_count));
  ZKMSM_TRY(exec.alloc(head_bucket, plan.walker_slot_count));
  ZKMSM_TRY(exec.alloc(tail_bucket, plan.walker_slot_count));
  Xyzz* split_sums = nullptr;
  u32* split_index = nullptr;
  ZKMSM_TRY(exec.alloc(split_sums, plan.walker_slot_count));
  ZKMSM_TRY(exec.alloc(split_index, plan.sentinel_key));
  // Records of combine levels ≥ 1, two sets used alternately.
  struct LevelRecords {
    u32 *head_bucket = nullptr, *tail_bucket = nullptr, *tail_origin = nullptr;
    Xyzz *head_value = nullptr, *tail_value = nullptr;
  } records[2];
  const u64 level_units = plan.combine_level_units;
  if (level_units != 0) {
    for (LevelRecords& r : records) {
      ZKMSM_TRY(exec.alloc(r.head_bucket, level_units));
      ZKMSM_TRY(exec.alloc(r.tail_bucket, level_units));
      ZKMSM_TRY(exec.alloc(r.tail_origin, level_units));
      ZKMSM_TRY(exec.alloc(r.head_value, level_units));
      ZKMSM_TRY(exec.alloc(r.tail_value, level_units));
    }
  }
  u32* walker_state = nullptr;
  if (plan.state_in_device_memory()) ZKMSM_TRY(exec.alloc(walker_state, plan.walker_slot_count * kSlotWords));
  Xyzz* reduce_buffer[2] = {nullptr, nullptr};
  for (int b = 0; b < 2; ++b) {
    if (plan.reduce_buffer_items[b] != 0) ZKMSM_TRY(exec.alloc(reduce_buffer[b], 2 * plan.reduce_buffer_items[b]));
  }
  Xyzz* window_sums = nullptr;
  ZKMSM_TRY(exec.alloc(window_sums, plan.windows));
  unsigned char* meta = nullptr;
  ZKMSM_TRY(exec.alloc(meta, kMetaBytes));
  u32* valid = reinterpret_cast<u32*>(meta);
  u32* long_split_flag = reinterpret_cast<u32*>(meta + sizeof(u32));
  Affine* device_result = reinterpret_cast<Affine*>(meta + 64);

  for (unsigned first_window = 0; first_window < plan.windows; first_window += plan.batch_windows) {
    const u32 batch_windows = std::min(plan.batch_windows, plan.windows - first_window);
    const u64 batch_entries = static_cast<u64>(batch_windows) * n;

    // decompose_scalars
    ZKMSM_TRY(exec.stage_begin(kDecompose));
    ZKMSM_TRY(exec.for_each(n, kGenericThreadsPerBlock,
                            DecomposeScalars<Curve>{scalars, points, n, plan.window_bits, first_window, batch_windows,
                                                    plan.buckets, plan.sentinel_key, keys, values}));
    ZKMSM_TRY(exec.stage_end(kDecompose));

    // sort_by_bucket
    ZKMSM_TRY(exec.stage_begin(kSort));
    bool sorted_in_alt = false;
    ZKMSM_TRY(exec.sort_pairs(keys, keys_alt, values, values_alt, static_cast<int>(batch_entries),
                              static_cast<int>(plan.key_bits), sort_temp, temp_bytes, &sorted_in_alt));
    const u32* sorted_keys = sorted_in_alt ? keys_alt : keys;
    const u32* sorted_values = sorted_in_alt ? values_alt : values;
    ZKMSM_TRY(exec.stage_end(kSort));

    // plan: bucket boundaries, valid count; partial markers cleared; empty buckets = infinity.
    ZKMSM_TRY(exec.stage_begin(kPlan));
    ZKMSM_TRY(
        exec.for_each(batch_entries, kGenericThreadsPerBlock,
                      BucketBounds{sorted_keys, batch_entries, plan.sentinel_key, bucket_start, bucket_end, valid}));
    if (batch_entries == 0) ZKMSM_TRY(exec.memset(valid, 0, sizeof(u32)));
    ZKMSM_TRY(exec.memset(head_bucket, 0xff, plan.walker_slot_count * sizeof(u32)));
    ZKMSM_TRY(exec.memset(tail_bucket, 0xff, plan.walker_slot_count * sizeof(u32)));
    ZKMSM_TRY(exec.memset(bucket_sums, 0, static_cast<std::size_t>(batch_windows) * plan.buckets * sizeof(Affine)));
    ZKMSM_TRY(exec.memset(split_index, 0xff, static_cast<std::size_t>(batch_windows) * plan.buckets * sizeof(u32)));
    ZKMSM_TRY(exec.memset(long_split_flag, 0, sizeof(u32)));
    ZKMSM_TRY(exec.stage_end(kPlan));

    // accumulate_buckets
    ZKMSM_TRY(exec.stage_begin(kAccumulate));
    const WalkerArgs<Fd> args{points,      sorted_keys, sorted_values,   bucket_start,        bucket_end,
                              valid,       bucket_sums, head_points,     head_bucket,         tail_points,
                              tail_bucket, split_index, long_split_flag, plan.walker_threads, plan.slots,
                              walker_state};
    const SplitLength split_length{bucket_start, bucket_end, valid, plan.walker_slot_count};
    ZKMSM_TRY(dispatch_walker<Curve>(exec, plan, args));
    ZKMSM_TRY(exec.stage_end(kAccumulate));
    // combine_partials, level by level until one block holds every unit.
    ZKMSM_TRY(exec.stage_begin(kCombinePartials));
    {
      u64 units = plan.walker_slot_count;
      const LevelRecords* in = nullptr;
      for (int level = 0;; ++level) {
        const bool last = units <= kCombineBlock;
        const u64 blocks = (units + kCombineBlock - 1) / kCombineBlock;
        const LevelRecords* out = last ? nullptr : &records[level % 2];
        if (out != nullptr) {
          ZKMSM_TRY(exec.memset(out->head_bucket, 0xff, blocks * sizeof(u32)));
          ZKMSM_TRY(exec.memset(out->tail_bucket, 0xff, blocks * sizeof(u32)));
        }
        const CombineLevel<Curve> kernel{level == 0 ? head_points : nullptr,
                                         level == 0 ? head_bucket : in->head_bucket,
                                         level == 0 ? tail_points : nullptr,
                                         level == 0 ? tail_bucket : in->tail_bucket,
                                         level == 0 ? nullptr : in->head_value,
                                         level == 0 ? nullptr : in->tail_value,
                                         level == 0 ? nullptr : in->tail_origin,
                                         units,
                                         out ? out->head_bucket : nullptr,
                                         out ? out->head_value : nullptr,
                                         out ? out->tail_bucket : nullptr,
                                         out ? out->tail_value : nullptr,
                                         out ? out->tail_origin : nullptr,
                                         split_sums,
                                         split_length,
                                         long_split_flag};
        ZKMSM_TRY(exec.for_each(units, point_kernel_threads_per_block(), kernel));
        if (last) break;
        in = out;
        units = blocks;
      }
    }
    ZKMSM_TRY(exec.stage_end(kCombinePartials));

    // reduce_buckets
    ZKMSM_TRY(exec.stage_begin(kReduce));
    const std::size_t levels = plan.reduce_chunk.size();
    for (std::size_t level = 0; level < levels; ++level) {
      const bool last = level + 1 == levels;
      const u32 chunk = plan.reduce_chunk[level];
      u32 log2_chunk = 0;
      while ((u32{1} << log2_chunk) < chunk) ++log2_chunk;
      const Xyzz* in = level == 0 ? nullptr : reduce_buffer[(level - 1) % 2];
      const u32 items_in = plan.reduce_items[level];
      const u32 items_out = plan.reduce_items[level + 1];
      Xyzz* out = last ? nullptr : reduce_buffer[level % 2];
      const u64 out_stride = static_cast<u64>(batch_windows) * items_out;
      ReduceLevel<Curve> kernel{level == 0 ? bucket_sums : nullptr,
                                split_index,
                                split_sums,
                                {head_points, head_bucket, tail_points, split_length},
                                in,
                                in == nullptr ? nullptr : in + static_cast<u64>(batch_windows) * items_in,
                                plan.buckets,
                                items_in,
                                items_out,
                                chunk,
                                log2_chunk,
                                out,
                                last ? window_sums + first_window : out + out_stride};
      ZKMSM_TRY(exec.for_each(out_stride, point_kernel_threads_per_block(), kernel));
    }
    ZKMSM_TRY(exec.stage_end(kReduce));
  }

  // combine_windows
  ZKMSM_TRY(exec.stage_begin(kCombine));
  ZKMSM_TRY(exec.for_each(kCombineWindowsThreads, kCombineWindowsThreads,
                          CombineWindows<Curve>{window_sums, plan.windows, plan.window_bits, device_result}));
  ZKMSM_TRY(exec.stage_end(kCombine));

  ZKMSM_TRY(exec.stage_begin(kDownload));
  ZKMSM_TRY(exec.download(result, device_result, sizeof(Affine)));
  ZKMSM_TRY(exec.stage_end(kDownload));
  return {};
}

}  // namespace zkmsm::cuda::detail
