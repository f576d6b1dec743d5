// The device field (8 or 12 × 32-bit limbs, PTX carry chains) against the host PrimeField: every
// operation on random and edge-case operands, for the fields in use (BN254 Fq, Fr; BLS12-381 Fq); the
// lazy operations (values in [0, 2p)) on both patterns of each operand, x and x + p.
#include <gtest/gtest.h>

#include <cuda_runtime.h>

#include <cstdint>
#include <vector>

#include "curve/bls12_381.hpp"
#include "curve/bn254.hpp"
#include "field/test_support.hpp"
#include "msm/cuda/cuda_msm.hpp"
#include "msm/cuda/device_field.cuh"

namespace zkmsm::test {
namespace {

#define EXPECT_CUDA_OK(expr) ASSERT_EQ((expr), cudaSuccess) << #expr

enum Op : int { kMul, kSquare, kAdd, kSub, kNeg, kDouble, kInverse, kOpCount };

template <class Params>
__global__ void field_ops_kernel(const cuda::DeviceField<Params>* a,
                                 const cuda::DeviceField<Params>* b,
                                 cuda::DeviceField<Params>* out,
                                 int count) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= count) return;
  const auto x = a[i], y = b[i];
  out[kOpCount * i + kMul] = x * y;
  out[kOpCount * i + kSquare] = x.squared();
  out[kOpCount * i + kAdd] = x + y;
  out[kOpCount * i + kSub] = x - y;
  out[kOpCount * i + kNeg] = -x;
  out[kOpCount * i + kDouble] = x.doubled();
  out[kOpCount * i + kInverse] = x.inverse_vartime();
}

enum LazyOp : int { kMulLazy, kSquareLazy, kAddLazy, kSubLazy, kDoubleLazy, kMulSubMulLazy, kLazyOpCount };

// Each lazy result as it is (must be < 2p) and reduced(); is_zero_lazy of both operands.
template <class Params>
__global__ void lazy_ops_kernel(const cuda::DeviceField<Params>* a,
                                const cuda::DeviceField<Params>* b,
                                cuda::DeviceField<Params>* lazy,
                                cuda::DeviceField<Params>* reduced,
                                int* zero,
                                int count) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= count) return;
  const auto x = a[i], y = b[i];
  const cuda::DeviceField<Params> results[kLazyOpCount] = {
      x.mul_lazy(y), x.squared_lazy(), x.add_lazy(y),
      x.sub_lazy(y), x.doubled_lazy(), x.mul_sub_mul_lazy(y, y, x.add_lazy(y))};  // x·y − y·(x + y)
  for (int op = 0; op < kLazyOpCount; ++op) {
    lazy[kLazyOpCount * i + op] = results[op];
    reduced[kLazyOpCount * i + op] = results[op].reduced();
  }
  zero[2 * i] = x.is_zero_lazy();
  zero[2 * i + 1] = y.is_zero_lazy();
}

// x + p as a raw pattern (< R since 4p < R): the other lazy representation of x.
template <class Field>
typename Field::Integer plus_modulus(const typename Field::Integer& x) {
  typename Field::Integer out{};
  unsigned __int128 carry = 0;
  for (std::size_t i = 0; i < Field::limbs; ++i) {
    const unsigned __int128 t = static_cast<unsigned __int128>(x.limb[i]) + Field::modulus().limb[i] + carry;
    out.limb[i] = static_cast<std::uint64_t>(t);
    carry = t >> 64;
  }
  return out;
}

template <class Field>
class CudaFieldTest : public SeededTest {
 protected:
  void SetUp() override {
    SeededTest::SetUp();
    if (!cuda::device_available()) GTEST_SKIP() << "no CUDA device: GPU tests run on the device machine";
  }
};

template <class Field>
struct ParamsOf;
template <class P>
struct ParamsOf<PrimeField<P>> {
  using type = P;
};

using Fields = ::testing::Types<Bn254Fq, Bn254Fr, Bls12381Fq>;
TYPED_TEST_SUITE(CudaFieldTest, Fields);

