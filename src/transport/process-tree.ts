/**
 * A process and everything it started, found by walking the process table at kill time: a process group
 * alone misses a descendant that called `setsid` (a daemonizing helper, `setsid sleep &`), which would then
 * outlive the pane. Linux reads `/proc/PID/stat`; elsewhere (macOS) `ps` lists the table.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

interface ProcessInfo {
  readonly pid: number;
  readonly ppid: number;
  readonly pgid: number;
  /** When it started, where the system says (Linux): tells a reused pid from the process we saw. */
  readonly start: string;
}

/** One entry of `/proc/PID/stat`, or `undefined` when it is gone or unreadable. */
function readProcStat(pid: number): ProcessInfo | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
  // The command name (field 2) is in parentheses and may hold spaces or ')': the fields follow the last ')'.
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  // fields[0] is field 3 (state): ppid is field 4, pgrp field 5, starttime field 22.
  return { pid, ppid: Number(fields[1]), pgid: Number(fields[2]), start: fields[19] ?? "" };
}

function processTable(): ProcessInfo[] {
  if (process.platform === "linux") {
    let names: string[];
    try {
      names = readdirSync("/proc");
    } catch {
      return [];
    }
    return names
      .filter((name) => /^\d+$/.test(name))
      .map((name) => readProcStat(Number(name)))
      .filter((info) => info !== undefined);
  }
  let listing: string;
  try {
    listing = execFileSync("ps", ["-A", "-o", "pid=,ppid=,pgid="], { encoding: "utf8" });
  } catch {
    return [];
  }
  return listing
    .split("\n")
    .map((line) => line.trim().split(/\s+/).map(Number))
    .filter((numbers) => numbers.length === 3 && numbers.every(Number.isInteger))
    .map(([pid, ppid, pgid]) => ({ pid: pid!, ppid: ppid!, pgid: pgid!, start: "" }));
}

/** Every live descendant of `root` (children, their children…), as the process table says right now. */
function descendantsOf(root: number): ProcessInfo[] {
  const children = new Map<number, ProcessInfo[]>();
  for (const info of processTable()) {
    const siblings = children.get(info.ppid);
    if (siblings) siblings.push(info);
    else children.set(info.ppid, [info]);
  }
  const found: ProcessInfo[] = [];
  const queue = [root];
  for (let pid = queue.shift(); pid !== undefined; pid = queue.shift()) {
    for (const child of children.get(pid) ?? []) {
      found.push(child);
      queue.push(child.pid);
    }
  }
  return found;
}

function send(target: number, signal: NodeJS.Signals): void {
  try {
    process.kill(target, signal);
  } catch {
    // ESRCH: already gone.
  }
}

/**
 * The processes to end for one child zc-pane started (an agent, an agent command). Each {@link signal}
 * walks the tree again and remembers what it saw: once the leader has died, its descendants belong to init
 * and no walk finds them, but a later SIGKILL still reaches the ones seen at the SIGTERM.
 */
export class ProcessTree {
  private readonly seen = new Map<number, ProcessInfo>();

  constructor(private readonly root: number) {}

  /** Sends `signal` to the root's process group, to every descendant, and to the groups they lead. */
  signal(signal: NodeJS.Signals): void {
    for (const info of descendantsOf(this.root)) this.seen.set(info.pid, info);
    send(-this.root, signal);
    send(this.root, signal);
    for (const info of this.seen.values()) {
      if (!this.isStill(info)) {
        this.seen.delete(info.pid);
        continue;
      }
      // A descendant that called setsid leads a group whose members may already be orphans.
      if (info.pgid === info.pid && info.pid !== this.root) send(-info.pid, signal);
      send(info.pid, signal);
    }
  }

  /** Whether `info.pid` is still the process we saw (not exited, its pid not reused). */
  private isStill(info: ProcessInfo): boolean {
    if (process.platform !== "linux") return true;
    const now = readProcStat(info.pid);
    return now !== undefined && now.start === info.start;
  }
}
