import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CLI } from "../helpers/demo-agent.js";
import { TmuxSession } from "../helpers/tmux.js";

const sessions: TmuxSession[] = [];
afterEach(() => {
  for (const session of sessions.splice(0)) session.kill();
});

function pane(config?: object): TmuxSession {
  const session = new TmuxSession(60, 16);
  sessions.push(session);
  if (config) {
    mkdirSync(join(session.home, "config", "zc-pane"), { recursive: true });
    writeFileSync(join(session.home, "config", "zc-pane", "config.json"), JSON.stringify(config));
  }
  session.start(`${process.execPath} ${CLI} --demo`);
  return session;
}

/** The input line: the last line that starts with the prompt marker. */
function inputLine(screen: string): string {
  return (
    screen
      .split("\n")
      .filter((line) => line.startsWith("> "))
      .pop() ?? ""
  );
}

describe("keys in a real tmux", () => {
  it("two Backspaces that arrive in one read delete two characters", async () => {
    const session = pane();
    await session.waitFor(/ready/, 20_000);
    session.type("abcd");
    await session.waitFor("abcd");
    // One send-keys command: tmux writes both DEL bytes to the pane's terminal at once.
    session.send("BSpace", "BSpace");
    await session.waitFor(/^> ab\s*$/m);
    expect(inputLine(session.screen())).toMatch(/^> ab\s*$/);
  });

  it("Enter and Ctrl+T that arrive in one read send the prompt and open the history view", async () => {
    const session = pane();
    await session.waitFor(/ready/, 20_000);
    session.type("think");
    await session.waitFor("> think");
    // One send-keys command: tmux writes CR and Ctrl+T to the pane's terminal at once (a busy machine's read).
    session.send("Enter", "C-t");
    await session.waitFor(/^History · /m, 15_000);
    await session.waitFor("› think");
  });

  it("applies the keys of config.json: submit rebound to ctrl+n sends the prompt", async () => {
    const session = pane({ keys: { "input.submit": ["ctrl+n"] } });
    await session.waitFor(/ready/, 20_000);
    session.type("plan rebound");
    await session.waitFor("plan rebound");
    session.send("C-n");
    await session.waitFor(/› plan rebound/, 15_000, () => session.history());
  });
});
