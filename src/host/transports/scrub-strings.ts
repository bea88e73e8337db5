/** Applying a scrubber (C8, `scrub.ts`) to every string of a decoded reply. */

/** Scrubs every string inside a freshly decoded JSON value in place (objects, arrays), and returns it. */
export function scrubStrings<T>(value: T, scrub: (text: string) => string): T {
  if (typeof value === "string") return scrub(value) as T;
  if (typeof value !== "object" || value === null) return value;
  const members = value as Record<string, unknown>;
  for (const key of Object.keys(members)) {
    const member = members[key];
    const scrubbed = scrubStrings(member, scrub);
    if (scrubbed !== member) members[key] = scrubbed;
  }
  return value;
}
