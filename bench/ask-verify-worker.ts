/**
 * A Worker for bench/ask.ts: times `verifyResultAttestations` in workerd on a
 * result it is given, `rounds` times in one loop (workerd's clock has
 * millisecond steps, so one verification is too short to time alone), and
 * answers the mean in ms with the states it found (sanity).
 */
import { verifyResultAttestations } from "../src/attest/index.ts";
import type { AttesterKey, ContextQueryResult } from "../src/protocol/index.ts";

interface Job {
  readonly result: ContextQueryResult;
  readonly provider: string;
  readonly keys: AttesterKey[];
  readonly rounds: number;
}

export default {
  async fetch(request: Request): Promise<Response> {
    const job = (await request.json()) as Job;
    let states: string[] = [];
    const started = performance.now();
    for (let i = 0; i < job.rounds; i++) {
      const report = await verifyResultAttestations(job.result, job.provider, job.keys);
      states = [report.result.state, ...report.frames.map((frame) => frame.state)];
    }
    return Response.json({ meanMs: (performance.now() - started) / job.rounds, states });
  },
};
