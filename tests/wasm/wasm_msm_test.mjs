#!/usr/bin/env node
// The WebAssembly module (web/zkmsm.mjs over the cpu backend compiled with Emscripten) in node,
// against @noble/curves (tests/oracle, pinned): random independent points on BN254, Grumpkin and
// BLS12-381 G1, every edge case of the conformance suite, both input forms, the knobs, and every
// kind of bad input.
//
//   node tests/wasm/wasm_msm_test.mjs build/wasm/web/zkmsm.mjs
//
// ZKMSM_TEST_SEED=<decimal or 0x hex> repeats a run; the seed is printed first.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { CURVES, msm as oracleMsm } from '../oracle/msm_oracle.mjs';
import { testSeed, rng, random256, MASK64 } from './test_support.mjs';
import { conformanceCases } from './conformance_cases.mjs';

const modulePath = process.argv[2];
if (!modulePath) {
  console.error('usage: node wasm_msm_test.mjs BUILD/web/zkmsm.mjs');
  process.exit(2);
}
const { init, ZkmsmError, pointBytes: curvePointBytes } = await import(pathToFileURL(resolve(modulePath)).href);
const zkmsm = await init();

const seed = testSeed();
console.log(`ZKMSM_TEST_SEED=0x${seed.toString(16)} (zkmsm ${zkmsm.version})`);


// Independent points: G times independent random scalars (never a progression).
function randomPoints(Point, n, next) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const { x, y } = Point.BASE.multiply((random256(next) % (Point.Fn.ORDER - 1n)) + 1n).toAffine();
    out.push({ x, y });
  }
  return out;
}

// The oracle's sum of the same inputs, as zkmsm.msm returns it ({x, y} or null).
function expected(Point, points, scalars) {
  const ps = [], ks = [];
  points.forEach((p, i) => {
    const k = scalars[i] % Point.Fn.ORDER;
    if ((p.x === 0n && p.y === 0n) || k === 0n) return;
    ps.push(Point.fromAffine(p));
    ks.push(k);
  });
  const sum = oracleMsm(Point, ps, ks);
  return sum.is0() ? null : sum.toAffine();
}

function bytesOf(values, limbs) {
  const out = new Uint8Array(values.length * 8 * limbs);
  const view = new DataView(out.buffer);
  values.forEach((v, i) => {
    for (let l = 0; l < limbs; l++) view.setBigUint64(8 * (limbs * i + l), (v >> BigInt(64 * l)) & MASK64, true);
  });
  return out;
}
const CURVE_NAMES = ['bn254', 'grumpkin', 'bls12_381'];
// 64-bit limbs of one coordinate.
const coordinateLimbs = (curve) => curvePointBytes(curve) / 16;
const pointBytes = (curve, points) => bytesOf(points.flatMap((p) => [p.x, p.y]), coordinateLimbs(curve));

