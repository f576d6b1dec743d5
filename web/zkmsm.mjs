// zkmsm in JavaScript: the C++ library compiled to WebAssembly (the cpu backend, and the WebGPU
// pipeline as it grows: src/msm/webgpu), for browsers and node. Build: `make wasm`
// (build/wasm/web/ holds this file, zkmsm_wasm.mjs and zkmsm_wasm.wasm).
//
//   import { init } from './zkmsm.mjs';
//   const zkmsm = await init();                      // or init({ device }) with a GPUDevice
//   const { point, stats } = zkmsm.msm('bn254', points, scalars, { windowBits: 0 });
//
// points: an array of { x, y } BigInts (canonical affine coordinates; { x: 0n, y: 0n } is the
// point at infinity), or a Uint8Array of n × 64 bytes (x then y, each four little-endian 64-bit
// limbs: the C ABI's layout). scalars: an array of BigInts (any value in [0, 2^256), reduced mod
// the group order), or a Uint8Array of n × 32 bytes. point: { x, y } BigInts, or null for the
// point at infinity. stats: the backend, accumulator, window size and per-stage milliseconds
// that ran. Bad input throws a ZkmsmError whose `status` names it (e.g. point_not_on_curve).
// Variable-time in every input: never pass secret scalars.
import createZkmsmModule from './zkmsm_wasm.mjs';

const CURVES = { bn254: 0, grumpkin: 1 };
const BACKENDS = { auto: 0, cpu: 1, cuda: 2, vulkan: 3 };
const ACCUMULATORS = { auto: 0, stream_walker: 1, pair_tree: 2, batch_affine: 3, xyzz: 4 };
// The accumulators of the WebGPU MSM (src/msm/webgpu/webgpu_msm.hpp's WebGpuAccumulator).
const WEBGPU_ACCUMULATORS = { stream_walker: 0, pair_tree: 1 };
const MASK64 = (1n << 64n) - 1n;

export class ZkmsmError extends Error {
  constructor(status, message) {
    super(message);
    this.name = 'ZkmsmError';
    this.status = status;
  }
}

function enumValue(table, name, what) {
  if (!Object.hasOwn(table, name)) {
    throw new ZkmsmError('invalid_argument', `${what} must be one of ${Object.keys(table).join(', ')}, got '${name}'`);
  }
  return table[name];
}

function writeLimbs(view, offset, value, limbs, what) {
  if (typeof value !== 'bigint' || value < 0n || value >> BigInt(64 * limbs) !== 0n) {
    throw new ZkmsmError('invalid_argument', `${what} must be a BigInt in [0, 2^${64 * limbs})`);
  }
  for (let l = 0; l < limbs; l++) view.setBigUint64(offset + 8 * l, (value >> BigInt(64 * l)) & MASK64, true);
}

// The non-negative integer of `limbs` little-endian 64-bit limbs at offset.
function readLimbs(view, offset, limbs) {
  let value = 0n;
  for (let l = limbs - 1; l >= 0; l--) value = (value << 64n) | view.getBigUint64(offset + 8 * l, true);
  return value;
}

// Copies points (an array of { x, y } or bytes) and scalars (an array of BigInts or bytes) into the
// module's memory `m` at pointsAt and scalarsAt (view: a DataView of its current buffer).
function writeInputs(m, view, points, pointsAt, scalars, scalarsAt) {
  if (points instanceof Uint8Array) {
    m.HEAPU8.set(points, pointsAt);
  } else {
    points.forEach((p, i) => {
      writeLimbs(view, pointsAt + 64 * i, p?.x, 4, `points[${i}].x`);
      writeLimbs(view, pointsAt + 64 * i + 32, p?.y, 4, `points[${i}].y`);
    });
  }
  if (scalars instanceof Uint8Array) {
    m.HEAPU8.set(scalars, scalarsAt);
  } else {
    scalars.forEach((s, i) => writeLimbs(view, scalarsAt + 32 * i, s, 4, `scalars[${i}]`));
  }
}

// The number of elements of `input` (an array, or bytes of bytesPer each).
function countOf(input, bytesPer, what) {
  if (input instanceof Uint8Array) {
    if (input.length % bytesPer !== 0) {
      throw new ZkmsmError('invalid_argument', `${what}: ${input.length} bytes is not a multiple of ${bytesPer}`);
    }
    return input.length / bytesPer;
  }
  if (!Array.isArray(input)) throw new ZkmsmError('invalid_argument', `${what} must be an array or a Uint8Array`);
  return input.length;
}

