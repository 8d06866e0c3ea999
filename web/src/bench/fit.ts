// Straight-line fits (time = a + b·bytes, least squares) and where two lines cross: where
// verifying a proof becomes cheaper than hashing the message again.

export interface Point {
  x: number;
  y: number;
}

export interface Line {
  /** Intercept (ms). */
  a: number;
  /** Slope (ms per byte). */
  b: number;
  n: number;
}

/** Least-squares line through the points. One point, or all at the same x: a constant (b = 0). */
export function fitLine(points: Point[]): Line {
  const n = points.length;
  if (n === 0) throw new Error('fitLine needs at least one point');
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  let sxx = 0;
  let sxy = 0;
  for (const p of points) {
    sxx += (p.x - mx) ** 2;
    sxy += (p.x - mx) * (p.y - my);
  }
  if (sxx === 0) return { a: my, b: 0, n };
  const b = sxy / sxx;
  return { a: my - b * mx, b, n };
}

export const evalLine = (l: Line, x: number) => l.a + l.b * x;

export type Crossover =
  /** Verifying is cheaper than hashing for messages longer than `bytes` (or shorter, if `cheaperBelow`). */
  | { kind: 'crossover'; bytes: number; cheaperAbove: boolean }
  /** Verifying is cheaper at every message length > 0. */
  | { kind: 'always' }
  /** Hashing stays cheaper at every message length > 0. */
  | { kind: 'never' };

/** Where the verify line meets the hash line, for message lengths > 0. */
export function crossover(hash: Line, verify: Line): Crossover {
  const db = hash.b - verify.b;
  const eps = 1e-15 * Math.max(Math.abs(hash.b), Math.abs(verify.b), 1e-12);
  if (Math.abs(db) <= eps) return verify.a < hash.a ? { kind: 'always' } : { kind: 'never' };
  const x = (verify.a - hash.a) / db;
  if (x <= 0) return evalLine(verify, 1) < evalLine(hash, 1) ? { kind: 'always' } : { kind: 'never' };
  return { kind: 'crossover', bytes: x, cheaperAbove: db > 0 };
}
