// The convert_inputs stage: inputs that the caller passes in device memory are brought into the
// pipeline's form on the device, and host inputs are uploaded.
//
//   points   the pipeline reads affine points in Montgomery form (DeviceField: x·R mod p, fully
//            reduced), (0, 0) = infinity, on the curve. Device points given with canonical
//            coordinates are multiplied by R² (one Montgomery multiplication: x·R²·R⁻¹ = x·R)
//            into a new buffer. Validation mirrors the host path of the API layer: a coordinate
//            ≥ p is rejected whenever the points are converted or validated, and y² = x³ + b is
//            checked (infinity allowed) when validate_points is set, then, on a curve with a
//            cofactor (BLS12-381), membership in the prime-order subgroup. Montgomery-form points that
//            only need validation are checked in place, without a copy.
//   scalars  the pipeline reads canonical 256-bit integers (it reduces them mod r itself).
//            Device scalars in Montgomery form s·R mod r are reduced mod r, then multiplied by 1
//            (x·1·R⁻¹ = s) into a new buffer.
//
// Cost: one or two field multiplications per point coordinate (plus ~4 for validation), one per
// scalar; memory-bound. Rejections are reported as the LOWEST bad index (atomicMin over
// index·4 + kind), as the host path reports the first bad point.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "curve/subgroup_check.hpp"
#include "msm/cuda/cuda_msm.hpp"
#include "msm/cuda/device_points.cuh"
#include "msm/cuda/exec.cuh"

namespace zkmsm::cuda::detail {

// ---- the first rejected point ------------------------------------------------------------------
// One u64 in device memory: index·4 + kind, the minimum over every rejection; all ones = none.
inline constexpr u64 kNoPointIssue = ~u64{0};
enum : u64 { kIssueXNotCanonical = 0, kIssueYNotCanonical = 1, kIssueNotOnCurve = 2, kIssueNotInSubgroup = 3 };

ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE void record_point_issue(u64* first_issue, u64 index, u64 kind) {
  const u64 key = index * 4 + kind;
#if defined(__CUDA_ARCH__)
  atomicMin(reinterpret_cast<unsigned long long*>(first_issue), static_cast<unsigned long long>(key));
#else
  if (key < *first_issue) *first_issue = key;
#endif
}

// The failed status for a first-issue word, with the host path's message; ok when none.
template <class Curve>
CudaStatus point_issue_status(u64 first_issue) {
  if (first_issue == kNoPointIssue) return {};
  const std::size_t index = static_cast<std::size_t>(first_issue / 4);
  CudaStatus status;
  status.ok = false;
  status.point_index = index;
  switch (first_issue % 4) {
    case kIssueXNotCanonical:
      status.point_issue = PointIssue::x_not_canonical;
      break;
    case kIssueYNotCanonical:
      status.point_issue = PointIssue::y_not_canonical;
      break;
    case kIssueNotOnCurve:
      status.point_issue = PointIssue::not_on_curve;
      break;
    default:
      status.point_issue = PointIssue::not_in_subgroup;
      break;
  }
  status.message = point_issue_message(status.point_issue, index, Curve::name);
  return status;
}

// ---- field helpers ---------------------------------------------------------------------------------
// The limbs of a constant as a device field element (no conversion: the limbs are taken as they are).
template <class Fd, class Limbs>
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE Fd device_field_from_limbs(const Limbs& limbs) {
  Fd out;
#pragma unroll
  for (int i = 0; i < Fd::kWords; ++i) out.v[i] = limbs.v[i];
  return out;
}

// b·R mod p, from the small b of the curve's identity card, with constexpr BigInt arithmetic only
// (the field multiplication behind Curve::b() is not constexpr in device code).
template <class Curve>
constexpr BigInt<DeviceBase<Curve>::Constants::Host::limbs> montgomery_b() {
  using Host = typename DeviceBase<Curve>::Constants::Host;
  const std::int64_t b = Curve::b_small;
  const std::uint64_t magnitude = b < 0 ? 0 - static_cast<std::uint64_t>(b) : static_cast<std::uint64_t>(b);
  BigInt<Host::limbs> sum{};
  for (std::uint64_t k = 0; k < magnitude; ++k) {
    add_with_carry(sum, sum, Host::r_mod_p);  // < 2p < R: no carry out
    sum = reduce_mod(sum, Host::modulus);
  }
  if (b < 0 && !sum.is_zero()) sub_with_borrow(sum, Host::modulus, sum);
  return sum;
}

// Whether an on-curve point (Montgomery form) is in the prime-order subgroup: Scott's test of
// curve/subgroup_check.hpp (the same function, P ∈ G1 ⟺ [z²]P = −σ(P) = (β'·x, −y)) on the device field,
// ~1,000 multiplications. β'·R is computed per call (one multiplication by R²).
template <class Curve>
ZKMSM_HOST_DEVICE bool in_prime_order_subgroup_device(const DeviceAffine<DeviceBase<Curve>>& p) {
  if constexpr (!Curve::has_cofactor) {
    return true;
  } else {
    using Fd = DeviceBase<Curve>;
    using Constants = typename Fd::Constants;
    constexpr typename Constants::Limbs beta_limbs =
        Constants::split(parse_hex<Constants::Host::limbs>(Curve::subgroup_beta_hex));
    constexpr typename Constants::Limbs r_squared = Constants::r_squared;
    const Fd beta = device_field_from_limbs<Fd>(beta_limbs) * device_field_from_limbs<Fd>(r_squared);
    return subgroup_detail::scott_test<Curve>(p, beta);
  }
}

// a < p for the raw limbs of a (canonical or Montgomery, both must be below the modulus).
template <class Fd>
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE bool below_modulus(const Fd& a) {
  constexpr typename Fd::Constants::Limbs p = Fd::Constants::modulus;
  for (int i = Fd::kWords - 1; i >= 0; --i) {
    if (a.v[i] != p.v[i]) return a.v[i] < p.v[i];
  }
  return false;
}

// ---- kernels ---------------------------------------------------------------------------------------
// One thread per point: check (canonical, on the curve), convert to Montgomery form, store.
template <class Curve>
struct ConvertPoints {
  using Fd = DeviceBase<Curve>;
  using Affine = DeviceAffine<Fd>;
  using Constants = typename Fd::Constants;

