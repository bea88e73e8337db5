// Starting and stopping `wrangler dev` for the benchmarks, on 127.0.0.1 and a free port, and the
// processes it starts (its Node, the proxy workerd in front, the Worker's own workerd), read from /proc.
import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const WRANGLER = join(ROOT, "node_modules/.bin/wrangler");
const READY_TIMEOUT_MS = 90_000;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/** pid → [ppid, comm] for every process we can see. */
export function processTable(): Map<number, { ppid: number; comm: string }> {
  const table = new Map<number, { ppid: number; comm: string }>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      const comm = stat.slice(stat.indexOf("(") + 1, close);
      const ppid = Number(stat.slice(close + 2).split(" ")[1]);
      table.set(Number(entry), { ppid, comm });
    } catch {
      // gone meanwhile
    }
  }
  return table;
}

/** Every process descended from `root`. */
function descendants(root: number): Map<number, string> {
  const table = processTable();
  const found = new Map<number, string>();
  let frontier = [root];
  while (frontier.length > 0) {
    const next: number[] = [];
    for (const [pid, { ppid, comm }] of table) {
      if (frontier.includes(ppid) && !found.has(pid)) {
        found.set(pid, comm);
        next.push(pid);
      }
    }
    frontier = next;
  }
  return found;
}

/** Whether `pid` is still running (a zombie waiting to be reaped is not). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Server {
  readonly child: ChildProcess;
  readonly base: string;
  readonly port: number;
  readonly log: string[];
  /** Processes started under wrangler (workerd among them), seen while it ran. */
  readonly spawned: Map<number, string>;
  /** CPU accounting: which process does what (wrangler's Node, the proxy workerd on our port, the Worker's workerd). */
  roles: { pid: number; role: Role }[];
  exited: boolean;
}

export type Role = "wrangler node" | "proxy workerd" | "Worker workerd";
export const ROLES: readonly Role[] = ["wrangler node", "proxy workerd", "Worker workerd"];
const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** User + system CPU seconds of a process so far (0 once it is gone). */
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

export function cpuByRole(server: Server): Record<Role, number> {
  const totals = { "wrangler node": 0, "proxy workerd": 0, "Worker workerd": 0 } as Record<Role, number>;
  for (const { pid, role } of server.roles) totals[role] += cpuSeconds(pid);
  return totals;
}

/**
 * Starts `wrangler dev --ip 127.0.0.1 --port <free port>` in the project, with
 * `--env-file <empty temp file>` (so .dev.vars is neither read nor written)
 * and each of `vars` given by `--var`; resolves once GET /healthz answers.
 */
export async function startWrangler(label: string, tmp: string, vars: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
  const inspectorPort = await freePort();
  const envFile = join(tmp, "empty.env");
  writeFileSync(envFile, "");
  const args = [
    "dev",
    "--ip",
    "127.0.0.1",
    "--port",
    String(port),
    "--inspector-ip",
    "127.0.0.1",
    "--inspector-port",
    String(inspectorPort),
    "--env-file",
    envFile,
    "--persist-to",
    join(tmp, `state-${label}`),
    "--show-interactive-dev-session=false",
    ...Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
  ];
  const child = spawn(WRANGLER, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      WRANGLER_SEND_METRICS: "false",
      WRANGLER_HIDE_BANNER: "true",
      CLOUDFLARE_CF_FETCH_ENABLED: "false",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const server: Server = {
    child,
    base: `http://127.0.0.1:${port}`,
    port,
    log: [],
    spawned: new Map(),
    roles: [],
    exited: false,
  };
  const keep = (chunk: Buffer) => {
    // Drained always (a full pipe would stall wrangler); only the tail is kept, for errors.
    server.log.push(...chunk.toString("utf8").split("\n").filter(Boolean));
    if (server.log.length > 400) server.log.splice(0, server.log.length - 200);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  child.on("exit", () => {
    server.exited = true;
  });
  console.log(`wrangler dev (${label}) pid ${child.pid} on ${server.base} …`);

  const started = Date.now();
  for (;;) {
    if (server.exited) throw new Error(`wrangler exited early:\n${server.log.slice(-30).join("\n")}`);
    if (Date.now() - started > READY_TIMEOUT_MS) {
      await stopWrangler(server);
      throw new Error(`wrangler not ready after ${READY_TIMEOUT_MS / 1000} s:\n${server.log.slice(-30).join("\n")}`);
    }
    try {
      const response = await fetch(`${server.base}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200 && (await response.text()) === "ok\n") break;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  for (const [pid, comm] of descendants(child.pid!)) server.spawned.set(pid, comm);
  server.roles = [
    { pid: child.pid!, role: "wrangler node" as Role },
    ...[...server.spawned].flatMap(([pid, comm]) => {
      if (comm === "node") return [{ pid, role: "wrangler node" as Role }];
      if (comm !== "workerd") return [];
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      return [
        { pid, role: (cmdline.includes(`entry=127.0.0.1:${port}`) ? "proxy workerd" : "Worker workerd") as Role },
      ];
    }),
  ];
  const workerds = [...server.spawned].filter(([, comm]) => comm === "workerd").map(([pid]) => pid);
  console.log(
    `  ready in ${((Date.now() - started) / 1000).toFixed(1)} s (workerd pids: ${workerds.join(", ") || "none seen"})`,
  );
  return server;
}

/**
 * SIGTERM to the pid we started, SIGKILL after 10 s; then makes sure nothing
 * it started (workerd) outlives it. Resolves to the workerd pids still
 * running (none, or the run is suspect).
 */
export async function stopWrangler(server: Server): Promise<number[]> {
  const pid = server.child.pid!;
  for (const [p, comm] of descendants(pid)) server.spawned.set(p, comm);
  if (!server.exited) {
    process.kill(pid, "SIGTERM");
    const deadline = Date.now() + 10_000;
    while (!server.exited && Date.now() < deadline) await sleep(100);
    if (!server.exited) {
      console.error(`  wrangler ${pid} ignored SIGTERM; SIGKILL`);
      process.kill(pid, "SIGKILL");
      while (!server.exited) await sleep(100);
    }
  }
  const deadline = Date.now() + 5_000;
  let left = [...server.spawned.keys()].filter(alive);
  while (left.length > 0 && Date.now() < deadline) {
    await sleep(100);
    left = left.filter(alive);
  }
  for (const p of left) {
    // Still ours (started under our wrangler); by pid only.
    console.error(`  ${server.spawned.get(p)} ${p} outlived wrangler; SIGKILL`);
    try {
      process.kill(p, "SIGKILL");
    } catch {
      // already gone
    }
  }
  const workerds = [...server.spawned].filter(([, comm]) => comm === "workerd").map(([p]) => p);
  // Also any workerd serving our port that started after the last look (wrangler restarts workerd when watched files change).
  for (const [p, { comm }] of processTable()) {
    if (comm !== "workerd" || workerds.includes(p)) continue;
    try {
      if (readFileSync(`/proc/${p}/cmdline`, "utf8").includes(`127.0.0.1:${server.port}`)) workerds.push(p);
    } catch {
      // gone meanwhile
    }
  }
  const remaining = workerds.filter(alive);
  console.log(
    `  stopped wrangler ${pid}; workerd left: ${remaining.length === 0 ? "none" : remaining.join(", ")} (of ${workerds.length})`,
  );
  return remaining;
}
