# The shared library beside the static one, from the same object files (nothing is compiled
# twice): libzkmsm.a is the target `zkmsm` (src/api), libzkmsm.so.<version> with the soname
# libzkmsm.so.<major>.<minor> is the target `zkmsm_shared`. The .so exports the public API only
# (cmake/zkmsm_exports.map): the C ABI of zkmsm.h and the C++ API of zkmsm.hpp, including its
# explicit template instantiations; every internal symbol stays local.
# Included by the top-level CMakeLists.txt after src/, so the `zkmsm` target exists.
option(ZKMSM_BUILD_SHARED "Build the shared library libzkmsm.so beside the static libzkmsm.a" ON)

get_target_property(_zkmsm_type zkmsm TYPE)
if(NOT ZKMSM_BUILD_SHARED OR _zkmsm_type STREQUAL "SHARED_LIBRARY")
  # BUILD_SHARED_LIBS made `zkmsm` itself shared: there is no second library to add.
  unset(_zkmsm_type)
  return()
endif()

# The objects of `zkmsm`: its own sources and the backends' object libraries it takes in.
get_target_property(_zkmsm_sources zkmsm SOURCES)
set(_zkmsm_objects "$<TARGET_OBJECTS:zkmsm>")
foreach(_source IN LISTS _zkmsm_sources)
  if(_source MATCHES "^\\$<TARGET_OBJECTS:")
    list(APPEND _zkmsm_objects "${_source}")
  endif()
endforeach()
get_target_property(_zkmsm_links zkmsm LINK_LIBRARIES)

add_library(zkmsm_shared SHARED ${_zkmsm_objects})
add_library(zkmsm::zkmsm_shared ALIAS zkmsm_shared)
add_dependencies(zkmsm_shared zkmsm)
target_link_libraries(zkmsm_shared PRIVATE ${_zkmsm_links})
target_include_directories(zkmsm_shared PUBLIC
  $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
  $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
target_compile_features(zkmsm_shared PUBLIC cxx_std_20)
set(_zkmsm_export_map ${PROJECT_SOURCE_DIR}/cmake/zkmsm_exports.map)
if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang" AND NOT APPLE)
  target_link_options(zkmsm_shared PRIVATE "LINKER:--version-script=${_zkmsm_export_map}" "LINKER:--no-undefined")
  set_property(TARGET zkmsm_shared APPEND PROPERTY LINK_DEPENDS ${_zkmsm_export_map})
endif()
# The C ABI changes between 0.x minor versions, so the soname carries them.
set_target_properties(zkmsm_shared PROPERTIES
  OUTPUT_NAME zkmsm
  VERSION ${PROJECT_VERSION}
  SOVERSION ${PROJECT_VERSION_MAJOR}.${PROJECT_VERSION_MINOR}
  LIBRARY_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/lib)

unset(_zkmsm_type)
unset(_zkmsm_sources)
unset(_zkmsm_objects)
unset(_zkmsm_links)
unset(_zkmsm_export_map)
