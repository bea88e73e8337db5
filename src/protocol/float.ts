/**
 * Writing an `f32` the way the reference writes it (spec §1.2 "Numbers", §6):
 * serde_json formats `f32` with ryu's shortest round-trip digits, so `1` is
 * written `1.0`, `0.1` stays `0.1`, and very large or small magnitudes switch
 * to exponent form. [inferred: the switch points, |x| < 1e-6 or ≥ 1e13, follow
 * ryu's f32 formatter as we understand it; no fixture exercises them.]
 */

/**
 * The shortest decimal digits and exponent that read back as the same `f32`.
 * Reading back is monotonic in the precision, so a binary search over 1–9
 * digits finds the shortest in at most four tries.
 */
function shortestDigits(value: number): { digits: string; exponent: number } {
  let low = 1;
  let high = 9;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (Math.fround(Number(value.toExponential(middle - 1))) === value) high = middle;
    else low = middle + 1;
  }
  return splitExponential(value.toExponential(low - 1));
}

function splitExponential(text: string): { digits: string; exponent: number } {
  const [mantissa = "", exponent = "0"] = text.split("e");
  return { digits: mantissa.replace(".", ""), exponent: Number(exponent) };
}

/** Formats a finite number as the reference writes an `f32` (`1.0`, `0.875`, `1e-7`). */
export function formatF32(input: number): string {
  const value = Math.fround(input);
  if (!Number.isFinite(value)) throw new RangeError("not a finite f32");
  if (value === 0) return Object.is(value, -0) ? "-0.0" : "0.0";
  const sign = value < 0 ? "-" : "";
  const { digits, exponent } = shortestDigits(Math.abs(value));
  const length = digits.length;
  const point = exponent + 1; // digits × 10^(point − length)
  if (point >= length && point <= 13) return `${sign}${digits}${"0".repeat(point - length)}.0`;
  if (point > 0 && point <= 13) return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
  if (point > -6 && point <= 0) return `${sign}0.${"0".repeat(-point)}${digits}`;
  const head = length === 1 ? digits : `${digits[0]}.${digits.slice(1)}`;
  return `${sign}${head}e${point - 1}`;
}

/** The smallest normal `f32`; below it precision thins out and the fast path does not hold. */
const F32_MIN_NORMAL = 2 ** -126;

/** Largest magnitude below which every integer is exactly an `f32` and its own shortest form. */
const EXACT_INTEGER_LIMIT = 2 ** 24;

/** Significant digits of a number's shortest spelling (`0.8125` → 4, `1200` → 2). */
function significantDigits(value: number): number {
  const text = String(Math.abs(value));
  const exponent = text.indexOf("e");
  const end = exponent === -1 ? text.length : exponent;
  let first = 0;
  while (first < end && (text[first] === "0" || text[first] === ".")) first++;
  let last = end - 1;
  while (last > first && (text[last] === "0" || text[last] === ".")) last--;
  let count = 0;
  for (let i = first; i <= last; i++) if (text[i] !== ".") count++;
  return count;
}

/**
 * The number a reference peer holds after reading `input` as an `f32`: the
 * value of its shortest `f32` spelling. Decoding through this makes
 * decode → encode → decode a fixed point (0.1 stays 0.1; 0.123456789 becomes
 * 0.12345679, as it would in a Rust peer).
 *
 * Fast path: a value spelled with at most 6 significant digits is already
 * canonical. Such decimals lie at least 1e-6 apart (relative), wider than an
 * `f32` rounding interval (≤ 2^-23 relative), so the value is the only
 * candidate of its length in its interval and is its own shortest spelling
 * (normal `f32` range only).
 */
export function canonicalF32(input: number): number {
  if (Number.isInteger(input) && Math.abs(input) <= EXACT_INTEGER_LIMIT) return input;
  const magnitude = Math.abs(input);
  if (magnitude >= F32_MIN_NORMAL && Number.isFinite(Math.fround(input)) && significantDigits(input) <= 6) return input;
  return Number(formatF32(input));
}
