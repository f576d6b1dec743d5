// The library's uninitialised host arrays: HostBuffer (zkmsm/host_buffer.hpp: huge pages for large
// arrays, no zero fill) whose large mappings are kept for the next call when released
// (core/kept_host_memory.hpp), under the name the backends use. The caller's own arrays
// (the public HostBuffer) always come from and go back to the system.
#pragma once

#include "core/kept_host_memory.hpp"
#include "zkmsm/host_buffer.hpp"

namespace zkmsm {

template <class T>
using UninitializedBuffer = HostBuffer<T, KeptHostMemory>;

}  // namespace zkmsm
