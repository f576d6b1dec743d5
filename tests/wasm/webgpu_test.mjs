#!/usr/bin/env node
// The WebGPU code (src/msm/webgpu: the WGSL arithmetic of field.wgsl and curve.wgsl, and the
// stages written so far) on a WebGPU device in node: Dawn (the `webgpu` package, pinned in package.json) on its OpenGL backend, which runs on
// Mesa's llvmpipe where there is no GPU (EGL_PLATFORM=surfaceless), or on the GPU the machine
// has. Each result of field_ops.wgsl is checked against BigInt arithmetic (random elements and
// the edges 0, 1, p − 1, …, both BN254 fields and both BLS12-381 fields), each of curve_ops.wgsl
// against @noble/curves (random independent points, P + P, P + (−P), infinity on either side;
// BN254, Grumpkin and BLS12-381 G1), and
// decompose_scalars' entries against signed digits computed here from BigInts (every window size
// 2 … 22, batches that start past window 0, scalars ≥ r, 0, r − 1, 2^256 − 1), and the radix
// sort against a stable sort here (sizes around the tile of 2,048 entries and past one scan block
// of 131,072, key widths 1 … 32), plan against lower bounds, reduce_buckets' bit sums against
// @noble/curves, and the whole MSM with either accumulator (the stream walker, the pair tree with
// and without its dx cache) against @noble/curves.
//
//   node tests/wasm/webgpu_test.mjs build/wasm/web/zkmsm.mjs
//
// ZKMSM_WEBGPU_BACKEND=vulkan|opengl picks Dawn's backend (default opengl); ZKMSM_TEST_SEED
// repeats a run; ZKMSM_TEST_FILTER=<regular expression> runs only the cases whose names match.
// BLS12-381 runs its field, decompose, batched-addition and conformance cases (stream walker) by
// default and its curve-kernel, reduction, knob and pair-tree cases (and conformance on the pair
// tree) with ZKMSM_TEST_ORACLE=full: on llvmpipe each 12-word pipeline compiles for tens of
// seconds (all BLS12-381 cases: 8.7 min, 2 cores, 2026-12-05; the default ones ~2.5 min cold). The cases run one after another through a small runner (not node:test, whose
// runner and Dawn's addon crash the process together: a segmentation fault before the first
// case, seen with node 20.20 and webgpu 0.6.2), and the process exits explicitly.
import assert from 'node:assert/strict';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { create, globals } from 'webgpu';
import { CURVES } from '../oracle/msm_oracle.mjs';
import { testSeed, rng, random256, mod, power, montgomeryRadix } from './test_support.mjs';
import { conformanceCases } from './conformance_cases.mjs';

const modulePath = process.argv[2];
if (!modulePath) {
  console.error('usage: node webgpu_test.mjs BUILD/web/zkmsm.mjs');
  process.exit(2);
}
process.env.EGL_PLATFORM ??= 'surfaceless';
Object.assign(globalThis, globals);
const backend = process.env.ZKMSM_WEBGPU_BACKEND ?? 'opengl';
const gpu = create([`backend=${backend}`]);
const adapter = await gpu.requestAdapter(backend === 'opengl' ? { featureLevel: 'compatibility' } : {});
if (!adapter) {
  console.error(`no WebGPU adapter on Dawn's ${backend} backend`);
  process.exit(1);
}
const device = await adapter.requestDevice();
const { init } = await import(pathToFileURL(resolve(modulePath)).href);
const zkmsm = await init({ device });
// The same device with the shaders' other field multiplication (field_multiplication.hpp).
const zkmsmLimbs13 = await init({ device, fieldMultiplication: 'limbs13' });

const seed = testSeed();
console.log(`ZKMSM_TEST_SEED=0x${seed.toString(16)} (zkmsm ${zkmsm.version}, adapter: ${adapter.info?.description ?? backend})`);



const CURVE_NAMES = ['bn254', 'grumpkin', 'bls12_381'];
// The curves of the cases whose BLS12-381 run is the large tier (see the top of this file).
const LARGE_TIER_CURVES = process.env.ZKMSM_TEST_ORACLE === 'full' ? CURVE_NAMES : ['bn254', 'grumpkin'];
const FIELDS = {
  bn254_fq: CURVES.bn254.Fp.ORDER,
  bn254_fr: CURVES.bn254.Fn.ORDER,
  bls12_381_fq: CURVES.bls12_381.Fp.ORDER,
  bls12_381_fr: CURVES.bls12_381.Fn.ORDER,
};
// A curve's salt for the random streams of one test.
const salt = (curve, salts) => salts[CURVE_NAMES.indexOf(curve)];
// An independent random point k·G (k uniform in [1, r)) of the @noble/curves group `Point`, from
// `next`; n of them.
const randomPoint = (Point, next) => Point.BASE.multiply((random256(next) % (Point.Fn.ORDER - 1n)) + 1n);
const randomPoints = (Point, n, next) => Array.from({ length: n }, () => randomPoint(Point, next));

let failures = 0;
const filter = new RegExp(process.env.ZKMSM_TEST_FILTER ?? '');
async function test(name, body) {
  if (!filter.test(name)) return;
  const start = performance.now();
  try {
    await body();
    console.log(`ok - ${name} (${((performance.now() - start) / 1000).toFixed(1)} s)`);
  } catch (error) {
    failures++;
    console.log(`not ok - ${name}\n${error.stack ?? error}`);
  }
}

