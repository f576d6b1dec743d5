// zkmsm in JavaScript: the C++ library compiled to WebAssembly, for browsers and node: the cpu
// backend, and the webgpu backend (WGSL compute shaders, src/msm/webgpu) on a GPUDevice handed to
// init(). Build: `make wasm` (build/wasm/web/ holds this file, zkmsm_wasm.mjs and zkmsm_wasm.wasm).
//
//   import { init } from './zkmsm.mjs';
//   const adapter = await navigator.gpu?.requestAdapter();
//   const zkmsm = await init({ device: await adapter?.requestDevice() });  // or init() for cpu alone
//   const { point, stats } = await zkmsm.msm('bn254', points, scalars, { backend: 'webgpu' });
//
// curve: 'bn254' (BN254 G1), 'grumpkin' or 'bls12_381' (BLS12-381 G1: points are validated for G1
// membership too). points: an array of { x, y } BigInts (canonical affine coordinates;
// { x: 0n, y: 0n } is the point at infinity), or a Uint8Array of n × 16L bytes (x then y, each L
// little-endian 64-bit limbs, L = 4 for BN254 and Grumpkin, 6 for BLS12-381: the C ABI's layout;
// pointBytes(curve) gives 16L). scalars: an array of BigInts (any value in [0, 2^256), reduced mod
// the group order), or a Uint8Array of n × 32 bytes. point: { x, y } BigInts, or null for the
// point at infinity.
// options (each optional; the C ABI's zkmsm_config in camelCase, 0 = automatic):
//   backend          'auto' (webgpu on a hardware GPU, else cpu), 'cpu', 'webgpu'
//   accumulator      'auto' (webgpu: 'xyzz', or 'stream_walker' when walkerSlots > 1), 'stream_walker',
//                    'pair_tree' (webgpu), 'xyzz' (webgpu, cpu), 'batch_affine' (cpu)
//   windowBits       c in [2, 22]
//   walkerSlots, walkerThreadsPerBlock, walkerMaxBlocks   S (additions per inversion), the
//                    workgroup size (≤ the device's maxComputeInvocationsPerWorkgroup; the pair
//                    tree's ≤ 128) and the walker's workgroup cap (webgpu)
//   pairTreeDxCache  the pair tree keeps each pair's denominator for the backward pass (webgpu)
//   memoryBudgetBytes  device bytes at most (webgpu: fewer windows per batch)
//   validatePoints (default true), pointsInMontgomery, scalarsInMontgomery
// stats: backend, accumulator, window_bits, windows, stages_ms (per stage; on webgpu upload_inputs
// includes the first window batch's decompose_scalars, sort_by_bucket and plan, which run while
// the points are uploaded — their own entries count the later batches), total_ms,
// estimated_peak_bytes (the backend's closed-form model) and measured_peak_bytes (its
// allocations), and for webgpu the walker geometry it ran (webgpu: walker_slots, walker_threads,
// walker_threads_per_block, batch_windows, batches), field_multiplication (init's) and workspace_reused (the GPU buffers kept
// from the call before were used; releaseDeviceMemory() frees them). Bad input rejects with a ZkmsmError whose
// `status` names it (e.g. point_not_on_curve). msm() resolves asynchronously: calls run one after
// another. Variable-time in every input: never pass secret scalars.
//
// Bases (a prover's commitment key, reused for every commitment):
//
//   const bases = await zkmsm.prepareBases('bn254', points, { backend: 'webgpu' });  // once
//   const { point } = await zkmsm.msm('bn254', bases, scalars);  // many times, n ≤ bases.size
//   await bases.release();
//
// prepareBases validates and converts the points once (options: backend, validatePoints,
// pointsInMontgomery): on webgpu they are uploaded and checked on the GPU and stay in its memory, so
// an msm() on them uploads only its scalars; on cpu a validated copy stays in the module's memory.
// msm() on bases takes n ≤ bases.size scalars (the first n points), runs on the bases' backend
// and ignores the point options. release() frees the memory; a released Bases is refused.

