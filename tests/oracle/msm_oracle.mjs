#!/usr/bin/env node
// Independent MSM oracle for zkmsm tests, built on @noble/curves (pinned in package.json).
//
//   node msm_oracle.mjs --curve bn254|grumpkin|bls12_381 --points P.bin --scalars K.bin
//                       [--format eip196|le (bn254, grumpkin) | eip2537|zcash|le (bls12_381)]
//
// Points file, bn254 and grumpkin: n * 64 bytes, each point = x || y (32 bytes each, big-endian
// for eip196, little-endian for le); bls12_381: eip2537 x || y, each 16 zero bytes then 48
// big-endian (128 bytes), le x || y 48 bytes each little-endian (96 bytes), zcash the 48-byte
// compressed form read by noble's own decoder. (0,0) is the point at infinity. Scalars file:
// n * 32 bytes, little-endian for le, else big-endian, any 256-bit value (reduced mod r).
// Prints one JSON line: {"x":"0x..","y":"0x.."} or {"infinity":true}. Bad input: stderr, exit 1.
import { readFileSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { bn254 } from '@noble/curves/bn254.js';
import { bls12_381 } from '@noble/curves/bls12-381.js';
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
export const CURVES = { bn254: bn254.G1.Point, grumpkin: Grumpkin, bls12_381: bls12_381.G1.Point };

// Bytes per point of each (curve, format), and the coordinate layout: [offset of x, of y, size,
// little-endian, zero padding in front of each coordinate].
const LAYOUTS = {
  bn254: { eip196: { size: 64, coordinate: 32, le: false, padding: 0 }, le: { size: 64, coordinate: 32, le: true, padding: 0 } },
  bls12_381: {
    eip2537: { size: 128, coordinate: 48, le: false, padding: 16 },
    le: { size: 96, coordinate: 48, le: true, padding: 0 },
    zcash: { size: 48, compressed: true },
  },
};
LAYOUTS.grumpkin = LAYOUTS.bn254;

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

/** Parse points/scalars buffers into noble points and reduced scalars (layout: LAYOUTS[curve][format]). */
export function parseInputs(Point, pointsBuf, scalarsBuf, layout) {
  const size = layout.size;
  if (pointsBuf.length % size) throw new InputError(`points file size ${pointsBuf.length} is not a multiple of ${size}`);
  if (scalarsBuf.length % 32) throw new InputError(`scalars file size ${scalarsBuf.length} is not a multiple of 32`);
  const n = pointsBuf.length / size;
  if (n !== scalarsBuf.length / 32) throw new InputError(`count mismatch: ${n} points vs ${scalarsBuf.length / 32} scalars`);
  const p = Point.Fp.ORDER, r = Point.Fn.ORDER;
  const scalarsLe = layout.le === true;
  const points = [], scalars = [];
  for (let i = 0; i < n; i++) {
    const bytes = pointsBuf.subarray(size * i, size * (i + 1));
    const s = bytesToInt(scalarsBuf.subarray(32 * i, 32 * i + 32), scalarsLe) % r;
    let P;
    if (layout.compressed) {
      try { P = Point.fromBytes(bytes); } catch (e) { throw new InputError(`point ${i}: ${e.message}`); }
      if (P.is0()) continue;
    } else {
      const half = size / 2;
      const coordinate = (at) => {
        const padding = bytes.subarray(at, at + layout.padding);
        if (padding.some((b) => b !== 0)) throw new InputError(`point ${i}: non-zero padding`);
        return bytesToInt(bytes.subarray(at + layout.padding, at + half), layout.le);
      };
      const x = coordinate(0), y = coordinate(half);
      if (x >= p || y >= p) throw new InputError(`point ${i}: coordinate >= field modulus`);
      if (x === 0n && y === 0n) continue; // point at infinity contributes nothing
      P = Point.fromAffine({ x, y });
    }
    try { P.assertValidity(); } catch { throw new InputError(`point ${i}: not on the curve or not in the group`); }
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
  const digits = R.constructor.Fp.ORDER > (1n << 256n) ? 96 : 64;
  const hex = (v) => '0x' + v.toString(16).padStart(digits, '0');
  return JSON.stringify({ x: hex(x), y: hex(y) });
}

function main() {
  const { values } = parseArgs({
    options: {
      curve: { type: 'string' }, points: { type: 'string' },
      scalars: { type: 'string' }, format: { type: 'string' },
    },
  });
  const Point = CURVES[values.curve];
  if (!Point) throw new InputError(`--curve must be one of: ${Object.keys(CURVES).join(', ')}`);
  if (!checkCurve(Point)) throw new Error(`${values.curve}: curve self-check failed`);
  if (!values.points || !values.scalars) throw new InputError('--points and --scalars are required');
  const format = values.format ?? (values.curve === 'bls12_381' ? 'eip2537' : 'eip196');
  const layout = LAYOUTS[values.curve][format];
  if (!layout) throw new InputError(`--format must be one of: ${Object.keys(LAYOUTS[values.curve]).join(', ')} for ${values.curve}`);
  const { points, scalars } = parseInputs(Point, readFileSync(values.points), readFileSync(values.scalars), layout);
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
