// The library's uninitialised host arrays: the public HostBuffer (zkmsm/host_buffer.hpp: huge
// pages for large arrays, no zero fill), under the name the backends use.
#pragma once

#include "zkmsm/host_buffer.hpp"

namespace zkmsm {

template <class T>
using UninitializedBuffer = HostBuffer<T>;

}  // namespace zkmsm