for (const [field, p] of Object.entries(FIELDS)) for (const [multiplication, module] of [['', zkmsm], [', 13-bit limbs', zkmsmLimbs13]]) {
  await test(`${field}${multiplication}: add, sub, mul, square, negate and invert equal BigInt arithmetic`, async () => {
    const R = montgomeryRadix(p);
    const next = rng(seed ^ BigInt(Object.keys(FIELDS).indexOf(field) * 0x77));
    const random = () => random256(next) % p;
    // Canonical values: random ones and the edges; the device sees them in Montgomery form.
    const edges = [0n, 1n, 2n, p - 1n, p - 2n, (p - 1n) / 2n, (R - 1n) % p, mod(-R, p), power(R, p - 2n, p)];
    const a = [...edges, ...Array.from({ length: 500 }, random)];
    const b = [...edges.slice().reverse(), ...Array.from({ length: 500 }, random)];
    const toMontgomery = (v) => (v * R) % p;
    const fromMontgomery = (v) => (v * power(R, p - 2n, p)) % p;
    const results = await module.testing.webgpuFieldOps(field, a.map(toMontgomery), b.map(toMontgomery));
    results.forEach((got, i) => {
      got.forEach((v) => assert.ok(v < p, `${field} element ${i}: a result is not reduced`));
      const [sum, difference, product, square, negation, inverse] = got.map(fromMontgomery);
      const x = a[i], y = b[i];
      const where = `${field}, a = 0x${x.toString(16)}, b = 0x${y.toString(16)}`;
      assert.equal(sum, mod(x + y, p), `a + b, ${where}`);
      assert.equal(difference, mod(x - y, p), `a - b, ${where}`);
      assert.equal(product, (x * y) % p, `a * b, ${where}`);
      assert.equal(square, (x * x) % p, `a^2, ${where}`);
      assert.equal(negation, mod(-x, p), `-a, ${where}`);
      assert.equal(inverse, x === 0n ? 0n : power(x, p - 2n, p), `1/a, ${where}`);
    });
  });
}

for (const curve of LARGE_TIER_CURVES) {
  await test(`${curve}: madd, add, doubling and accumulation equal @noble/curves`, async () => {
    const Point = CURVES[curve];
    const p = Point.Fp.ORDER;
    const R = montgomeryRadix(p);
    const next = rng(seed ^ salt(curve, [0x100n, 0x200n, 0x210n]));
    const random = () => randomPoint(Point, next);
    const points = Array.from({ length: 40 }, random);
    const infinity = Point.ZERO;
    // Random pairs, then P + P, P + (−P), infinity on either side and on both.
    const pairs = [...points.slice(0, 20).map((P, i) => [P, points[20 + i]]),
                   [points[0], points[0]], [points[1], points[1].negate()], [infinity, points[2]], [points[3], infinity],
                   [infinity, infinity], [points[4].double(), points[4]]];
    const affine = (P) => (P.is0() ? { x: 0n, y: 0n } : P.toAffine());
    const toMontgomery = ({ x, y }) => ({ x: (x * R) % p, y: (y * R) % p });
    const inverseR = power(R, p - 2n, p);
    const fromMontgomery = ({ x, y }) => ({ x: (x * inverseR) % p, y: (y * inverseR) % p });
    const results = await zkmsm.testing.webgpuCurveOps(curve, pairs.map(([P, Q]) => [toMontgomery(affine(P)), toMontgomery(affine(Q))]));
    results.forEach((got, i) => {
      const [P, Q] = pairs[i];
      const S = P.add(Q), T = S.add(Q);
      const expected = [S, S, P.double(), T, S.double(), S.double(), S.add(T), S.double()].map(affine);
      const names = ['p + q (madd)', 'p + q (add)', '2p', 'p + 2q', '2s (dbl)', 's + s (add)', 's + t (add)', 's + s (madd)'];
      got.map(fromMontgomery).forEach((value, k) => assert.deepEqual(value, expected[k], `${curve} pair ${i}: ${names[k]}`));
    });
  });
}

// The entries decompose_scalars must write: Booth digits of k mod r (msm/common/signed_digits.hpp).
function expectedEntries(scalars, r, c, firstWindow, batchWindows) {
  const n = scalars.length, buckets = 1 << (c - 1), sentinel = batchWindows * buckets;
  const keys = new Uint32Array(batchWindows * n), values = new Uint32Array(batchWindows * n);
  scalars.forEach((scalar, i) => {
    const k = scalar % r;
    const bit = (position) => (position < 0 ? 0 : Number((k >> BigInt(position)) & 1n));
    for (let w = 0; w < batchWindows; w++) {
      const start = (firstWindow + w) * c;
      const bits = Number((k >> BigInt(start)) & ((1n << BigInt(c)) - 1n));
      const digit = bits + bit(start - 1) - (bit(start + c - 1) << c);
      const magnitude = Math.abs(digit);
      keys[w * n + i] = magnitude === 0 ? sentinel : w * buckets + magnitude - 1;
      values[w * n + i] = (i | (digit < 0 ? 0x80000000 : 0)) >>> 0;
    }
  });
  return { keys, values };
}

for (const curve of CURVE_NAMES) {
  await test(`${curve}: decompose_scalars writes the signed digits of k mod r for every window size`, async () => {
    const r = CURVES[curve].Fn.ORDER;
    const next = rng(seed ^ salt(curve, [0x300n, 0x400n, 0x410n]));
    // ⌊2^256 / r⌋·r + 7: the most subtractions the reduction mod r makes (5 for BN254, 2 for BLS12-381).
    const scalars = [0n, 1n, r - 1n, r, r + 1n, (1n << 256n) - 1n, ((1n << 256n) / r) * r + 7n,
                     ...Array.from({ length: 200 }, () => random256(next))];
    for (let c = 2; c <= 22; c++) {
      const windows = Math.ceil(255 / c);
      const shapes = [{ firstWindow: 0, batchWindows: windows }, { firstWindow: Math.floor(windows / 2), batchWindows: windows - Math.floor(windows / 2) }];
      for (const { firstWindow, batchWindows } of shapes) {
        const got = await zkmsm.testing.webgpuDecomposeScalars(curve, scalars, { windowBits: c, firstWindow, batchWindows });
        const want = expectedEntries(scalars, r, c, firstWindow, batchWindows);
        assert.deepEqual(got.keys, want.keys, `${curve} keys, c = ${c}, windows ${firstWindow} + ${batchWindows}`);
        assert.deepEqual(got.values, want.values, `${curve} values, c = ${c}, windows ${firstWindow} + ${batchWindows}`);
      }
    }
  });
}

