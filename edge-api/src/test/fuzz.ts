/**
 * Seeded random inputs for the fuzz tests (issue 4: thousands of malformed bodies against every endpoint, no 5xx).
 * Seeded, so a failure replays the same requests. Test helper, not shipped code.
 */

/** mulberry32: a small deterministic PRNG. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type FuzzOptions = {
  /** Hostile strings of the endpoint's domain (huge, control characters, injections, near-valid values). */
  nasty: readonly string[];
  /** Numbers worth trying (limits, off-by-one, the domain's magic values). */
  numbers: readonly number[];
  /** Longest generated run of one character. */
  longString: number;
  /** Keys tried in generated objects. */
  keys: readonly string[];
  /** Keys a mutation may add (extra, prototype names, server-owned fields). */
  addedKeys: readonly string[];
  /** Most items in a generated array or object. */
  maxItems: number;
  /** Whether mutations also reach one level of nested objects (e.g. `payload`, `userData`). */
  nested: boolean;
};

export function fuzzer(seed: number, opts: FuzzOptions) {
  const random = rng(seed);
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const int = (n: number) => Math.floor(random() * n);

  function randomValue(depth = 0): unknown {
    switch (int(depth > 2 ? 7 : 10)) {
      case 0: return null;
      case 1: return random() < 0.5;
      case 2: return pick(opts.numbers);
      case 3: return pick(opts.nasty);
      case 4: return 'z'.repeat(int(opts.longString));
      case 5: return String(random());
      case 6: return undefined;
      case 7: return Array.from({ length: int(opts.maxItems) }, () => randomValue(depth + 1));
      case 8: return Object.fromEntries(Array.from({ length: int(opts.maxItems) }, () => [pick(opts.keys), randomValue(depth + 1)]));
      default: return { nested: randomValue(depth + 1) };
    }
  }

  /** A valid body of the endpoint, then some fields replaced, removed or added. */
  function mutate(base: Record<string, unknown>): unknown {
    const body = structuredClone(base) as Record<string, unknown>;
    const nestedObjects = opts.nested ? Object.values(body).filter((x): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x)) : [];
    const targets = [body, ...nestedObjects];
    for (let i = 0, n = 1 + int(4); i < n; i++) {
      const obj = pick(targets);
      const keys = Object.keys(obj);
      const r = random();
      if (r < 0.35 && keys.length) delete obj[pick(keys)];
      else if (r < 0.85 && keys.length) obj[pick(keys)] = randomValue();
      else obj[pick(opts.addedKeys)] = randomValue();
    }
    return body;
  }

  return { random, pick, int, randomValue, mutate };
}
