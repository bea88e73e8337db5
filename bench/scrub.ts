/**
 * Scrub benchmark: what does scrubbing a credential's reflections (C8) cost
 * next to decoding the reply it runs on?
 *
 *   (D) `decodeLine` of every `frames` envelope of an 8 MiB transcript
 *   (S) the same, then `scrubStrings` with the scrubber of a 32-character token
 *       (every spelling of `secret-forms.ts`: as it is, reversed,
 *       percent-encoded, base64 and base64url at three alignments)
 *
 * Rounds interleave the two (1 warm-up, 7 timed, medians); the verdict is the
 * ratio S / D, measured in the same run, since this machine is shared and
 * absolute times do not travel. Every run must find the planted reflections
 * (one per envelope), or the benchmark measures nothing and fails.
 *
 * Run: npm run bench:scrub  (node --import tsx --expose-gc bench/scrub.ts)
 */
import { reflectionScrubber } from "../src/host/transports/scrub.ts";
import { scrubStrings } from "../src/host/transports/scrub-strings.ts";
import { decodeLine } from "../src/wire/index.ts";
import { median } from "./support/median.ts";
import { buildTranscript } from "./transcript.ts";

const TOKEN = "cgp-tok-7f3a9c2e5b1d8064aa917c3e";
const ROUNDS = 7;

const text = new TextDecoder().decode(buildTranscript(8 * 1024 * 1024, 5000).frames);
// One reflection per envelope, base64 of a piece at an odd offset, planted in the first frame's title.
const planted = Buffer.from(TOKEN.slice(5, 21)).toString("base64");
const lines = text
  .split("\n")
  .filter((line) => line !== "")
  .map((line) => line.replace('"title":"', `"title":"${planted} `));
const scrub = reflectionScrubber(TOKEN);

function decodeAll(withScrub: boolean): number {
  let redacted = 0;
  for (const line of lines) {
    const decoded = decodeLine(line);
    if (!withScrub) continue;
    const message = scrubStrings(decoded, scrub);
    if (message.type === "frames" && message.result.frames[0]?.title?.startsWith("<redacted>")) redacted += 1;
  }
  return redacted;
}

function time(run: () => void): number {
  globalThis.gc?.();
  const start = performance.now();
  run();
  return performance.now() - start;
}

const samples = { D: [] as number[], S: [] as number[] };
for (let round = 0; round <= ROUNDS; round++) {
  const d = time(() => decodeAll(false));
  let found = 0;
  const s = time(() => {
    found = decodeAll(true);
  });
  if (found !== lines.length) throw new Error(`found ${found} reflections of ${lines.length}`);
  if (round === 0) continue;
  samples.D.push(d);
  samples.S.push(s);
}
const [d, s] = [median(samples.D), median(samples.S)];
const megabytes = text.length / 1e6;
console.log(`${lines.length} frames envelopes, ${megabytes.toFixed(1)} MB; medians of ${ROUNDS} rounds`);
console.log(`(D) decode            ${d.toFixed(0)} ms  ${(megabytes / (d / 1000)).toFixed(0)} MB/s`);
console.log(`(S) decode + scrub    ${s.toFixed(0)} ms  ${(megabytes / (s / 1000)).toFixed(0)} MB/s`);
console.log(`S / D = ${(s / d).toFixed(2)}×  (scrubbing every string of every reply under a credential)`);