await test('the radix sort sorts stably by the low key bits, every size and key width', async () => {
  const next = rng(seed ^ 0x500n);
  for (const [n, keyBits] of [[1, 1], [7, 3], [2047, 9], [2048, 16], [2049, 17], [5000, 23], [70000, 20], [300000, 20], [3000, 32]]) {
    const keys = Uint32Array.from({ length: n }, () => Number(next() & 0xffffffffn));
    const values = Uint32Array.from({ length: n }, (_, i) => i);
    const got = await zkmsm.testing.webgpuRadixSort(keys, values, keyBits);
    const mask = keyBits === 32 ? 0xffffffff : (1 << keyBits) - 1;
    // The expected order: by the masked key, then input position (stable); keys move whole.
    const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => ((keys[a] & mask) >>> 0) - ((keys[b] & mask) >>> 0) || a - b);
    assert.deepEqual(got.values, Uint32Array.from(order), `values, n = ${n}, key_bits = ${keyBits}`);
    assert.deepEqual(got.keys, Uint32Array.from(order, (i) => keys[i]), `keys, n = ${n}, key_bits = ${keyBits}`);
  }
});

await test('plan: bucket bounds and the count of non-sentinel entries, empty buckets and all-sentinel inputs', async () => {
  const next = rng(seed ^ 0x700n);
  for (const [count, sentinel, sentinels] of [[0, 8, 0], [5, 4, 5], [1000, 64, 100], [30000, 4096, 7000], [100, 100000, 0]]) {
    const keys = Uint32Array.from({ length: count }, (_, i) => (i < count - sentinels ? Number(next() % BigInt(sentinel)) : sentinel)).sort();
    const got = await zkmsm.testing.webgpuBucketBounds(keys, sentinel);
    const lowerBound = (key) => { let i = 0; while (i < count && keys[i] < key) i++; return i; };
    const wantStart = Uint32Array.from({ length: sentinel }, (_, k) => lowerBound(k));
    const wantEnd = Uint32Array.from({ length: sentinel }, (_, k) => lowerBound(k + 1));
    assert.deepEqual(got.bucketStart, wantStart, `bucket_start, count ${count}, sentinel ${sentinel}`);
    assert.deepEqual(got.bucketEnd, wantEnd, `bucket_end, count ${count}, sentinel ${sentinel}`);
    assert.equal(got.valid, count - sentinels, `valid, count ${count}, sentinel ${sentinel}`);
  }
});

for (const curve of LARGE_TIER_CURVES) {
  await test(`${curve}: reduce_buckets gives each window's bit sums (Σ_p 2^p·bit sum p = Σ_b (b + 1)·S_b), one level and several`, async () => {
    const Point = CURVES[curve];
    const p = Point.Fp.ORDER;
    const R = montgomeryRadix(p);
    const inverseR = power(R, p - 2n, p);
    const next = rng(seed ^ salt(curve, [0x800n, 0x900n, 0x910n]));
    const random = () => randomPoint(Point, next);
    for (const [windowBits, windows] of [[2, 3], [6, 2], [7, 2], [11, 1]]) {
      const buckets = 2 ** (windowBits - 1);
      // About one bucket in five empty, one in twenty summing to infinity (P + (−P)).
      const sums = Array.from({ length: windows * buckets }, () => {
        const kind = Number(next() % 20n);
        return kind < 4 ? null : kind === 4 ? Point.ZERO : random();
      });
      const toMontgomery = (P) => {
        if (P === null) return null;
        if (P.is0()) return { x: 0n, y: 0n };
        const { x, y } = P.toAffine();
        return { x: (x * R) % p, y: (y * R) % p };
      };
      const got = await zkmsm.testing.webgpuBucketReduction(curve, windowBits, sums.map(toMontgomery));
      for (let w = 0; w < windows; w++) {
        for (let bit = 0; bit < windowBits; bit++) {
          let want = Point.ZERO;
          for (let b = 0; b < buckets; b++) {
            const S = sums[w * buckets + b];
            if (S !== null && !S.is0() && ((b + 1) >> bit) & 1) want = want.add(S);
          }
          const { X, Y, ZZ, ZZZ } = got[w * windowBits + bit];
          const zz = (ZZ * inverseR) % p;
          const value = zz === 0n ? null
                      : { x: (((X * inverseR) % p) * power(zz, p - 2n, p)) % p,
                          y: (((Y * inverseR) % p) * power((ZZZ * inverseR) % p, p - 2n, p)) % p };
          assert.deepEqual(value, want.is0() ? null : want.toAffine(),
                           `${curve} window ${w}, bit ${bit}, c = ${windowBits}`);
        }
      }
    }
  });
}

for (const curve of CURVE_NAMES) {
  await test(`${curve}: batched affine additions share one inversion and stay complete`, async () => {
    const Point = CURVES[curve];
    const p = Point.Fp.ORDER;
    const R = montgomeryRadix(p);
    const inverseR = power(R, p - 2n, p);
    const next = rng(seed ^ salt(curve, [0xa00n, 0xb00n, 0xb10n]));
    const random = () => randomPoint(Point, next);
    const points = Array.from({ length: 30 }, random);
    // Every case inside batches: additions, doublings, P + (−P), infinity on either side and both.
    const pairs = [...points.slice(0, 15).map((P, i) => [P, points[15 + i]]), [points[0], points[0]],
                   [points[1], points[1].negate()], [Point.ZERO, points[2]], [points[3], Point.ZERO],
                   [Point.ZERO, Point.ZERO], [points[4], points[4]], [points[5], points[6]]];
    const affine = (P) => (P.is0() ? { x: 0n, y: 0n } : P.toAffine());
    const toMontgomery = (P) => { const { x, y } = affine(P); return { x: (x * R) % p, y: (y * R) % p }; };
    for (const slots of [1, 8]) {
      const got = await zkmsm.testing.webgpuBatchAffineAdd(curve, slots, pairs.map(([P, Q]) => [toMontgomery(P), toMontgomery(Q)]));
      got.forEach(({ x, y }, i) => {
        const [P, Q] = pairs[i];
        assert.deepEqual({ x: (x * inverseR) % p, y: (y * inverseR) % p }, affine(P.add(Q)), `${curve} pair ${i}, S = ${slots}`);
      });
    }
  });
}

// The MSM tests' inputs: 300 random independent points (noble Points), uniform 256-bit scalars,
// and the oracle's sum of any of them as msm() returns it.
function msmFixture(curve, salts) {
  const Point = CURVES[curve];
  const r = Point.Fn.ORDER;
  const next = rng(seed ^ salt(curve, salts));
  const next256 = () => random256(next);
  const points = Array.from({ length: 300 }, () => Point.BASE.multiply((next256() % (r - 1n)) + 1n));
  const scalars = points.map(() => next256());
  const affine = (P) => (P.is0() ? { x: 0n, y: 0n } : P.toAffine());
  const expected = (ps, ks) => {
    let sum = Point.ZERO;
    ps.forEach((P, i) => { const k = ks[i] % r; if (!P.is0() && k !== 0n) sum = sum.add(P.multiply(k)); });
    return sum.is0() ? null : sum.toAffine();
  };
  return { Point, r, points, scalars, affine, expected };
}

