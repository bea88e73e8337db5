// `npm start`: `wrangler dev` as frameline runs its own, with no calls out: no usage metrics, no banner,
// and no fetch of Cloudflare's request metadata (`Request.cf`), which offline would print a stack trace
// before falling back to a placeholder anyway. Arguments are passed on (`npm start -- --port 9000`).
import { spawn } from "node:child_process";
import { createRequire } from "node:module";

const wrangler = createRequire(import.meta.url).resolve("wrangler/bin/wrangler.js");
const child = spawn(process.execPath, [wrangler, "dev", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: {
    ...process.env,
    WRANGLER_SEND_METRICS: "false",
    WRANGLER_HIDE_BANNER: "true",
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
  },
});
// A signal for this process is passed on to wrangler, which stops workerd; this process then exits with it.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
