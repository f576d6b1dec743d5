// The stream walker's per-slot state (SlotState: range, current piece, flags) and its two homes:
// thread-private arrays (RegisterStore) or device memory laid out coalesced (GlobalStore), with
// the loops over a thread's slots and the slot ranges (slot_begin).
#pragma once

#include "msm/cuda/device_points.cuh"
#include "msm/cuda/exec.cuh"
#include "msm/cuda/launch_sizes.hpp"

namespace zkmsm::cuda::detail {

enum : u32 { kPieceFull = 0, kPieceHead = 1, kPieceTail = 2 };
inline constexpr u32 kFlagKindMask = 0x3, kFlagFirst = 1u << 2, kFlagActive = 1u << 3, kFlagHasPrev = 1u << 4;
inline constexpr u32 kFlagCaseShift = 5, kFlagCaseMask = 0x7u << kFlagCaseShift;

struct SlotState {
  u32 cur;        // next entry to consume
  u32 end;        // end of the slot's range
  u32 piece_end;  // end of the current piece
  u32 bucket;     // bucket of the current piece
  u32 flags;      // kind | first | active | has_prev | AffinePairCase (msm/common/affine_pair.hpp)
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

// Slot state in device memory: word w of slot k of thread t at ((k·slot_words + w)·threads + t),
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
    return base + (static_cast<u64>(k) * slot_words(Fd::kWords) + w) * threads + t;
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
    for (u32 i = 0; i < Fd::kWords; ++i) f.v[i] = *word(k, first_word + i);
    return f;
  }
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE void store_field(int k, u32 first_word, const Fd& f) {
#pragma unroll
    for (u32 i = 0; i < Fd::kWords; ++i) *word(k, first_word + i) = f.v[i];
  }
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceAffine<Fd> acc(int k) const {
    return {load_field(k, kSlotScalarWords), load_field(k, kSlotScalarWords + Fd::kWords)};
  }
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE Fd acc_x(int k) const { return load_field(k, kSlotScalarWords); }
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE void set_acc(int k, const DeviceAffine<Fd>& a) {
    store_field(k, kSlotScalarWords, a.x);
    store_field(k, kSlotScalarWords + Fd::kWords, a.y);
  }
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE Fd prefix(int k) const {
    return load_field(k, kSlotScalarWords + 2 * Fd::kWords);
  }
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE void set_prefix(int k, const Fd& p) {
    store_field(k, kSlotScalarWords + 2 * Fd::kWords, p);
  }
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

}  // namespace zkmsm::cuda::detail
