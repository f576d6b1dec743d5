#!/usr/bin/env node
// Independent MSM oracle for zkmsm tests, built on @noble/curves (pinned in package.json).
//
//   node msm_oracle.mjs --curve bn254|grumpkin --points P.bin --scalars K.bin [--format eip196|le]
//
// Points file: n * 64 bytes, each point = x || y (32 bytes each, big-endian for eip196,
// little-endian for le); (0,0) is the point at infinity. Scalars file: n * 32 bytes, same
// endianness, any 256-bit value (reduced mod the group order r).
// Prints one JSON line: {"x":"0x..","y":"0x.."} or {"infinity":true}. Bad input: stderr, exit 1.
import { readFileSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { bn254 } from '@noble/curves/bn254.js';
import { weierstrass } from '@noble/curves/abstract/weierstrass.js';
import { pippenger } from '@noble/curves/abstract/curve.js';

export const BN254_P = 0x30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47n;
export const BN254_R = 0x30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001n;

// Grumpkin: y^2 = x^3 - 17 over F_r (r = BN254 scalar field); group order = BN254's p, cofactor 1.
// Gy is a square root of -16 mod r (the one used by Aztec/Noir).
const GRUMPKIN_GY = 17631683881184975370165255887551781615748388533673675138860n;
const Grumpkin = weierstrass({
  p: BN254_R, n: BN254_P, h: 1n, a: 0n, b: BN254_R - 17n, Gx: 1n, Gy: GRUMPKIN_GY,
});

// Point constructors: Point.Fp.ORDER = base field modulus, Point.Fn.ORDER = group order.
export const CURVES = { bn254: bn254.G1.Point, grumpkin: Grumpkin };

/** Sanity-check curve parameters: G is on the curve and order * G == identity. */
export function checkCurve(Point) {
  const G = Point.BASE;
  G.assertValidity();
  return !G.is0() && G.multiplyUnsafe(Point.Fn.ORDER - 1n).add(G).is0();
}

export function bytesToInt(b, le) {
  let v = 0n;
  for (let i = 0; i < b.length; i++) v = (v << 8n) | BigInt(b[le ? b.length - 1 - i : i]);
  return v;
}

export class InputError extends Error {}

/** Parse points/scalars buffers into noble points and reduced scalars. */
export function parseInputs(Point, pointsBuf, scalarsBuf, le) {
  if (pointsBuf.length % 64) throw new InputError(`points file size ${pointsBuf.length} is not a multiple of 64`);
  if (scalarsBuf.length % 32) throw new InputError(`scalars file size ${scalarsBuf.length} is not a multiple of 32`);
  const n = pointsBuf.length / 64;
  if (n !== scalarsBuf.length / 32) throw new InputError(`count mismatch: ${n} points vs ${scalarsBuf.length / 32} scalars`);
  const p = Point.Fp.ORDER, r = Point.Fn.ORDER;
  const points = [], scalars = [];
  for (let i = 0; i < n; i++) {
    const x = bytesToInt(pointsBuf.subarray(64 * i, 64 * i + 32), le);
    const y = bytesToInt(pointsBuf.subarray(64 * i + 32, 64 * i + 64), le);
    if (x >= p || y >= p) throw new InputError(`point ${i}: coordinate >= field modulus`);
    const s = bytesToInt(scalarsBuf.subarray(32 * i, 32 * i + 32), le) % r;
    if (x === 0n && y === 0n) continue; // point at infinity contributes nothing
    const P = Point.fromAffine({ x, y });
    try { P.assertValidity(); } catch { throw new InputError(`point ${i}: not on the curve`); }
    if (s === 0n) continue;
    points.push(P);
    scalars.push(s);
  }
  return { points, scalars };
}

/** sum_i s_i * P_i via noble's Pippenger MSM. */
export function msm(Point, points, scalars) {
  return points.length ? pippenger(Point, points, scalars) : Point.ZERO;
}

export function formatResult(R) {
  if (R.is0()) return '{"infinity":true}';
  const { x, y } = R.toAffine();
  const hex = (v) => '0x' + v.toString(16).padStart(64, '0');
  return JSON.stringify({ x: hex(x), y: hex(y) });
}

function main() {
  const { values } = parseArgs({
    options: {
      curve: { type: 'string' }, points: { type: 'string' },
      scalars: { type: 'string' }, format: { type: 'string', default: 'eip196' },
    },
  });
  const Point = CURVES[values.curve];
  if (!Point) throw new InputError(`--curve must be one of: ${Object.keys(CURVES).join(', ')}`);
  if (!checkCurve(Point)) throw new Error(`${values.curve}: curve self-check failed`);
  if (!values.points || !values.scalars) throw new InputError('--points and --scalars are required');
  if (values.format !== 'eip196' && values.format !== 'le') throw new InputError('--format must be eip196 or le');
  const { points, scalars } = parseInputs(Point, readFileSync(values.points), readFileSync(values.scalars), values.format === 'le');
  process.stdout.write(formatResult(msm(Point, points, scalars)) + '\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === realpathSync(process.argv[1])) {
  try {
    main();
  } catch (e) {
    process.stderr.write(`msm_oracle: ${e.message}\n`);
    process.exit(1);
  }
}
