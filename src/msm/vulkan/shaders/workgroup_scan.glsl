// An inclusive prefix sum over the SCAN_INVOCATIONS words of thread_sums (Hillis–Steele, one word
// per invocation), shared by the radix sort's scans (radix_sort_scan.comp,
// radix_sort_scan_blocks.comp, radix_sort_scatter.comp). The including shader defines
// SCAN_INVOCATIONS (its workgroup size) first. Every invocation of the workgroup must call it;
// thread_sums[SCAN_INVOCATIONS − 1] is the workgroup's total afterwards.
#ifndef ZKMSM_WORKGROUP_SCAN_GLSL
#define ZKMSM_WORKGROUP_SCAN_GLSL

shared uint thread_sums[SCAN_INVOCATIONS];

void inclusive_scan_thread_sums(uint t) {
  barrier();
  for (uint offset = 1u; offset < SCAN_INVOCATIONS; offset <<= 1) {
    const uint add = t >= offset ? thread_sums[t - offset] : 0u;
    barrier();
    thread_sums[t] += add;
    barrier();
  }
}

#endif
