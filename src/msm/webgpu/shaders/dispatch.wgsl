// Linear indices over dispatches of more than 65,535 workgroups: WebGPU's default
// maxComputeWorkgroupsPerDimension is 65,535, so Context::dispatch spreads a dispatch of W
// workgroups over (min(W, 65,535), ⌈W / 65,535⌉) and a kernel reads its linear workgroup and
// invocation through these. The last row may hold workgroups past W: kernels check their
// indices against their counts (the invocations of one workgroup agree, so a whole-workgroup
// early return stays uniform for its barriers).

fn linear_workgroup(group: vec3<u32>, groups: vec3<u32>) -> u32 { return group.y * groups.x + group.x; }

fn linear_invocation(group: vec3<u32>, groups: vec3<u32>, local: vec3<u32>, workgroup_size: u32) -> u32 {
  return linear_workgroup(group, groups) * workgroup_size + local.x;
}