for (const curve of LARGE_TIER_CURVES) {
  await test(`${curve}: the whole MSM on WebGPU equals @noble/curves on every kind of input`, async () => {
    const { Point, r, points, scalars, affine, expected } = msmFixture(curve, [0xc00n, 0xd00n, 0xd10n]);
    const P = points[0];
    const cases = [
      ['random independent points', points, scalars, {}],
      ['random, c = 5, one workgroup', points, scalars, { windowBits: 5, walkerMaxBlocks: 1 }],
      ['random, c = 9, S = 2', points.slice(0, 100), scalars.slice(0, 100), { windowBits: 9, walkerSlots: 2 }],
      ['random, c = 6, one window per batch', points, scalars, { windowBits: 6, memoryBudgetBytes: 400000 }],
      ['copies of one point', Array(120).fill(P), Array(120).fill(scalars[1]), { windowBits: 4 }],
      ['P and -P cancel', [P, P.negate(), points[1], points[1].negate()], [scalars[2], scalars[2], scalars[3], scalars[3]], {}],
      ['infinity and zero scalars', [Point.ZERO, P, points[1]], [scalars[4], 0n, scalars[5]], {}],
      ['scalars r, r + 1, r - 1, 2^256 - 1', [P, points[1], points[2], points[3]], [r, r + 1n, r - 1n, (1n << 256n) - 1n], {}],
      ['one point', [P], [scalars[6]], {}],
      ['no points', [], [], {}],
    ];
    for (const [name, ps, ks, options] of cases) {
      const { point, stats } = await zkmsm.msm(curve, ps.map(affine), ks, { backend: 'webgpu', ...options });
      const what = `${curve}: ${name} (${JSON.stringify(stats)})`;
      assert.deepEqual(point, expected(ps, ks), what);
      assert.equal(stats.backend, 'webgpu', what);
      // accumulator auto: the xyzz walker, the stream walker where S > 1 is asked for.
      assert.equal(stats.accumulator, (options.walkerSlots ?? 0) > 1 ? 'stream_walker' : 'xyzz', what);
      if (ps.length === 0) continue;
      assert.equal(stats.webgpu.field_multiplication, 'words16', what);
      // The closed-form model is every buffer the MSM allocates: the measured peak equals it.
      assert.equal(stats.measured_peak_bytes, stats.estimated_peak_bytes, what);
      if (options.memoryBudgetBytes) {
        assert.ok(stats.estimated_peak_bytes <= options.memoryBudgetBytes, what);
        assert.ok(stats.webgpu.batches > 1, what);
      }
      if (options.walkerSlots) assert.equal(stats.webgpu.walker_slots, options.walkerSlots, what);
      if (options.walkerMaxBlocks) assert.ok(stats.webgpu.walker_threads <= options.walkerMaxBlocks * stats.webgpu.walker_threads_per_block, what);
      for (const stage of ['convert_inputs', 'upload_inputs', 'decompose_scalars', 'sort_by_bucket', 'plan',
                           'accumulate_buckets', 'reduce_buckets', 'combine_windows']) {
        assert.ok(stats.stages_ms[stage] >= 0, `${what}: stage ${stage}`);
      }
    }
    const refused = (status, pattern, ps, ks, options = {}) =>
      assert.rejects(zkmsm.msm(curve, ps, ks, { backend: 'webgpu', ...options }),
                     (e) => e.status === status && pattern.test(e.message));
    const A = affine(P);
    await refused('point_not_on_curve', /not on the curve/, [{ x: A.x, y: A.y ^ 1n }], [1n]);
    await refused('point_not_canonical', /./, [{ x: Point.Fp.ORDER, y: 0n }], [1n]);
    await refused('invalid_argument', /pair_tree_dx_cache/, [A], [1n], { pairTreeDxCache: true });
    await refused('invalid_argument', /batch_affine/, [A], [1n], { accumulator: 'batch_affine' });
    await refused('invalid_argument', /walker_state/, [A], [1n], { walkerState: 'global' });
    await refused('invalid_argument', /walker_slots/, [A], [1n], { walkerSlots: 65 });
    // S = 1 crashed the process on NVIDIA's Vulkan driver (webgpu_msm.cpp): refused, on every device.
    await refused('invalid_argument', /walker_slots = 1 is refused/, [A], [1n], { accumulator: 'stream_walker', walkerSlots: 1 });
    await refused('invalid_argument', /walker_threads_per_block/, [A], [1n], { walkerThreadsPerBlock: 257 });
    // The node tests' compatibility-mode device takes 128 invocations per workgroup.
    await refused('invalid_argument', /maxComputeInvocationsPerWorkgroup, 128/, [A], [1n], { walkerThreadsPerBlock: 256 });
    await refused('invalid_argument', /at most 128 with the pair tree/, [A], [1n],
                  { accumulator: 'pair_tree', walkerThreadsPerBlock: 129 });
    await refused('out_of_memory', /memory_budget_bytes/, [A], [1n], { memoryBudgetBytes: 1000 });
  });
}

