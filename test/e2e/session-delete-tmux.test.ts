import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { journalPath } from "../../src/state/persistence/session-entry.js";
import { CLI } from "../helpers/demo-agent.js";
import { sdkAgentCommandLine } from "../helpers/sdk-agent/start.js";
import { TmuxSession } from "../helpers/tmux.js";

/**
 * Deleting a session from `/sessions` in a real tmux: with the SDK 2.4.0 agent (`--store`, which offers
 * session/delete) the agent forgets it and the local record goes; with the demo agent (ZeroClaw offers no
 * session/delete) the question says so and only the local record goes.
 */
const sessions: TmuxSession[] = [];
afterEach(() => {
  for (const session of sessions.splice(0)) session.kill();
});

function open(home?: string): TmuxSession {
  const session = new TmuxSession(100, 24, home);
  sessions.push(session);
  return session;
}

/** The screen as one line: a question wrapped by the picker reads as written. */
const flat = (session: TmuxSession) => () => session.screen().replace(/\n/g, " ");
const stateDir = (session: TmuxSession) => join(session.home, "state", "zc-pane");
const indexIds = (session: TmuxSession) =>
  (
    JSON.parse(readFileSync(join(stateDir(session), "sessions.json"), "utf8")) as { sessions: { id: string }[] }
  ).sessions.map((entry) => entry.id);

/** Runs one turn in a new pane and quits: the session is then in the local index with its journal. */
async function recordOneSession(session: TmuxSession, command: string, prompt: string, answer: RegExp) {
  session.start(command);
  await session.waitFor(/ready/, 20_000);
  session.type(prompt);
  await session.waitFor(prompt);
  session.send("Enter");
  await session.waitFor(answer, 20_000);
  await session.waitFor(/ready/, 20_000);
  session.send("C-c");
  await session.waitFor(/again to quit/);
  session.send("C-c");
  await session.waitFor(/\[exited 0\]/, 10_000, () => session.history());
  const [id] = indexIds(session);
  expect(existsSync(journalPath(stateDir(session), id!))).toBe(true);
  return id!;
}

/** The picker's highlighted line. */
const highlighted = (session: TmuxSession) =>
  session
    .screen()
    .split("\n")
    .find((row) => row.startsWith("›")) ?? "";

/** Opens `/sessions` (unless it is open) and moves the highlight to the line that matches `line`. */
async function pick(session: TmuxSession, line: RegExp) {
  if (!/Sessions \(\d+\)/.test(session.screen())) {
    session.type("/sessions");
    await session.waitFor("/sessions");
    session.send("Enter");
  }
  await session.waitFor(/Sessions \(\d+\)/, 15_000);
  for (let moves = 0; moves < 5 && !line.test(highlighted(session)); moves++) {
    session.send("Down");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await session.waitFor(new RegExp(`›.*${line.source}`));
}

describe("deleting a session from /sessions", () => {
  it("asks the SDK agent to delete it (session/delete) and removes the local record", async () => {
    const first = open();
    const store = join(first.home, "agent-store.json");
    writeFileSync(store, "[]");
    const command = `${process.execPath} ${CLI} --agent-cmd ${JSON.stringify(sdkAgentCommandLine(["--store", store]))}`;
    const id = await recordOneSession(first, command, "hello there", /You said: hello there/);
    // The agent keeps it too (it saves nothing on session/new), beside one only the agent knows.
    writeFileSync(
      store,
      JSON.stringify([
        { sessionId: id, cwd: first.home, title: "hello there", updatedAt: new Date().toISOString() },
        { sessionId: "aaaa1111-2222-4333-8444-555566667777", cwd: first.home, title: "Fix the login" },
      ]),
    );

    const second = open(first.home);
    second.start(command);
    await second.waitFor(/ready/, 20_000);
    await pick(second, new RegExp(id.slice(0, 8)));
    second.send("d");
    await second.waitFor(
      `delete ${id.slice(0, 8)} “hello there” at SDK test agent and its local transcript? (y/n)`,
      10_000,
      flat(second),
    );
    second.send("y");
    await second.waitFor(`deleted ${id.slice(0, 8)}: at SDK test agent and its local record and transcript`, 15_000);
    const stored = JSON.parse(readFileSync(store, "utf8")) as { sessionId: string }[];
    expect(stored.map((session) => session.sessionId)).toEqual(["aaaa1111-2222-4333-8444-555566667777"]);
    expect(indexIds(second)).not.toContain(id);
    expect(existsSync(journalPath(stateDir(second), id))).toBe(false);
    // The picker read the list again: the agent's own session is still offered, the deleted one is gone.
    await second.waitFor(/Sessions \(2\)[\s\S]*Fix the login \(agent\)/);
    expect(second.screen()).not.toMatch(new RegExp(`^[ ›][ •]${id.slice(0, 8)}`, "m"));

    // One only the agent knows: deleted there; nothing local to delete.
    await pick(second, /Fix the login/);
    second.send("d");
    await second.waitFor("delete aaaa1111 “Fix the login” at SDK test agent? (y/n)", 10_000, flat(second));
    second.send("y");
    await second.waitFor("deleted aaaa1111: at SDK test agent", 15_000);
    expect(JSON.parse(readFileSync(store, "utf8"))).toEqual([]);
  }, 90_000);

  it("with the demo agent (no session/delete), says so and deletes only the local record", async () => {
    const first = open();
    const id = await recordOneSession(first, `${process.execPath} ${CLI} --demo`, "think", /Done thinking/);

    const second = open(first.home);
    second.start(`${process.execPath} ${CLI} --demo`);
    await second.waitFor(/ready/, 20_000);
    await pick(second, new RegExp(id.slice(0, 8)));
    second.send("d");
    await second.waitFor(
      `ZeroClaw ACP (zc-pane demo) cannot delete sessions (no session/delete): delete only the local record of ${id.slice(0, 8)} “think”? (y/n)`,
      10_000,
      flat(second),
    );
    second.send("n");
    await second.waitFor(/↑↓ · ⏎ resume · d delete · esc close/);
    expect(indexIds(second)).toContain(id);
    second.send("d");
    await second.waitFor(/\(y\/n\)/);
    second.send("y");
    await second.waitFor(`deleted ${id.slice(0, 8)}: its local record and transcript`, 15_000);
    expect(indexIds(second)).not.toContain(id);
    expect(existsSync(journalPath(stateDir(second), id))).toBe(false);
  }, 90_000);
});
