// Our client against the scripted SDK 2.4.0 agent as a real child process: the standard updates arrive as
// typed events, and the agent's fs and terminal requests get the answers the spec describes. Each agent
// request's answer is asserted as the agent received it (its `RESULT` lines).
import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resultsOf, startSdkAgent, text, updatesOf, type StartedSdkAgent } from "./start.js";

let root: string;
let cwd: string;
let started: StartedSdkAgent | undefined;

beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), "zc-pane-sdk-agent-")));
  cwd = join(root, "project");
  await mkdir(cwd);
  await writeFile(join(cwd, "notes.txt"), "one\ntwo\nthree\n");
  await writeFile(join(root, "secret.txt"), "top secret\n");
});

afterEach(async () => {
  await started?.client.dispose();
  started = undefined;
  await rm(root, { recursive: true, force: true });
});

/** Runs one prompt in a fresh session and returns the session's updates and the agent's RESULT lines. */
async function run(prompt: string) {
  started ??= await startSdkAgent();
  const { client, events } = started;
  const session = await client.newSession({ cwd });
  const result = await client.prompt(session.sessionId, text(prompt));
  expect(result.stopReason).toBe("end_turn");
  return {
    updates: updatesOf(events, session.sessionId),
    results: resultsOf(events, session.sessionId),
    events,
    sessionId: session.sessionId,
  };
}

describe("standard updates from the SDK agent", () => {
  it("plan: each update carries the whole plan", async () => {
    const { updates } = await run("plan");
    const plans = updates.filter((update) => update.sessionUpdate === "plan");
    expect(plans).toHaveLength(2);
    expect(plans[1]).toMatchObject({
      entries: [
        { content: "Read the code", status: "completed" },
        { status: "in_progress" },
        { status: "pending", priority: "low" },
      ],
    });
  });

  it("available_commands_update, session_info_update and usage_update keep their fields", async () => {
    expect((await run("commands")).updates).toContainEqual(
      expect.objectContaining({
        sessionUpdate: "available_commands_update",
        availableCommands: [
          expect.objectContaining({ name: "review", input: { hint: "what to review" } }),
          expect.objectContaining({ name: "test" }),
        ],
      }),
    );
    expect((await run("title Fix the flaky test")).updates).toContainEqual(
      expect.objectContaining({
        sessionUpdate: "session_info_update",
        title: "Fix the flaky test",
        updatedAt: "1970-01-01T00:00:00.000Z",
      }),
    );
    expect((await run("usage")).updates).toContainEqual(
      expect.objectContaining({
        sessionUpdate: "usage_update",
        used: 1200,
        size: 200000,
        cost: { amount: 0.01, currency: "USD" },
      }),
    );
  });
});

describe("fs requests answered by our client", () => {
  it("reads inside the session's directory, whole or by 1-based line and limit", async () => {
    expect((await run(`read ${join(cwd, "notes.txt")}`)).results).toEqual([
      { op: "read", ok: true, result: { content: "one\ntwo\nthree\n" } },
    ]);
    expect((await run(`read ${join(cwd, "notes.txt")} 2 1`)).results).toEqual([
      { op: "read", ok: true, result: { content: "two\n" } },
    ]);
  });

  it("refuses a read outside the session's directories with an error the agent sees", async () => {
    const [result] = (await run(`read ${join(root, "secret.txt")}`)).results;
    expect(result).toMatchObject({ op: "read", ok: false });
    expect(JSON.stringify(result)).not.toContain("top secret");
  });

  it("writes inside the session's directory (the file is on disk, the pane is told), and refuses outside", async () => {
    const target = join(cwd, "new.txt");
    const { results, events } = await run(`write ${target} hello from the agent`);
    expect(results).toEqual([{ op: "write", ok: true, result: {} }]);
    expect(await readFile(target, "utf8")).toBe("hello from the agent");
    expect(events).toContainEqual(
      expect.objectContaining({ type: "file-written", path: target, created: true, newText: "hello from the agent" }),
    );

    const [outside] = (await run(`write ${join(root, "evil.txt")} nope`)).results;
    expect(outside).toMatchObject({ op: "write", ok: false });
    await expect(readFile(join(root, "evil.txt"), "utf8")).rejects.toThrow();
  });
});

describe("terminal requests answered by our client", () => {
  it("create, wait_for_exit, output and release: the command's output and exit code", async () => {
    const [result] = (await run("terminal echo hello; echo oops >&2; exit 3")).results;
    expect(result).toMatchObject({
      op: "terminal",
      ok: true,
      result: { exit: { exitCode: 3 }, output: { truncated: false, exitStatus: { exitCode: 3 } } },
    });
    const output = (result as { result: { output: { output: string } } }).result.output.output;
    expect(output).toContain("hello\n");
    expect(output).toContain("oops\n");
  });

  it("cuts output over outputByteLimit from the start", async () => {
    const [result] = (await run("terminal-limit 10 printf 0123456789ABCDEFGHIJ")).results;
    expect(result).toMatchObject({ ok: true, result: { output: { output: "ABCDEFGHIJ", truncated: true } } });
  });

  it("kill ends a running command (the terminal stays readable), release forgets it", async () => {
    const [result] = (await run("kill")).results;
    expect(result).toMatchObject({
      op: "kill",
      ok: true,
      result: { running: { output: "started\n" }, after: { output: "started\n" }, outputAfterRelease: { ok: false } },
    });
    const exit = (result as { result: { exit: { exitCode?: number | null; signal?: string | null } } }).result.exit;
    expect(exit.signal ?? exit.exitCode).toBeTruthy();
  });
});
