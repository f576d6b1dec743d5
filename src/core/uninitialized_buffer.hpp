// A heap array whose elements start uninitialised: std::vector would zero-fill (and fault in)
// hundreds of MiB that are written before they are read. For trivially constructible T only.
#pragma once

#include <cstddef>
#include <memory>
#include <type_traits>

namespace zkmsm {

template <class T>
class UninitializedBuffer {
  static_assert(std::is_trivially_default_constructible_v<T>);

 public:
  UninitializedBuffer() = default;
  explicit UninitializedBuffer(std::size_t size) { resize(size); }
  // Discards the contents.
  void resize(std::size_t size) {
    data_.reset(size == 0 ? nullptr : new T[size]);
    size_ = size;
  }
  T* data() { return data_.get(); }
  const T* data() const { return data_.get(); }
  T& operator[](std::size_t i) { return data_[i]; }
  const T& operator[](std::size_t i) const { return data_[i]; }
  std::size_t size() const { return size_; }
  std::size_t bytes() const { return size_ * sizeof(T); }

 private:
  std::unique_ptr<T[]> data_;
  std::size_t size_ = 0;
};

}  // namespace zkmsm
