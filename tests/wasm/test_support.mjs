// What the WebAssembly module's tests share: a reproducible stream of random BigInts from a
// printed seed, and modular arithmetic on BigInts for the expected values.
export const MASK64 = (1n << 64n) - 1n;

// The seed of a run: ZKMSM_TEST_SEED (decimal or 0x hex) or a fresh one; the caller prints it.
export function testSeed() {
  return BigInt(process.env.ZKMSM_TEST_SEED ?? `0x${Math.floor(Math.random() * 2 ** 48).toString(16)}`);
}

// splitmix64: 64-bit BigInts from `start`.
export function rng(start) {
  let state = start & MASK64;
  return () => {
    state = (state + 0x9e3779b97f4a7c15n) & MASK64;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK64;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK64;
    return z ^ (z >> 31n);
  };
}

// A uniform 256-bit BigInt from four draws of `next`.
export const random256 = (next) => (next() << 192n) | (next() << 128n) | (next() << 64n) | next();

export const mod = (a, p) => ((a % p) + p) % p;

export function power(base, exponent, p) {
  let result = 1n;
  for (let b = mod(base, p); exponent > 0n; exponent >>= 1n, b = (b * b) % p) if (exponent & 1n) result = (result * b) % p;
  return result;
}

// The Montgomery radix R = 2^(64·limbs) of a field of modulus m, the limbs the library stores it in
// (2^256 for the BN254 fields and BLS12-381's Fr, 2^384 for BLS12-381's Fq).
export const montgomeryRadix = (m) => 1n << (64n * BigInt(Math.ceil(m.toString(2).length / 64)));
