#version 450
// plan: the bucket bounds of one window batch in the sorted key list (the CUDA BucketBounds).
//
// For every key k < sentinel: bucket_start[k] = first position of k in sorted_keys, bucket_end[k]
// = one past its last position; an empty bucket gets bucket_start = bucket_end (the position where
// it would be). (The CUDA stage writes only non-empty buckets; here every entry is defined.)
// valid[0] = M, the number of non-sentinel entries = the position of the first sentinel (count
// when there is none).
//
// One invocation per key 0 … sentinel, each a binary search (lower bound) in the sorted keys.
// Resources: 4 storage buffers (sorted keys, bucket_start, bucket_end, valid), 8 bytes of push
// constants, no workgroup memory. Workgroup size: specialization constant 0 (default 64, not
// tuned).
layout(local_size_x = 64, local_size_x_id = 0) in;

layout(std430, set = 0, binding = 0) readonly buffer SortedKeys { uint sorted_keys[]; };
layout(std430, set = 0, binding = 1) writeonly buffer BucketStart { uint bucket_start[]; };
layout(std430, set = 0, binding = 2) writeonly buffer BucketEnd { uint bucket_end[]; };
layout(std430, set = 0, binding = 3) writeonly buffer Valid { uint valid[]; };
layout(push_constant) uniform Arguments {
  uint count;     // sorted entries
  uint sentinel;  // the sentinel key = the number of buckets of the batch
};

// The first position whose key is ≥ key (count when there is none).
uint lower_bound(uint key) {
  uint low = 0u;
  uint high = count;
  while (low < high) {
    const uint middle = low + (high - low) / 2u;
    if (sorted_keys[middle] < key) {
      low = middle + 1u;
    } else {
      high = middle;
    }
  }
  return low;
}

void main() {
  const uint key = gl_GlobalInvocationID.x;
  if (key > sentinel) return;
  const uint start = lower_bound(key);
  if (key == sentinel) {
    valid[0] = start;
    return;
  }
  bucket_start[key] = start;
  bucket_end[key] = lower_bound(key + 1u);
}
