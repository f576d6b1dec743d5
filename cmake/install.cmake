# Install rules and the CMake package: find_package(zkmsm) + target_link_libraries(app zkmsm::zkmsm).
#
# Installs the `zkmsm` library (static unless BUILD_SHARED_LIBS), the public headers of
# include/zkmsm, and a relocatable package in <libdir>/cmake/zkmsm:
#   zkmsmConfig.cmake, zkmsmConfigVersion.cmake, zkmsmTargets[-<config>].cmake
# Included by the top-level CMakeLists.txt after src/, so the `zkmsm` target exists.
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

install(TARGETS zkmsm
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

unset(_zkmsm_type)
unset(_zkmsm_links)
