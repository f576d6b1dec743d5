#version 450
// Radix sort pass, kernel 1 of 4: per-tile digit counts (radix_sort.glsl for the layout).
// histograms[d · tiles + g] = number of keys of tile g whose digit (key >> shift) & digit_mask is d.
//
// One workgroup per tile. Resources: 2 storage buffers (keys, histograms), 16 bytes of push
// constants, 64 bytes of workgroup memory. Workgroup size 128; specialization constant 0 =
// ITEMS_PER_THREAD (default 16).
#extension GL_GOOGLE_include_directive : require

#include "radix_sort.glsl"

layout(std430, set = 0, binding = 0) readonly buffer Keys { uint keys[]; };
layout(std430, set = 0, binding = 1) writeonly buffer Histograms { uint histograms[]; };
layout(push_constant) uniform Arguments {
  uint count;  // entries
  uint shift;  // the pass's digit is (key >> shift) & digit_mask
  uint tiles;  // ceil(count / TILE_ITEMS), the number of workgroups
  uint digit_mask;  // 15, or fewer low bits in a last pass that ends at key_bits
};

shared uint tile_counts[RADIX];

void main() {
  const uint t = gl_LocalInvocationID.x;
  const uint tile = gl_WorkGroupID.x;
  if (t < RADIX) tile_counts[t] = 0u;
  barrier();
  // Only the counts matter here, so consecutive threads read consecutive keys.
  const uint tile_begin = tile * TILE_ITEMS;
  for (uint j = 0u; j < ITEMS_PER_THREAD; ++j) {
    const uint index = tile_begin + j * SORT_WORKGROUP_SIZE + t;
    if (index < count) atomicAdd(tile_counts[radix_digit(keys[index], shift, digit_mask)], 1u);
  }
  barrier();
  if (t < RADIX) histograms[t * tiles + tile] = tile_counts[t];
}