const FIELDS = { bn254_fq: 0, bn254_fr: 1, bls12_381_fq: 2, bls12_381_fr: 3 };  // the test hooks' field numbers
const FIELD_LIMBS = { bn254_fq: 4, bn254_fr: 4, bls12_381_fq: 6, bls12_381_fr: 4 };  // 64-bit limbs
const CURVES = { bn254: 0, grumpkin: 1, bls12_381: 2 };  // zkmsm.h's zkmsm_curve
// 64-bit limbs of one coordinate of each curve: its base field's (zkmsm_point_limbs / 2).
const COORDINATE_LIMBS = { bn254: FIELD_LIMBS.bn254_fq, grumpkin: FIELD_LIMBS.bn254_fr,
                           bls12_381: FIELD_LIMBS.bls12_381_fq };
const BACKENDS = { auto: 0, cpu: 1, cuda: 2, vulkan: 3, webgpu: 4 };
const ACCUMULATORS = { auto: 0, stream_walker: 1, pair_tree: 2, batch_affine: 3, xyzz: 4 };
const WALKER_STATES = { registers: 0, global: 1, warp: 2, auto: 3, global_warp: 4 };  // zkmsm.h's values
const FIELD_MULTIPLICATIONS = { words16: 0, limbs13: 1 };  // field_multiplication.hpp's values
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

// Bytes of one point of `curve` in msm()'s byte layout (x then y, little-endian 64-bit limbs).
export function pointBytes(curve) {
  enumValue(CURVES, curve, 'curve');
  return 16 * COORDINATE_LIMBS[curve];
}

