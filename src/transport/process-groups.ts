/**
 * Every agent (and terminal command) runs in its own process group; this module ends those groups when
 * zc-pane goes away, whatever the reason: normal exit, SIGINT/SIGTERM, or SIGHUP when tmux closes the pane
 * (design.md §7). Without it, an agent and the shell commands it started would outlive the pane.
 */
const groups = new Set<number>();
let hooked = false;

/** Sends `signal` to the whole process group led by `pid`, ignoring groups that are already gone. */
export function killProcessGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      // Already exited.
    }
  }
}

function killAll(): void {
  for (const pid of groups) killProcessGroup(pid, "SIGTERM");
  groups.clear();
}

/** Registers a process group leader to be ended when zc-pane exits. */
export function trackChild(pid: number): void {
  groups.add(pid);
  if (hooked) return;
  hooked = true;
  process.once("exit", killAll);
  for (const signal of ["SIGHUP", "SIGTERM"] as const) {
    // Only install a default-exit handler when nobody else (the CLI) handles the signal.
    process.once(signal, () => {
      killAll();
      if (process.listenerCount(signal) === 0) process.exit(128 + (signal === "SIGHUP" ? 1 : 15));
    });
  }
}

/** Forgets a group whose leader has exited. */
export function untrackChild(pid: number): void {
  groups.delete(pid);
}
