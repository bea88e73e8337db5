// `wrangler dev` over several configs at once (`-c a.toml -c b.toml`: the first is the Worker on our port,
// the rest run beside it for its service bindings), on 127.0.0.1 and a free port, the way `npm run start:ask`
// runs the ask Worker with the docs provider. Stopped with `stopWrangler` (./wrangler.ts), which makes sure
// nothing it started outlives it.
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort, type Server, sleep, stopWrangler } from "./wrangler.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const WRANGLER = join(ROOT, "node_modules/.bin/wrangler");
const READY_TIMEOUT_MS = 120_000;

/**
 * Starts `wrangler dev -c <configs…> --ip 127.0.0.1 --port <free port>` in the project, with `--env-file
 * <empty temp file>` (so .dev.vars is neither read nor written); resolves once GET /healthz answers `ok`.
 */
export async function startWranglerConfigs(label: string, tmp: string, configs: readonly string[]): Promise<Server> {
  const port = await freePort();
  const inspectorPort = await freePort();
  const envFile = join(tmp, `empty-${label}.env`);
  writeFileSync(envFile, "");
  const args = [
    "dev",
    ...configs.flatMap((config) => ["-c", config]),
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
  console.log(`wrangler dev (${label}: ${configs.join(" + ")}) pid ${child.pid} on ${server.base} …`);

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
  console.log(`  ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return server;
}