for (const curve of CURVE_NAMES) {
  const Point = CURVES[curve];
  const r = Point.Fn.ORDER;
  const next = rng(seed ^ ({ bn254: 0n, grumpkin: 0x5a5an, bls12_381: 0xb15n }[curve]));
  const points = randomPoints(Point, 300, next);
  const scalars = points.map(() => random256(next));

  test(`${curve}: random independent points, every prefix length sampled`, async () => {
    for (const n of [0, 1, 2, 3, 17, 100, 300]) {
      const { point, stats } = await zkmsm.msm(curve, points.slice(0, n), scalars.slice(0, n));
      assert.deepEqual(point, expected(Point, points.slice(0, n), scalars.slice(0, n)), `n = ${n}`);
      assert.equal(stats.backend, 'cpu');
    }
  });

  test(`${curve}: every accumulator and window size give the oracle's sum`, async () => {
    const want = expected(Point, points, scalars);
    for (const accumulator of ['auto', 'xyzz', 'batch_affine']) {
      for (const windowBits of [0, 2, 5, 9, 13, 22]) {
        const { point, stats } = await zkmsm.msm(curve, points, scalars, { accumulator, windowBits });
        assert.deepEqual(point, want, `${accumulator}, c = ${windowBits}`);
        if (windowBits !== 0) assert.ok(stats.window_bits <= windowBits);
      }
    }
  });

  test(`${curve}: the edge cases`, async () => {
    const P = points[0], Q = points[1];
    const minus = (p) => ({ x: p.x, y: Point.Fp.ORDER - p.y });
    const infinity = { x: 0n, y: 0n };
    const cases = {
      'copies of one point': [Array(200).fill(P), Array(200).fill(scalars[0])],
      'copies with random scalars': [Array(200).fill(P), scalars.slice(0, 200)],
      'P and -P cancel': [[P, minus(P), Q, minus(Q)], [scalars[2], scalars[2], scalars[3], scalars[3]]],
      'the point at infinity': [[infinity, P, infinity], [scalars[4], scalars[5], 0n]],
      'zero scalars': [[P, Q], [0n, 0n]],
      'scalars r, r + 1, r - 1 and 2^256 - 1': [[P, Q, P, Q], [r, r + 1n, r - 1n, (1n << 256n) - 1n]],
      'P + P through one bucket': [[P, P], [1n, 1n]],
    };
    for (const [name, [ps, ks]] of Object.entries(cases)) {
      for (const windowBits of [0, 3]) {
        assert.deepEqual((await zkmsm.msm(curve, ps, ks, { windowBits })).point, expected(Point, ps, ks), name);
      }
    }
    assert.equal((await zkmsm.msm(curve, [P, minus(P)], [7n, 7n])).point, null);
  });

  test(`${curve}: bytes in the C ABI's layout equal the arrays`, async () => {
    const fromArrays = (await zkmsm.msm(curve, points, scalars)).point;
    assert.deepEqual((await zkmsm.msm(curve, pointBytes(curve, points), bytesOf(scalars, 4))).point, fromArrays);
  });

  test(`${curve}: bad input is refused with its status`, async () => {
    const P = points[0];
    const refused = (status, ps, ks, options) =>
      assert.rejects(zkmsm.msm(curve, ps, ks, options), (e) => e instanceof ZkmsmError && e.status === status);
    await refused('point_not_on_curve', [{ x: P.x, y: P.y ^ 1n }], [1n]);
    await refused('point_not_canonical', [{ x: Point.Fp.ORDER, y: 0n }], [1n]);
    await refused('invalid_argument', [P, P], [1n]);
    await refused('invalid_argument', [P], [1n << 256n]);
    await refused('invalid_argument', [P], [-1n]);
    await refused('invalid_argument', [{ x: P.x }], [1n]);
    await refused('invalid_argument', [P], [1n], { windowBits: 23 });
    await refused('invalid_argument', [P], [1n], { accumulator: 'nonsense' });
    await refused('invalid_argument', new Uint8Array(curvePointBytes(curve) + 1), new Uint8Array(32));
    await refused('backend_unavailable', [P], [1n], { backend: 'cuda' });
    await refused('backend_unavailable', [P], [1n], { backend: 'webgpu' });
    await refused('invalid_argument', [P], [1n], { walkerSlots: -1 });
    await refused('invalid_argument', [P], [1n], { memoryBudgetBytes: 0.5 });
    // Without validation a point off the curve is the caller's promise; the call still returns.
    await zkmsm.msm(curve, [P], [1n], { validatePoints: false });
  });
}

test('the WebGPU code without a device is a rejected promise naming init({ device })', async () => {
  await assert.rejects(zkmsm.testing.webgpuFieldOps('bn254_fq', [1n], [1n]), /no WebGPU device: pass one to init/);
  await assert.rejects(zkmsm.msm('bn254', [], [], { backend: 'webgpu' }),
                       (e) => e.status === 'backend_unavailable' && /init\(\{ device \}\)/.test(e.message));
  assert.equal(zkmsm.webgpu, false);
  assert.equal((await zkmsm.msm('bn254', [], [])).stats.backend, 'cpu');
});

for (const curve of CURVE_NAMES) {
  test(`${curve}: the conformance scenarios of the native suite (conformance_cases.mjs)`, async () => {
    for (const c of conformanceCases(curve, seed)) {
      const call = zkmsm.msm(curve, c.points, c.scalars, { backend: 'cpu', ...c.options });
      if (c.error !== undefined) {
        await assert.rejects(call, (e) => e instanceof ZkmsmError && e.status === c.error, c.name);
      } else {
        assert.deepEqual((await call).point, c.expected, c.name);
      }
    }
  });
}

