#!/usr/bin/env node
// The WebAssembly module in a real browser: headless Chromium (Debian's `chromium`, with
// --enable-unsafe-webgpu: a SwiftShader WebGPU adapter on the CPU) loads a page that imports
// web/zkmsm.mjs as any page would, runs MSMs of random independent points and the edge cases on
// both curves and both backends (cpu, webgpu) against @noble/curves' sums (computed here), an MSM
// of 2^16 points on webgpu against the cpu backend (from the points, and from bases kept on the
// device), and the WGSL field and curve arithmetic against BigInt arithmetic and @noble/curves, then POSTs its outcome back to this script's server.
//
//   node tests/wasm/browser_test.mjs build/wasm/web
//
// ZKMSM_CHROMIUM names the browser binary (default: chromium); ZKMSM_TEST_SEED repeats a run.
import { runPage } from './headless_page.mjs';
import { CURVES, msm as oracleMsm } from '../oracle/msm_oracle.mjs';
import { testSeed, rng, random256, mod, power } from './test_support.mjs';
import { conformanceCases } from './conformance_cases.mjs';

const webDir = process.argv[2];
if (!webDir) {
  console.error('usage: node browser_test.mjs BUILD/web');
  process.exit(2);
}
const pageDir = new URL('./browser/', import.meta.url).pathname;
const seed = testSeed();
console.log(`ZKMSM_TEST_SEED=0x${seed.toString(16)}`);

const hex = (v) => `0x${v.toString(16)}`;

// The cases: MSMs with the oracle's sums, and field inputs with BigInt results.
function makeCases() {
  const msm = [];
  for (const curve of ['bn254', 'grumpkin']) {
    const Point = CURVES[curve];
    const next = rng(seed ^ (curve === 'bn254' ? 1n : 2n));
    const next256 = () => random256(next);
    const points = Array.from({ length: 64 }, () => Point.BASE.multiply((next256() % (Point.Fn.ORDER - 1n)) + 1n).toAffine());
    const scalars = points.map(() => next256());
    const expected = (ps, ks) => {
      const sum = oracleMsm(Point, ps.flatMap((p, i) => ((p.x === 0n && p.y === 0n) || ks[i] % Point.Fn.ORDER === 0n ? [] : [Point.fromAffine(p)])),
                            ks.filter((k, i) => !((ps[i].x === 0n && ps[i].y === 0n) || k % Point.Fn.ORDER === 0n)).map((k) => k % Point.Fn.ORDER));
      return sum.is0() ? null : [hex(sum.toAffine().x), hex(sum.toAffine().y)];
    };
    // options: the cpu backend's knobs; webgpuOptions: the webgpu backend's for the same case.
    const add = (name, ps, ks, options = {}, error = undefined, webgpuOptions = {}) =>
      msm.push({ curve, name, options, webgpuOptions, error, points: ps.map((p) => [hex(p.x), hex(p.y)]),
                 scalars: ks.map(hex), expected: error ? null : expected(ps, ks) });
    const P = points[0], minusP = { x: P.x, y: Point.Fp.ORDER - P.y };
    add('random independent points', points, scalars);
    add('random independent points, c = 5, xyzz (webgpu: S = 2, one workgroup)', points, scalars,
        { windowBits: 5, accumulator: 'xyzz' }, undefined, { windowBits: 5, walkerSlots: 2, walkerMaxBlocks: 1 });
    add('copies of one point', Array(50).fill(P), Array(50).fill(scalars[1]));
    add('P and -P cancel', [P, minusP], [scalars[2], scalars[2]]);
    add('infinity and zero scalars', [{ x: 0n, y: 0n }, P, points[1]], [scalars[3], 0n, scalars[4]]);
    add('scalars r and 2^256 - 1', [P, points[1]], [Point.Fn.ORDER, (1n << 256n) - 1n]);
    add('a point off the curve', [{ x: P.x, y: P.y ^ 1n }], [1n], {}, 'point_not_on_curve');
    add('random independent points (webgpu: pair tree)', points, scalars, {}, undefined, { accumulator: 'pair_tree' });
    add('50 copies of one point and -P (webgpu: pair tree, S = 3, dx cache)', [...Array(50).fill(P), minusP],
        Array(51).fill(scalars[1]), { windowBits: 4 }, undefined,
        { accumulator: 'pair_tree', walkerSlots: 3, pairTreeDxCache: true, windowBits: 4 });
  }
  const field = [];
  for (const [name, p] of [['bn254_fq', CURVES.bn254.Fp.ORDER], ['bn254_fr', CURVES.bn254.Fn.ORDER]]) {
    const next = rng(seed ^ 3n);
    const R = (1n << 256n) % p;
    const values = [0n, 1n, p - 1n, ...Array.from({ length: 61 }, () => random256(next) % p)];
    const a = values, b = values.slice().reverse();
    const m = (v) => (v * R) % p;  // to Montgomery form
    const expected = a.map((x, i) => {
      const y = b[i];
      return [x + y, x - y, x * y, x * x, -x, x === 0n ? 0n : power(x, p - 2n, p)].map((v) => hex(m(mod(v, p))));
    });
    field.push({ field: name, a: a.map((v) => hex(m(v))), b: b.map((v) => hex(m(v))), expected });
  }
  const curve = [];
  for (const name of ['bn254', 'grumpkin']) {
    const Point = CURVES[name];
    const p = Point.Fp.ORDER, R = (1n << 256n) % p;
    const next = rng(seed ^ 4n);
    const random = () => Point.BASE.multiply((random256(next) % (Point.Fn.ORDER - 1n)) + 1n);
    const points = Array.from({ length: 16 }, random);
    const pairs = [...points.slice(0, 8).map((P, i) => [P, points[8 + i]]), [points[0], points[0]],
                   [points[1], points[1].negate()], [Point.ZERO, points[2]], [points[3], Point.ZERO]];
    const affine = (P) => (P.is0() ? { x: 0n, y: 0n } : P.toAffine());
    const montgomery = ({ x, y }) => [hex((x * R) % p), hex((y * R) % p)];
    curve.push({
      curve: name,
      pairs: pairs.map(([P, Q]) => [montgomery(affine(P)), montgomery(affine(Q))]),
      expected: pairs.map(([P, Q]) => {
        const S = P.add(Q), T = S.add(Q);
        return [S, S, P.double(), T, S.double(), S.double(), S.add(T), S.double()].map((V) => montgomery(affine(V)));
      }),
    });
  }
  // 2^16 random independent points from the module's generator, on webgpu against the cpu backend
  // (which the cases above hold to @noble/curves): the size the issue asks of the browser.
  const large = { curve: 'bn254', n: 1 << 16, seed: hex(seed) };
  // The native suite's scenarios (conformance_cases.mjs) at up to 100 points, for both backends.
  const point = (q) => [hex(q.x), hex(q.y)];
  const conformance = ['bn254', 'grumpkin'].flatMap((name) => conformanceCases(name, seed, { largestN: 100 }).map((c) => ({
    curve: name, name: c.name, options: c.options, error: c.error, points: c.points.map(point), scalars: c.scalars.map(hex),
    expected: c.expected === undefined || c.expected === null ? null : point(c.expected),
  })));
  return { msm, field, curve, large, conformance };
}

