// Host-to-device copies (msm/cuda/host_to_device_copy.hpp): every route writes exactly the
// source's bytes — pageable sources below and above the staging threshold (the staged route
// confirmed by its chunk counter), sizes that are not a whole number of chunks, strided sources,
// several copies in one call, one filling thread and many, every thread start refused, pinned
// (cudaHostAlloc, cudaHostRegister) and device sources copied directly, cudaStreamPerThread as the
// stream, a source overwritten as soon as the call returns while the stream is held back, and two
// threads on two streams. Then whole MSMs from pageable host memory large enough for several waves
// of chunks, against the cpu backend. Skipped without a CUDA device.
#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <random>
#include <thread>
#include <vector>

#include "api/api_test_support.hpp"
#include "cuda_test_support.hpp"
#include "field/test_support.hpp"
#include "host/worker_threads.hpp"
#include "msm/cuda/cuda_msm_internal.hpp"
#include "msm/cuda/host_to_device_copy.hpp"
#include "zkmsm/zkmsm.hpp"

namespace zkmsm::test {
namespace {

using cuda::detail::contiguous_copy;
using cuda::detail::copy_host_to_device;
using cuda::detail::copy_route;
using cuda::detail::CopyRoute;
using cuda::detail::HostToDeviceCopy;
using cuda::detail::kMinStagedBytes;
using cuda::detail::kStagingChunkBytes;
using cuda::detail::staged_chunk_count;

#define ASSERT_CUDA(expr) ASSERT_EQ((expr), cudaSuccess) << #expr

// Device memory owned by the test.
class DeviceBytes {
 public:
  explicit DeviceBytes(std::size_t bytes) : bytes_(bytes) { allocated_ = cudaMalloc(&data_, bytes) == cudaSuccess; }
  DeviceBytes(const DeviceBytes&) = delete;
  DeviceBytes& operator=(const DeviceBytes&) = delete;
  ~DeviceBytes() {
    if (allocated_) (void)cudaFree(data_);
  }
  bool allocated() const { return allocated_; }
  unsigned char* get() const { return static_cast<unsigned char*>(data_); }
  std::vector<unsigned char> download() const {
    std::vector<unsigned char> out(bytes_);
    EXPECT_EQ(cudaMemcpy(out.data(), data_, bytes_, cudaMemcpyDeviceToHost), cudaSuccess);
    return out;
  }

