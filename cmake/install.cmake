# Install rules, the CMake package and the pkg-config file.
#
#   find_package(zkmsm) + target_link_libraries(app zkmsm::zkmsm)         the static library
#                       + target_link_libraries(app zkmsm::zkmsm_shared)  the shared library
#   pkg-config --cflags --libs zkmsm                                      the shared library
#
# Installs libzkmsm.a (target `zkmsm`; shared instead when BUILD_SHARED_LIBS), libzkmsm.so.<v>
# with its soname link (target `zkmsm_shared`, cmake/shared_library.cmake), the public headers
# of include/zkmsm, a relocatable CMake package in <libdir>/cmake/zkmsm (zkmsmConfig.cmake,
# zkmsmConfigVersion.cmake, zkmsmTargets[-<config>].cmake), <libdir>/pkgconfig/zkmsm.pc and the
# license files in <docdir>. zkmsm::zkmsm stays the static library, as it was before the shared
# one existed, so existing consumers link as they did.
# Included by the top-level CMakeLists.txt after src/ and cmake/shared_library.cmake.
include(CMakePackageConfigHelpers)

option(ZKMSM_INSTALL "Generate the install rules and the CMake package" ${PROJECT_IS_TOP_LEVEL})
if(NOT ZKMSM_INSTALL)
  return()
endif()

set(ZKMSM_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/zkmsm"
    CACHE STRING "Install folder of zkmsmConfig.cmake, relative to the prefix")
mark_as_advanced(ZKMSM_INSTALL_CMAKEDIR)

# The C ABI changes between 0.x minor versions, so the shared library's soname carries them.
set_target_properties(zkmsm PROPERTIES
  VERSION ${PROJECT_VERSION}
  SOVERSION ${PROJECT_VERSION_MAJOR}.${PROJECT_VERSION_MINOR})

set(_zkmsm_install_targets zkmsm)
if(TARGET zkmsm_shared)
  list(APPEND _zkmsm_install_targets zkmsm_shared)
endif()
install(TARGETS ${_zkmsm_install_targets}
  EXPORT zkmsmTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT zkmsm_development
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT zkmsm_runtime NAMELINK_COMPONENT zkmsm_development
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT zkmsm_runtime)

install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/zkmsm
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  COMPONENT zkmsm_development
  FILES_MATCHING PATTERN "*.h" PATTERN "*.hpp")

install(EXPORT zkmsmTargets
  NAMESPACE zkmsm::
  DESTINATION ${ZKMSM_INSTALL_CMAKEDIR}
  COMPONENT zkmsm_development)

# Dependencies a consumer must find. A static zkmsm carries its private link libraries into
# the consumer's link line (as $<LINK_ONLY:...>), so their packages are needed; a shared one
# hides them. Threads is found either way (cheap, and always present where zkmsm builds).
# zkmsm_headers needs nothing: src/api links it as $<BUILD_INTERFACE:zkmsm_headers>.
get_target_property(_zkmsm_type zkmsm TYPE)
get_target_property(_zkmsm_links zkmsm LINK_LIBRARIES)
set(ZKMSM_PACKAGE_SHARED OFF)
set(ZKMSM_PACKAGE_NEEDS_CUDA OFF)
set(ZKMSM_PACKAGE_NEEDS_VULKAN OFF)
if(_zkmsm_type STREQUAL "SHARED_LIBRARY")
  set(ZKMSM_PACKAGE_SHARED ON)
else()
  if(_zkmsm_links MATCHES "CUDA::")
    set(ZKMSM_PACKAGE_NEEDS_CUDA ON)
  endif()
  if(_zkmsm_links MATCHES "Vulkan::")
    set(ZKMSM_PACKAGE_NEEDS_VULKAN ON)
  endif()
endif()

configure_package_config_file(
  ${PROJECT_SOURCE_DIR}/cmake/zkmsmConfig.cmake.in
  ${PROJECT_BINARY_DIR}/cmake/zkmsmConfig.cmake
  INSTALL_DESTINATION ${ZKMSM_INSTALL_CMAKEDIR})
# 0.x: a minor release may break the API, so only the same major.minor is compatible.
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/cmake/zkmsmConfigVersion.cmake
  VERSION ${PROJECT_VERSION}
  COMPATIBILITY SameMinorVersion)
install(FILES
  ${PROJECT_BINARY_DIR}/cmake/zkmsmConfig.cmake
  ${PROJECT_BINARY_DIR}/cmake/zkmsmConfigVersion.cmake
  DESTINATION ${ZKMSM_INSTALL_CMAKEDIR}
  COMPONENT zkmsm_development)

# pkg-config: the shared library when there is one (-lzkmsm finds the .so first), with the
# static library's own dependencies in Libs.private for `pkg-config --static`. The prefix is
# found from the .pc file's own folder, so the installed tree can be moved.
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}")
  set(ZKMSM_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
else()
  set(ZKMSM_PC_PREFIX "\${pcfiledir}")
  string(REPLACE "/" ";" _zkmsm_libdir_parts "${CMAKE_INSTALL_LIBDIR}/pkgconfig")
  foreach(_part IN LISTS _zkmsm_libdir_parts)
    string(APPEND ZKMSM_PC_PREFIX "/..")
  endforeach()
endif()
set(ZKMSM_PC_LIBS_PRIVATE "-pthread")
if(_zkmsm_links MATCHES "CUDA::")
  string(APPEND ZKMSM_PC_LIBS_PRIVATE " -L${CUDAToolkit_LIBRARY_DIR} -lcudart_static -ldl -lrt")
endif()
if(_zkmsm_links MATCHES "Vulkan::")
  string(APPEND ZKMSM_PC_LIBS_PRIVATE " -lvulkan")
endif()
string(APPEND ZKMSM_PC_LIBS_PRIVATE " -lstdc++")
configure_file(${PROJECT_SOURCE_DIR}/cmake/zkmsm.pc.in ${PROJECT_BINARY_DIR}/cmake/zkmsm.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/cmake/zkmsm.pc
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig
  COMPONENT zkmsm_development)

install(FILES ${PROJECT_SOURCE_DIR}/LICENSE-MIT ${PROJECT_SOURCE_DIR}/LICENSE-APACHE
  DESTINATION ${CMAKE_INSTALL_DOCDIR}
  COMPONENT zkmsm_runtime)

unset(_zkmsm_type)
unset(_zkmsm_links)
unset(_zkmsm_install_targets)
unset(_zkmsm_libdir_parts)
unset(_part)
