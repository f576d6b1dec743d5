// accumulate_buckets: the stream walker.
//
// The M valid sorted entries are cut into threads·S equal contiguous slot ranges (slot g = t·S + k
// of thread t; see slot_begin). A slot walks its range piece by piece, a piece being the part of
// one bucket inside the range. Each round, every active slot does one affine addition (acc + next point, or the
// first two points of a piece) and the thread does ONE inversion for all of them (Montgomery's
// trick). The denominator of each addition is chosen by case (msm/common/affine_pair.hpp), so
// no case poisons the batch:
//   acc at infinity → copy the point (no denominator)     x differ → dx
//   equal points    → doubling, denominator 2y            P + (−P) → infinity (no denominator)
// A finished piece goes to bucket_sums when it is a whole bucket (kFull), else to the slot's
// head partial (the piece started mid-bucket, at the range start) or tail partial (it runs to the
// range end; split_index[bucket] = the slot). A split bucket's parts are one tail and the heads of
// the following slots; reduce_buckets adds them (short buckets) or combine_partials does (long).
#pragma once

#include "msm/common/affine_pair.hpp"
#include "msm/cuda/device_memory_access.cuh"
#include "msm/cuda/walker_slots.cuh"
#include "msm/cuda/warp_batch_inverse.cuh"

namespace zkmsm::cuda::detail {

inline constexpr u32 kNoBucket = 0xffffffffu;

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

// What plan leaves for accumulate_buckets (both walkers): one window batch's sorted entries,
// each bucket's range in them, and the points the entries index.
template <class Fd>
struct SortedEntries {
  const DeviceAffine<Fd>* points;
  const u32* keys;    // sorted
  const u32* values;  // sorted
  const u32* bucket_start;
  const u32* bucket_end;
  const u32* valid;  // M

  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE SplitLength split_length(u64 slot_count) const {
    return {bucket_start, bucket_end, valid, slot_count};
  }
};

template <class Fd>
struct WalkerArgs {
  SortedEntries<Fd> in;
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

// A tail part left in `slot`: where reduce_buckets finds it, and whether combine_partials has work.
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE void note_tail(
    u32* split_index, u32* long_split_flag, const SplitLength& length, u32 bucket, u64 slot) {
  split_index[bucket] = static_cast<u32>(slot);
  if (length.is_long(bucket)) *long_split_flag = 1;
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
    note_tail(a.split_index, a.long_split_flag, a.in.split_length(static_cast<u64>(a.threads) * a.slots), bucket, g);
  }
}

// Sets up the slot's next piece with ≥ 2 entries at s.cur, emitting one-entry pieces on the way;
// clears kFlagActive when the range is exhausted.
template <class Fd>
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE void start_piece(const WalkerArgs<Fd>& a, u64 g, SlotState& s) {
  while (s.cur < s.end) {
    const u32 bucket = a.in.keys[s.cur];
    const u32 bucket_start = a.in.bucket_start[bucket];
    const u32 bucket_end = a.in.bucket_end[bucket];
    const u32 piece_end = bucket_end < s.end ? bucket_end : s.end;
    // Only a slot's first piece can start mid-bucket.
    const u32 kind = s.cur != bucket_start ? kPieceHead : (piece_end == bucket_end ? kPieceFull : kPieceTail);
    if (piece_end - s.cur == 1) {
      emit_piece(a, g, kind, bucket, gather(a.in.points, a.in.values[s.cur]));
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

template <class Fd, class Store>
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE void load_operands(const WalkerArgs<Fd>& a,
                                                        const Store& store,
                                                        int k,
                                                        const SlotState& s,
                                                        DeviceAffine<Fd>& lhs,
                                                        DeviceAffine<Fd>& rhs) {
  const bool first = (s.flags & kFlagFirst) != 0;
  rhs = gather(a.in.points, a.in.values[s.cur + (first ? 1 : 0)]);
  lhs = first ? gather(a.in.points, a.in.values[s.cur]) : store.acc(k);
}

// The forward pass's case and denominator. A fast path in front of classify_affine_pair: it reads
// only the two x coordinates; distinct non-zero x (neither operand is infinity, which is (0, 0))
// is the common case, an addition with denominator x2 − x1. Anything else loads both points and
// classifies in full.
template <class Fd, class Store>
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE AffinePairCase
classify_forward(const WalkerArgs<Fd>& a, const Store& store, int k, const SlotState& s, Fd& d) {
  const bool first = (s.flags & kFlagFirst) != 0;
  const u32 rhs_entry = a.in.values[s.cur + (first ? 1 : 0)];
  const Fd lhs_x = first ? load_affine_x(a.in.points, a.in.values[s.cur] & ~kNegative) : store.acc_x(k);
  const Fd rhs_x = load_affine_x(a.in.points, rhs_entry & ~kNegative);
  if (!lhs_x.is_zero() && !rhs_x.is_zero() && lhs_x != rhs_x) {
    d = rhs_x - lhs_x;
    return AffinePairCase::add;
  }
  DeviceAffine<Fd> lhs, rhs;
  load_operands(a, store, k, s, lhs, rhs);
  const AffinePairCase pair_case = classify_affine_pair(lhs, rhs);
  if (affine_pair_has_denominator(pair_case)) d = affine_pair_denominator(pair_case, lhs, rhs);
  return pair_case;
}

template <class Fd, class Store>
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE void walk(const WalkerArgs<Fd>& a, u32 t, Store& store) {
  const u32 valid = *a.in.valid;
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
      const AffinePairCase pair_case = classify_forward(a, store, k, s, d);
      s.flags = (s.flags & ~(kFlagCaseMask | kFlagHasPrev)) | (static_cast<u32>(pair_case) << kFlagCaseShift);
      if (affine_pair_has_denominator(pair_case)) {
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
      inverse = have_product ? product.inverse_vartime() : Fd::one();
    }

    // Backward: peel the denominators, finish each addition, advance.
    for_each_slot_reverse(store, [&](int k) {
      SlotState s = store.slot(k);
      if ((s.flags & kFlagActive) == 0) return;
      DeviceAffine<Fd> lhs, rhs;
      load_operands(a, store, k, s, lhs, rhs);
      const auto pair_case = static_cast<AffinePairCase>((s.flags & kFlagCaseMask) >> kFlagCaseShift);
      // affine_pair_sum, with the denominator peeled inside the add/doubling branch: this branch
      // order keeps the walkers' registers and spills as measured (ptxas, sm_90: a switch over the
      // cases in front of it cost the 3-block-capped global walker 32 more spill-store and 52 more
      // spill-load bytes).
      DeviceAffine<Fd> sum;
      if (affine_pair_has_denominator(pair_case)) {
        Fd inverse_denominator = inverse;
        if ((s.flags & kFlagHasPrev) != 0) {
          inverse_denominator = inverse * store.prefix(k);
          inverse = inverse * affine_pair_denominator(pair_case, lhs, rhs);
        }
        sum = affine_pair_slope_sum(pair_case, lhs, rhs, inverse_denominator);
      } else if (pair_case == AffinePairCase::copy_rhs) {
        sum = rhs;
      } else if (pair_case == AffinePairCase::copy_lhs) {
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

}  // namespace zkmsm::cuda::detail
