// The device field (8 × 32-bit limbs, PTX carry chains) against the host PrimeField: every
// operation on random and edge-case operands, for both base fields in use (BN254 Fq, Fr).
#include <gtest/gtest.h>

#include <cuda_runtime.h>

#include <vector>

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

using Fields = ::testing::Types<Bn254Fq, Bn254Fr>;
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

}  // namespace
}  // namespace zkmsm::test
