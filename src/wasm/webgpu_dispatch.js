// Linked with --js-library: Emscripten 3.1.6's WebGPU glue calls the compute pass's dispatch()
// and dispatchIndirect(), renamed dispatchWorkgroups() and dispatchWorkgroupsIndirect() in the
// WebGPU API that browsers and Dawn ship; these overrides call the new names.
mergeInto(LibraryManager.library, {
  wgpuComputePassEncoderDispatch: function(passId, x, y, z) {
    WebGPU.mgrComputePassEncoder.get(passId)["dispatchWorkgroups"](x, y, z);
  },
  wgpuComputePassEncoderDispatchIndirect: function(passId, indirectBufferId, {{{ defineI64Param('indirectOffset') }}}) {
    {{{ receiveI64ParamAsI32s('indirectOffset') }}}
    var indirectBuffer = WebGPU.mgrBuffer.get(indirectBufferId);
    var indirectOffset = {{{ gpu.makeU64ToNumber('indirectOffset_low', 'indirectOffset_high') }}};
    WebGPU.mgrComputePassEncoder.get(passId)["dispatchWorkgroupsIndirect"](indirectBuffer, indirectOffset);
  },
});
