// The conformance scenarios of the native suite (tests/conformance) as JavaScript cases for the
// WebAssembly module's backends: each case is msm() inputs and options with @noble/curves' sum,
// or the status msm() must reject with. The node tests run them on the cpu backend
// (wasm_msm_test.mjs) and on the webgpu backend with both accumulators (webgpu_test.mjs), for
// BN254, Grumpkin and BLS12-381 G1 (whose cases add a point on the curve outside G1).
//
//   case = { name, points: [{ x, y }], scalars: [BigInt], options, expected: { x, y } | null }
//        | { name, points, scalars, options, error: 'point_not_on_curve' | … }
//
// Points are canonical affine BigInts ({ x: 0n, y: 0n } is infinity) unless a case's options say
// pointsInMontgomery; random points are independent (G times independent random scalars, never a
// progression), except the one case that is an arithmetic progression on purpose.
import { CURVES, msm as oracleMsm } from '../oracle/msm_oracle.mjs';
import { rng, random256, mod, montgomeryRadix } from './test_support.mjs';

const INFINITY = { x: 0n, y: 0n };
const isInfinity = (p) => p.x === 0n && p.y === 0n;

// Σ k_i·P_i by the oracle, as msm() returns it ({ x, y } or null).
export function oracleSum(Point, points, scalars) {
  const ps = [], ks = [];
  points.forEach((p, i) => {
    const k = mod(scalars[i], Point.Fn.ORDER);
    if (isInfinity(p) || k === 0n) return;
    ps.push(Point.fromAffine(p));
    ks.push(k);
  });
  const sum = ps.length === 0 ? Point.ZERO : oracleMsm(Point, ps, ks);
  return sum.is0() ? null : sum.toAffine();
}