TYPED_TEST(CudaFieldTest, EveryOperationMatchesTheHostField) {
  using Field = TypeParam;
  using Params = typename ParamsOf<Field>::type;
  using Device = cuda::DeviceField<Params>;
  static_assert(sizeof(Device) == sizeof(Field));

  // Edge cases first, then random values.
  std::vector<Field> a, b;
  const Field one = Field::one();
  const Field minus_one = -one;
  const std::vector<Field> edges = {Field::zero(),      one,
                                    minus_one,          one + one,
                                    Field::from_u64(3), Field::from_raw(typename Field::Integer{{1, 0, 0, 0}}),
                                    -Field::from_u64(2)};
  for (const Field& x : edges)
    for (const Field& y : edges) {
      a.push_back(x);
      b.push_back(y);
    }
  for (int i = 0; i < 4096; ++i) {
    a.push_back(random_element<Field>(this->rng));
    b.push_back(random_element<Field>(this->rng));
  }
  const int count = static_cast<int>(a.size());

  Device *da = nullptr, *db = nullptr, *dout = nullptr;
  EXPECT_CUDA_OK(cudaMalloc(&da, count * sizeof(Device)));
  EXPECT_CUDA_OK(cudaMalloc(&db, count * sizeof(Device)));
  EXPECT_CUDA_OK(cudaMalloc(&dout, count * kOpCount * sizeof(Device)));
  EXPECT_CUDA_OK(cudaMemcpy(da, a.data(), count * sizeof(Device), cudaMemcpyHostToDevice));
  EXPECT_CUDA_OK(cudaMemcpy(db, b.data(), count * sizeof(Device), cudaMemcpyHostToDevice));
  EXPECT_CUDA_OK(cudaMemset(dout, 0x5a, count * kOpCount * sizeof(Device)));
  field_ops_kernel<Params><<<(count + 127) / 128, 128>>>(da, db, dout, count);
  EXPECT_CUDA_OK(cudaGetLastError());
  EXPECT_CUDA_OK(cudaDeviceSynchronize());
  std::vector<Field> out(static_cast<std::size_t>(count) * kOpCount);
  EXPECT_CUDA_OK(cudaMemcpy(out.data(), dout, out.size() * sizeof(Field), cudaMemcpyDeviceToHost));
  cudaFree(da);
  cudaFree(db);
  cudaFree(dout);

  int failures = 0;
  for (int i = 0; i < count && failures < 10; ++i) {
    const Field x = a[i], y = b[i];
    const Field expected[kOpCount] = {x * y, x.squared(), x + y, x - y, -x, x.doubled(), x.inverse_vartime()};
    const char* names[kOpCount] = {"mul", "square", "add", "sub", "neg", "double", "inverse"};
    for (int op = 0; op < kOpCount; ++op) {
      if (out[kOpCount * i + op] != expected[op]) {
        ++failures;
        ADD_FAILURE() << names[op] << " of " << testing::PrintToString(x) << ", " << testing::PrintToString(y)
                      << ": device " << to_hex(out[kOpCount * i + op].raw()) << " (raw), host "
                      << to_hex(expected[op].raw()) << " (raw)";
      }
    }
  }
}

