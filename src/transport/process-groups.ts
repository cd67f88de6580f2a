/**
 * Every agent (and terminal command) runs in its own process group; this module ends them, with every
 * descendant (process-tree.ts), when zc-pane goes away, whatever the reason: normal exit, SIGINT/SIGTERM, or
 * SIGHUP when tmux closes the pane (design.md §7). Without it, an agent and the shell commands it started
 * would outlive the pane.
 */
import { ProcessTree } from "./process-tree.js";

const trees = new Map<number, ProcessTree>();
let hooked = false;

function killAll(): void {
  for (const tree of trees.values()) tree.signal("SIGTERM");
  trees.clear();
}

/**
 * Registers a child (a process group leader) to be ended with its descendants when zc-pane exits, and
 * returns its tree, which the caller signals to end it earlier.
 */
export function trackChild(pid: number): ProcessTree {
  const tree = trees.get(pid) ?? new ProcessTree(pid);
  trees.set(pid, tree);
  if (hooked) return tree;
  hooked = true;
  process.once("exit", killAll);
  for (const signal of ["SIGHUP", "SIGTERM"] as const) {
    // Only install a default-exit handler when nobody else (the CLI) handles the signal.
    process.once(signal, () => {
      killAll();
      if (process.listenerCount(signal) === 0) process.exit(128 + (signal === "SIGHUP" ? 1 : 15));
    });
  }
  return tree;
}

/** Forgets a child that has been ended. */
export function untrackChild(pid: number): void {
  trees.delete(pid);
}
