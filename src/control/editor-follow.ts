/**
 * Opens a tool call's location (path, line) in the editor beside the pane (`o` on a tool row,
 * `@zc-pane-follow on`). The first that applies:
 *
 * 1. a neovim: the one zc-pane runs inside (`$NVIM`, its `:terminal`), else one running in a pane of the
 *    agent's tmux window (found through its server socket), told with `nvim --server SOCK --remote-expr`;
 * 2. a vim, vi or emacs running in a pane of the window, sent keys only when it is in normal mode: its last
 *    line shows no mode (`-- INSERT --`, `-- VISUAL --`, …) and no command being typed (`:`, `/`, `?`), and
 *    the pane is not in tmux copy mode; emacs only when its echo area is empty;
 * 3. a new split beside the agent pane running `$EDITOR +LINE PATH` (vi without `$EDITOR`).
 *
 * Paths outside the session's directories are never opened. Keys and arguments go to tmux as literal text
 * (`send-keys -l`, command arguments), never as formats.
 */
import { execFile } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { resolveInsideRoots } from "../client/capabilities/roots.js";
import type { TmuxRunner } from "./tmux-command.js";

/** A place in a file, as a tool call's `locations` gives it. */
export interface EditorLocation {
  readonly path: string;
  readonly line?: number | null;
}

/** Where the pane is and what it may open. */
export interface FollowContext {
  /** The agent pane (`%3`), when zc-pane runs in tmux. */
  readonly paneId?: string;
  readonly tmux: TmuxRunner;
  /** The session's directories: nothing outside them is opened. */
  readonly roots: readonly string[];
  readonly env: NodeJS.ProcessEnv;
}

/** Modes vim shows on its last line when it is not in normal mode (`showmode`). */
const VIM_BUSY = /--\s*(INSERT|REPLACE|VREPLACE|VISUAL|SELECT|TERMINAL)|^[:/?]/;

/** A vim string literal: single quotes, a quote doubled. */
function vimString(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/** The Ex command that opens `path` at `line` in vim or neovim, the path escaped by vim itself. */
export function vimEditCommand(path: string, line: number | undefined): string {
  return `execute 'edit ${line ? `+${line} ` : ""}' . fnameescape(${vimString(path)})`;
}

/** An emacs Lisp string literal. */
function lispString(text: string): string {
  return `"${text.replace(/[\\"]/g, (char) => `\\${char}`)}"`;
}

function run(file: string, args: readonly string[]): Promise<void> {
  return new Promise((resolvePromise, reject) =>
    execFile(file, [...args], { timeout: 5000 }, (error) => (error ? reject(error) : resolvePromise())),
  );
}

/** The pids of `pid`'s descendants (Linux /proc; none elsewhere). */
function descendants(pid: number): number[] {
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const parent = queue.shift()!;
    let children: string[];
    try {
      children = readFileSync(`/proc/${parent}/task/${parent}/children`, "utf8").trim().split(/\s+/);
    } catch {
      continue;
    }
    for (const child of children.filter((word) => /^\d+$/.test(word)).map(Number)) {
      queue.push(child);
      found.push(child);
    }
  }
  return found;
}

/** The server socket neovim `pid` listens on by default (`stdpath("run")/nvim.PID.0`), if it exists. */
function nvimSocket(pid: number, env: NodeJS.ProcessEnv): string | undefined {
  const name = `nvim.${pid}.0`;
  const candidates = env.XDG_RUNTIME_DIR ? [join(env.XDG_RUNTIME_DIR, name)] : [];
  const tmp = join(env.TMPDIR || "/tmp", `nvim.${env.USER ?? ""}`);
  try {
    for (const dir of readdirSync(tmp)) candidates.push(join(tmp, dir, name));
  } catch {
    // No neovim of this user ever ran without XDG_RUNTIME_DIR.
  }
  return candidates.find((candidate) => existsSync(candidate));
}

interface WindowPane {
  readonly id: string;
  readonly pid: number;
  readonly command: string;
  readonly inMode: boolean;
}

