// plan: the bucket bounds of one window batch in the sorted key list (the Vulkan shader
// bucket_bounds.comp, the CUDA BucketBounds).
//
// For every key k < sentinel: bucket_start[k] = first position of k in sorted_keys, bucket_end[k]
// = one past its last position; an empty bucket gets bucket_start = bucket_end (the position where
// it would be). valid[0] = M, the number of non-sentinel entries = the position of the first
// sentinel (count when there is none).
//
// One invocation per key 0 … sentinel, each a binary search (lower bound) in the sorted keys.
// Resources: 4 storage buffers (sorted keys, bucket_start, bucket_end, valid), 1 uniform.
// Workgroup size 64 (not tuned).

struct Arguments {
  count: u32,     // sorted entries
  sentinel: u32,  // the sentinel key = the number of buckets of the batch
}

@group(0) @binding(0) var<storage, read> sorted_keys: array<u32>;
@group(0) @binding(1) var<storage, read_write> bucket_start: array<u32>;
@group(0) @binding(2) var<storage, read_write> bucket_end: array<u32>;
@group(0) @binding(3) var<storage, read_write> valid: array<u32>;
@group(0) @binding(4) var<uniform> arguments: Arguments;

// The first position whose key is ≥ key (count when there is none).
fn lower_bound(key: u32) -> u32 {
  var low = 0u;
  var high = arguments.count;
  while (low < high) {
    let middle = low + (high - low) / 2u;
    if (sorted_keys[middle] < key) {
      low = middle + 1u;
    } else {
      high = middle;
    }
  }
  return low;
}

@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) group: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>,
        @builtin(local_invocation_id) local: vec3<u32>) {
  let key = linear_invocation(group, groups, local, 64u);
  if (key > arguments.sentinel) { return; }
  let start = lower_bound(key);
  if (key == arguments.sentinel) {
    valid[0] = start;
    return;
  }
  bucket_start[key] = start;
  bucket_end[key] = lower_bound(key + 1u);
}
