/** Host-stamped timestamps (spec §1.14 F4 profile, §4.11). */

/** An instant in the F4 timestamp profile without fraction, as the reference formatter writes it: `YYYY-MM-DDTHH:MM:SSZ` (spec §1.14). */
export function formatTimestamp(instant: Date): string {
  return `${instant.toISOString().slice(0, 19)}Z`;
}