  const Affine* in;
  Affine* out;  // nullptr: validate only
  bool to_montgomery;
  bool check_canonical;
  bool check_on_curve;
  u64* first_issue;

  ZKMSM_HOST_DEVICE void operator()(u64 i) const {
    Affine p = in[i];
    if (check_canonical) {
      if (!below_modulus(p.x)) return record_point_issue(first_issue, i, kIssueXNotCanonical);
      if (!below_modulus(p.y)) return record_point_issue(first_issue, i, kIssueYNotCanonical);
    }
    if (to_montgomery) {
      constexpr typename Constants::Limbs r2 = Constants::split(Constants::Host::r2_mod_p);  // R² mod p
      const Fd r_squared = device_field_from_limbs<Fd>(r2);
      p.x = p.x * r_squared;  // x·R²·R⁻¹ = x·R
      p.y = p.y * r_squared;
    }
    if (check_on_curve && !p.is_infinity()) {
#if !defined(__CUDA_ARCH__)
      static_assert(montgomery_b<Curve>() == Curve::b().raw());
#endif
      constexpr typename Constants::Limbs b_limbs = Constants::split(montgomery_b<Curve>());  // b·R mod p
      const Fd b = device_field_from_limbs<Fd>(b_limbs);
      if (p.y.squared() != p.x.squared() * p.x + b) return record_point_issue(first_issue, i, kIssueNotOnCurve);
      if (!in_prime_order_subgroup_device<Curve>(p)) return record_point_issue(first_issue, i, kIssueNotInSubgroup);
    }
    if (out != nullptr) out[i] = p;
  }
};

// One thread per scalar: s·R mod r (any 256-bit value) → canonical s in [0, r).
template <class Curve>
struct ScalarsFromMontgomery {
  using Fr = DeviceField<typename FieldParamsOf<typename Curve::ScalarField>::type>;

  const u32* in;  // 8 words per scalar, little-endian
  u32* out;

