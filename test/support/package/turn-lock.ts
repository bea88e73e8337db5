// A lock that processes take turns on, with no polling: a Unix socket its holder listens on. A waiter
// connects and tries again when that connection closes, which happens when the holder lets go or dies (the
// kernel closes a dead process's sockets). A socket file no one listens on, left by a holder that died, refuses
// the connection and is removed. (Node has no file lock; a lock directory can only be watched for its removal,
// not for its holder's death.)
import { rm } from "node:fs/promises";
import { createConnection, createServer, type Socket } from "node:net";

/** Listens on `path`: the release, or undefined when another process listens there (holds the lock). */
function listen(path: string): Promise<(() => Promise<void>) | undefined> {
  const waiters = new Set<Socket>();
  const server = createServer((socket) => {
    waiters.add(socket);
    socket.on("error", () => undefined);
  });
  const release = async () => {
    const closed = new Promise((resolve) => server.close(resolve)); // stops listening and removes the file
    for (const socket of waiters) socket.destroy();
    await closed;
  };
  return new Promise((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      error.code === "EADDRINUSE" ? resolve(undefined) : reject(error),
    );
    server.listen(path, () => resolve(release));
  });
}

/** Resolves when the holder of the lock at `path` lets go or is gone, or when `late` aborts. */
function holderGone(path: string, late: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    let abandoned = false;
    const socket = createConnection(path);
    const giveUp = () => socket.destroy();
    late.addEventListener("abort", giveUp, { once: true });
    socket.on("error", (error: NodeJS.ErrnoException) => (abandoned = error.code === "ECONNREFUSED"));
    socket.on("close", async () => {
      late.removeEventListener("abort", giveUp);
      if (abandoned) await rm(path, { force: true });
      resolve();
    });
  });
}

/** Runs `work` holding the lock at `path` (a Unix socket's path), after waiting at most `timeoutMs` for it. */
export async function withTurnLock<T>(path: string, timeoutMs: number, work: () => Promise<T>): Promise<T> {
  const late = AbortSignal.timeout(timeoutMs);
  let release = await listen(path);
  while (!release) {
    await holderGone(path, late);
    if (late.aborted) throw new Error(`another process has held ${path} for ${timeoutMs} ms`);
    release = await listen(path);
  }
  try {
    return await work();
  } finally {
    await release();
  }
}
