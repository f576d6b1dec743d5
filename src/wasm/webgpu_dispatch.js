// Linked with --js-library: Emscripten 3.1.6's WebGPU glue calls the compute pass's dispatch()
// and dispatchIndirect(), renamed dispatchWorkgroups() and dispatchWorkgroupsIndirect() in the
// WebGPU API that browsers and Dawn ship; these overrides call the new names. And its
// writeBuffer hands WebGPU a view of the module's memory, which WebGPU refuses when that memory
// is a SharedArrayBuffer (the module with threads): the override copies such bytes first.
mergeInto(LibraryManager.library, {
  wgpuQueueWriteBuffer: function(queueId, bufferId, {{{ defineI64Param('bufferOffset') }}}, data, size) {
    {{{ receiveI64ParamAsI32s('bufferOffset') }}}
    var queue = WebGPU.mgrQueue.get(queueId);
    var buffer = WebGPU.mgrBuffer.get(bufferId);
    var bufferOffset = {{{ gpu.makeU64ToNumber('bufferOffset_low', 'bufferOffset_high') }}};
    var start = data >>> 0;
    var bytes = HEAPU8.buffer instanceof ArrayBuffer ? HEAPU8.subarray(start, start + size)
                                                      : HEAPU8.slice(start, start + size);
    queue["writeBuffer"](buffer, bufferOffset, bytes, 0, size);
  },
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
