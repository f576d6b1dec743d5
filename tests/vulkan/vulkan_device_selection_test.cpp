// Device ranking (msm/vulkan/device_selection.hpp) and the field form (msm/vulkan/field_form.hpp):
// pure logic, no Vulkan device needed.
#include <gtest/gtest.h>

#include <cstdlib>
#include <vector>

#include "msm/vulkan/device_selection.hpp"
#include "msm/vulkan/field_form.hpp"

namespace zkmsm::vulkan {
namespace {

const DeviceCandidate kLavapipe{"llvmpipe", DeviceKind::cpu, true};
const DeviceCandidate kIntegrated{"integrated", DeviceKind::integrated_gpu, true};
const DeviceCandidate kDiscrete{"discrete", DeviceKind::discrete_gpu, true};
const DeviceCandidate kDiscreteNoCompute{"graphics only", DeviceKind::discrete_gpu, false};

TEST(VulkanDeviceSelection, DiscreteBeforeIntegratedBeforeSoftware) {
  const std::vector<DeviceCandidate> devices{kLavapipe, kIntegrated, kDiscrete};
  EXPECT_EQ(choose_device(devices, DevicePreference::automatic), 2u);
  const std::vector<DeviceCandidate> no_discrete{kLavapipe, kIntegrated};
  EXPECT_EQ(choose_device(no_discrete, DevicePreference::automatic), 1u);
}

TEST(VulkanDeviceSelection, SoftwareOnlyWhenNothingElseOrAsked) {
  const std::vector<DeviceCandidate> only_software{kLavapipe};
  EXPECT_EQ(choose_device(only_software, DevicePreference::automatic), 0u);
  EXPECT_EQ(choose_device(only_software, DevicePreference::hardware_only), std::nullopt);
  const std::vector<DeviceCandidate> both{kDiscrete, kLavapipe};
  EXPECT_EQ(choose_device(both, DevicePreference::software), 1u);
  EXPECT_EQ(choose_device(both, DevicePreference::hardware_only), 0u);
}

TEST(VulkanDeviceSelection, NeverADeviceWithoutComputeQueue) {
  const std::vector<DeviceCandidate> devices{kDiscreteNoCompute, kIntegrated};
  EXPECT_EQ(choose_device(devices, DevicePreference::automatic), 1u);
  const std::vector<DeviceCandidate> none{kDiscreteNoCompute};
  EXPECT_EQ(choose_device(none, DevicePreference::automatic), std::nullopt);
  EXPECT_EQ(choose_device({}, DevicePreference::automatic), std::nullopt);
}

TEST(VulkanDeviceSelection, FirstOfEqualKindWins) {
  const std::vector<DeviceCandidate> devices{kIntegrated, {"second", DeviceKind::discrete_gpu, true}, kDiscrete};
  EXPECT_EQ(choose_device(devices, DevicePreference::automatic), 1u);
}

TEST(VulkanDeviceSelection, EnvironmentOverridesOnlyAutomatic) {
  EXPECT_EQ(parse_device_preference("software"), DevicePreference::software);
  EXPECT_EQ(parse_device_preference("cpu"), DevicePreference::software);
  EXPECT_EQ(parse_device_preference("gpu"), DevicePreference::hardware_only);
  EXPECT_EQ(parse_device_preference("auto"), DevicePreference::automatic);
  EXPECT_EQ(parse_device_preference("fastest"), std::nullopt);

  ::setenv("ZKMSM_VULKAN_DEVICE", "hardware", 1);
  std::string unknown;
  EXPECT_EQ(effective_device_preference(DevicePreference::automatic, &unknown), DevicePreference::hardware_only);
  EXPECT_EQ(effective_device_preference(DevicePreference::software, &unknown), DevicePreference::software);
  ::setenv("ZKMSM_VULKAN_DEVICE", "fastest", 1);
  EXPECT_EQ(effective_device_preference(DevicePreference::automatic, &unknown), DevicePreference::automatic);
  EXPECT_EQ(unknown, "fastest");
  ::unsetenv("ZKMSM_VULKAN_DEVICE");
}

TEST(VulkanFieldForm, AutomaticIsInt64WhereTheDeviceHasIt) {
  EXPECT_EQ(resolve_field_form(FieldForm::automatic, true), FieldForm::int64);
  EXPECT_EQ(resolve_field_form(FieldForm::automatic, false), FieldForm::int32);
  EXPECT_EQ(resolve_field_form(FieldForm::int32, true), FieldForm::int32);
  EXPECT_EQ(resolve_field_form(FieldForm::int64, true), FieldForm::int64);
  EXPECT_EQ(resolve_field_form(FieldForm::int64, false), std::nullopt);
}

TEST(VulkanFieldForm, EnvironmentOverridesOnlyAutomatic) {
  EXPECT_EQ(parse_field_form("int32"), FieldForm::int32);
  EXPECT_EQ(parse_field_form("int64"), FieldForm::int64);
  EXPECT_EQ(parse_field_form("auto"), FieldForm::automatic);
  EXPECT_EQ(parse_field_form("int128"), std::nullopt);
  EXPECT_STREQ(field_form_name(FieldForm::int64), "int64");

  ::setenv("ZKMSM_VULKAN_FIELD", "int32", 1);
  std::string unknown;
  EXPECT_EQ(effective_field_form(FieldForm::automatic, &unknown), FieldForm::int32);
  EXPECT_EQ(effective_field_form(FieldForm::int64, &unknown), FieldForm::int64);
  ::setenv("ZKMSM_VULKAN_FIELD", "int128", 1);
  EXPECT_EQ(effective_field_form(FieldForm::automatic, &unknown), FieldForm::automatic);
  EXPECT_EQ(unknown, "int128");
  ::unsetenv("ZKMSM_VULKAN_FIELD");
}

}  // namespace
}  // namespace zkmsm::vulkan