// Writes points (an array of { x, y } BigInts) and scalars (an array of BigInts) into the module's
// memory at pointsAt and scalarsAt (view: a DataView of its current buffer), points of `limbs`
// 64-bit limbs per coordinate. Byte arrays are not copied: they are returned as JavaScript-held
// inputs ({ at, bytes }), which the module reads where they are (src/msm/webgpu/webgpu_context.hpp:
// the webgpu backend's upload copies them once, into its staging buffer; any other path copies
// them into the module's memory first).
function writeInputs(view, limbs, points, pointsAt, scalars, scalarsAt) {
  const held = [];
  if (points instanceof Uint8Array) {
    held.push({ at: pointsAt, bytes: points });
  } else {
    const bytes = 16 * limbs;
    points.forEach((p, i) => {
      writeLimbs(view, pointsAt + bytes * i, p?.x, limbs, `points[${i}].x`);
      writeLimbs(view, pointsAt + bytes * i + 8 * limbs, p?.y, limbs, `points[${i}].y`);
    });
  }
  if (scalars instanceof Uint8Array) {
    held.push({ at: scalarsAt, bytes: scalars });
  } else {
    scalars.forEach((s, i) => writeLimbs(view, scalarsAt + 32 * i, s, 4, `scalars[${i}]`));
  }
  return held;
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

// msm()'s options as the module's knob words (src/wasm/wasm_entry.cpp, KnobWord), in order.
function knobWords(options) {
  const count = (name, max) => {
    const value = options[name] ?? 0;
    if (!Number.isInteger(value) || value < 0 || value > max) {
      throw new ZkmsmError('invalid_argument', `options.${name} must be an integer in [0, ${max}]`);
    }
    return value;
  };
  const flag = (name, fallback) => ((options[name] ?? fallback) ? 1 : 0);
  const budget = count('memoryBudgetBytes', Number.MAX_SAFE_INTEGER);
  return Uint32Array.of(
    enumValue(BACKENDS, options.backend ?? 'auto', 'options.backend'),
    count('windowBits', 0xffffffff),
    enumValue(ACCUMULATORS, options.accumulator ?? 'auto', 'options.accumulator'),
    flag('validatePoints', true),
    flag('pointsInMontgomery', false),
    flag('scalarsInMontgomery', false),
    count('walkerSlots', 0xffffffff),
    count('walkerThreadsPerBlock', 0xffffffff),
    count('walkerMaxBlocks', 0xffffffff),
    enumValue(WALKER_STATES, options.walkerState ?? 'auto', 'options.walkerState'),
    flag('pairTreeDxCache', false),
    budget % 2 ** 32,
    Math.floor(budget / 2 ** 32));
}



// Points prepared once for many MSMs (Zkmsm.prepareBases): the module's handle, its curve, size
// (points) and backend ('webgpu': kept on the GPU; 'cpu': in the module's memory).
export class Bases {
  #release;
  #owner;  // the Zkmsm (one WebAssembly module) whose memory holds the handle
  constructor(curve, size, backend, handle, release, owner) {
    this.curve = curve;
    this.size = size;
    this.backend = backend;
    this.handle = handle;  // the module's zkmsm_bases*; 0 once released
    this.#release = release;
    this.#owner = owner;
  }

  // Whether `zkmsm` made these bases (a handle is an address in its module's memory only).
  madeBy(zkmsm) {
    return this.#owner === zkmsm;
  }

  // Frees the prepared points (the GPU buffer on webgpu). Resolves once they are freed.
  release() {
    return this.#release(this);
  }
}

class Zkmsm {
  #queue = Promise.resolve();  // the asynchronous calls, one after another

  constructor(module, device, accelerated) {
    this.module = module;
    this.version = module.UTF8ToString(module._zkmsm_version());
    this.webgpu = device !== undefined;  // the webgpu backend can run
    this.webgpuAccelerated = accelerated;  // backend 'auto' runs it
    this.threads = module.zkmsmThreads;  // the module with threads was loaded
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
      // Dispatches of more workgroups than this go in rows (0 = WebGPU's default 65,535).
      webgpuSetMaxWorkgroupsPerDimension: (workgroups) =>
        one(() => this.#webgpuSetting('zkmsm_wasm_webgpu_set_max_workgroups_per_dimension', workgroups)),
    };
  }

  // Calls the module's test-hook setter `name` with one number; its error as a ZkmsmError.
  async #webgpuSetting(name, value) {
    const failed = await this.module.ccall(name, 'number', ['number'], [value], { async: true });
    if (failed) throw new ZkmsmError('device_error', this.module.UTF8ToString(this.module._zkmsm_wasm_webgpu_last_error()));
  }

  // Runs an exported WebGPU test kernel: writes `values` (BigInts of `limbs` 64-bit limbs each) to
  // the module's memory, calls `name`(selector, input, n, output) asynchronously, and reads
  // `outputElements` values of `limbs` limbs back.
  async #runKernel(name, selector, limbs, values, n, outputElements) {
    const m = this.module;
    const bytes = 8 * limbs;
    const inputAt = this.#alloc(bytes * values.length);
    const outputAt = this.#alloc(bytes * outputElements);
    try {
      let view = new DataView(m.HEAPU8.buffer);
      values.forEach((v, i) => writeLimbs(view, inputAt + bytes * i, v, limbs, `input ${i}`));
      const failed = await m.ccall(name, 'number', ['number', 'number', 'number', 'number'],
                                   [selector, inputAt, n, outputAt], { async: true });
      if (failed) throw new ZkmsmError('device_error', m.UTF8ToString(m._zkmsm_wasm_webgpu_last_error()));
      view = new DataView(m.HEAPU8.buffer);
      return Array.from({ length: outputElements }, (_, k) => readLimbs(view, outputAt + bytes * k, limbs));
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
  // empty bucket, window-major; resolves to the windows' bit sums, windows × windowBits XYZZ points
  // { X, Y, ZZ, ZZZ } (Montgomery form), window w's bit p at w·windowBits + p: the sum of the
  // buckets b whose magnitude b + 1 has bit p (Σ_p 2^p·bit sum p is the window's Σ_b (b + 1)·S_b).
  async #webgpuBucketReduction(curve, windowBits, bucketSums) {
    const m = this.module;
    const curveId = enumValue(CURVES, curve, 'curve');
    const limbs = COORDINATE_LIMBS[curve];
    const coordinate = 8 * limbs;
    const buckets = 2 ** (windowBits - 1);
    if (!Number.isInteger(windowBits) || windowBits < 2 || windowBits > 22 || bucketSums.length % buckets !== 0) {
      throw new ZkmsmError('invalid_argument', 'windowBits in [2, 22] and whole windows of bucket sums');
    }
    const windows = bucketSums.length / buckets;
    const sumsAt = this.#alloc(2 * coordinate * bucketSums.length);
    const startAt = this.#alloc(4 * bucketSums.length);
    const endAt = this.#alloc(4 * bucketSums.length);
    const outAt = this.#alloc(4 * coordinate * windows * windowBits);
    try {
      const view = new DataView(m.HEAPU8.buffer);
      bucketSums.forEach((p, b) => {
        writeLimbs(view, sumsAt + 2 * coordinate * b, p?.x ?? 0n, limbs, `bucketSums[${b}].x`);
        writeLimbs(view, sumsAt + 2 * coordinate * b + coordinate, p?.y ?? 0n, limbs, `bucketSums[${b}].y`);
        view.setUint32(startAt + 4 * b, 0, true);
        view.setUint32(endAt + 4 * b, p === null ? 0 : 1, true);
      });
      const failed = await m.ccall('zkmsm_wasm_webgpu_bucket_reduction', 'number',
                                   ['number', 'number', 'number', 'number', 'number', 'number', 'number'],
                                   [curveId, windowBits, windows, sumsAt, startAt, endAt, outAt], { async: true });
      if (failed) throw new ZkmsmError('device_error', m.UTF8ToString(m._zkmsm_wasm_webgpu_last_error()));
      const out = new DataView(m.HEAPU8.buffer);
      const element = (at) => readLimbs(out, at, limbs);
      return Array.from({ length: windows * windowBits }, (_, q) => {
        const at = outAt + 4 * coordinate * q;
        return { X: element(at), Y: element(at + coordinate), ZZ: element(at + 2 * coordinate),
                 ZZZ: element(at + 3 * coordinate) };
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
    const limbs = COORDINATE_LIMBS[curve];
    const coordinate = 8 * limbs;
    const n = pairs.length;
    const lhsAt = this.#alloc(2 * coordinate * n);
    const rhsAt = this.#alloc(2 * coordinate * n);
    const sumsAt = this.#alloc(2 * coordinate * n);
    try {
      const view = new DataView(m.HEAPU8.buffer);
      pairs.forEach(([lhs, rhs], i) => {
        const at = 2 * coordinate * i;
        writeLimbs(view, lhsAt + at, lhs.x, limbs, `pairs[${i}][0].x`);
        writeLimbs(view, lhsAt + at + coordinate, lhs.y, limbs, `pairs[${i}][0].y`);
        writeLimbs(view, rhsAt + at, rhs.x, limbs, `pairs[${i}][1].x`);
        writeLimbs(view, rhsAt + at + coordinate, rhs.y, limbs, `pairs[${i}][1].y`);
      });
      const failed = await m.ccall('zkmsm_wasm_webgpu_batch_affine_add', 'number',
                                   ['number', 'number', 'number', 'number', 'number', 'number'],
                                   [curveId, slots, lhsAt, rhsAt, n, sumsAt], { async: true });
      if (failed) throw new ZkmsmError('device_error', m.UTF8ToString(m._zkmsm_wasm_webgpu_last_error()));
      const out = new DataView(m.HEAPU8.buffer);
      const element = (at) => readLimbs(out, at, limbs);
      return pairs.map((_, i) => ({ x: element(sumsAt + 2 * coordinate * i),
                                    y: element(sumsAt + 2 * coordinate * i + coordinate) }));
    } finally {
      m._free(lhsAt);
      m._free(rhsAt);
      m._free(sumsAt);
    }
  }

  // curve_ops.wgsl on the device: pairs is an array of n [p, q], each point { x, y } of BigInts in
  // Montgomery form ({ x: 0n, y: 0n } = infinity); resolves to n arrays of the affine
  // [p + q (madd), p + q (add), 2p, p + 2q, 2s, s + s (add), s + t (add), s + s (madd)] with
  // s = p + q and t = p + 2q (curve_ops.wgsl), Montgomery form.
  async #webgpuCurveOps(curve, pairs) {
    const curveId = enumValue(CURVES, curve, 'curve');
    const values = pairs.flatMap(([p, q]) => [p.x, p.y, q.x, q.y]);
    const out = await this.#runKernel('zkmsm_wasm_webgpu_curve_ops', curveId, COORDINATE_LIMBS[curve], values,
                                      pairs.length, 16 * pairs.length);
    return pairs.map((_, i) => Array.from({ length: 8 }, (_, k) => ({ x: out[16 * i + 2 * k], y: out[16 * i + 2 * k + 1] })));
  }

  // field_ops.wgsl on the device (src/msm/webgpu/test_kernels.hpp): a and b arrays of n BigInts in
  // Montgomery form, reduced; resolves to n arrays [a + b, a − b, a·b, a², −a, a⁻¹], Montgomery form.
  async #webgpuFieldOps(field, a, b) {
    const m = this.module;
    const fieldId = enumValue(FIELDS, field, 'field');
    if (a.length !== b.length) throw new ZkmsmError('invalid_argument', 'a and b differ in length');
    const limbs = FIELD_LIMBS[field];
    const bytes = 8 * limbs;
    const n = a.length;
    const aAt = this.#alloc(bytes * n);
    const bAt = this.#alloc(bytes * n);
    const resultsAt = this.#alloc(6 * bytes * n);
    try {
      let view = new DataView(m.HEAPU8.buffer);
      a.forEach((v, i) => writeLimbs(view, aAt + bytes * i, v, limbs, `a[${i}]`));
      b.forEach((v, i) => writeLimbs(view, bAt + bytes * i, v, limbs, `b[${i}]`));
      const failed = await m.ccall('zkmsm_wasm_webgpu_field_ops', 'number',
                                   ['number', 'number', 'number', 'number', 'number'],
                                   [fieldId, aAt, bAt, n, resultsAt], { async: true });
      if (failed) throw new ZkmsmError('device_error', m.UTF8ToString(m._zkmsm_wasm_webgpu_last_error()));
      view = new DataView(m.HEAPU8.buffer);
      const element = (at) => readLimbs(view, at, limbs);
      return Array.from({ length: n },
                        (_, i) => Array.from({ length: 6 }, (_, k) => element(resultsAt + bytes * (6 * i + k))));
    } finally {
      m._free(aAt);
      m._free(bAt);
      m._free(resultsAt);
    }
  }

  // Calls the module's entry `name` (numbers in, JSON text out: src/wasm/wasm_entry.cpp)
  // asynchronously; resolves to its parsed outcome, or rejects with its error as a ZkmsmError.
  async #callForJson(name, args) {
    const m = this.module;
    const jsonAt = await m.ccall(name, 'number', args.map(() => 'number'), args, { async: true });
    const out = JSON.parse(m.UTF8ToString(jsonAt));
    if (!out.ok) throw new ZkmsmError(out.status, out.message);
    return out;
  }

  // The knob words in the module's memory; its address (freed by the caller).
  #knobsIn(options) {
    const knobs = knobWords(options);
    const at = this.#alloc(4 * knobs.length);
    new Uint32Array(this.module.HEAPU8.buffer, at, knobs.length).set(knobs);
    return at;
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
      try {
        return await task();
      } finally {
        this.module.releaseWorkers?.();
      }
    };
    const result = this.#queue.then(run, run);
    this.#queue = result.catch(() => {});
    return result;
  }


  // n independent random points (each [k]G for its own uniform k; their discrete logarithms
  // follow from the seed: inputs for benchmarks and checks, never a commitment key) and n random
  // scalars in [0, r) of `curve` for a seed (an integer in [0, 2^64)), from the library's
  // generator; resolves to { points, scalars }, Uint8Arrays in msm()'s byte layout.
  randomInputs(curve, n, seed = 1) {
    return this.#serialized(async () => {
      const m = this.module;
      const curveId = enumValue(CURVES, curve, 'curve');
      if (!Number.isInteger(n) || n < 0) throw new ZkmsmError('invalid_argument', 'n must be a non-negative integer');
      const seedValue = BigInt(seed);
      if (seedValue < 0n || seedValue >> 64n !== 0n) throw new ZkmsmError('invalid_argument', 'seed must be in [0, 2^64)');
      const bytes = pointBytes(curve);
      const pointsAt = this.#alloc(bytes * n);
      const scalarsAt = this.#alloc(32 * n);
      try {
        m._zkmsm_wasm_random_inputs(curveId, n, Number(seedValue & 0xffffffffn), Number(seedValue >> 32n), pointsAt,
                                    scalarsAt);
        return { points: m.HEAPU8.slice(pointsAt, pointsAt + bytes * n),
                 scalars: m.HEAPU8.slice(scalarsAt, scalarsAt + 32 * n) };
      } finally {
        m._free(pointsAt);
        m._free(scalarsAt);
      }
    });
  }

  // Frees the GPU buffers the webgpu backend keeps between calls: the last MSM's buffers (inputs,
  // entries, the accumulator's; ~0.7 GB at 2^20 points) stay allocated so that the next MSM of the
  // same shape (curve, n, knobs) skips making them. Resolves once they are freed.
  releaseDeviceMemory() {
    return this.#serialized(async () => this.module._zkmsm_wasm_webgpu_release_workspace());
  }

  // Σ scalars[i]·points[i] (see the top of this file), points an array, bytes or a Bases; resolves
  // to { point, stats }. Calls run one after another (the module suspends one call at a time while
  // it waits for the GPU).
  msm(curve, points, scalars, options = {}) {
    if (points instanceof Bases) return this.#serialized(() => this.#msmOnBases(curve, points, scalars, options));
    return this.#serialized(() => this.#msm(curve, points, scalars, options));
  }

  // Validates and converts `points` once for many msm() calls (see the top of this file); resolves
  // to a Bases.
  prepareBases(curve, points, options = {}) {
    return this.#serialized(() => this.#prepareBases(curve, points, options));
  }

  async #prepareBases(curve, points, options) {
    const m = this.module;
    const curveId = enumValue(CURVES, curve, 'curve');
    const limbs = COORDINATE_LIMBS[curve];
    const n = countOf(points, 16 * limbs, 'points');
    let knobsAt = 0, pointsAt = 0;  // _free(0) does nothing
    try {
      knobsAt = this.#knobsIn(options);
      pointsAt = this.#alloc(16 * limbs * n);
      m.zkmsmInputViews = writeInputs(new DataView(m.HEAPU8.buffer), limbs, points, pointsAt, [], 0);
      const out = await this.#callForJson('zkmsm_wasm_prepare_bases', [curveId, pointsAt, n, knobsAt]);
      return new Bases(curve, n, out.backend, out.handle, (bases) => this.#serialized(async () => {
        if (bases.handle !== 0) m._zkmsm_wasm_release_bases(bases.handle);
        bases.handle = 0;
      }), this);
    } finally {
      delete m.zkmsmInputViews;
      m._free(pointsAt);
      m._free(knobsAt);
    }
  }

  async #msmOnBases(curve, bases, scalars, options) {
    const m = this.module;
    if (!bases.madeBy(this)) throw new ZkmsmError('invalid_argument', 'these bases were prepared by another init()');
    if (bases.handle === 0) throw new ZkmsmError('invalid_argument', 'these bases were released');
    if (curve !== bases.curve) {
      throw new ZkmsmError('invalid_argument', `the bases are ${bases.curve} points, not ${curve}`);
    }
    const curveId = enumValue(CURVES, curve, 'curve');
    const n = countOf(scalars, 32, 'scalars');
    let knobsAt = 0, scalarsAt = 0;
    try {
      knobsAt = this.#knobsIn(options);
      scalarsAt = this.#alloc(32 * n);
      m.zkmsmInputViews = writeInputs(new DataView(m.HEAPU8.buffer), 0, [], 0, scalars, scalarsAt);
      return msmResult(await this.#callForJson('zkmsm_wasm_bases_msm', [curveId, bases.handle, scalarsAt, n, knobsAt]));
    } finally {
      delete m.zkmsmInputViews;
      m._free(scalarsAt);
      m._free(knobsAt);
    }
  }

  async #msm(curve, points, scalars, options) {
    const m = this.module;
    const curveId = enumValue(CURVES, curve, 'curve');
    const limbs = COORDINATE_LIMBS[curve];
    const n = countOf(points, 16 * limbs, 'points');
    if (countOf(scalars, 32, 'scalars') !== n) {
      throw new ZkmsmError('invalid_argument', `count mismatch: ${n} points, ${countOf(scalars, 32, 'scalars')} scalars`);
    }
    let knobsAt = 0, pointsAt = 0, scalarsAt = 0;
    try {
      knobsAt = this.#knobsIn(options);
      pointsAt = this.#alloc(16 * limbs * n);
      scalarsAt = this.#alloc(32 * n);
      m.zkmsmInputViews = writeInputs(new DataView(m.HEAPU8.buffer), limbs, points, pointsAt, scalars, scalarsAt);
      return msmResult(await this.#callForJson('zkmsm_wasm_msm', [curveId, pointsAt, scalarsAt, n, knobsAt]));
    } finally {
      delete m.zkmsmInputViews;
      m._free(pointsAt);
      m._free(scalarsAt);
      m._free(knobsAt);
    }
  }
}

