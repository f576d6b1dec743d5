#!/usr/bin/env node
// Self-check for msm_oracle.mjs: runs the CLI as a child process on generated files (both
// formats, both curves) and compares with a naive sum of noble scalar multiplications.
//   node selftest.mjs            (random seed, printed)
//   SEED=1234 node selftest.mjs  (reproduce a run)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bn254 } from '@noble/curves/bn254.js';
import { CURVES, BN254_P, BN254_R, checkCurve } from './msm_oracle.mjs';

const ORACLE = join(dirname(fileURLToPath(import.meta.url)), 'msm_oracle.mjs');
const SEED = BigInt(process.env.SEED ?? Math.floor(Math.random() * 2 ** 48));
console.log(`seed: ${SEED} (rerun with SEED=${SEED} node selftest.mjs)`);

// splitmix64 PRNG
const M64 = (1n << 64n) - 1n;
let state = SEED & M64;
function next64() {
  state = (state + 0x9e3779b97f4a7c15n) & M64;
  let z = state;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & M64;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & M64;
  return z ^ (z >> 31n);
}
const rand256 = () => (next64() << 192n) | (next64() << 128n) | (next64() << 64n) | next64();
const randBelow = (n) => rand256() % n; // slight bias is irrelevant here

let passed = 0, failed = 0;
function check(name, ok, detail = '') {
  if (ok) passed++;
  else { failed++; console.log(`FAIL ${name} ${detail}`); }
}

const tmp = mkdtempSync(join(tmpdir(), 'msm-oracle-'));
const intToBytes = (v, le) => {
  const b = Buffer.alloc(32);
  for (let i = 0; i < 32; i++) b[le ? i : 31 - i] = Number((v >> BigInt(8 * i)) & 0xffn);
  return b;
};
// points: array of {x, y} bigints ((0,0) = infinity); scalars: array of bigints < 2^256
function writeFiles(points, scalars, le) {
  const pf = join(tmp, 'points.bin'), sf = join(tmp, 'scalars.bin');
  writeFileSync(pf, Buffer.concat(points.flatMap(({ x, y }) => [intToBytes(x, le), intToBytes(y, le)])));
  writeFileSync(sf, Buffer.concat(scalars.map((s) => intToBytes(s, le))));
  return [pf, sf];
}
function runOracle(curve, pf, sf, format) {
  const args = [ORACLE, '--curve', curve, '--points', pf, '--scalars', sf];
  if (format) args.push('--format', format);
  return spawnSync(process.execPath, args, { encoding: 'utf8' });
}
function expected(Point, points, scalars) {
  let acc = Point.ZERO;
  points.forEach(({ x, y }, i) => {
    if (x === 0n && y === 0n) return;
    acc = acc.add(Point.fromAffine({ x, y }).multiplyUnsafe(scalars[i] % Point.Fn.ORDER));
  });
  if (acc.is0()) return '{"infinity":true}';
  const a = acc.toAffine();
  return `{"x":"0x${a.x.toString(16).padStart(64, '0')}","y":"0x${a.y.toString(16).padStart(64, '0')}"}`;
}
function msmCase(curve, name, points, scalars) {
  const Point = CURVES[curve];
  const want = expected(Point, points, scalars);
  for (const format of ['eip196', 'le']) {
    const [pf, sf] = writeFiles(points, scalars, format === 'le');
    const res = runOracle(curve, pf, sf, format);
    const label = `${curve}/${name}/${format}`;
    check(label, res.status === 0 && res.stdout === want + '\n' && res.stderr === '',
      `status=${res.status} stdout=${res.stdout.trim()} want=${want} stderr=${res.stderr.trim()}`);
  }
}
function errorCase(curve, name, pointsBuf, scalarsBuf) {
  const pf = join(tmp, 'bad_points.bin'), sf = join(tmp, 'bad_scalars.bin');
  writeFileSync(pf, pointsBuf);
  writeFileSync(sf, scalarsBuf);
  const res = runOracle(curve, pf, sf);
  check(`${curve}/error/${name}`, res.status === 1 && res.stdout === '' && res.stderr.length > 0,
    `status=${res.status} stdout=${res.stdout.trim()}`);
}