// The cases page, then the knob-sweep page (web/bench) on a small sweep: every configuration must
// run and equal the cpu backend. Each within its own time limit.
// The cases page is cross-origin isolated, so it loads the module with threads; the sweep page is
// not, so it loads the single-threaded one.
const report = await runPage({ webDir, pageDir, path: '/', cases: JSON.stringify(makeCases()), timeoutMs: 420_000,
                               crossOriginIsolated: true });
if (report.error !== undefined) report.cases = [{ name: 'cases page', ok: false, detail: report.error }];
report.cases.push({ name: 'a cross-origin isolated page loads the module with threads', ok: report.threads === true,
                    detail: `threads: ${report.threads}` });
const sweep = await runPage({
  webDir, path: '/web/bench/?autorun&report=/result&logN=8,10&accumulators=xyzz,stream_walker,pair_tree' +
                '&fieldMultiplications=words16,limbs13&slots=8&threadsPerBlock=64&repeats=1',
  timeoutMs: 240_000 });
const sweepFailures = sweep.error ?? sweep.rows.filter((r) => !r.verified).map((r) => JSON.stringify(r)).join('\n');
report.cases.push({ name: 'a page that is not isolated loads the single-threaded module', ok: sweep.threads === false,
                    detail: `threads: ${sweep.threads}` });
report.cases.push({ name: `knob-sweep page: ${sweep.rows?.length ?? 0} configurations run and verified`,
                    ok: sweepFailures === '' && sweep.rows.length === 2 * (1 + 2 * 3),  // per n: cpu, 2 field muls × 3 accumulators
                    detail: sweepFailures });
console.log(`WebGPU adapter: ${report.adapter ?? 'none'}`);
let failures = 0;
for (const c of report.cases) {
  if (!c.ok) failures++;
  console.log(`${c.ok ? 'ok' : 'not ok'} - ${c.name}${c.detail ? `\n  ${c.detail}` : ''}`);
}
console.log(failures === 0 ? `all ${report.cases.length} browser cases passed` : `${failures} of ${report.cases.length} browser cases failed`);
process.exit(failures === 0 && report.cases.length > 0 ? 0 : 1);