TYPED_TEST(CudaFieldTest, LazyOperationsOnBothPatternsStayBelowTwoPAndMatchTheHostField) {
  using Field = TypeParam;
  using Params = typename ParamsOf<Field>::type;
  using Device = cuda::DeviceField<Params>;
  using Integer = typename Field::Integer;

  // Operand patterns: raw Montgomery values x (< p) and x + p, edge cases (0, p, 1, p − 1 and their
  // Montgomery forms) and random elements; every pair of patterns of each pair of elements.
  Integer raw_one{}, raw_p_minus_one = Field::modulus();
  raw_one.limb[0] = 1;
  raw_p_minus_one.limb[0] -= 1;
  std::vector<Field> elements = {Field::zero(), Field::one(), -Field::one(), Field::from_raw(raw_one),
                                 Field::from_raw(raw_p_minus_one)};
  for (int i = 0; i < 1024; ++i) elements.push_back(random_element<Field>(this->rng));
  std::vector<Integer> a, b;
  std::vector<Field> ea, eb;
  for (std::size_t i = 0; i < elements.size(); ++i) {
    const Field x = elements[i], y = elements[(i * 7 + 3) % elements.size()];
    for (int pattern = 0; pattern < 4; ++pattern) {
      a.push_back((pattern & 1) != 0 ? plus_modulus<Field>(x.raw()) : x.raw());
      b.push_back((pattern & 2) != 0 ? plus_modulus<Field>(y.raw()) : y.raw());
      ea.push_back(x);
      eb.push_back(y);
    }
  }
  const int count = static_cast<int>(a.size());
  Device *da = nullptr, *db = nullptr, *dlazy = nullptr, *dreduced = nullptr;
  int* dzero = nullptr;
  EXPECT_CUDA_OK(cudaMalloc(&da, count * sizeof(Device)));
  EXPECT_CUDA_OK(cudaMalloc(&db, count * sizeof(Device)));
  EXPECT_CUDA_OK(cudaMalloc(&dlazy, count * kLazyOpCount * sizeof(Device)));
  EXPECT_CUDA_OK(cudaMalloc(&dreduced, count * kLazyOpCount * sizeof(Device)));
  EXPECT_CUDA_OK(cudaMalloc(&dzero, count * 2 * sizeof(int)));
  EXPECT_CUDA_OK(cudaMemcpy(da, a.data(), count * sizeof(Device), cudaMemcpyHostToDevice));
  EXPECT_CUDA_OK(cudaMemcpy(db, b.data(), count * sizeof(Device), cudaMemcpyHostToDevice));
  lazy_ops_kernel<Params><<<(count + 127) / 128, 128>>>(da, db, dlazy, dreduced, dzero, count);
  EXPECT_CUDA_OK(cudaGetLastError());
  EXPECT_CUDA_OK(cudaDeviceSynchronize());
  std::vector<Integer> lazy(static_cast<std::size_t>(count) * kLazyOpCount);
  std::vector<Field> reduced(lazy.size());
  std::vector<int> zero(static_cast<std::size_t>(count) * 2);
  EXPECT_CUDA_OK(cudaMemcpy(lazy.data(), dlazy, lazy.size() * sizeof(Integer), cudaMemcpyDeviceToHost));
  EXPECT_CUDA_OK(cudaMemcpy(reduced.data(), dreduced, reduced.size() * sizeof(Field), cudaMemcpyDeviceToHost));
  EXPECT_CUDA_OK(cudaMemcpy(zero.data(), dzero, zero.size() * sizeof(int), cudaMemcpyDeviceToHost));
  cudaFree(da);
  cudaFree(db);
  cudaFree(dlazy);
  cudaFree(dreduced);
  cudaFree(dzero);

  int failures = 0;
  const char* names[kLazyOpCount] = {"mul_lazy", "squared_lazy", "add_lazy",
                                     "sub_lazy", "doubled_lazy", "mul_sub_mul_lazy"};
  for (int i = 0; i < count && failures < 10; ++i) {
    const Field x = ea[i], y = eb[i];
    const Field expected[kLazyOpCount] = {x * y, x.squared(), x + y, x - y, x.doubled(), x * y - y * (x + y)};
    for (int op = 0; op < kLazyOpCount; ++op) {
      const Integer& raw = lazy[kLazyOpCount * i + op];
      const bool below_two_p = raw == expected[op].raw() || raw == plus_modulus<Field>(expected[op].raw());
      if (reduced[kLazyOpCount * i + op] != expected[op] || !below_two_p) {
        ++failures;
        ADD_FAILURE() << names[op] << " of patterns " << to_hex(a[i]) << ", " << to_hex(b[i]) << ": lazy "
                      << to_hex(raw) << ", reduced " << to_hex(reduced[kLazyOpCount * i + op].raw()) << ", host "
                      << to_hex(expected[op].raw());
      }
    }
    if (zero[2 * i] != static_cast<int>(x.is_zero()) || zero[2 * i + 1] != static_cast<int>(y.is_zero())) {
      ++failures;
      ADD_FAILURE() << "is_zero_lazy of " << to_hex(a[i]) << " or " << to_hex(b[i]);
    }
  }
}

}  // namespace
}  // namespace zkmsm::test
