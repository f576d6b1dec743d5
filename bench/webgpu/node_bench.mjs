#!/usr/bin/env node
// The webgpu backend's benchmark in node on Dawn (the `webgpu` package of tests/wasm): for each
// n = 2^logN and each configuration, a warm-up (shader compiles) and `repeats` timed MSMs of
// random independent points (the module's generator), each checked against the module's cpu
// backend on the same inputs; one JSON line per configuration (median and min wall ms, the
// stages of the fastest run, the walker geometry, peak bytes) and the cpu backend's time.
//
//   node bench/webgpu/node_bench.mjs build/wasm/web/zkmsm.mjs [--log-n 16,18] [--repeats 3]
//        [--configs '[{}, {"accumulator":"pair_tree"}]'] [--dawn-backend vulkan|opengl] [--bases]
//
// --bases: the points are prepared once per size on the webgpu backend (prepareBases, not timed)
// and every timed MSM uploads only its scalars, as `zkmsm bench --inputs bases` does natively.
//
// Dawn's Vulkan backend runs on a GPU's Vulkan driver (or a recent lavapipe); its OpenGL backend
// on Mesa's llvmpipe (EGL_PLATFORM=surfaceless) where there is no GPU. Configurations are msm()
// options (web/zkmsm.mjs), backend 'webgpu' implied.
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values: flags, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'log-n': { type: 'string', default: '16' }, repeats: { type: 'string', default: '3' },
             configs: { type: 'string', default: '[{}]' }, 'dawn-backend': { type: 'string', default: 'opengl' },
             curve: { type: 'string', default: 'bn254' }, bases: { type: 'boolean', default: false } },
});
if (positionals.length !== 1) {
  console.error('usage: node_bench.mjs BUILD/web/zkmsm.mjs [--log-n 16,18] [--repeats 3] [--configs JSON] [--dawn-backend vulkan|opengl] [--bases]');
  process.exit(2);
}
process.env.EGL_PLATFORM ??= 'surfaceless';
const { create, globals } = await import(new URL('../../tests/wasm/node_modules/webgpu/index.js', import.meta.url).href);
Object.assign(globalThis, globals);
const dawnBackend = flags['dawn-backend'];
const gpu = create([`backend=${dawnBackend}`]);
const adapter = await gpu.requestAdapter(dawnBackend === 'opengl' ? { featureLevel: 'compatibility' } : { powerPreference: 'high-performance' });
if (!adapter) {
  console.error(`no WebGPU adapter on Dawn's ${dawnBackend} backend`);
  process.exit(1);
}
const device = await adapter.requestDevice({
  requiredLimits: { maxStorageBufferBindingSize: adapter.limits.maxStorageBufferBindingSize,
                    maxBufferSize: adapter.limits.maxBufferSize,
                    maxComputeInvocationsPerWorkgroup: adapter.limits.maxComputeInvocationsPerWorkgroup },
});
const { init } = await import(pathToFileURL(resolve(positionals[0])).href);
const zkmsm = await init({ device, adapterInfo: adapter.info });
const info = adapter.info ?? {};
console.log(JSON.stringify({ zkmsm: zkmsm.version, dawn_backend: dawnBackend, adapter: `${info.vendor ?? ''} ${info.architecture ?? ''} ${info.description ?? ''}`.trim(),
                             date: new Date().toISOString() }));
const curve = flags.curve;
const repeats = Math.max(1, Number(flags.repeats));
const configs = JSON.parse(flags.configs);
const median = (v) => v.slice().sort((a, b) => a - b)[Math.floor(v.length / 2)];
let failures = 0;
for (const logN of flags['log-n'].split(',').map(Number)) {
  const { points, scalars } = await zkmsm.randomInputs(curve, 2 ** logN, BigInt(logN));
  const cpuStart = performance.now();
  const reference = await zkmsm.msm(curve, points, scalars, { backend: 'cpu' });
  console.log(JSON.stringify({ log_n: logN, backend: 'cpu', ms: performance.now() - cpuStart }));
  const bases = flags.bases ? await zkmsm.prepareBases(curve, points, { backend: 'webgpu' }) : null;
  for (const config of configs) {
    const times = [];
    let fastest = null;
    let verified = true;
    let error = null;
    for (let run = 0; run <= repeats && error === null; run++) {
      const start = performance.now();
      let outcome;
      try {
        outcome = bases !== null ? await zkmsm.msm(curve, bases, scalars, config)
                                 : await zkmsm.msm(curve, points, scalars, { ...config, backend: 'webgpu' });
      } catch (e) {
        error = `${e.status ?? 'error'}: ${e.message}`;
        break;
      }
      const { point, stats } = outcome;
      const ms = performance.now() - start;
      verified &&= point?.x === reference.point?.x && point?.y === reference.point?.y;
      if (run === 0) continue;
      times.push(ms);
      if (fastest === null || ms < fastest.ms) fastest = { ms, stats };
    }
    if (error !== null) {
      failures++;
      console.log(JSON.stringify({ log_n: logN, backend: 'webgpu', config, error }));
      continue;
    }
    if (!verified) failures++;
    console.log(JSON.stringify({ log_n: logN, backend: 'webgpu', inputs: bases !== null ? 'bases' : 'host', config, verified, median_ms: median(times),
                                 min_ms: fastest.ms, stages_ms: fastest.stats.stages_ms, window_bits: fastest.stats.window_bits,
                                 webgpu: fastest.stats.webgpu, estimated_peak_bytes: fastest.stats.estimated_peak_bytes,
                                 measured_peak_bytes: fastest.stats.measured_peak_bytes }));
  }
  if (bases !== null) await bases.release();
}
device.destroy();
process.exit(failures === 0 ? 0 : 1);
