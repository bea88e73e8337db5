// CPU time for the few timing guards: unlike wall-clock time it does not grow when other processes
// take the cores (these machines are shared), so a guard measures this process's own work.

/** The best (lowest) CPU time, user + system in ms, that `work` took over `rounds` runs. */
export async function bestCpuMillis(work: () => unknown, rounds = 5): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < rounds; round++) {
    const started = process.cpuUsage();
    await work();
    const spent = process.cpuUsage(started);
    best = Math.min(best, (spent.user + spent.system) / 1000);
  }
  return best;
}
