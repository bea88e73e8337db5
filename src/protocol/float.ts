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
