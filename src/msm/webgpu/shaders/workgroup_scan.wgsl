// The inclusive prefix sum of one value per invocation across a workgroup of SCAN_THREADS
// (Hillis–Steele, log₂ SCAN_THREADS steps), shared by radix_sort_scan.wgsl,
// radix_sort_scan_blocks.wgsl, radix_sort_scatter.wgsl and pair_tree_scan.wgsl, whose workgroups
// are SCAN_THREADS wide. Each invocation t writes its
// value to thread_sums[t], then every invocation of the workgroup calls workgroup_inclusive_scan
// (it has barriers); afterwards thread_sums[t] = Σ_{u ≤ t} value_u.

const SCAN_THREADS = 128u;

var<workgroup> thread_sums: array<u32, SCAN_THREADS>;

fn workgroup_inclusive_scan(t: u32) {
  workgroupBarrier();
  for (var offset = 1u; offset < SCAN_THREADS; offset <<= 1u) {
    var add = 0u;
    if (t >= offset) { add = thread_sums[t - offset]; }
    workgroupBarrier();
    thread_sums[t] += add;
    workgroupBarrier();
  }
}
