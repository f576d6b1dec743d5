// plan (ARCHITECTURE.md, "The pipeline"): each non-empty bucket's range [start, end) in the sorted entries, and
// M, the number of entries before the first sentinel (the walker's work).
#pragma once

#include "msm/cuda/exec.cuh"

namespace zkmsm::cuda::detail {

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

}  // namespace zkmsm::cuda::detail
