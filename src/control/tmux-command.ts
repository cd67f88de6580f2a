import { execFile } from "node:child_process";

/** Runs `tmux ARGS…` and resolves with its stdout; rejects when tmux fails (no server, unknown target). */
export type TmuxRunner = (args: readonly string[]) => Promise<string>;

/** tmux answers in milliseconds; a hung server must not hang the pane or `send`. */
const TMUX_TIMEOUT_MS = 3000;

/**
 * The real runner: `tmux` from PATH, which finds the server through `$TMUX` as any command run in a pane
 * does. No shell is involved, so no argument is ever interpreted.
 */
export const runTmux: TmuxRunner = (args) =>
  new Promise((resolve, reject) => {
    execFile(
      "tmux",
      [...args],
      { encoding: "utf8", timeout: TMUX_TIMEOUT_MS, windowsHide: true },
      (error, stdout, stderr) => {
        if (error) reject(new Error(stderr.trim() || error.message));
        else resolve(stdout);
      },
    );
  });