// --- curve parameter checks (independent of the oracle's own startup check) ---
const B = bn254.G1.Point, Gr = CURVES.grumpkin;
check('bn254/params', B.Fp.ORDER === BN254_P && B.Fn.ORDER === BN254_R &&
  B.BASE.toAffine().x === 1n && B.BASE.toAffine().y === 2n);
check('grumpkin/params', Gr.Fp.ORDER === BN254_R && Gr.Fn.ORDER === BN254_P && Gr.BASE.toAffine().x === 1n &&
  Gr.Fp.eql(Gr.Fp.sqr(Gr.BASE.toAffine().y), Gr.Fp.create(-16n)) &&
  Gr.Fp.eql(Gr.CURVE().b, Gr.Fp.create(-17n)) && Gr.CURVE().a === 0n);
for (const [curve, Point] of Object.entries(CURVES)) {
  const G = Point.BASE, r = Point.Fn.ORDER;
  check(`${curve}/order*G==0`, checkCurve(Point) && G.multiplyUnsafe(r - 1n).add(G).is0() && !G.multiplyUnsafe(r - 1n).is0());
}
// EIP-196 known vector: 2*(1,2) on bn254
msmCase('bn254', 'eip196-2G', [{ x: 1n, y: 2n }], [2n]);
{
  const [pf, sf] = writeFiles([{ x: 1n, y: 2n }], [2n], false);
  check('bn254/eip196-2G-literal', runOracle('bn254', pf, sf).stdout ===
    '{"x":"0x030644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd3",' +
    '"y":"0x15ed738c0e0a7c92e7845f96b2ae9c0a68a6a449e3538fc7ff3ebf7a5a18a2c4"}\n');
}

// The 32-byte-coordinate curves (bn254, grumpkin) run the cases below in eip196 and le;
// bls12_381's formats are checked after them.
const CURVES_32 = Object.fromEntries(Object.entries(CURVES).filter(([name]) => name !== 'bls12_381'));

// omitting --format means eip196
for (const curve of Object.keys(CURVES_32)) {
  const G = CURVES[curve].BASE.toAffine();
  const [pf, sf] = writeFiles([G], [3n], false);
  check(`${curve}/default-format`, runOracle(curve, pf, sf).stdout === expected(CURVES[curve], [G], [3n]) + '\n');
}

// --- MSM cases ---
const INF = { x: 0n, y: 0n };
for (const [curve, Point] of Object.entries(CURVES_32)) {
  const r = Point.Fn.ORDER, p = Point.Fp.ORDER;
  const randPoint = () => Point.BASE.multiply(1n + randBelow(r - 1n)).toAffine();
  const special = [0n, 1n, 2n, r - 1n, r, r + 1n, 2n * r, (1n << 256n) - 1n, (1n << 255n)];
  const randScalars = (n) => Array.from({ length: n }, () => rand256());

  msmCase(curve, 'empty', [], []);
  const pts = Array.from({ length: special.length }, randPoint);
  msmCase(curve, 'special-scalars', pts, special);
  for (const s of special) msmCase(curve, `single-${s.toString(16)}`, [pts[0]], [s]);
  msmCase(curve, 'random-8', pts.slice(0, 8), randScalars(8));
  msmCase(curve, 'random-small-scalars', pts, pts.map(() => randBelow(1n << 16n)));
  const many = Array.from({ length: 200 }, randPoint);
  msmCase(curve, 'random-200', many, randScalars(200));
  msmCase(curve, 'all-infinity', [INF, INF, INF], randScalars(3));
  msmCase(curve, 'mixed-infinity', [INF, pts[0], INF, pts[1]], [5n, rand256(), 7n, 0n]);
  msmCase(curve, 'all-zero-scalars', pts.slice(0, 4), [0n, r, 2n * r, 0n]);
  msmCase(curve, 'repeated-point', [pts[0], pts[0], pts[0]], randScalars(3));
  // cancellations: s*P + (r-s)*P = 0 and s*P + s*(-P) = 0
  const s = randBelow(r);
  msmCase(curve, 'cancel-scalar', [pts[0], pts[0]], [s, r - s]);
  msmCase(curve, 'cancel-point', [pts[1], { x: pts[1].x, y: p - pts[1].y }], [s, s + r]);
  // single point with scalar 1 must echo the point back
  {
    const [pf, sf] = writeFiles([pts[2]], [1n], true);
    const out = JSON.parse(runOracle(curve, pf, sf, 'le').stdout);
    check(`${curve}/identity-echo`, BigInt(out.x) === pts[2].x && BigInt(out.y) === pts[2].y);
  }

  // --- bad input ---
  const be = (v) => intToBytes(v, false);
  const one = be(1n), goodPt = Buffer.concat([be(pts[0].x), be(pts[0].y)]);
  errorCase(curve, 'points-size', goodPt.subarray(0, 63), one);
  errorCase(curve, 'scalars-size', goodPt, Buffer.alloc(31));
  errorCase(curve, 'count-mismatch', goodPt, Buffer.concat([one, one]));
  errorCase(curve, 'x>=p', Buffer.concat([be(pts[0].x + p), be(pts[0].y)]), one);
  errorCase(curve, 'y>=p', Buffer.concat([be(pts[0].x), be(p)]), one);
  errorCase(curve, 'not-on-curve', Buffer.concat([be(pts[0].x), be((pts[0].y + 1n) % p)]), one);
  errorCase(curve, 'not-on-curve-zero-scalar', Buffer.concat([be(1n), be(1n)]), Buffer.alloc(32));
}

