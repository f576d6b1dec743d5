// Radix sort pass, kernel 1 of 3: per-tile digit counts (radix_sort.wgsl for the layout).
// histograms[d · tiles + g] = number of keys of tile g whose digit is d.
//
// One workgroup per tile. Resources: 2 storage buffers (keys, histograms), 1 uniform, 64 bytes of
// workgroup memory.

@group(0) @binding(0) var<storage, read> keys: array<u32>;
@group(0) @binding(1) var<storage, read_write> histograms: array<u32>;
@group(0) @binding(2) var<uniform> arguments: PassArguments;

var<workgroup> tile_counts: array<atomic<u32>, 16>;

@compute @workgroup_size(128)
fn main(@builtin(local_invocation_id) local: vec3<u32>, @builtin(workgroup_id) group: vec3<u32>,
        @builtin(num_workgroups) groups: vec3<u32>) {
  let t = local.x;
  let tile = linear_workgroup(group, groups);
  if (tile >= arguments.tiles) { return; }  // the last row's spare workgroups (dispatch.wgsl)
  if (t < RADIX) { atomicStore(&tile_counts[t], 0u); }
  workgroupBarrier();
  // Only the counts matter here, so consecutive threads read consecutive keys.
  let tile_begin = tile * TILE_ITEMS;
  for (var j = 0u; j < ITEMS_PER_THREAD; j++) {
    let index = tile_begin + j * SORT_WORKGROUP_SIZE + t;
    if (index < arguments.count) {
      atomicAdd(&tile_counts[radix_digit(keys[index], arguments.shift, arguments.digit_mask)], 1u);
    }
  }
  workgroupBarrier();
  if (t < RADIX) { histograms[t * arguments.tiles + tile] = atomicLoad(&tile_counts[t]); }
}
