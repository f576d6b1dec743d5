#!/usr/bin/env node
// The WebAssembly module in a real browser: headless Chromium (Debian's `chromium`, with
// --enable-unsafe-webgpu: a SwiftShader WebGPU adapter on the CPU) loads a page that imports
// web/zkmsm.mjs as any page would, runs MSMs of random independent points and the edge cases on
// both curves against @noble/curves' sums (computed here), and the WGSL field and curve arithmetic
// against BigInt arithmetic and @noble/curves, then POSTs its outcome back to this script's server.
//
//   node tests/wasm/browser_test.mjs build/wasm/web
//
// ZKMSM_CHROMIUM names the browser binary (default: chromium); ZKMSM_TEST_SEED repeats a run.
import http from 'node:http';
import { readFile } from 'node:fs/promises';
import { spawn } from 'node:child_process';
import { extname, join, resolve } from 'node:path';
import { CURVES, msm as oracleMsm } from '../oracle/msm_oracle.mjs';
import { testSeed, rng, random256, mod, power } from './test_support.mjs';

const webDir = process.argv[2];
if (!webDir) {
  console.error('usage: node browser_test.mjs BUILD/web');
  process.exit(2);
}
const pageDir = new URL('./browser/', import.meta.url).pathname;
const seed = testSeed();
console.log(`ZKMSM_TEST_SEED=0x${seed.toString(16)}`);

const hex = (v) => `0x${v.toString(16)}`;

// The cases: MSMs with the oracle's sums (on both paths, and on WebGPU only: the pair tree), and
// field inputs with BigInt results.
function makeCases() {
  const msm = [];
  const webgpuMsm = [];
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
    const msmCase = (name, ps, ks, options, error, webgpuOptions) =>
      ({ curve, name, options, webgpuOptions, error, points: ps.map((p) => [hex(p.x), hex(p.y)]),
         scalars: ks.map(hex), expected: error ? null : expected(ps, ks) });
    // On the cpu backend with `options`, and through the WebGPU pipeline with its window (the cpu
    // accumulators are not the WebGPU ones).
    const add = (name, ps, ks, options = {}, error = undefined) =>
      msm.push(msmCase(name, ps, ks, options, error, { windowBits: options.windowBits }));
    // Through the WebGPU pipeline only.
    const addWebgpu = (name, ps, ks, webgpuOptions) => webgpuMsm.push(msmCase(name, ps, ks, {}, undefined, webgpuOptions));
    const P = points[0], minusP = { x: P.x, y: Point.Fp.ORDER - P.y };
    add('random independent points', points, scalars);
    add('random independent points, c = 5, xyzz', points, scalars, { windowBits: 5, accumulator: 'xyzz' });
    add('copies of one point', Array(50).fill(P), Array(50).fill(scalars[1]));
    add('P and -P cancel', [P, minusP], [scalars[2], scalars[2]]);
    add('infinity and zero scalars', [{ x: 0n, y: 0n }, P, points[1]], [scalars[3], 0n, scalars[4]]);
    add('scalars r and 2^256 - 1', [P, points[1]], [Point.Fn.ORDER, (1n << 256n) - 1n]);
    add('a point off the curve', [{ x: P.x, y: P.y ^ 1n }], [1n], {}, 'point_not_on_curve');
    addWebgpu('random independent points, pair tree', points, scalars, { accumulator: 'pair_tree' });
    addWebgpu('copies of one point and -P, pair tree, S = 3, dx cache', [...Array(50).fill(P), minusP],
              Array(51).fill(scalars[1]), { accumulator: 'pair_tree', slots: 3, dxCache: true, windowBits: 4 });
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
  return { msm, webgpuMsm, field, curve };
}

const cases = JSON.stringify(makeCases());
const types = { '.html': 'text/html', '.mjs': 'text/javascript', '.js': 'text/javascript', '.wasm': 'application/wasm' };
let browser;
const finished = new Promise((resolveResult) => {
  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url, 'http://localhost');
    if (request.method === 'POST' && url.pathname === '/result') {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        response.end();
        server.close();
        resolveResult(JSON.parse(body));
      });
      return;
    }
    const file = url.pathname === '/cases.json' ? null
               : url.pathname.startsWith('/web/') ? join(resolve(webDir), url.pathname.slice(5))
               : join(pageDir, url.pathname === '/' ? 'index.html' : url.pathname.slice(1));
    try {
      const body = file === null ? cases : await readFile(file);
      response.setHeader('Content-Type', file === null ? 'application/json' : types[extname(file)] ?? 'application/octet-stream');
      response.end(body);
    } catch {
      response.statusCode = 404;
      response.end();
    }
  });
  server.listen(0, '127.0.0.1', () => {
    const url = `http://127.0.0.1:${server.address().port}/`;
    browser = spawn(process.env.ZKMSM_CHROMIUM ?? 'chromium',
                    ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage', '--enable-unsafe-webgpu', '--disable-gpu-sandbox', url],
                    { stdio: ['ignore', 'ignore', 'pipe'] });
    let log = '';
    browser.stderr.on('data', (chunk) => (log += chunk));
    browser.on('exit', (code) => resolveResult({ cases: [{ name: 'browser', ok: false, detail: `exited (${code}) before the page reported:\n${log.slice(-2000)}` }] }));
  });
});
const timer = setTimeout(() => {
  console.log('not ok - the page did not report within 240 s');
  browser?.kill('SIGKILL');
  process.exit(1);
}, 240_000);
const report = await finished;
clearTimeout(timer);
browser?.kill('SIGKILL');
console.log(`WebGPU adapter: ${report.adapter ?? 'none'}`);
let failures = 0;
for (const c of report.cases) {
  if (!c.ok) failures++;
  console.log(`${c.ok ? 'ok' : 'not ok'} - ${c.name}${c.detail ? `\n  ${c.detail}` : ''}`);
}
console.log(failures === 0 ? `all ${report.cases.length} browser cases passed` : `${failures} of ${report.cases.length} browser cases failed`);
process.exit(failures === 0 && report.cases.length > 0 ? 0 : 1);