const FIELDS = { bn254_fq: 0, bn254_fr: 1 };

class Zkmsm {
  #queue = Promise.resolve();  // the asynchronous calls, one after another
  #inFlight = 0;

  constructor(module, device) {
    this.module = module;
    this.version = module.UTF8ToString(module._zkmsm_version());
    this.webgpu = device !== undefined;
    // Hooks for the module's own tests, not a stable API.
    const one = (task) => this.#serialized(task);
    this.testing = {
      webgpuFieldOps: (field, a, b) => one(() => this.#webgpuFieldOps(field, a, b)),
      webgpuCurveOps: (curve, pairs) => one(() => this.#webgpuCurveOps(curve, pairs)),
      webgpuDecomposeScalars: (curve, scalars, shape) => one(() => this.#webgpuDecomposeScalars(curve, scalars, shape)),
      webgpuRadixSort: (keys, values, keyBits) => one(() => this.#webgpuRadixSort(keys, values, keyBits)),
      webgpuBucketBounds: (sortedKeys, sentinel) => one(() => this.#webgpuBucketBounds(sortedKeys, sentinel)),
      webgpuBucketReduction: (curve, windowBits, bucketSums) =>
        one(() => this.#webgpuBucketReduction(curve, windowBits, bucketSums)),
      webgpuBatchAffineAdd: (curve, slots, pairs) => one(() => this.#webgpuBatchAffineAdd(curve, slots, pairs)),
      webgpuMsm: (curve, points, scalars, options) => one(() => this.#webgpuMsm(curve, points, scalars, options)),
      // Dispatches of more workgroups than this go in rows (0 = WebGPU's default 65,535).
      webgpuSetMaxWorkgroupsPerDimension: (workgroups) => one(async () => {
        const failed = await this.module.ccall('zkmsm_wasm_webgpu_set_max_workgroups_per_dimension', 'number',
                                               ['number'], [workgroups], { async: true });
        if (failed) throw new ZkmsmError('device_error', this.module.UTF8ToString(this.module._zkmsm_wasm_webgpu_last_error()));
      }),
    };
  }

  // Runs an exported WebGPU test kernel: writes `words` (arrays of BigInts of 4 limbs) to the
  // module's memory, calls `name`(selector, input, n, output) asynchronously, and reads
  // `outputElements` 256-bit values back.
  async #runKernel(name, selector, values, n, outputElements) {
    const m = this.module;
    const inputAt = this.#alloc(32 * values.length);
    const outputAt = this.#alloc(32 * outputElements);
    try {
      let view = new DataView(m.HEAPU8.buffer);
      values.forEach((v, i) => writeLimbs(view, inputAt + 32 * i, v, 4, `input ${i}`));
      const failed = await m.ccall(name, 'number', ['number', 'number', 'number', 'number'],
                                   [selector, inputAt, n, outputAt], { async: true });
      if (failed) throw new ZkmsmError('device_error', m.UTF8ToString(m._zkmsm_wasm_webgpu_last_error()));
      view = new DataView(m.HEAPU8.buffer);
      return Array.from({ length: outputElements }, (_, k) => readLimbs(view, outputAt + 32 * k, 4));
    } finally {
      m._free(inputAt);
      m._free(outputAt);
    }
  }

  // decompose_scalars.wgsl on the device (src/msm/webgpu/decompose_scalars.hpp): scalars an array
  // of n BigInts in [0, 2^256); shape { windowBits, firstWindow, batchWindows }; resolves to
  // { keys, values }, Uint32Arrays of batchWindows · n entries (entry w · n + i).
  async #webgpuDecomposeScalars(curve, scalars, { windowBits, firstWindow = 0, batchWindows }) {
    const m = this.module;
    const curveId = enumValue(CURVES, curve, 'curve');
    const n = scalars.length;
    const entries = batchWindows * n;
    const scalarsAt = this.#alloc(32 * n);
    const keysAt = this.#alloc(4 * entries);
    const valuesAt = this.#alloc(4 * entries);
    try {
      const view = new DataView(m.HEAPU8.buffer);
      scalars.forEach((s, i) => writeLimbs(view, scalarsAt + 32 * i, s, 4, `scalars[${i}]`));
      const failed = await m.ccall('zkmsm_wasm_webgpu_decompose_scalars', 'number',
                                   ['number', 'number', 'number', 'number', 'number', 'number', 'number', 'number'],
                                   [curveId, scalarsAt, n, windowBits, firstWindow, batchWindows, keysAt, valuesAt],
                                   { async: true });
      if (failed) throw new ZkmsmError('device_error', m.UTF8ToString(m._zkmsm_wasm_webgpu_last_error()));
      return { keys: new Uint32Array(m.HEAPU8.buffer, keysAt, entries).slice(),
               values: new Uint32Array(m.HEAPU8.buffer, valuesAt, entries).slice() };
    } finally {
      m._free(scalarsAt);
      m._free(keysAt);
      m._free(valuesAt);
    }
  }

  // The radix sort on the device (src/msm/webgpu/radix_sort.hpp): keys and values Uint32Arrays of
  // one length; resolves to { keys, values } sorted stably by the keys' low keyBits.
  async #webgpuRadixSort(keys, values, keyBits) {
    const m = this.module;
    if (keys.length !== values.length) throw new ZkmsmError('invalid_argument', 'keys and values differ in length');
    const n = keys.length;
    const keysAt = this.#alloc(4 * n);
    const valuesAt = this.#alloc(4 * n);
    try {
      new Uint32Array(m.HEAPU8.buffer, keysAt, n).set(keys);
      new Uint32Array(m.HEAPU8.buffer, valuesAt, n).set(values);
      const failed = await m.ccall('zkmsm_wasm_webgpu_radix_sort', 'number', ['number', 'number', 'number', 'number'],
                                   [keysAt, valuesAt, n, keyBits], { async: true });
      if (failed) throw new ZkmsmError('device_error', m.UTF8ToString(m._zkmsm_wasm_webgpu_last_error()));
      return { keys: new Uint32Array(m.HEAPU8.buffer, keysAt, n).slice(),
               values: new Uint32Array(m.HEAPU8.buffer, valuesAt, n).slice() };
    } finally {
      m._free(keysAt);
      m._free(valuesAt);
    }
  }

  // plan on the device (src/msm/webgpu/bucket_bounds.hpp): sortedKeys a Uint32Array of keys ≤
  // sentinel in ascending order; resolves to { bucketStart, bucketEnd, valid }.
  async #webgpuBucketBounds(sortedKeys, sentinel) {
    const m = this.module;
    const n = sortedKeys.length;
    const keysAt = this.#alloc(4 * n);
    const startAt = this.#alloc(4 * sentinel);
    const endAt = this.#alloc(4 * sentinel);
    const validAt = this.#alloc(8);
    try {
      new Uint32Array(m.HEAPU8.buffer, keysAt, n).set(sortedKeys);
      const failed = await m.ccall('zkmsm_wasm_webgpu_bucket_bounds', 'number',
                                   ['number', 'number', 'number', 'number', 'number', 'number'],
                                   [keysAt, n, sentinel, startAt, endAt, validAt], { async: true });
      if (failed) throw new ZkmsmError('device_error', m.UTF8ToString(m._zkmsm_wasm_webgpu_last_error()));
      return { bucketStart: new Uint32Array(m.HEAPU8.buffer, startAt, sentinel).slice(),
               bucketEnd: new Uint32Array(m.HEAPU8.buffer, endAt, sentinel).slice(),
               valid: new Uint32Array(m.HEAPU8.buffer, validAt, 1)[0] };
    } finally {
      m._free(keysAt);
      m._free(startAt);
      m._free(endAt);
      m._free(validAt);
    }
  }

  // reduce_buckets on the device (src/msm/webgpu/bucket_reduction.hpp): bucketSums an array of
  // windows × 2^(windowBits − 1) affine points { x, y } (BigInts, Montgomery form) or null for an
  // empty bucket, window-major; resolves to the windows' Σ_b (b + 1)·S_b as XYZZ points
  // { X, Y, ZZ, ZZZ } (Montgomery form).
  async #webgpuBucketReduction(curve, windowBits, bucketSums) {
    const m = this.module;
    const curveId = enumValue(CURVES, curve, 'curve');
    const buckets = 2 ** (windowBits - 1);
    if (!Number.isInteger(windowBits) || windowBits < 2 || windowBits > 22 || bucketSums.length % buckets !== 0) {
      throw new ZkmsmError('invalid_argument', 'windowBits in [2, 22] and whole windows of bucket sums');
    }
    const windows = bucketSums.length / buckets;
    const sumsAt = this.#alloc(64 * bucketSums.length);
    const startAt = this.#alloc(4 * bucketSums.length);
    const endAt = this.#alloc(4 * bucketSums.length);
    const outAt = this.#alloc(128 * windows);
    try {
      const view = new DataView(m.HEAPU8.buffer);
      bucketSums.forEach((p, b) => {
        writeLimbs(view, sumsAt + 64 * b, p?.x ?? 0n, 4, `bucketSums[${b}].x`);
        writeLimbs(view, sumsAt + 64 * b + 32, p?.y ?? 0n, 4, `bucketSums[${b}].y`);
        view.setUint32(startAt + 4 * b, 0, true);
        view.setUint32(endAt + 4 * b, p === null ? 0 : 1, true);
      });
      const failed = await m.ccall('zkmsm_wasm_webgpu_bucket_reduction', 'number',
                                   ['number', 'number', 'number', 'number', 'number', 'number', 'number'],
                                   [curveId, windowBits, windows, sumsAt, startAt, endAt, outAt], { async: true });
      if (failed) throw new ZkmsmError('device_error', m.UTF8ToString(m._zkmsm_wasm_webgpu_last_error()));
      const out = new DataView(m.HEAPU8.buffer);
      const element = (at) => readLimbs(out, at, 4);
      return Array.from({ length: windows }, (_, w) => {
        const at = outAt + 128 * w;
        return { X: element(at), Y: element(at + 32), ZZ: element(at + 64), ZZZ: element(at + 96) };
      });
    } finally {
      m._free(sumsAt);
      m._free(startAt);
      m._free(endAt);
      m._free(outAt);
    }
  }

  // batch_affine_add.wgsl on the device: pairs an array of [lhs, rhs] affine points { x, y }
  // (BigInts, Montgomery form, { x: 0n, y: 0n } = infinity), `slots` pairs per shared inversion;
  // resolves to the sums, Montgomery form.
  async #webgpuBatchAffineAdd(curve, slots, pairs) {
    const m = this.module;
    const curveId = enumValue(CURVES, curve, 'curve');
    const n = pairs.length;
    const lhsAt = this.#alloc(64 * n);
    const rhsAt = this.#alloc(64 * n);
    const sumsAt = this.#alloc(64 * n);
    try {
      const view = new DataView(m.HEAPU8.buffer);
      pairs.forEach(([lhs, rhs], i) => {
        writeLimbs(view, lhsAt + 64 * i, lhs.x, 4, `pairs[${i}][0].x`);
        writeLimbs(view, lhsAt + 64 * i + 32, lhs.y, 4, `pairs[${i}][0].y`);
        writeLimbs(view, rhsAt + 64 * i, rhs.x, 4, `pairs[${i}][1].x`);
        writeLimbs(view, rhsAt + 64 * i + 32, rhs.y, 4, `pairs[${i}][1].y`);
      });
      const failed = await m.ccall('zkmsm_wasm_webgpu_batch_affine_add', 'number',
                                   ['number', 'number', 'number', 'number', 'number', 'number'],
                                   [curveId, slots, lhsAt, rhsAt, n, sumsAt], { async: true });
      if (failed) throw new ZkmsmError('device_error', m.UTF8ToString(m._zkmsm_wasm_webgpu_last_error()));
      const out = new DataView(m.HEAPU8.buffer);
      const element = (at) => readLimbs(out, at, 4);
      return pairs.map((_, i) => ({ x: element(sumsAt + 64 * i), y: element(sumsAt + 64 * i + 32) }));
    } finally {
      m._free(lhsAt);
      m._free(rhsAt);
      m._free(sumsAt);
    }
  }

  // The whole MSM on WebGPU (src/msm/webgpu/webgpu_msm.hpp; not yet a backend of msm()): points
  // and scalars as msm() takes them; options { windowBits, slots, threads } (0 = automatic),
  // accumulator ('stream_walker', the default, or 'pair_tree') and dxCache (the pair tree's
  // denominator cache, default false); resolves to { point, stats } with stats { window_bits,
  // windows, batches, slots, threads } (threads 0 with the pair tree).
  async #webgpuMsm(curve, points, scalars,
                   { windowBits = 0, slots = 0, threads = 0, accumulator = 'stream_walker', dxCache = false } = {}) {
    const m = this.module;
    const curveId = enumValue(CURVES, curve, 'curve');
    const accumulatorId = enumValue(WEBGPU_ACCUMULATORS, accumulator, 'options.accumulator');
    const n = countOf(points, 64, 'points');
    if (countOf(scalars, 32, 'scalars') !== n) {
      throw new ZkmsmError('invalid_argument', `count mismatch: ${n} points, ${countOf(scalars, 32, 'scalars')} scalars`);
    }
    const pointsAt = this.#alloc(64 * n);
    const scalarsAt = this.#alloc(32 * n);
    const outAt = this.#alloc(64);
    const reportAt = this.#alloc(20);
    try {
      const view = new DataView(m.HEAPU8.buffer);
      writeInputs(m, view, points, pointsAt, scalars, scalarsAt);
      const failed = await m.ccall('zkmsm_wasm_webgpu_msm', 'number',
                                   ['number', 'number', 'number', 'number', 'number', 'number', 'number', 'number',
                                    'number', 'number', 'number'],
                                   [curveId, pointsAt, scalarsAt, n, windowBits, slots, threads, accumulatorId,
                                    dxCache ? 1 : 0, outAt, reportAt],
                                   { async: true });
      if (failed) throw new ZkmsmError('device_error', m.UTF8ToString(m._zkmsm_wasm_webgpu_last_error()));
      const out = new DataView(m.HEAPU8.buffer);
      const element = (at) => readLimbs(out, at, 4);
      const x = element(outAt), y = element(outAt + 32);
      const words = new Uint32Array(m.HEAPU8.buffer, reportAt, 5);
      return { point: x === 0n && y === 0n ? null : { x, y },
               stats: { window_bits: words[0], windows: words[1], batches: words[2], slots: words[3], threads: words[4] } };
    } finally {
      m._free(pointsAt);
      m._free(scalarsAt);
      m._free(outAt);
      m._free(reportAt);
    }
  }

  // curve_ops.wgsl on the device: pairs is an array of n [p, q], each point { x, y } of BigInts in
  // Montgomery form ({ x: 0n, y: 0n } = infinity); resolves to n arrays of the affine
  // [p + q (madd), p + q (add), 2p, p + 2q, 2s, s + s (add), s + t (add), s + s (madd)] with
  // s = p + q and t = p + 2q (curve_ops.wgsl), Montgomery form.
  async #webgpuCurveOps(curve, pairs) {
    const curveId = enumValue(CURVES, curve, 'curve');
    const values = pairs.flatMap(([p, q]) => [p.x, p.y, q.x, q.y]);
    const out = await this.#runKernel('zkmsm_wasm_webgpu_curve_ops', curveId, values, pairs.length, 16 * pairs.length);
    return pairs.map((_, i) => Array.from({ length: 8 }, (_, k) => ({ x: out[16 * i + 2 * k], y: out[16 * i + 2 * k + 1] })));
  }

