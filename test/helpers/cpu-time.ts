/**
 * The CPU time `work` takes in this process, in milliseconds, and what it returned. A cost budget measured on
 * the wall clock fails when other processes share the cores (the suite beside another `npm test`); CPU time
 * counts only ours, so the budget still catches a slower algorithm and nothing else.
 */
export function cpuTime<T>(work: () => T): { readonly ms: number; readonly value: T } {
  const before = process.cpuUsage();
  const value = work();
  const used = process.cpuUsage(before);
  return { ms: (used.user + used.system) / 1000, value };
}
