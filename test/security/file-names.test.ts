import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { afterEach, describe, expect, it } from "vitest";
import { CLI } from "../helpers/demo-agent.js";
import { HostileFixture } from "../helpers/hostile/fixture.js";
import { HostilePane } from "../helpers/hostile/pane.js";

/**
 * File names are strings nobody sanitized: a file named with OSC 0 (set the title) or OSC 52 (write the
 * clipboard) in the session's directory must reach the terminal as neither, through `@` completion in the
 * pane, and through the attachments line of a prompt, live (`prompt --file`, stderr) and on `--resume` in
 * the pane. Real tmux; assertions on the raw bytes the pane wrote (pipe-pane) and on tmux's pane title.
 * `npm run build` first when running this file alone.
 */
let fixture: HostileFixture | undefined;
const panes: HostilePane[] = [];
afterEach(() => {
  for (const pane of panes.splice(0)) pane.kill();
  fixture?.remove();
  fixture = undefined;
});

const TITLE_NAME = "note\u001b]0;PWNED-TITLE\u0007.txt";
const CLIPBOARD_NAME = "note\u001b]52;c;cHduZWQ=\u0007.md";
/** The sequences the names carry; none may appear in anything written to the terminal. */
const SEQUENCES = ["\u001b]0;PWNED-TITLE", "\u001b]52;c;"];

function world(): HostileFixture {
  const f = (fixture = new HostileFixture({ prompt: [{ do: "text", text: "got it" }] }));
  for (const name of [TITLE_NAME, CLIPBOARD_NAME, "note-plain.txt"]) writeFileSync(join(f.project, name), "hi\n");
  return f;
}

function expectNoSequence(text: string): void {
  for (const sequence of SEQUENCES) expect(text).not.toContain(sequence);
}

describe("a file name holding OSC 0 / OSC 52", () => {
  it("@ completion in the pane lists the plain name and writes no escape sequence of the others", async () => {
    const f = world();
    const p = new HostilePane(f, 80, 24);
    panes.push(p);
    await p.start(["--agent-cmd", f.agentCommand]);
    p.send("-l", "@note");
    await p.waitFor("note-plain.txt");
    expectNoSequence(p.bytes());
    expect(p.tmuxFormat("#{pane_title}")).not.toContain("PWNED");
  });

  it("the attachments line carries none: live in the pane (zc-pane send --file), then on --resume", async () => {
    const f = world();
    const p = new HostilePane(f, 100, 24);
    panes.push(p);
    await p.start(["--agent-cmd", f.agentCommand]);
    const socket = join(process.env.TMUX_TMPDIR || "/tmp", `tmux-${process.getuid?.() ?? 0}`, p.socket);
    const sent = await execa(
      process.execPath,
      [CLI, "send", "--pane", p.tmuxFormat("#{pane_id}"), "--file", TITLE_NAME, "--file", CLIPBOARD_NAME, "read these"],
      { cwd: f.project, reject: false, extendEnv: false, env: f.env({ TMUX: `${socket},0,0` }) },
    );
    expect(sent.exitCode, sent.stderr).toBe(0);
    await p.waitFor("read these");
    p.send("Enter");
    await p.waitFor("got it");
    expect(p.history()).toMatch(/\+ \S*note\.txt, \S*note\.md/);
    expectNoSequence(p.bytes());
    expect(p.tmuxFormat("#{pane_title}")).not.toContain("PWNED");
    await p.submit("/quit");
    await p.waitFor("[exited 0]");

    const resumed = new HostilePane(f, 100, 24);
    panes.push(resumed);
    await resumed.start(["--resume", "hostile-1"]);
    await resumed.waitFor(/› read these[\s\S]*\+ \S*note\.txt, \S*note\.md/);
    expectNoSequence(resumed.bytes());
  });

  it("prompt --file prints none of them, and the pane on --resume shows the attachments line without them", async () => {
    const f = world();
    const result = await f.prompt([
      "--agent-cmd",
      f.agentCommand,
      "--file",
      join(f.project, TITLE_NAME),
      "--file",
      join(f.project, CLIPBOARD_NAME),
      "read these",
    ]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain("got it");
    expectNoSequence(result.stdout + result.stderr);
    // The agent did get both files, named in file:// uris (percent-encoded there: the agent is no terminal).
    const sent = JSON.stringify(f.received().filter((message) => message.method === "session/prompt"));
    expect(sent).toContain("note%1B%5D0;PWNED-TITLE%07.txt");
    expect(sent).toContain("note%1B%5D52;c;cHduZWQ=%07.md");

    const p = new HostilePane(f, 100, 24);
    panes.push(p);
    await p.start(["--resume", "hostile-1"]);
    const screen = await p.waitFor(/› read these[\s\S]*\+ note/);
    // Both names are on the attachments line, as text without their sequences.
    expect(screen).toMatch(/\+ \S*note\.txt, \S*note\.md/);
    expectNoSequence(p.bytes());
    expect(p.tmuxFormat("#{pane_title}")).not.toContain("PWNED");
  });
});
