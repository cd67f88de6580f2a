import { afterEach, describe, expect, it } from "vitest";
import { CLI } from "../helpers/demo-agent.js";
import { sdkAgentCommandLine } from "../helpers/sdk-agent/start.js";
import { TmuxSession } from "../helpers/tmux.js";

/**
 * A command's whole output on Ctrl+O and in the history view (Ctrl+T), not only its last 8 KiB, in a real
 * tmux against the SDK 2.4.0 agent: our own terminal/* (its `run` script) and an agent-side command whose
 * output streams in `_meta.terminal_output` (its `shell` script); past the kept few MiB, the start is said
 * not kept.
 */
let tmux: TmuxSession | undefined;
afterEach(() => {
  tmux?.kill();
  tmux = undefined;
});

async function runToEnd(session: TmuxSession, prompt: string): Promise<void> {
  session.type(prompt);
  await session.waitFor(prompt);
  session.send("Enter");
  await session.waitFor(/RESULT {"op":"run"|^ran seq/m, 30_000, () => session.history());
  await session.waitFor(/ready/, 30_000);
}

/** `seq 1 N` as lines: `1` … `N`, each alone on its line (indented under the row). */
const seqLine = (n: number) => new RegExp(`^\\s+${n}\\s*$`, "m");
/** The same line in the history view, where an expanded entry's lines are marked `│` (`▶` under the cursor). */
const historyLine = (n: number) => new RegExp(`^[│▶]\\s+${n}\\s*$`, "m");

function start(): TmuxSession {
  const session = (tmux = new TmuxSession(70, 40));
  session.start(`${process.execPath} ${CLI} --agent-cmd ${JSON.stringify(sdkAgentCommandLine())}`);
  return session;
}

describe("a command's whole output", () => {
  it.each([
    ["our terminal/*", "run"],
    ["the agent's _meta.terminal_output", "shell"],
  ])(
    "%s: Ctrl+O shows it from its first line, the history view all of it",
    async (_kind, script) => {
      const session = start();
      await session.waitFor(/ready/, 20_000);
      // 23.9 KB of output: its first lines were long gone from the 8 KiB the pane used to keep.
      await runToEnd(session, `${script} seq 1 5000`);
      session.send("C-o");
      const expanded = await session.waitFor(seqLine(1));
      for (const n of [2, 3]) expect(expanded).toMatch(seqLine(n));
      expect(expanded).toMatch(/… \d+ more lines/);
      expect(expanded).not.toMatch(/earlier not kept/);

      // The history view: the row expanded holds every line; search finds one from the middle.
      session.send("C-t");
      await session.waitFor(/^History · turn 1 of 1/m);
      session.send("{");
      await session.waitFor(/▶.*seq 1 5000/);
      session.send("Enter");
      await session.waitFor(historyLine(1));
      session.send("/");
      await session.waitFor("/▏");
      session.type("2500");
      await session.waitFor("/2500▏");
      session.send("Enter");
      await session.waitFor(/2500 1\/1/);
      await session.waitFor(historyLine(2500));
    },
    90_000,
  );

  it("past the few MiB kept, the expanded row starts with what was not kept", async () => {
    const session = start();
    await session.waitFor(/ready/, 20_000);
    // 2.7 MB: more than the pane keeps of one command.
    await runToEnd(session, "run seq 1 400000");
    session.send("C-o");
    const expanded = await session.waitFor(/… [\d.]+ (KiB|MiB) earlier not kept/, 15_000);
    expect(expanded).not.toMatch(seqLine(1));
    // What follows the note is a whole line of the kept end, not half of one.
    const first = /… [\d.]+ (?:KiB|MiB) earlier not kept\s*\n\s+(\d+)\s*\n\s+(\d+)/.exec(expanded);
    expect(Number(first?.[2])).toBe(Number(first?.[1]) + 1);
    expect(Number(first?.[1])).toBeGreaterThan(50_000);
  }, 90_000);
});