// The pair tree (src/msm/webgpu/pair_tree.hpp) in place of the walker: the same MSMs, with and
// without the dx cache, several S and c. Copies of one point make one bucket of n entries per
// window (⌈log₂ n⌉ levels of doublings, odd counts carried); c = 10 on 300 points gives 26 · 512
// buckets, offsets scanned in two levels of 1,024-word blocks.
for (const curve of LARGE_TIER_CURVES) {
  await test(`${curve}: the MSM with the pair tree equals @noble/curves on every kind of input`, async () => {
    const { Point, r, points, scalars, affine, expected } = msmFixture(curve, [0xe00n, 0xf00n, 0xf10n]);
    const P = points[0];
    const Q = points[1];
    const tree = { accumulator: 'pair_tree' };
    const cached = { accumulator: 'pair_tree', pairTreeDxCache: true };
    const cases = [
      ['random independent points', points, scalars, tree],
      ['random, dx cache', points, scalars, cached],
      ['random, c = 10 (two scan levels), S = 3', points, scalars, { ...tree, windowBits: 10, walkerSlots: 3 }],
      ['random, c = 5, S = 1, dx cache', points.slice(0, 100), scalars.slice(0, 100), { ...cached, windowBits: 5, walkerSlots: 1 }],
      ['512 copies of one point (9 levels)', Array(512).fill(P), Array(512).fill(scalars[1]), { ...tree, windowBits: 4 }],
      ['200 copies of one point, S = 3, dx cache', Array(200).fill(P), Array(200).fill(scalars[2]), { ...cached, windowBits: 3, walkerSlots: 3 }],
      ['copies of two points and their negations', [...Array(70).fill(P), ...Array(69).fill(P.negate()), ...Array(33).fill(Q), ...Array(33).fill(Q.negate())],
       Array(205).fill(scalars[3]), { ...tree, windowBits: 4 }],
      ['P and -P cancel', [P, P.negate(), Q, Q.negate()], [scalars[2], scalars[2], scalars[3], scalars[3]], tree],
      ['infinity and zero scalars', [Point.ZERO, P, Q, Point.ZERO], [scalars[4], 0n, scalars[5], 0n], cached],
      ['scalars r, r + 1, r - 1, 2^256 - 1', [P, Q, points[2], points[3]], [r, r + 1n, r - 1n, (1n << 256n) - 1n], tree],
      ['one point', [P], [scalars[6]], cached],
      ['no points', [], [], tree],
    ];
    for (const [name, ps, ks, options] of cases) {
      const { point, stats } = await zkmsm.msm(curve, ps.map(affine), ks, { backend: 'webgpu', ...options });
      const what = `${curve}: ${name} (${JSON.stringify(stats)})`;
      assert.deepEqual(point, expected(ps, ks), what);
      assert.equal(stats.accumulator, 'pair_tree', what);
      if (ps.length !== 0) {
        assert.equal(stats.webgpu.walker_threads, 0, `${what}: the pair tree reports no walker threads`);
        assert.equal(stats.measured_peak_bytes, stats.estimated_peak_bytes, `${what}: the model is every buffer`);
      }
    }
  });
}

// The xyzz walker (shaders/xyzz_walker.wgsl: one running XYZZ sum per invocation, XYZZ bucket
// sums) in place of the stream walker: every kind of input, and a thread cap that makes each
// invocation walk ~2,000 entries in dispatches of 512 (the state saved between them). BN254 by
// default (Grumpkin shares its field code), every curve in the large tier.
for (const curve of process.env.ZKMSM_TEST_ORACLE === 'full' ? CURVE_NAMES : ['bn254']) {
  await test(`${curve}: the MSM with the xyzz walker equals @noble/curves on every kind of input`, async () => {
    const { Point, r, points, scalars, affine, expected } = msmFixture(curve, [0xe80n, 0xf80n, 0xf90n]);
    const P = points[0];
    const Q = points[1];
    const xyzz = { accumulator: 'xyzz' };
    const cases = [
      ['random independent points', points, scalars, xyzz],
      ['random, c = 5, 8 invocations (several dispatches)', points, scalars,
       { ...xyzz, windowBits: 5, walkerThreadsPerBlock: 8, walkerMaxBlocks: 1 }],
      ['512 copies of one point', Array(512).fill(P), Array(512).fill(scalars[1]), { ...xyzz, windowBits: 4 }],
      ['copies of two points and their negations', [...Array(70).fill(P), ...Array(69).fill(P.negate()), ...Array(33).fill(Q), ...Array(33).fill(Q.negate())],
       Array(205).fill(scalars[3]), { ...xyzz, windowBits: 4 }],
      ['P and -P cancel', [P, P.negate(), Q, Q.negate()], [scalars[2], scalars[2], scalars[3], scalars[3]], xyzz],
      ['infinity and zero scalars', [Point.ZERO, P, Q, Point.ZERO], [scalars[4], 0n, scalars[5], 0n], xyzz],
      ['scalars r, r + 1, r - 1, 2^256 - 1', [P, Q, points[2], points[3]], [r, r + 1n, r - 1n, (1n << 256n) - 1n], xyzz],
      ['one point', [P], [scalars[6]], xyzz],
      ['no points', [], [], xyzz],
    ];
    for (const [name, ps, ks, options] of cases) {
      const { point, stats } = await zkmsm.msm(curve, ps.map(affine), ks, { backend: 'webgpu', ...options });
      const what = `${curve}: ${name} (${JSON.stringify(stats)})`;
      assert.deepEqual(point, expected(ps, ks), what);
      assert.equal(stats.accumulator, 'xyzz', what);
      if (ps.length !== 0) assert.equal(stats.measured_peak_bytes, stats.estimated_peak_bytes, `${what}: the model is every buffer`);
    }
    await assert.rejects(zkmsm.msm(curve, points.slice(0, 4).map(affine), scalars.slice(0, 4), { backend: 'webgpu', ...xyzz, walkerSlots: 2 }),
                         /one running sum per invocation/);
  });
}