// msm()'s value from the module's outcome: the point ({ x, y } BigInts, or null for infinity) and
// the stats.
function msmResult(out) {
  return { point: out.infinity ? null : { x: BigInt(out.x), y: BigInt(out.y) }, stats: out.stats };
}

// Whether `adapterInfo` (a GPUAdapterInfo, or undefined) names a software adapter: the CPU
// fallbacks of browsers and Mesa (SwiftShader, llvmpipe, lavapipe, softpipe, WARP), where the
// cpu backend is faster than WebGPU.
export function isSoftwareAdapter(adapterInfo) {
  if (adapterInfo === undefined || adapterInfo === null) return false;
  if (adapterInfo.isFallbackAdapter === true) return true;
  const text = ['vendor', 'architecture', 'device', 'description'].map((k) => adapterInfo[k] ?? '').join(' ');
  return /swiftshader|llvmpipe|lavapipe|softpipe|basic render|subzero/i.test(text);
}

// Loads the module. device: a GPUDevice for the webgpu backend (navigator.gpu's in a browser, the
// `webgpu` package's in node); without one only the cpu backend runs. accelerated: whether
// backend 'auto' may run webgpu on it (default: a device whose adapter is not a software one,
// judged from device.adapterInfo where the browser has it, else from adapterInfo given here).
// wasmBinary: the bytes of zkmsm_wasm.wasm where fetch cannot read the file beside this one; under
// node it is read from disk here (node 20's fetch has no file: URLs, which Emscripten 3.1.6's
// loader would use). threads: whether to load the module with threads (zkmsm_wasm_threads.mjs,
// whose cpu backend runs on one worker per core); default: where it can run, in node and on
// cross-origin isolated pages (served with Cross-Origin-Opener-Policy: same-origin and
// Cross-Origin-Embedder-Policy: require-corp), else the single-threaded module.
// fieldMultiplication: how the WGSL shaders multiply field elements, 'words16' (the default: CIOS
// on 32-bit words from 16-bit products) or 'limbs13' (13-bit limbs summed in columns without
// carries, the seeds' choice; faster on llvmpipe, not yet measured on a GPU); the module's stats
// name it.
export async function init({ device, wasmBinary, adapterInfo, accelerated, threads, fieldMultiplication = 'words16' } = {}) {
  const multiplication = enumValue(FIELD_MULTIPLICATIONS, fieldMultiplication, 'fieldMultiplication');
  const inNode = typeof process === 'object' && typeof process.versions?.node === 'string';
  const withThreads = threads ?? (inNode || globalThis.crossOriginIsolated === true);
  const name = withThreads ? 'zkmsm_wasm_threads' : 'zkmsm_wasm';
  const { default: createZkmsmModule } = await import(`./${name}.mjs`);
  const options = {};
  if (device !== undefined) options.preinitializedWebGPUDevice = device;
  options.wasmBinary = wasmBinary;
  if (wasmBinary === undefined && inNode) {
    const { readFile } = await import('node:fs/promises');
    options.wasmBinary = await readFile(new URL(`./${name}.wasm`, import.meta.url));
  }
  if (options.wasmBinary === undefined) delete options.wasmBinary;
  const module = await createZkmsmModule(options);
  module.zkmsmThreads = withThreads;
  module.releaseWorkers?.();
  const hardware = accelerated ?? (device !== undefined && !isSoftwareAdapter(device.adapterInfo ?? adapterInfo));
  module._zkmsm_wasm_webgpu_set_accelerated(hardware ? 1 : 0);
  module._zkmsm_wasm_webgpu_set_field_multiplication(multiplication);
  const zkmsm = new Zkmsm(module, device, hardware);
  zkmsm.fieldMultiplication = fieldMultiplication;
  return zkmsm;
}
