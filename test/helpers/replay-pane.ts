import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { CLI } from "./demo-agent.js";
import { TmuxSession } from "./tmux.js";

/** The replay agent script (plain JS, run by node as a real child process). */
export const REPLAY_AGENT = resolve(import.meta.dirname, "replay-agent/replay-agent.mjs");

/** Real agents' wire captures, copied from the shared captures (see their README). */
export const CAPTURES = resolve(import.meta.dirname, "../fixtures/captures");

/** The `--agent-cmd` value that replays `capture` (a file name under {@link CAPTURES}). */
export function replayAgentCommand(capture: string): string {
  return `${process.execPath} ${REPLAY_AGENT} ${join(CAPTURES, capture)}`;
}

/** A pane in real tmux on the replay of `capture`, in a fresh cwd; `log` collects what the agent received. */
export async function openReplayPane(
  capture: string,
  size: { width: number; height: number },
): Promise<{ tmux: TmuxSession; cwd: string; received: () => Record<string, unknown>[] }> {
  const tmux = new TmuxSession(size.width, size.height);
  const cwd = mkdtempSync(join(tmpdir(), "zc-pane-replay-cwd-"));
  const log = join(tmux.home, "replay-received.jsonl");
  tmux.start(`${process.execPath} ${CLI} --cwd ${cwd} --agent-cmd '${replayAgentCommand(capture)}'`, {
    REPLAY_LOG: log,
  });
  await tmux.waitFor(/ready/, 15_000);
  const received = () => {
    try {
      return readFileSync(log, "utf8")
        .split("\n")
        .filter((line) => line !== "")
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    } catch {
      return [];
    }
  };
  return { tmux, cwd, received };
}

/** Types a prompt and sends it (Enter on its own, as a person types). */
export async function submitPrompt(tmux: TmuxSession, text: string): Promise<void> {
  tmux.type(text);
  await tmux.waitFor(text);
  tmux.send("Enter");
}

/**
 * Runs a turn to its end, answering `modals` permission modals with `key` as each opens (its hint line shows
 * `N-M pick`; the decision line `⚿ … →` printed into the transcript tells that it was answered). Returns the
 * screen and scrollback once the header says ready again.
 */
export async function runTurn(tmux: TmuxSession, prompt: string, key = "y", modals = 0): Promise<string> {
  const decisions = () => (tmux.history().match(/⚿ /g) ?? []).length;
  const before = decisions();
  await submitPrompt(tmux, prompt);
  for (let answered = 0; answered < modals; answered++) {
    await tmux.waitFor(/\d-\d pick/, 15_000);
    tmux.send(key);
    await tmux.waitFor(new RegExp(`(⚿ [^\\n]*\\n[^]*){${before + answered + 1}}`), 15_000, () => tmux.history());
  }
  await tmux.waitFor(/ready/, 15_000);
  return tmux.history();
}

/**
 * The captures' two-turn session ("Say hello", then "Do everything #all" with `modals` approvals answered
 * `y`) in a pane `width` columns wide; returns the scrollback and screen once the second turn is over.
 */
export async function replayTour(
  capture: string,
  width: number,
  modals: number,
): Promise<{ tmux: TmuxSession; rows: string; received: () => Record<string, unknown>[] }> {
  const { tmux, received } = await openReplayPane(capture, { width, height: 30 });
  try {
    await runTurn(tmux, "Say hello");
    await tmux.waitFor("I am the mock model", 15_000, () => tmux.history());
    await runTurn(tmux, "Do everything #all", "y", modals);
    const rows = await tmux.waitFor("All done.", 15_000, () => tmux.history());
    return { tmux, rows, received };
  } catch (error) {
    tmux.kill();
    throw error;
  }
}

/**
 * After a {@link replayTour}: focuses the shell row (Alt+Up twice: the tour's last rows are the write and the
 * edit) and expands it with Ctrl+O. Returns the screen once the expanded row shows under the header.
 */
export async function expandShellRow(tmux: TmuxSession): Promise<string> {
  tmux.send("M-Up");
  tmux.send("M-Up");
  // The focused row shows under the header line (▸: it can be expanded) before it is.
  await tmux.waitFor(/ready\n✓ ▸ \$ /, 10_000);
  tmux.send("C-o");
  return tmux.waitFor(/ready\n✓ ▾ \$ [^\n]*\n {2}\S/, 10_000);
}

/** Ctrl+R on the expanded row: its raw JSON; Ctrl+R again: its output. Returns the raw screen. */
export async function toggleRaw(tmux: TmuxSession): Promise<string> {
  tmux.send("C-r");
  const raw = await tmux.waitFor(/▾ \$ [^\n]*\n {2}raw, as the agent sent it\n/, 10_000);
  tmux.send("C-r");
  await tmux.waitFor(/ready\n✓ ▾ \$ [^\n]*\n {2}(?!raw)\S/, 10_000);
  return raw;
}