// Bases prepared once (zkmsm.prepareBases): the points uploaded, converted and validated on the
// device and kept there; each MSM on them uploads only its scalars and reads a prefix of them.
for (const curve of LARGE_TIER_CURVES) {
  await test(`${curve}: MSMs on bases kept on the device equal @noble/curves`, async () => {
    const { Point, r, points, scalars, affine, expected } = msmFixture(curve, [0x1200n, 0x1300n, 0x1310n]);
    const P = points[0];
    // Infinity, a point and its negation, and a repeated point among random independent ones.
    const keyPoints = [Point.ZERO, P, P.negate(), ...points.slice(1, 200), points[5]];
    const bases = await zkmsm.prepareBases(curve, keyPoints.map(affine), { backend: 'webgpu' });
    assert.equal(bases.backend, 'webgpu');
    assert.equal(bases.size, keyPoints.length);
    const m = keyPoints.length;
    const cases = [
      ['every point', keyPoints, scalars.slice(0, m), {}],
      ['the first 100 points', keyPoints.slice(0, 100), scalars.slice(100, 200), {}],
      ['the first 100 points again, c = 5, S = 3', keyPoints.slice(0, 100), scalars.slice(0, 100), { windowBits: 5, walkerSlots: 3 }],
      ['the pair tree', keyPoints, scalars.slice(1, m + 1), { accumulator: 'pair_tree' }],
      ['scalars r, r + 1, 0, 2^256 - 1', keyPoints.slice(0, 4), [r, r + 1n, 0n, (1n << 256n) - 1n], {}],
      ['no scalars', [], [], {}],
    ];
    for (const [name, ps, ks, options] of cases) {
      const { point, stats } = await zkmsm.msm(curve, bases, ks, options);
      const what = `${curve}: ${name} (${JSON.stringify(stats)})`;
      assert.deepEqual(point, expected(ps, ks), what);
      if (ks.length === 0) continue;
      assert.equal(stats.backend, 'webgpu', what);
      // The points are not the MSM's: its buffers are the closed form without them.
      assert.equal(stats.measured_peak_bytes, stats.estimated_peak_bytes, what);
    }
    // Scalars as bytes (read where JavaScript holds them) give the same point.
    const bytes = new Uint8Array(32 * 50);
    const view = new DataView(bytes.buffer);
    scalars.slice(0, 50).forEach((k, i) => { for (let l = 0; l < 4; l++) view.setBigUint64(32 * i + 8 * l, (k >> BigInt(64 * l)) & ((1n << 64n) - 1n), true); });
    assert.deepEqual((await zkmsm.msm(curve, bases, bytes)).point, expected(keyPoints.slice(0, 50), scalars.slice(0, 50)));
    // The same MSM from the points themselves, and a plain MSM between two on the bases.
    assert.deepEqual((await zkmsm.msm(curve, keyPoints.map(affine), scalars.slice(0, m), { backend: 'webgpu' })).point,
                     expected(keyPoints, scalars.slice(0, m)));
    assert.deepEqual((await zkmsm.msm(curve, bases, scalars.slice(0, m))).point, expected(keyPoints, scalars.slice(0, m)));
    const refused = (call, status, pattern) => assert.rejects(call, (e) => e.status === status && pattern.test(e.message));
    await refused(zkmsm.msm(curve, bases, scalars.slice(0, m + 1)), 'invalid_argument', /./);
    await refused(zkmsm.msm(curve === 'bn254' ? 'grumpkin' : 'bn254', bases, [1n]), 'invalid_argument', /bases are/);
    await bases.release();
    await refused(zkmsm.msm(curve, bases, [1n]), 'invalid_argument', /released/);
    await bases.release();
    // A bad point is refused by its index, as by msm().
    const A = affine(P);
    const bad = [A, A, { x: A.x, y: A.y ^ 1n }];
    await refused(zkmsm.prepareBases(curve, bad, { backend: 'webgpu' }), 'point_not_on_curve', /point 2/);
    await refused(zkmsm.prepareBases(curve, [A, { x: Point.Fp.ORDER, y: 0n }], { backend: 'webgpu' }),
                  'point_not_canonical', /point 1/);
    const empty = await zkmsm.prepareBases(curve, [], { backend: 'webgpu' });
    assert.equal((await zkmsm.msm(curve, empty, [])).point, null);
    await empty.release();
  });
}

// The pair tree keeps a point per entry, so a batch of windows is bounded by WebGPU's 128 MiB
// binding: c = 2 on 20,000 points is 128 windows, 164 MB of entries, so at least two batches.
await test('bn254: the pair tree batches windows so that each buffer fits one 128 MiB binding', async () => {
  const n = 20000;
  const { points, scalars } = await zkmsm.randomInputs('bn254', n, seed ^ 0x1100n);
  const reference = await zkmsm.msm('bn254', points, scalars, { backend: 'cpu', windowBits: 2 });
  const { point, stats } = await zkmsm.msm('bn254', points, scalars, { backend: 'webgpu', accumulator: 'pair_tree', windowBits: 2 });
  const what = JSON.stringify(stats.webgpu);
  assert.deepEqual(point, reference.point, what);
  assert.ok(stats.webgpu.batches >= 2, `${what}: several batches`);
  assert.ok(stats.webgpu.batch_windows * n * 64 <= 2 ** 27, `${what}: a batch's entries fit 128 MiB`);
  assert.equal(stats.measured_peak_bytes, stats.estimated_peak_bytes, what);
});

// The native suite's scenarios (conformance_cases.mjs) on the webgpu backend, both accumulators.
for (const curve of CURVE_NAMES) {
  // BLS12-381's pair-tree pass is the large tier (its pipelines: ~1.5 of this case's 3.5 cold minutes).
  const accumulators = LARGE_TIER_CURVES.includes(curve) ? ['stream_walker', 'pair_tree'] : ['stream_walker'];
  await test(`${curve}: the conformance scenarios of the native suite on webgpu, ${accumulators.join(' and ')}`, async () => {
    const cases = conformanceCases(curve, seed);
    for (const accumulator of accumulators) {
      for (const c of cases) {
        const what = `${curve}, ${accumulator}: ${c.name}`;
        const call = zkmsm.msm(curve, c.points, c.scalars, { backend: 'webgpu', accumulator, ...c.options });
        if (c.error !== undefined) {
          await assert.rejects(call, (e) => e.status === c.error, what);
        } else {
          const { point, stats } = await call;
          assert.deepEqual(point, c.expected, what);
          assert.equal(stats.backend, 'webgpu', what);
        }
      }
    }
  });
}