  // field_ops.wgsl on the device (src/msm/webgpu/test_kernels.hpp): a and b arrays of n BigInts in
  // Montgomery form, reduced; resolves to n arrays [a + b, a − b, a·b, a², −a, a⁻¹], Montgomery form.
  async #webgpuFieldOps(field, a, b) {
    const m = this.module;
    const fieldId = enumValue(FIELDS, field, 'field');
    if (a.length !== b.length) throw new ZkmsmError('invalid_argument', 'a and b differ in length');
    const n = a.length;
    const aAt = this.#alloc(32 * n);
    const bAt = this.#alloc(32 * n);
    const resultsAt = this.#alloc(192 * n);
    try {
      let view = new DataView(m.HEAPU8.buffer);
      a.forEach((v, i) => writeLimbs(view, aAt + 32 * i, v, 4, `a[${i}]`));
      b.forEach((v, i) => writeLimbs(view, bAt + 32 * i, v, 4, `b[${i}]`));
      const failed = await m.ccall('zkmsm_wasm_webgpu_field_ops', 'number',
                                   ['number', 'number', 'number', 'number', 'number'],
                                   [fieldId, aAt, bAt, n, resultsAt], { async: true });
      if (failed) throw new ZkmsmError('device_error', m.UTF8ToString(m._zkmsm_wasm_webgpu_last_error()));
      view = new DataView(m.HEAPU8.buffer);
      const element = (at) => readLimbs(view, at, 4);
      return Array.from({ length: n }, (_, i) => Array.from({ length: 6 }, (_, k) => element(resultsAt + 192 * i + 32 * k)));
    } finally {
      m._free(aAt);
      m._free(bAt);
      m._free(resultsAt);
    }
  }

  // size bytes of the module's memory (at least 8); its address as an unsigned number (addresses
  // above 2 GiB are negative i32s in JavaScript).
  #alloc(size) {
    const at = this.module._malloc(Math.max(size, 8)) >>> 0;
    if (at === 0) throw new ZkmsmError('out_of_memory', `the module cannot allocate ${size} bytes`);
    return at;
  }

  // Runs `task` after every earlier asynchronous call has settled: Asyncify suspends one call at a
  // time, and a second one started while the first waits for the GPU would corrupt both.
  #serialized(task) {
    const run = async () => {
      this.#inFlight++;
      try {
        return await task();
      } finally {
        this.#inFlight--;
      }
    };
    const result = this.#queue.then(run, run);
    this.#queue = result.catch(() => {});
    return result;
  }

  msm(curve, points, scalars, options = {}) {
    if (this.#inFlight !== 0) {
      throw new ZkmsmError('invalid_argument', 'an asynchronous WebGPU call is in flight: await it before msm()');
    }
    const m = this.module;
    const curveId = enumValue(CURVES, curve, 'curve');
    const backend = enumValue(BACKENDS, options.backend ?? 'auto', 'options.backend');
    const accumulator = enumValue(ACCUMULATORS, options.accumulator ?? 'auto', 'options.accumulator');
    const windowBits = options.windowBits ?? 0;
    if (!Number.isInteger(windowBits) || windowBits < 0 || windowBits > 0xffffffff) {
      throw new ZkmsmError('invalid_argument', 'options.windowBits must be an integer in [0, 2^32)');
    }
    const n = countOf(points, 64, 'points');
    if (countOf(scalars, 32, 'scalars') !== n) {
      throw new ZkmsmError('invalid_argument', `count mismatch: ${n} points, ${countOf(scalars, 32, 'scalars')} scalars`);
    }
    const pointsAt = this.#alloc(64 * n);
    const scalarsAt = this.#alloc(32 * n);
    try {
      const view = new DataView(m.HEAPU8.buffer);
      writeInputs(m, view, points, pointsAt, scalars, scalarsAt);
      const json = m.UTF8ToString(
        m._zkmsm_wasm_msm(curveId, pointsAt, scalarsAt, n, backend, windowBits, accumulator,
                          options.validatePoints === false ? 0 : 1));
      const out = JSON.parse(json);
      if (!out.ok) throw new ZkmsmError(out.status, out.message);
      return { point: out.infinity ? null : { x: BigInt(out.x), y: BigInt(out.y) }, stats: out.stats };
    } finally {
      m._free(pointsAt);
      m._free(scalarsAt);
    }
  }
}

// Loads the module. device: a GPUDevice for the WebGPU code (navigator.gpu's in a browser, the
// `webgpu` package's in node); without one only the cpu backend runs. wasmBinary: the bytes of
// zkmsm_wasm.wasm where fetch cannot read the file beside this one; under node it is read from
// disk here (node 20's fetch has no file: URLs, which Emscripten 3.1.6's loader would use).
export async function init({ device, wasmBinary } = {}) {
  const options = {};
  if (device !== undefined) options.preinitializedWebGPUDevice = device;
  options.wasmBinary = wasmBinary;
  if (wasmBinary === undefined && typeof process === 'object' && typeof process.versions?.node === 'string') {
    const { readFile } = await import('node:fs/promises');
    options.wasmBinary = await readFile(new URL('./zkmsm_wasm.wasm', import.meta.url));
  }
  if (options.wasmBinary === undefined) delete options.wasmBinary;
  return new Zkmsm(await createZkmsmModule(options), device);
}
