// The page's main-thread tasks while something runs, from a Chromium trace: each task's wall time and its
// thread (CPU) time. A long task as PerformanceObserver reports it is wall time, which a busy machine stretches
// by descheduling the renderer; thread time is the page's own work, whatever else the machine is doing.
import type { Page } from "playwright-core";

/** One main-thread task: wall-clock and thread-clock durations, in ms. */
export interface MainThreadTask {
  readonly wallMs: number;
  readonly threadMs: number;
}

interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly pid: number;
  readonly tid: number;
  readonly dur?: number;
  readonly tdur?: number;
  readonly args?: { name?: string };
}

/** Runs `work` under a trace and returns every task the page's main thread ran meanwhile. */
export async function mainThreadTasks(page: Page, work: () => Promise<void>): Promise<MainThreadTask[]> {
  const client = await page.context().newCDPSession(page);
  await client.send("Tracing.start", {
    categories: "disabled-by-default-devtools.timeline",
    transferMode: "ReturnAsStream",
  });
  await work();
  const complete = new Promise<{ stream?: string }>((resolve) => client.once("Tracing.tracingComplete", resolve));
  await client.send("Tracing.end");
  const { stream } = await complete;
  let text = "";
  for (let eof = false; !eof && stream; ) {
    const chunk = await client.send("IO.read", { handle: stream });
    text += chunk.data;
    eof = chunk.eof;
  }
  await client.detach();
  const parsed = JSON.parse(text) as TraceEvent[] | { traceEvents: TraceEvent[] };
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const main = new Set(
    events.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain").map((e) => `${e.pid}:${e.tid}`),
  );
  return events
    .filter((e) => e.ph === "X" && e.name === "RunTask" && main.has(`${e.pid}:${e.tid}`))
    .map((e) => ({ wallMs: (e.dur ?? 0) / 1000, threadMs: (e.tdur ?? e.dur ?? 0) / 1000 }));
}