// convert_inputs runs on the device (convert_points.wgsl); the host names the rejected point. With
// several bad points the lowest index is the one reported, with the host path's words.
await test('convert_inputs on the device names the lowest rejected point as the host path does', async () => {
  for (const curve of CURVE_NAMES) {
    const Point = CURVES[curve];
    const p = Point.Fp.ORDER;
    const next = rng(seed ^ 0x1200n);
    const points = randomPoints(Point, 12, next).map((P) => P.toAffine());
    const scalars = Array.from({ length: 12 }, () => random256(next));
    const offCurve = (P) => ({ x: P.x, y: P.y ^ 1n });
    const rejects = (ps, status, pattern, what) =>
      assert.rejects(zkmsm.msm(curve, ps, scalars, { backend: 'webgpu' }),
                     (e) => e.status === status && pattern.test(e.message), `${curve}: ${what}`);
    const both = points.slice();
    both[9] = offCurve(both[9]);
    both[5] = { x: both[5].x + p, y: both[5].y };
    await rejects(both, 'point_not_canonical', /^point 5: coordinate x is not below/, 'x >= p at 5, off the curve at 9');
    const late = points.slice();
    late[11] = offCurve(late[11]);
    await rejects(late, 'point_not_on_curve', /^point 11 is not on the curve/, 'off the curve at 11');
    const y = points.slice();
    y[0] = { x: y[0].x, y: y[0].y + p };
    await rejects(y, 'point_not_canonical', /^point 0: coordinate y is not below/, 'y >= p at 0');
    // Without validation an off-curve point is not looked at (the caller vouched for the points).
    const unchecked = await zkmsm.msm(curve, points, scalars, { backend: 'webgpu', validatePoints: false });
    const checked = await zkmsm.msm(curve, points, scalars, { backend: 'cpu' });
    assert.deepEqual(unchecked.point, checked.point, `${curve}: validatePoints false`);
  }
});

await test('dispatches in rows of workgroups (as above 65,535) give the same results', async () => {
  await zkmsm.testing.webgpuSetMaxWorkgroupsPerDimension(3);
  try {
    const next = rng(seed ^ 0x600n);
    const keys = Uint32Array.from({ length: 20000 }, () => Number(next() & 0xfffffn));
    const values = Uint32Array.from({ length: keys.length }, (_, i) => i);
    const got = await zkmsm.testing.webgpuRadixSort(keys, values, 20);
    const order = Array.from(values).sort((a, b) => keys[a] - keys[b] || a - b);
    assert.deepEqual(got.values, Uint32Array.from(order), 'radix sort in rows of 3 workgroups');
    const r = CURVES.bn254.Fn.ORDER;
    const scalars = Array.from({ length: 1000 }, () => random256(next));
    const entries = await zkmsm.testing.webgpuDecomposeScalars('bn254', scalars, { windowBits: 13, batchWindows: 20 });
    const want = expectedEntries(scalars, r, 13, 0, 20);
    assert.deepEqual(entries.keys, want.keys, 'decompose keys in rows of 3 workgroups');
    assert.deepEqual(entries.values, want.values, 'decompose values in rows of 3 workgroups');
    const Point = CURVES.bn254;
    const points = randomPoints(Point, 300, next);
    const msmScalars = scalars.slice(0, 300);
    let sum = Point.ZERO;
    points.forEach((P, i) => { const k = msmScalars[i] % r; if (k !== 0n) sum = sum.add(P.multiply(k)); });
    const { point } = await zkmsm.msm('bn254', points.map((P) => P.toAffine()), msmScalars,
                                      { backend: 'webgpu', accumulator: 'pair_tree', windowBits: 10, walkerSlots: 3 });
    assert.deepEqual(point, sum.toAffine(), 'the pair tree in rows of 3 workgroups');
  } finally {
    await zkmsm.testing.webgpuSetMaxWorkgroupsPerDimension(0);
  }
});

// The buffers of an MSM are kept for the next one of the same shape (msm_workspace.hpp): a second
// call must read nothing the first left behind. Calls alternate many and few valid entries
// (zero scalars, repeated and opposite points) on one shape, change the shape and come back, fail
// validation in between, and release the buffers.
await test('the kept GPU buffers: reused for the same shape, results unchanged, released on demand', async () => {
  const next = rng(seed ^ 0x700n);
  for (const curve of ['bn254']) {
    const Point = CURVES[curve];
    const r = Point.Fn.ORDER;
    const n = 300;
    const fresh = () => randomPoints(Point, n, next).map((P) => P.toAffine());
    const dense = () => Array.from({ length: n }, () => random256(next));
    const sparse = () => Array.from({ length: n }, (_, i) => (i % 37 === 0 ? random256(next) : 0n));
    const collide = (ps) => ps.map((P, i) => (i % 3 === 1 ? ps[i - 1] : i % 3 === 2 ? { x: ps[i - 2].x, y: Point.Fp.ORDER - ps[i - 2].y } : P));
    const calls = [
      { points: fresh(), scalars: dense(), options: {}, reused: false },
      { points: fresh(), scalars: sparse(), options: {}, reused: true },
      { points: collide(fresh()), scalars: dense(), options: {}, reused: true },
      { points: fresh(), scalars: dense(), options: { accumulator: 'pair_tree' }, reused: false },
      { points: fresh(), scalars: sparse(), options: { accumulator: 'pair_tree' }, reused: true },
      { points: fresh(), scalars: dense(), options: {}, reused: false },
      { points: fresh(), scalars: dense(), options: {}, reused: true, rejectFirst: true },
      { points: fresh(), scalars: dense(), options: {}, reused: false, releaseFirst: true },
    ];
    await zkmsm.releaseDeviceMemory();
    for (const [i, call] of calls.entries()) {
      const what = `${curve}, call ${i}`;
      if (call.releaseFirst) await zkmsm.releaseDeviceMemory();
      if (call.rejectFirst) {
        const bad = call.points.slice();
        bad[7] = { x: bad[7].x, y: bad[7].y ^ 1n };
        await assert.rejects(zkmsm.msm(curve, bad, call.scalars, { backend: 'webgpu', ...call.options }),
                             (e) => e.status === 'point_not_on_curve', `${what}: an off-curve point`);
      }
      const got = await zkmsm.msm(curve, call.points, call.scalars, { backend: 'webgpu', ...call.options });
      const want = await zkmsm.msm(curve, call.points, call.scalars, { backend: 'cpu' });
      assert.deepEqual(got.point, want.point, what);
      assert.equal(got.stats.webgpu.workspace_reused, call.reused, `${what}: workspace_reused`);
      assert.equal(got.stats.measured_peak_bytes, got.stats.estimated_peak_bytes, `${what}: peak bytes`);
    }
  }
});