// --- bls12_381: eip2537 (the default), le and zcash give noble's own sum; a point on the curve
// outside G1 and non-zero eip2537 padding are refused ---
{
  const Point = CURVES.bls12_381, r = Point.Fn.ORDER;
  const bytesOf = (v, size, le) => {
    const b = Buffer.alloc(size);
    for (let i = 0; i < size; i++) b[le ? i : size - 1 - i] = Number((v >> BigInt(8 * i)) & 0xffn);
    return b;
  };
  const encode = {
    eip2537: (P) => (P.is0() ? Buffer.alloc(128)
      : Buffer.concat([Buffer.alloc(16), bytesOf(P.toAffine().x, 48, false), Buffer.alloc(16), bytesOf(P.toAffine().y, 48, false)])),
    le: (P) => (P.is0() ? Buffer.alloc(96) : Buffer.concat([bytesOf(P.toAffine().x, 48, true), bytesOf(P.toAffine().y, 48, true)])),
    zcash: (P) => Buffer.from(P.toBytes(true)),
  };
  const points = [Point.BASE, Point.ZERO, ...Array.from({ length: 6 }, () => Point.BASE.multiply(1n + randBelow(r - 1n)))];
  const scalars = [3n, 5n, r, r - 1n, (1n << 256n) - 1n, 0n, rand256(), rand256()];
  let sum = Point.ZERO;
  points.forEach((P, i) => { sum = sum.add(P.multiplyUnsafe(scalars[i] % r)); });
  const a = sum.toAffine();
  const want = `{"x":"0x${a.x.toString(16).padStart(96, '0')}","y":"0x${a.y.toString(16).padStart(96, '0')}"}\n`;
  for (const format of ['eip2537', 'le', 'zcash']) {
    const pf = join(tmp, 'bls_points.bin'), sf = join(tmp, 'bls_scalars.bin');
    writeFileSync(pf, Buffer.concat(points.map(encode[format])));
    writeFileSync(sf, Buffer.concat(scalars.map((s) => intToBytes(s, format === 'le'))));
    const res = runOracle('bls12_381', pf, sf, format === 'eip2537' ? undefined : format);
    check(`bls12_381/${format}`, res.status === 0 && res.stdout === want, `status=${res.status} ${res.stdout} ${res.stderr}`);
  }
  const one = intToBytes(1n, false);
  // (0, p - 2): on y^2 = x^3 + 4, of order 3, so not in G1.
  const orderThree = Buffer.concat([Buffer.alloc(64), Buffer.alloc(16), bytesOf(Point.Fp.ORDER - 2n, 48, false)]);
  errorCase('bls12_381', 'outside-G1', orderThree, one);
  const padded = encode.eip2537(Point.BASE);
  padded[3] = 1;
  errorCase('bls12_381', 'eip2537-padding', padded, one);
}

rmSync(tmp, { recursive: true, force: true });
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
