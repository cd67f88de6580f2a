import { afterEach, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { writeLoadReplay } from "../helpers/captures.js";
import { CLI } from "../helpers/demo-agent.js";
import { expandShellRow, REPLAY_AGENT, replayTour, toggleRaw } from "../helpers/replay-pane.js";
import { TmuxSession } from "../helpers/tmux.js";

/** @google/gemini-cli 0.61.0 --acp, replayed from its capture, in the pane in real tmux (issue 12). */
let tmux: TmuxSession | undefined;
let resumed: TmuxSession | undefined;
afterEach(() => {
  tmux?.kill();
  resumed?.kill();
  resumed = undefined;
});

for (const width of [40, 90]) {
  describe(`gemini-cli at ${width} columns`, () => {
    it("shows the shell row with its command once, the edits with their diffs, and every decision", async () => {
      const tour = await replayTour("gemini-cli.jsonl", width, 3);
      tmux = tour.tmux;
      const { rows } = tour;
      // The thought's bold headline is read, not shown as **, with how many more lines Ctrl+O shows.
      expect(rows).toMatch(/✻ Planning \(\+1 line\)/);
      expect(rows).not.toContain("**");
      // Gemini sends no tool_call before its permission request: the row starts from the request's update.
      expect(rows).toMatch(/✓ \$ printf 'hello from mock/);
      // Gemini sends the call only finished: it is timed from the approval (it had no duration at all).
      expect(rows).toMatch(/✓ \$ printf 'hello[^\n]* done \d+\.\ds\n/);
      expect(rows).not.toMatch(/execute printf 'hello/);
      expect(rows).toMatch(/✓ ✎ Writing to/);
      expect(rows).toMatch(/\+line 2 \(edited\)/);
      expect(rows.match(/⚿ .* → Allow/g)).toHaveLength(3);
      // The replay runs as `node replay-agent.mjs`: the missing-file quirk follows the agentInfo.name
      // "gemini-cli" of its initialize answer, so the read before the new file's write found it empty.
      const answers = tour.received().filter((message) => message.method === undefined);
      expect(answers.some((message) => (message.result as { content?: unknown } | undefined)?.content === "")).toBe(
        true,
      );
      expect(answers.some((message) => message.error !== undefined)).toBe(false);
      // Gemini reports no output for its own shell call (`content: []`): Ctrl+O says so rather than nothing.
      const expanded = await expandShellRow(tmux);
      expect(expanded).toMatch(/▾ \$ [^\n]*\n {2}no output reported by the agent\n/);
      expect(await toggleRaw(tmux)).toMatch(/"content": \[\]/);
    });
  });
}

describe("gemini-cli --resume", () => {
  it("shows the history once: the journal, never gemini's session/load replay of it", async () => {
    const tour = await replayTour("gemini-cli.jsonl", 90, 3);
    tmux = tour.tmux;
    const first = tmux;
    first.send("C-c");
    await first.waitFor(/again to quit/);
    first.send("C-c");
    const quit = await first.waitFor(/zc-pane --resume ([0-9a-f-]+)/, 10_000, () => first.history());
    const id = /zc-pane --resume ([0-9a-f-]+)/.exec(quit)![1]!;
    // Gemini has no session/resume: the pane loads, and gemini replays the conversation as it does.
    const script = join(first.home, "gemini-load.jsonl");
    writeLoadReplay("gemini-cli.jsonl", script);
    const log = join(first.home, "load-received.jsonl");
    resumed = new TmuxSession(90, 30, first.home);
    const second = resumed;
    second.start(
      `${process.execPath} ${CLI} --resume ${id} --agent-cmd '${process.execPath} ${REPLAY_AGENT} ${script}'`,
      {
        REPLAY_LOG: log,
      },
    );
    const shown = await second.waitFor(/resumed[^\n]*\n[\s\S]*ready/, 20_000, () => second.history());
    expect(shown.match(/› Say hello/g)).toHaveLength(1);
    expect(shown.match(/I am the mock model/g)).toHaveLength(1);
    expect(shown.match(/✓ \$ printf 'hello from mock/g)).toHaveLength(1);
    expect(shown).not.toContain("[Function Response");
    expect(shown).not.toMatch(/cannot resume sessions/);
    // The replay did run: the agent was asked to load, and answered after replaying.
    const received = readFileSync(log, "utf8");
    expect(received).toContain('"method":"session/load"');
    // The journal kept the replay apart from the conversation: resumed again, the history is still shown once.
    second.send("C-c");
    await second.waitFor(/again to quit/);
    second.send("C-c");
    await second.waitFor(/\[exited 0\]/, 10_000, () => second.history());
    second.kill();
    resumed = new TmuxSession(90, 30, first.home);
    const third = resumed;
    third.start(
      `${process.execPath} ${CLI} --resume ${id} --agent-cmd '${process.execPath} ${REPLAY_AGENT} ${script}'`,
    );
    const again = await third.waitFor(/resumed[^\n]*\n[\s\S]*ready/, 20_000, () => third.history());
    expect(again.match(/› Say hello/g)).toHaveLength(1);
    expect(again.match(/I am the mock model/g)).toHaveLength(1);
    expect(again).not.toContain("[Function Response");
  });
});