 private:
  void* data_ = nullptr;
  std::size_t bytes_ = 0;
  bool allocated_ = false;
};

std::vector<unsigned char> random_bytes(std::size_t bytes, std::mt19937_64& rng) {
  std::vector<unsigned char> out(bytes);
  for (std::size_t i = 0; i < bytes; i += 8) {
    const std::uint64_t word = rng();
    for (std::size_t j = 0; j < 8 && i + j < bytes; ++j) out[i + j] = static_cast<unsigned char>(word >> (8 * j));
  }
  return out;
}

// Every pageable source of ≥ kMinStagedBytes staged (whatever the call's total), the default
// thread count restored afterwards. Skips without a CUDA device.
class StagingTest : public SeededTest {
 protected:
  void SetUp() override {
    SeededTest::SetUp();
    if (!backend_available(Backend::cuda)) GTEST_SKIP() << "no CUDA device: GPU tests run on the device machine";
    cuda::detail::set_stage_every_call(true);
  }
  void TearDown() override {
    cuda::detail::set_staging_threads(0);
    cuda::detail::set_stage_every_call(false);
  }
};

class CudaHostCopyTest : public StagingTest {
 protected:
  // Copies `source` whole with one contiguous copy and checks the device bytes.
  void expect_contiguous_copy(const std::vector<unsigned char>& source, unsigned threads) {
    DeviceBytes device(source.size());
    ASSERT_TRUE(device.allocated());
    const HostToDeviceCopy copy = contiguous_copy(device.get(), source.data(), source.size());
    const cuda::CudaStatus status = copy_host_to_device(std::span<const HostToDeviceCopy>(&copy, 1), nullptr, threads);
    ASSERT_TRUE(status.ok) << status.message;
    ASSERT_CUDA(cudaDeviceSynchronize());
    EXPECT_TRUE(device.download() == source) << source.size() << " bytes, " << threads << " threads";
  }
};

TEST_F(CudaHostCopyTest, PageableSourcesOfEverySizeArriveWhole) {
  const std::size_t sizes[] = {1,
                               4095,
                               kMinStagedBytes - 1,
                               kMinStagedBytes,
                               kStagingChunkBytes,
                               kStagingChunkBytes + 1,
                               5 * kStagingChunkBytes - 3,
                               40 * kStagingChunkBytes + 12345};
  for (const std::size_t bytes : sizes) {
    const std::vector<unsigned char> source = random_bytes(bytes, rng);
    EXPECT_EQ(copy_route(source.data(), bytes), bytes >= kMinStagedBytes ? CopyRoute::staged : CopyRoute::direct);
    for (const unsigned threads : {0u, 1u, 3u}) {
      const std::uint64_t before = staged_chunk_count();
      expect_contiguous_copy(source, threads);
      const std::uint64_t chunks = bytes >= kMinStagedBytes ? (bytes + kStagingChunkBytes - 1) / kStagingChunkBytes : 0;
      EXPECT_EQ(staged_chunk_count() - before, chunks) << bytes << " bytes: chunks through the pinned ring";
    }
  }
}

TEST_F(CudaHostCopyTest, OnlyCallsOfManyBytesAreStagedByDefault) {
  cuda::detail::set_stage_every_call(false);
  for (const std::size_t bytes : {3 * kStagingChunkBytes, 20 * kStagingChunkBytes + 1}) {
    const std::vector<unsigned char> source = random_bytes(bytes, rng);
    const std::uint64_t before = staged_chunk_count();
    expect_contiguous_copy(source, 0);
    EXPECT_EQ(staged_chunk_count() == before, bytes < (std::size_t{32} << 20)) << bytes << " bytes";
  }
}

TEST_F(CudaHostCopyTest, EveryThreadStartRefusedStillCopiesEverything) {
  const std::vector<unsigned char> source = random_bytes(9 * kStagingChunkBytes + 5, rng);
  const host::InjectedThreadStartFailures refused(0);
  expect_contiguous_copy(source, 0);
}

TEST_F(CudaHostCopyTest, StridedAndSeveralCopiesInOneCall) {
  // Runs of 3 MiB + 5 bytes every 4 MiB (a row crosses chunk boundaries), 7 rows, then a
  // contiguous copy of 9 MiB + 1 and a small one: one call, one set of staging threads.
  const std::size_t row = 3 * (std::size_t{1} << 20) + 5, pitch = std::size_t{4} << 20, rows = 7;
  const std::size_t big = 9 * (std::size_t{1} << 20) + 1, small = 1000;
  const std::vector<unsigned char> strided = random_bytes(pitch * rows, rng);
  const std::vector<unsigned char> contiguous = random_bytes(big, rng);
  const std::vector<unsigned char> tiny = random_bytes(small, rng);
  DeviceBytes device(row * rows + big + small);
  ASSERT_TRUE(device.allocated());
  const HostToDeviceCopy copies[] = {
      {device.get(), strided.data(), row, pitch, rows},
      contiguous_copy(device.get() + row * rows, contiguous.data(), big),
      contiguous_copy(device.get() + row * rows + big, tiny.data(), small),
  };
  const cuda::CudaStatus status = copy_host_to_device(copies, nullptr);
  ASSERT_TRUE(status.ok) << status.message;
  ASSERT_CUDA(cudaDeviceSynchronize());
  const std::vector<unsigned char> out = device.download();
  for (std::size_t r = 0; r < rows; ++r)
    ASSERT_TRUE(std::equal(out.begin() + r * row, out.begin() + (r + 1) * row, strided.begin() + r * pitch))
        << "row " << r;
  EXPECT_TRUE(std::equal(contiguous.begin(), contiguous.end(), out.begin() + row * rows));
  EXPECT_TRUE(std::equal(tiny.begin(), tiny.end(), out.begin() + row * rows + big));
}

TEST_F(CudaHostCopyTest, PinnedSourcesAreCopiedDirectly) {
  const std::size_t bytes = 3 * kStagingChunkBytes + 7;
  void* pinned = nullptr;
  ASSERT_CUDA(cudaHostAlloc(&pinned, bytes, cudaHostAllocDefault));
  const std::vector<unsigned char> source = random_bytes(bytes, rng);
  std::copy(source.begin(), source.end(), static_cast<unsigned char*>(pinned));
  EXPECT_EQ(copy_route(pinned, bytes), CopyRoute::direct);
  DeviceBytes device(bytes);
  ASSERT_TRUE(device.allocated());
  const HostToDeviceCopy copy = contiguous_copy(device.get(), pinned, bytes);
  const cuda::CudaStatus status = copy_host_to_device(std::span<const HostToDeviceCopy>(&copy, 1), nullptr);
  ASSERT_CUDA(cudaDeviceSynchronize());
  ASSERT_CUDA(cudaFreeHost(pinned));
  ASSERT_TRUE(status.ok) << status.message;
  EXPECT_TRUE(device.download() == source);
}

TEST_F(CudaHostCopyTest, RegisteredAndDeviceSourcesAreCopiedDirectly) {
  const std::size_t bytes = 2 * kStagingChunkBytes + 9;
  std::vector<unsigned char> source = random_bytes(bytes, rng);
  ASSERT_CUDA(cudaHostRegister(source.data(), bytes, cudaHostRegisterDefault));
  EXPECT_EQ(copy_route(source.data(), bytes), CopyRoute::direct);
  DeviceBytes first(bytes), second(bytes);
  ASSERT_TRUE(first.allocated() && second.allocated());
  const std::uint64_t before = staged_chunk_count();
  HostToDeviceCopy copy = contiguous_copy(first.get(), source.data(), bytes);
  cuda::CudaStatus status = copy_host_to_device(std::span<const HostToDeviceCopy>(&copy, 1), nullptr);
  ASSERT_CUDA(cudaDeviceSynchronize());
  ASSERT_CUDA(cudaHostUnregister(source.data()));
  ASSERT_TRUE(status.ok) << status.message;
  // Device memory as the source (bases dealt between devices take this route).
  EXPECT_EQ(copy_route(first.get(), bytes), CopyRoute::direct);
  copy = contiguous_copy(second.get(), first.get(), bytes);
  status = copy_host_to_device(std::span<const HostToDeviceCopy>(&copy, 1), nullptr);
  ASSERT_TRUE(status.ok) << status.message;
  ASSERT_CUDA(cudaDeviceSynchronize());
  EXPECT_EQ(staged_chunk_count(), before);
  EXPECT_TRUE(first.download() == source);
  EXPECT_TRUE(second.download() == source);
}

TEST_F(CudaHostCopyTest, ThePerThreadDefaultStreamOrdersTheStagedCopies) {
  // Only the calling thread makes CUDA calls: the copies are on its per-thread stream, not on
  // those of the filling threads.
  const std::vector<unsigned char> source = random_bytes(13 * kStagingChunkBytes + 3, rng);
  DeviceBytes device(source.size());
  ASSERT_TRUE(device.allocated());
  const HostToDeviceCopy copy = contiguous_copy(device.get(), source.data(), source.size());
  const cuda::CudaStatus status =
      copy_host_to_device(std::span<const HostToDeviceCopy>(&copy, 1), cudaStreamPerThread, 4);
  ASSERT_TRUE(status.ok) << status.message;
  ASSERT_CUDA(cudaStreamSynchronize(cudaStreamPerThread));
  std::vector<unsigned char> out(source.size());
  ASSERT_CUDA(cudaMemcpyAsync(out.data(), device.get(), out.size(), cudaMemcpyDeviceToHost, cudaStreamPerThread));
  ASSERT_CUDA(cudaStreamSynchronize(cudaStreamPerThread));
  EXPECT_TRUE(out == source);
}

// Holds a stream back for 100 ms (a host function queued on it).
void CUDART_CB sleep_100_ms(void*) { std::this_thread::sleep_for(std::chrono::milliseconds(100)); }

TEST_F(CudaHostCopyTest, ASourceOverwrittenOnReturnWhileTheStreamIsHeldBack) {
  // The stream cannot run the copies for 100 ms, so the chunks' events complete late: with one
  // and two filling threads every wave after the second waits for one of them, and the call
  // returns before the copies run. The source is overwritten at once; the device must still get
  // the bytes of the call.
  for (const unsigned threads : {1u, 2u, 0u}) {
    cudaStream_t stream = nullptr;
    ASSERT_CUDA(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    std::vector<unsigned char> source = random_bytes(21 * kStagingChunkBytes + 11, rng);
    const std::vector<unsigned char> expected = source;
    DeviceBytes device(source.size());
    ASSERT_TRUE(device.allocated());
    ASSERT_CUDA(cudaLaunchHostFunc(stream, sleep_100_ms, nullptr));
    const HostToDeviceCopy copy = contiguous_copy(device.get(), source.data(), source.size());
    const cuda::CudaStatus status = copy_host_to_device(std::span<const HostToDeviceCopy>(&copy, 1), stream, threads);
    std::fill(source.begin(), source.end(), 0x5a);
    ASSERT_TRUE(status.ok) << status.message;
    ASSERT_CUDA(cudaStreamSynchronize(stream));
    EXPECT_TRUE(device.download() == expected) << threads << " threads";
    ASSERT_CUDA(cudaStreamDestroy(stream));
  }
}

TEST_F(CudaHostCopyTest, TwoThreadsOnTwoStreamsShareTheRings) {
  // Each thread copies its own sources several times on its own stream; the rings go back and
  // forth between them (a ring is reused only when its chunks' copies have been read).
  constexpr int kRounds = 6;
  const std::size_t bytes = 11 * kStagingChunkBytes + 77;
  std::vector<unsigned char> sources[2] = {random_bytes(bytes, rng), random_bytes(bytes, rng)};
  bool ok[2] = {false, false};
  auto run = [&](int t) {
    cudaStream_t stream = nullptr;
    if (cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking) != cudaSuccess) return;
    DeviceBytes device(bytes);
    bool all = device.allocated();
    for (int round = 0; all && round < kRounds; ++round) {
      std::vector<unsigned char> source = sources[t];
      source[round] ^= 0xff;  // each round's bytes differ
      const HostToDeviceCopy copy = contiguous_copy(device.get(), source.data(), bytes);
      all = copy_host_to_device(std::span<const HostToDeviceCopy>(&copy, 1), stream).ok &&
            cudaStreamSynchronize(stream) == cudaSuccess && device.download() == source;
    }
    (void)cudaStreamDestroy(stream);
    ok[t] = all;
  };
  std::thread second(run, 1);
  run(0);
  second.join();
  EXPECT_TRUE(ok[0]);
  EXPECT_TRUE(ok[1]);
}

using Curves = ::testing::Types<Bn254, Grumpkin, Bls12381>;

template <class Curve>
class CudaStagedMsmTest : public StagingTest {};
TYPED_TEST_SUITE(CudaStagedMsmTest, Curves);

TYPED_TEST(CudaStagedMsmTest, HostInputsLargeEnoughToBeStagedEqualTheCpuBackend) {
  using Curve = TypeParam;
  // 2^17 + 3 points: 8 MiB of points and 4 MiB of scalars (BN254), not a whole number of chunks;
  // with 1 and 2 filling threads the waves reuse the ring's halves.
  const std::size_t n = (std::size_t{1} << 17) + 3;
  const std::vector<Point<Curve>> points = random_points<Curve>(n, this->rng());
  const std::vector<Scalar<Curve>> scalars = uniform_256_bit_scalars<Curve>(n, this->rng);
  const auto expected = msm<Curve>(points, scalars, MsmConfig{.backend = Backend::cpu});
  ASSERT_TRUE(expected) << expected.error().message;
  for (const unsigned threads : {0u, 1u, 2u}) {
    cuda::detail::set_staging_threads(threads);
    const auto on_gpu = msm<Curve>(points, scalars, MsmConfig{.backend = Backend::cuda});
    ASSERT_TRUE(on_gpu) << on_gpu.error().message;
    EXPECT_EQ(on_gpu.value(), expected.value()) << threads << " staging threads";
    // With a bases handle only the scalars cross (staged too).
    const auto bases = prepare_bases<Curve>(points, MsmConfig{.backend = Backend::cuda});
    ASSERT_TRUE(bases) << bases.error().message;
    const auto from_bases = msm<Curve>(bases.value(), scalars, MsmConfig{.backend = Backend::cuda});
    ASSERT_TRUE(from_bases) << from_bases.error().message;
    EXPECT_EQ(from_bases.value(), expected.value());
  }
}

}  // namespace
}  // namespace zkmsm::test