async function windowPanes(context: FollowContext): Promise<WindowPane[]> {
  if (!context.paneId) return [];
  const listing = await context.tmux([
    "list-panes",
    "-t",
    context.paneId,
    "-F",
    "#{pane_id}\t#{pane_pid}\t#{pane_current_command}\t#{pane_in_mode}",
  ]);
  return listing
    .split("\n")
    .map((line) => line.split("\t"))
    .filter(([id]) => id !== undefined && /^%\d+$/.test(id) && id !== context.paneId)
    .map(([id, pid, command, inMode]) => ({
      id: id!,
      pid: Number(pid),
      command: command ?? "",
      inMode: inMode === "1",
    }));
}

/** The pane's last non-empty line, where vim shows its mode and emacs its echo area. */
async function lastLine(context: FollowContext, pane: string): Promise<string> {
  const screen = await context.tmux(["capture-pane", "-p", "-t", pane]);
  return screen.trimEnd().split("\n").at(-1) ?? "";
}

/** Why a location was not opened; the message is shown in the pane. */
export class FollowError extends Error {
  override readonly name = "FollowError";
}

/**
 * Opens `location`; resolves with where it went (`vim in %4`), for the pane's notice. Rejects with a
 * {@link FollowError} saying why when it may not or cannot be opened.
 */
export async function openLocation(location: EditorLocation, context: FollowContext): Promise<string> {
  const cwd = context.roots[0] ?? process.cwd();
  let path: string;
  try {
    path = (await resolveInsideRoots(resolve(cwd, location.path), context.roots)).requested;
  } catch (error) {
    // The capability's refusal, without its JSON-RPC framing ("Invalid params: ").
    throw new FollowError(`not opened: ${(error as Error).message.replace(/^Invalid params: /, "")}`);
  }
  if (/[\u0000-\u001f\u007f]/.test(path)) throw new FollowError("not opened: the path has control characters");
  const line = location.line && location.line > 0 ? Math.floor(location.line) : undefined;
  const where = `${path}${line ? `:${line}` : ""}`;

  if (context.env.NVIM) {
    await run("nvim", [
      "--server",
      context.env.NVIM,
      "--remote-expr",
      `execute(${vimString(vimEditCommand(path, line))})`,
    ]);
    return `${where} in the neovim around this pane`;
  }
  const panes = await windowPanes(context);
  for (const pane of panes) {
    if (pane.command !== "nvim") continue;
    const nvim = [pane.pid, ...descendants(pane.pid)].map((pid) => nvimSocket(pid, context.env)).find(Boolean);
    if (!nvim) continue;
    await run("nvim", ["--server", nvim, "--remote-expr", `execute(${vimString(vimEditCommand(path, line))})`]);
    return `${where} in neovim (${pane.id})`;
  }
  for (const pane of panes) {
    const editor = /^(n?vim?|vi|view)$/.test(pane.command) ? "vim" : /^emacs/.test(pane.command) ? "emacs" : undefined;
    if (!editor) continue;
    const bottom = await lastLine(context, pane.id);
    if (pane.inMode || (editor === "vim" ? VIM_BUSY.test(bottom.trim()) : bottom.trim() !== "")) {
      throw new FollowError(`not opened: ${pane.command} in ${pane.id} is busy (not in normal mode); ${where}`);
    }
    if (editor === "vim") {
      await context.tmux(["send-keys", "-t", pane.id, "-l", `:${vimEditCommand(path, line)}`]);
    } else {
      const lisp = `(progn (find-file ${lispString(path)}) (goto-char (point-min)) (forward-line ${(line ?? 1) - 1}))`;
      await context.tmux(["send-keys", "-t", pane.id, "M-:"]);
      await context.tmux(["send-keys", "-t", pane.id, "-l", lisp]);
    }
    await context.tmux(["send-keys", "-t", pane.id, "Enter"]);
    return `${where} in ${pane.command} (${pane.id})`;
  }
  if (!context.paneId) throw new FollowError(`not opened: no editor beside the pane outside tmux; ${where}`);
  const editor = context.env.VISUAL || context.env.EDITOR || "vi";
  // The path and line are the shell's positional parameters: nothing of them is parsed by the shell or tmux.
  await context.tmux([
    "split-window",
    "-h",
    "-b",
    "-t",
    context.paneId,
    "sh",
    "-c",
    `${editor} "+$1" "$2"`,
    "sh",
    String(line ?? 1),
    path,
  ]);
  return `${where} in a new ${editor.split(/\s+/)[0]} pane`;
}