  ZKMSM_HOST_DEVICE void operator()(u64 i) const {
    constexpr typename Fr::Constants::Limbs r = Fr::Constants::modulus;
    Fr s;
#pragma unroll
    for (int k = 0; k < 8; ++k) s.v[k] = in[8 * i + k];
    // s mod r: 2^256 / r < 6, so at most 5 subtractions.
    for (int round = 0; round < 6 && !below_modulus(s); ++round) {
      u64 borrow = 0;
#pragma unroll
      for (int k = 0; k < 8; ++k) {
        const u64 t = static_cast<u64>(s.v[k]) - r.v[k] - borrow;
        s.v[k] = static_cast<u32>(t);
        borrow = (t >> 32) & 1;
      }
    }
    Fr unit = Fr::zero();
    unit.v[0] = 1;
    const Fr canonical = s * unit;  // s·R · 1 · R⁻¹
#pragma unroll
    for (int k = 0; k < 8; ++k) out[8 * i + k] = canonical.v[k];
  }
};

// ---- drivers -----------------------------------------------------------------------------------------
inline constexpr unsigned kConvertThreadsPerBlock = 256;

// Bytes exec.alloc takes for the first-issue word (its smallest block).
inline constexpr std::size_t kPointIssueBytes = 16;

// Runs ConvertPoints over n device points `in` as `form` says, writing the converted points to
// `out` (nullptr: check in place, for Montgomery-form points), then waits and turns a rejection
// into a failed status. Adds the bytes it allocates to *allocated_bytes.
template <class Curve, class Exec>
CudaStatus convert_points(
    Exec& exec, const void* in, void* out, u64 n, const InputForm& form, std::size_t* allocated_bytes) {
  using Affine = DeviceAffine<DeviceBase<Curve>>;
  const bool to_montgomery = !form.points_in_montgomery;
  const bool checking = to_montgomery || form.validate_points;  // a converted point is always range-checked
  if (!checking && out == nullptr) return {};
  u64* first_issue = nullptr;
  if (checking) {
    ZKMSM_TRY(exec.alloc(first_issue, 1));
    *allocated_bytes += kPointIssueBytes;
    ZKMSM_TRY(exec.memset(first_issue, 0xff, sizeof(u64)));
  }
  ZKMSM_TRY(exec.for_each(n, kConvertThreadsPerBlock,
                          ConvertPoints<Curve>{static_cast<const Affine*>(in), static_cast<Affine*>(out), to_montgomery,
                                               checking, form.validate_points, first_issue}));
  if (!checking) return {};
  u64 issue = kNoPointIssue;
  ZKMSM_TRY(exec.download(&issue, first_issue, sizeof(issue)));
  ZKMSM_TRY(exec.synchronize());
  return point_issue_status<Curve>(issue);
}

// Where the pipeline finds one MSM's inputs, and how many bytes were allocated for them.
struct StagedInputs {
  const void* points = nullptr;
  const void* scalars = nullptr;
  std::size_t allocated_bytes = 0;
};

// Host inputs are uploaded (upload_inputs) and then converted and validated in place when their
// form asks for it; device inputs are used in place, or converted into copies and validated on
// the device (convert_inputs). Fails with point_issue set when a point is rejected.
template <class Curve, class Exec>
CudaStatus stage_inputs(Exec& exec, const CudaMsmInputs& inputs, StagedInputs* staged) {
  using Affine = DeviceAffine<DeviceBase<Curve>>;
  constexpr std::size_t kScalarBytes = 32;
  const u64 n = inputs.n;
  const std::size_t point_bytes = n * sizeof(Affine);
  const std::size_t scalar_bytes = n * kScalarBytes;
  const InputForm& form = inputs.form;
  unsigned char* points = nullptr;
  unsigned char* scalars = nullptr;

  if (!inputs.points_on_device || !inputs.scalars_on_device) {
    // Both arrays in one batch of copies: the staging threads start once.
    std::vector<HostToDeviceCopy> copies;
    if (!inputs.points_on_device) {
      ZKMSM_TRY(exec.alloc(points, point_bytes));
      copies.push_back(contiguous_copy(points, inputs.points, point_bytes));
      staged->allocated_bytes += point_bytes;
    }
    if (!inputs.scalars_on_device) {
      ZKMSM_TRY(exec.alloc(scalars, scalar_bytes));
      const std::size_t block = inputs.scalar_stripe_block == 0 ? n : inputs.scalar_stripe_block;
      const std::size_t stride = inputs.scalar_stripe_block == 0 ? n : inputs.scalar_stripe_stride;
      ZKMSM_TRY(stripe_copies(scalars, inputs.scalars, kScalarBytes, n, block, stride, &copies));
      staged->allocated_bytes += scalar_bytes;
    }
    ZKMSM_TRY(exec.stage_begin(kUpload));
    ZKMSM_TRY(exec.upload_copies(copies));
    ZKMSM_TRY(exec.stage_end(kUpload));
  }

  // Uploaded arrays are this call's own: they are converted in place. Device arrays are the
  // caller's: converted into copies (Montgomery points that only need checking are read in place).
  const bool convert_points_now = !form.points_in_montgomery || form.validate_points;
  const bool convert_scalars_now = form.scalars_in_montgomery;
  if (convert_points_now || convert_scalars_now) {
    ZKMSM_TRY(exec.stage_begin(kConvertInputs));
    if (convert_scalars_now) {
      const u32* source = static_cast<const u32*>(inputs.scalars_on_device ? inputs.scalars : scalars);
      if (inputs.scalars_on_device) {
        ZKMSM_TRY(exec.alloc(scalars, scalar_bytes));
        staged->allocated_bytes += scalar_bytes;
      }
      ZKMSM_TRY(exec.for_each(n, kConvertThreadsPerBlock,
                              ScalarsFromMontgomery<Curve>{source, reinterpret_cast<u32*>(scalars)}));
    }
    if (convert_points_now) {
      const void* source = inputs.points_on_device ? inputs.points : points;
      if (inputs.points_on_device && !form.points_in_montgomery) {
        ZKMSM_TRY(exec.alloc(points, point_bytes));
        staged->allocated_bytes += point_bytes;
      }
      void* destination = !form.points_in_montgomery ? points : nullptr;
      const CudaStatus checked = convert_points<Curve>(exec, source, destination, n, form, &staged->allocated_bytes);
      if (!checked.ok) return checked;
    }
    ZKMSM_TRY(exec.stage_end(kConvertInputs));
  }
  staged->points = points != nullptr ? static_cast<const void*>(points) : inputs.points;
  staged->scalars = scalars != nullptr ? static_cast<const void*>(scalars) : inputs.scalars;
  return {};
}

}  // namespace zkmsm::cuda::detail