// Bases prepared once (zkmsm.prepareBases): on the cpu backend a validated copy in the module's
// memory; MSMs on prefixes of them, points given as BigInts or bytes.
for (const curve of CURVE_NAMES) {
  test(`${curve}: MSMs on bases prepared on the cpu backend equal @noble/curves`, async () => {
    const Point = CURVES[curve];
    const next = rng(seed ^ BigInt(0x1400 + CURVE_NAMES.indexOf(curve)));
    const points = [{ x: 0n, y: 0n }, ...randomPoints(Point, 99, next)];
    const scalars = points.map(() => random256(next));
    for (const given of [points, bytesOf(points.flatMap((p) => [p.x, p.y]), curvePointBytes(curve) / 16)]) {
      const bases = await zkmsm.prepareBases(curve, given, { backend: 'cpu' });
      assert.equal(bases.backend, 'cpu');
      assert.equal(bases.size, 100);
      for (const n of [100, 37, 1, 0]) {
        const { point } = await zkmsm.msm(curve, bases, scalars.slice(0, n));
        assert.deepEqual(point, expected(Point, points.slice(0, n), scalars.slice(0, n)), `${curve}, n = ${n}`);
      }
      await assert.rejects(zkmsm.msm(curve, bases, [...scalars, 1n]), (e) => e.status === 'invalid_argument');
      await assert.rejects((await init({ threads: false })).msm(curve, bases, [1n]), (e) => e.status === 'invalid_argument' && /another init/.test(e.message));
      await bases.release();
      await assert.rejects(zkmsm.msm(curve, bases, [1n]), (e) => e.status === 'invalid_argument' && /released/.test(e.message));
    }
    const offCurve = [points[1], { x: points[2].x, y: points[2].y ^ 1n }];
    await assert.rejects(zkmsm.prepareBases(curve, offCurve, { backend: 'cpu' }),
                         (e) => e.status === 'point_not_on_curve' && /point 1/.test(e.message));
  });
}

test('randomInputs gives independent points on the curve and scalars below r, reproducibly', async () => {
  for (const curve of CURVE_NAMES) {
    const Point = CURVES[curve];
    const { points, scalars } = await zkmsm.randomInputs(curve, 50, 0x1234_5678_9abcn);
    const again = await zkmsm.randomInputs(curve, 50, 0x1234_5678_9abcn);
    assert.deepEqual(points, again.points);
    const size = curvePointBytes(curve);
    assert.equal(points.length, 50 * size);
    // The little-endian integer of `limbs` 64-bit limbs at byte `at` of `bytes`.
    const read = (bytes, at, limbs) => {
      const view = new DataView(bytes.buffer);
      let v = 0n;
      for (let l = 0; l < limbs; l++) v |= view.getBigUint64(at + 8 * l, true) << BigInt(64 * l);
      return v;
    };
    const limbs = coordinateLimbs(curve);
    const ps = Array.from({ length: 50 }, (_, i) => ({ x: read(points, size * i, limbs), y: read(points, size * i + size / 2, limbs) }));
    const ks = Array.from({ length: 50 }, (_, i) => read(scalars, 32 * i, 4));
    ps.forEach((p) => {
      const P = Point.fromAffine(p);
      P.assertValidity();
      if (curve === 'bls12_381') assert.ok(P.isTorsionFree(), 'BLS12-381 random points are in G1');
    });
    assert.equal(new Set(ps.map((p) => p.x)).size, 50);
    ks.forEach((k) => assert.ok(k < Point.Fn.ORDER));
    const { point } = await zkmsm.msm(curve, points, scalars);
    assert.deepEqual(point, expected(Point, ps, ks));
  }
  await assert.rejects(zkmsm.randomInputs('bn254', -1), (e) => e.status === 'invalid_argument');
});

test('the module with threads (node\'s default) and the single-threaded one give the same sums', async () => {
  assert.equal(zkmsm.threads, true);
  const single = await init({ threads: false });
  assert.equal(single.threads, false);
  for (const curve of CURVE_NAMES) {
    const { points, scalars } = await zkmsm.randomInputs(curve, 5000, 0x77n);
    const threaded = await zkmsm.msm(curve, points, scalars, { backend: 'cpu' });
    const alone = await single.msm(curve, points, scalars, { backend: 'cpu' });
    assert.deepEqual(alone.point, threaded.point, curve);
  }
});

test('an unknown curve is refused', async () => {
  await assert.rejects(zkmsm.msm('secp256k1', [], []), (e) => e instanceof ZkmsmError && e.status === 'invalid_argument');
});