// The cases for `curve` from `seed`; largestN sizes the cases the native suite runs at its
// largest size (its ZKMSM_TEST_LOG_N tier).
export function conformanceCases(curve, seed, { largestN = 1000 } = {}) {
  const Point = CURVES[curve];
  const p = Point.Fp.ORDER, r = Point.Fn.ORDER;
  const next = rng(seed ^ ({ bn254: 0xc0n, grumpkin: 0xc1n, bls12_381: 0xc2n }[curve]));
  const next256 = () => random256(next);
  const randomPoint = () => Point.BASE.multiply((next256() % (r - 1n)) + 1n).toAffine();
  const pool = Array.from({ length: largestN }, randomPoint);
  const sized = (n) => Math.min(n, largestN);  // the cases above largestN shrink to it
  const points = (n) => pool.slice(0, sized(n));
  const uniform = (n) => Array.from({ length: n }, next256);
  const cases = [];
  const add = (name, ps, ks, options = {}) => cases.push({ name, points: ps, scalars: ks, options, expected: oracleSum(Point, ps, ks) });
  const refuse = (name, ps, ks, error, options = {}) => cases.push({ name, points: ps, scalars: ks, options, error });
  const negate = (q) => ({ x: q.x, y: p - q.y });

  // EdgeCases
  add('no input', [], []);
  add('one point', points(1), uniform(1));
  const P = pool[0];
  add('many copies of one point, random scalars', Array(largestN).fill(P), uniform(largestN));
  add('many copies of one point, one scalar', Array(200).fill(P), Array(200).fill(next256()));
  const pairs = points(100).flatMap((q) => [q, negate(q)]);
  const pairScalars = uniform(100).flatMap((k) => [k, k]);
  add('each point and its negation with equal scalars cancel', pairs, pairScalars);
  add('negation pairs among random points', [...pairs, ...points(50)], [...pairScalars, ...uniform(50)]);
  let G = Point.BASE;
  const progression = [];
  for (let k = 0; k < 300; k++, G = G.add(Point.BASE)) progression.push(G.toAffine());
  add('an arithmetic progression k·G (partial sums meet equal x)', progression, uniform(300));
  add('every third point infinity', points(largestN).map((q, i) => (i % 3 === 0 ? INFINITY : q)), uniform(largestN));
  add('only infinity', Array(100).fill(INFINITY), uniform(100));
  add('all scalars zero', points(largestN), Array(largestN).fill(0n));
  add('all scalars r', points(largestN), Array(largestN).fill(r));
  add('every 97th scalar non-zero', points(largestN), uniform(largestN).map((k, i) => (i % 97 === 0 ? k : 0n)));
  add('scalars 0 … 3', points(1000), Array.from({ length: sized(1000) }, () => next() % 4n));
  const edgeScalars = uniform(largestN);
  edgeScalars.splice(0, 5, r - 1n, r, r + 1n, (1n << 256n) - 1n, 0n);
  add('uniform 256-bit scalars, r - 1, r, r + 1, 2^256 - 1, 0', points(largestN), edgeScalars);
  add('(r - 1)·P + (r + 1)·P is infinity', [P, P], [r - 1n, r + 1n]);
  add('2^256 - 1 alone', [P], [(1n << 256n) - 1n]);

  // RandomInputs
  for (let n = 0; n <= 17; n++) add(`random independent points, n = ${n}`, points(n), uniform(n));
  for (const n of new Set([64, 300, largestN].map(sized))) add(`random independent points, n = ${n}`, points(n), uniform(n));

  // WindowsAndBatches
  const windowPoints = points(100), windowScalars = uniform(100);
  for (let c = 2; c <= 22; c++) add(`window of ${c} bits`, windowPoints, windowScalars, { windowBits: c });
  add('a window far above what n can use is capped', points(4), uniform(4), { windowBits: 22 });
  add('window batches under a memory budget', points(300), uniform(sized(300)), { windowBits: 6, memoryBudgetBytes: 600_000 });

  // InputForms: Montgomery form with R = 2^(64·limbs) of each field (2^256 for the scalars, 2^384
  // for BLS12-381's coordinates).
  const montgomery = (v, m) => (v * (montgomeryRadix(m) % m)) % m;
  const formScalars = uniform(100).map((k) => mod(k, r));
  add('scalars in Montgomery form', points(100), formScalars.map((k) => montgomery(k, r)), { scalarsInMontgomery: true });
  cases[cases.length - 1].expected = oracleSum(Point, points(100), formScalars);
  const formPoints = [...points(99), INFINITY];
  add('points in Montgomery form', formPoints.map((q) => (isInfinity(q) ? q : { x: montgomery(q.x, p), y: montgomery(q.y, p) })),
      formScalars, { pointsInMontgomery: true });
  cases[cases.length - 1].expected = oracleSum(Point, formPoints, formScalars);
  const offCurve = points(10);
  offCurve[7] = { x: offCurve[7].x, y: offCurve[7].y ^ 1n };
  refuse('a point off the curve is refused', offCurve, uniform(10), 'point_not_on_curve');
  const notCanonical = points(10);
  notCanonical[3] = { x: notCanonical[3].x + p, y: notCanonical[3].y };
  refuse('a coordinate ≥ p is refused', notCanonical, uniform(10), 'point_not_canonical');
  refuse('lengths that differ are refused', points(3), uniform(2), 'invalid_argument');
  if (curve === 'bls12_381') {
    // A point of y² = x³ + 4 outside G1 (the cofactor is ~2^126: a random curve point is almost
    // never in G1; checked with noble's isTorsionFree).
    let outside;
    for (let x = next256() % p; outside === undefined; x = (x + 1n) % p) {
      const y2 = mod(x * x * x + 4n, p);
      let y;
      try { y = Point.Fp.sqrt(y2); } catch { continue; }
      if (y === undefined || mod(y * y, p) !== y2) continue;
      if (!Point.fromAffine({ x, y }).isTorsionFree()) outside = { x, y };
    }
    const notInG1 = points(10);
    notInG1[4] = outside;
    refuse('a point on the curve outside G1 is refused', notInG1, uniform(10), 'point_not_in_subgroup');
  }
  return cases;
}