// Byte arrays stay where the caller holds them (zkmsm.mjs passes them as JavaScript-held inputs):
// the webgpu upload reads them there, and every host reader copies them into the module first —
// a rejected point's check, Montgomery scalars, and the cpu backend (backend 'auto' on this
// software adapter). A reader that skipped the copy would see the module's stale memory.
await test('byte inputs are read where JavaScript holds them, and copied in for every host reader', async () => {
  const next = rng(seed ^ 0x900n);
  const Point = CURVES.bn254;
  const r = Point.Fn.ORDER;
  const n = 64;
  const affine = randomPoints(Point, n, next).map((P) => P.toAffine());
  const values = Array.from({ length: n }, () => random256(next) % r);
  const limbBytes = (value, at, bytes) => {
    for (let b = 0; b < 32; b++) bytes[at + b] = Number((value >> BigInt(8 * b)) & 0xffn);
  };
  const pointBytes = (ps) => {
    const bytes = new Uint8Array(64 * ps.length);
    ps.forEach((P, i) => { limbBytes(P.x, 64 * i, bytes); limbBytes(P.y, 64 * i + 32, bytes); });
    return bytes;
  };
  const scalarBytes = (ss) => {
    const bytes = new Uint8Array(32 * ss.length);
    ss.forEach((v, i) => limbBytes(v, 32 * i, bytes));
    return bytes;
  };
  const points = pointBytes(affine);
  const scalars = scalarBytes(values);
  const want = await zkmsm.msm('bn254', affine, values, { backend: 'cpu' });
  // The module's memory at the inputs' place first holds other inputs: a copy that did not happen shows.
  await zkmsm.msm('bn254', points, scalarBytes([...values.slice(1), values[0]]), { backend: 'cpu' });
  for (const backend of ['webgpu', 'cpu', 'auto']) {
    const got = await zkmsm.msm('bn254', points, scalars, { backend });
    assert.deepEqual(got.point, want.point, `backend ${backend}`);
  }
  const R = montgomeryRadix(r);
  const montgomery = scalarBytes(values.map((v) => (v * R) % r));
  const got = await zkmsm.msm('bn254', points, montgomery, { backend: 'webgpu', scalarsInMontgomery: true });
  assert.deepEqual(got.point, want.point, 'webgpu, Montgomery scalars');
  const bad = points.slice();
  bad[64 * 41 + 32] ^= 1;  // point 41's y
  await assert.rejects(zkmsm.msm('bn254', bad, scalars, { backend: 'webgpu' }),
                       (e) => e.status === 'point_not_on_curve' && /^point 41 is not on the curve/.test(e.message),
                       'webgpu names the rejected point from the caller\'s bytes');
});

// The walker's dispatch count comes from the batch's entries E, its pieces from the valid ones M:
// with many zero digits (M << E) every slot finishes in the first dispatch and the later ones must
// leave it finished, whatever its saved state held before (a fresh buffer, or the last call's).
// One workgroup of walkers (128 invocations, S = 8: 1,024 pieces) over E = 20 · 2,000 entries is
// two dispatches; 40-bit scalars leave M ~ E / 5.
await test('the walker: slots that finish in the first dispatch stay finished in the later ones', async () => {
  const next = rng(seed ^ 0x800n);
  const Point = CURVES.bn254;
  const r = Point.Fn.ORDER;
  const n = 2000;
  const points = randomPoints(Point, n, next).map((P) => P.toAffine());
  const dense = Array.from({ length: n }, () => random256(next));
  const small = Array.from({ length: n }, () => random256(next) & ((1n << 40n) - 1n));
  const options = { backend: 'webgpu', windowBits: 13, walkerSlots: 8, walkerMaxBlocks: 1 };
  await zkmsm.releaseDeviceMemory();
  for (const [what, scalars] of [['small scalars, fresh buffers', small], ['dense scalars', dense],
                                 ['small scalars after dense ones', small]]) {
    const got = await zkmsm.msm('bn254', points, scalars, options);
    const want = await zkmsm.msm('bn254', points, scalars, { backend: 'cpu' });
    assert.deepEqual(got.point, want.point, what);
    assert.equal(got.stats.webgpu.walker_threads, 128, `${what}: ${JSON.stringify(got.stats.webgpu)}`);
  }
});

// The whole MSM with the 13-bit-limb field multiplication (large tier: on CPU adapters a second
// set of pipelines, ~70 s for BN254 and ~7 min for BLS12-381 cold on llvmpipe).
for (const curve of process.env.ZKMSM_TEST_ORACLE === 'full' ? CURVE_NAMES : []) {
  await test(`${curve}: the whole MSM with 13-bit limbs equals @noble/curves`, async () => {
    const { points, scalars, affine, expected } = msmFixture(curve, [0xe00n, 0xe10n, 0xe20n]);
    const P = points[0];
    const cases = [
      ['random independent points', points, scalars, {}],
      ['the pair tree', points, scalars, { accumulator: 'pair_tree' }],
      ['copies of one point', Array(120).fill(P), Array(120).fill(scalars[1]), { windowBits: 4 }],
      ['P and -P', [P, P.negate(), ...points.slice(2)], scalars, {}],
    ];
    for (const [what, casePoints, caseScalars, options] of cases) {
      const { point, stats } = await zkmsmLimbs13.msm(curve, casePoints.map(affine), caseScalars,
                                                      { backend: 'webgpu', ...options });
      assert.equal(stats.webgpu.field_multiplication, 'limbs13', what);
      assert.deepEqual(point, expected(casePoints, caseScalars), `${curve}, ${what}`);
    }
  });
}

await test('bad arguments are rejected promises, not crashes', async () => {
  await assert.rejects(init({ device, fieldMultiplication: 'limbs16' }), /fieldMultiplication must be one of words16, limbs13/);
  await assert.rejects(zkmsm.testing.webgpuFieldOps('bn254_fq', [1n], [1n, 2n]), /differ in length/);
  await assert.rejects(zkmsm.testing.webgpuFieldOps('secp256k1', [], []), /field must be one of/);
  await assert.rejects(zkmsm.testing.webgpuCurveOps('secp256k1', []), /curve must be one of/);
  await assert.rejects(zkmsm.testing.webgpuDecomposeScalars('bn254', [1n], { windowBits: 23, batchWindows: 1 }),
                       /window_bits must be in \[2, 22\]/);
  await assert.rejects(zkmsm.msm('bn254', [], [], { backend: 'webgpu', accumulator: 'batch_affine' }),
                       /accumulator 'batch_affine' is the cpu backend's/);
});

device.destroy();
console.log(failures === 0 ? 'all WebGPU tests passed' : `${failures} WebGPU test(s) failed`);
process.exit(failures === 0 ? 0 : 1);
