import { mkdir, symlink } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ClientEvent } from "../../../src/client/events.js";
import { eventually, isRunning, makeTempDir, startScriptedAgent, type ScriptedAgent } from "./scripted-agent.js";

const NODE = process.execPath;

/** A child that starts a grandchild in its own process group, prints both pids, and runs until killed. */
const PARENT_WITH_GRANDCHILD = `
const { spawn } = require("node:child_process");
const grandchild = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
console.log(JSON.stringify({ child: process.pid, grandchild: grandchild.pid }));
setInterval(() => {}, 1000);
`;

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let cwd: string;
let agent: ScriptedAgent | undefined;

beforeEach(async () => {
  temp = await makeTempDir("zc-pane-term-");
  cwd = join(temp.path, "project");
  await mkdir(join(cwd, "sub"), { recursive: true });
  await mkdir(join(temp.path, "outside"));
  agent = await startScriptedAgent({ cwd });
});

afterEach(async () => {
  await agent?.client.dispose();
  agent = undefined;
  await temp.remove();
});

function me(): ScriptedAgent {
  return agent!;
}

async function create(params: Record<string, unknown>): Promise<string> {
  const answer = await me().call("terminal/create", { sessionId: me().sessionId, ...params });
  const terminalId = (answer.result as { terminalId?: unknown } | undefined)?.terminalId;
  if (typeof terminalId !== "string") throw new Error(`terminal/create failed: ${JSON.stringify(answer)}`);
  return terminalId;
}

function ref(terminalId: string) {
  return { sessionId: me().sessionId, terminalId };
}

async function outputOf(terminalId: string): Promise<{ output: string; truncated: boolean; exitStatus?: unknown }> {
  return (await me().call("terminal/output", ref(terminalId))).result as {
    output: string;
    truncated: boolean;
    exitStatus?: unknown;
  };
}

/** Waits until the terminal printed a line of JSON (the pids) and returns it parsed. */
async function pidsOf(terminalId: string): Promise<{ child: number; grandchild: number }> {
  let line = "";
  const printed = await eventually(async () => {
    line = (await outputOf(terminalId)).output;
    return line.includes("\n");
  });
  if (!printed) throw new Error("the child never printed its pids");
  return JSON.parse(line) as { child: number; grandchild: number };
}

function terminalEvents(events: ClientEvent[], terminalId: string) {
  return events.filter(
    (event) => event.type.startsWith("terminal-") && (event as { terminalId?: string }).terminalId === terminalId,
  );
}

describe("terminal/create, output, wait_for_exit", () => {
  it("runs the command, merges stdout and stderr in arrival order, and reports the exit code", async () => {
    const script =
      "process.stdout.write('out\\n'); setTimeout(() => { process.stderr.write('err\\n'); process.exit(3); }, 50);";
    const created = await me().call(
      "terminal/create",
      { sessionId: me().sessionId, command: NODE, args: ["-e", script] },
      "c1",
    );
    expect(created).toEqual({ jsonrpc: "2.0", id: "c1", result: { terminalId: "term-1" } });
    expect(await me().call("terminal/wait_for_exit", ref("term-1"), "w1")).toEqual({
      jsonrpc: "2.0",
      id: "w1",
      result: { exitCode: 3, signal: null },
    });
    expect(await me().call("terminal/output", ref("term-1"), "o1")).toEqual({
      jsonrpc: "2.0",
      id: "o1",
      result: { output: "out\nerr\n", truncated: false, exitStatus: { exitCode: 3, signal: null } },
    });
  });

  it("reports the signal of a process that was killed by one", async () => {
    const id = await create({
      command: NODE,
      args: ["-e", "process.kill(process.pid, 'SIGTERM'); setInterval(() => {}, 1000);"],
    });
    expect((await me().call("terminal/wait_for_exit", ref(id))).result).toEqual({ exitCode: null, signal: "SIGTERM" });
  });

  it("leaves out exitStatus while the command runs", async () => {
    const id = await create({ command: NODE, args: ["-e", "console.log('up'); setInterval(() => {}, 1000);"] });
    await eventually(async () => (await outputOf(id)).output === "up\n");
    expect(await outputOf(id)).toEqual({ output: "up\n", truncated: false });
  });

  it("adds env to ours and runs in the given cwd, which must be inside the roots", async () => {
    const id = await create({
      command: NODE,
      args: ["-e", "console.log(process.env.ZC_CAP_TEST, process.env.PATH ? 'path' : 'nopath', process.cwd())"],
      env: [{ name: "ZC_CAP_TEST", value: "hello" }],
      cwd: join(cwd, "sub"),
    });
    await me().call("terminal/wait_for_exit", ref(id));
    expect((await outputOf(id)).output).toBe(`hello path ${join(cwd, "sub")}\n`);

    const defaulted = await create({ command: NODE, args: ["-e", "console.log(process.cwd())"] });
    await me().call("terminal/wait_for_exit", ref(defaulted));
    expect((await outputOf(defaulted)).output).toBe(`${cwd}\n`);

    const outside = join(temp.path, "outside");
    expect(
      await me().call("terminal/create", { sessionId: me().sessionId, command: NODE, cwd: outside }, "bad"),
    ).toEqual({
      jsonrpc: "2.0",
      id: "bad",
      error: {
        code: -32602,
        message: `Invalid params: ${outside} is outside the session's directories; allowed: ${cwd}`,
        data: { path: outside, allowedRoots: [cwd] },
      },
    });
    await symlink(outside, join(cwd, "escape"));
    expect(
      (await me().call("terminal/create", { sessionId: me().sessionId, command: NODE, cwd: join(cwd, "escape") }))
        .error,
    ).toMatchObject({ code: -32602 });
    expect(
      (await me().call("terminal/create", { sessionId: me().sessionId, command: NODE, cwd: join(cwd, "missing") }))
        .error,
    ).toEqual({
      code: -32602,
      message: `Invalid params: cwd ${join(cwd, "missing")} is not an existing directory`,
      data: { cwd: join(cwd, "missing") },
    });
  });

  it("runs a command line without args through the shell", async () => {
    const id = await create({ command: "echo one && echo two | tr a-z A-Z" });
    expect((await me().call("terminal/wait_for_exit", ref(id))).result).toEqual({ exitCode: 0, signal: null });
    expect((await outputOf(id)).output).toBe("one\nTWO\n");
  });

  it("answers -32603 when the program cannot be started, and -32002 for an unknown session", async () => {
    expect(
      (await me().call("terminal/create", { sessionId: me().sessionId, command: "/no/such/program", args: ["x"] }))
        .error,
    ).toMatchObject({
      code: -32603,
      message: expect.stringMatching(/^Internal error: cannot run \/no\/such\/program: .*ENOENT/),
    });
    expect(await me().call("terminal/create", { sessionId: "ghost", command: NODE }, 4)).toEqual({
      jsonrpc: "2.0",
      id: 4,
      error: {
        code: -32002,
        message: "Resource not found: session ghost is not open in this client",
        data: { sessionId: "ghost" },
      },
    });
  });
});

describe("outputByteLimit", () => {
  it("cuts from the start on a UTF-8 character boundary and sets truncated", async () => {
    // "abc" + ten "é" (2 bytes each) = 23 bytes; the last 11 bytes start inside an "é", so 10 are kept.
    const id = await create({
      command: NODE,
      args: ["-e", "process.stdout.write('abc' + 'é'.repeat(10))"],
      outputByteLimit: 11,
    });
    await me().call("terminal/wait_for_exit", ref(id));
    expect(await outputOf(id)).toEqual({
      output: "é".repeat(5),
      truncated: true,
      exitStatus: { exitCode: 0, signal: null },
    });
  });

  it("joins a character split across two writes before cutting", async () => {
    const script =
      "process.stdout.write(Buffer.from([0x41, 0xc3])); setTimeout(() => process.stdout.write(Buffer.from([0xa9, 0x42])), 30);";
    const id = await create({ command: NODE, args: ["-e", script], outputByteLimit: 3 });
    await me().call("terminal/wait_for_exit", ref(id));
    expect(await outputOf(id)).toEqual({ output: "éB", truncated: true, exitStatus: { exitCode: 0, signal: null } });
  });

  it("keeps everything under the limit untouched", async () => {
    const id = await create({
      command: NODE,
      args: ["-e", "process.stdout.write('é'.repeat(10))"],
      outputByteLimit: 20,
    });
    await me().call("terminal/wait_for_exit", ref(id));
    expect((await outputOf(id)).truncated).toBe(false);
    expect((await outputOf(id)).output).toBe("é".repeat(10));
  });
});

describe("terminal/kill and terminal/release", () => {
  it("kill ends the command but keeps the terminal and its output readable", async () => {
    const id = await create({ command: NODE, args: ["-e", "console.log('ready'); setInterval(() => {}, 1000);"] });
    await eventually(async () => (await outputOf(id)).output === "ready\n");
    expect(await me().call("terminal/kill", ref(id), "k")).toEqual({ jsonrpc: "2.0", id: "k", result: {} });
    expect(await outputOf(id)).toEqual({
      output: "ready\n",
      truncated: false,
      exitStatus: { exitCode: null, signal: "SIGTERM" },
    });
    expect((await me().call("terminal/wait_for_exit", ref(id))).result).toEqual({ exitCode: null, signal: "SIGTERM" });
    expect((await me().call("terminal/kill", ref(id))).result).toEqual({});
  });

  it("release kills the whole process group (child and grandchild) and frees the id", async () => {
    const id = await create({ command: NODE, args: ["-e", PARENT_WITH_GRANDCHILD] });
    const { child, grandchild } = await pidsOf(id);
    expect(isRunning(child) && isRunning(grandchild)).toBe(true);
    expect(await me().call("terminal/release", ref(id), "rel")).toEqual({ jsonrpc: "2.0", id: "rel", result: {} });
    expect(await eventually(() => !isRunning(child) && !isRunning(grandchild))).toBe(true);
    for (const method of ["terminal/output", "terminal/wait_for_exit", "terminal/kill", "terminal/release"]) {
      expect(await me().call(method, ref(id), `after-${method}`)).toEqual({
        jsonrpc: "2.0",
        id: `after-${method}`,
        error: {
          code: -32002,
          message: `Resource not found: terminal ${id} does not exist or was released`,
          data: { terminalId: id },
        },
      });
    }
  });

  it("release also ends a grandchild left behind after the command itself exited", async () => {
    const script = `
const { spawn } = require("node:child_process");
const grandchild = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
grandchild.unref();
console.log(JSON.stringify({ child: process.pid, grandchild: grandchild.pid }));
`;
    const id = await create({ command: NODE, args: ["-e", script] });
    const { grandchild } = await pidsOf(id);
    expect((await me().call("terminal/wait_for_exit", ref(id))).result).toEqual({ exitCode: 0, signal: null });
    expect(isRunning(grandchild)).toBe(true);
    await me().call("terminal/release", ref(id));
    expect(await eventually(() => !isRunning(grandchild))).toBe(true);
  });

  it("client.dispose() kills every terminal's process group", async () => {
    const first = await pidsOf(await create({ command: NODE, args: ["-e", PARENT_WITH_GRANDCHILD] }));
    const second = await pidsOf(await create({ command: NODE, args: ["-e", PARENT_WITH_GRANDCHILD] }));
    await me().client.dispose();
    const pids = [first.child, first.grandchild, second.child, second.grandchild];
    expect(await eventually(() => pids.every((pid) => !isRunning(pid)))).toBe(true);
  });

  it("a lost connection kills the terminals too: their ids died with it", async () => {
    const { child, grandchild } = await pidsOf(await create({ command: NODE, args: ["-e", PARENT_WITH_GRANDCHILD] }));
    me().transport.drop();
    expect(await eventually(() => !isRunning(child) && !isRunning(grandchild))).toBe(true);
  });

  it("closing the session releases its terminals", async () => {
    const id = await create({ command: NODE, args: ["-e", PARENT_WITH_GRANDCHILD] });
    const { child, grandchild } = await pidsOf(id);
    // The scripted agent has no session/close capability, so the session is only forgotten locally.
    await expect(me().client.closeSession(me().sessionId)).resolves.toBe(false);
    expect(await eventually(() => !isRunning(child) && !isRunning(grandchild))).toBe(true);
    expect(me().events.some((event) => event.type === "terminal-released" && event.terminalId === id)).toBe(true);
    expect((await me().call("terminal/output", ref(id))).error).toMatchObject({
      code: -32002,
      data: { sessionId: me().sessionId },
    });
  });
});

describe("cancellation", () => {
  it("answers -32800 to a pending wait_for_exit when the agent sends $/cancel_request, leaving the command running", async () => {
    const id = await create({ command: NODE, args: ["-e", "setInterval(() => {}, 1000);"] });
    me().send("terminal/wait_for_exit", ref(id), "wait-1");
    me().transport.deliver({ jsonrpc: "2.0", method: "$/cancel_request", params: { requestId: "wait-1" } });
    expect(await me().answer("wait-1")).toEqual({
      jsonrpc: "2.0",
      id: "wait-1",
      error: { code: -32800, message: "Request cancelled" },
    });
    expect((await outputOf(id)).exitStatus).toBeUndefined();
  });
});

describe("events for the pane", () => {
  it("emits created, throttled output chunks that add up to the output, exited after the last chunk, and released", async () => {
    const script =
      "let n = 0; const t = setInterval(() => { console.log('tick ' + n); if (++n === 20) { clearInterval(t); } }, 10);";
    const id = await create({ command: NODE, args: ["-e", script] });
    await me().call("terminal/wait_for_exit", ref(id));
    await me().call("terminal/release", ref(id));
    const events = terminalEvents(me().events, id);
    const expected = Array.from({ length: 20 }, (_, n) => `tick ${n}\n`).join("");
    expect(events[0]).toEqual({
      type: "terminal-created",
      sessionId: me().sessionId,
      terminalId: id,
      command: NODE,
      args: ["-e", script],
      cwd,
    });
    const chunks = events.filter((event) => event.type === "terminal-output");
    expect(chunks.map((event) => (event.type === "terminal-output" ? event.chunk : "")).join("")).toBe(expected);
    // 20 lines over ~200 ms at most ~10 events a second: far fewer events than lines.
    expect(chunks.length).toBeLessThan(10);
    expect(events.slice(-2)).toEqual([
      { type: "terminal-exited", sessionId: me().sessionId, terminalId: id, exitStatus: { exitCode: 0, signal: null } },
      { type: "terminal-released", sessionId: me().sessionId, terminalId: id },
    ]);
  });
});

describe("switched off", () => {
  it("advertises terminal:false and answers -32601", async () => {
    await me().client.dispose();
    agent = await startScriptedAgent({ cwd, capabilities: { terminal: false } });
    expect(JSON.parse(agent.transport.sent[0]!)).toMatchObject({
      params: { clientCapabilities: { fs: { readTextFile: true, writeTextFile: true }, terminal: false } },
    });
    expect((await agent.call("terminal/create", { sessionId: agent.sessionId, command: NODE })).error).toEqual({
      code: -32601,
      message: "Method not found: terminal/create is not offered to this agent",
    });
  });

  it("under a flood, an event holds at most the pane's 2 MiB and says how many bytes before it were dropped", async () => {
    // 16 MiB written at once: more than 2 MiB arrives between two events (100 ms) even on a slow machine.
    const script = "process.stdout.write('z'.repeat(16 * 1024 * 1024))";
    const id = await create({ command: NODE, args: ["-e", script], outputByteLimit: 1024 });
    await me().call("terminal/wait_for_exit", ref(id));
    const chunks = terminalEvents(me().events, id).flatMap((event) =>
      event.type === "terminal-output" ? [{ chunk: event.chunk, droppedBytes: event.droppedBytes }] : [],
    );
    for (const { chunk } of chunks) expect(chunk.length).toBeLessThanOrEqual(2 * 1024 * 1024);
    const dropped = chunks.reduce((sum, { droppedBytes }) => sum + droppedBytes, 0);
    const shown = chunks.reduce((sum, { chunk }) => sum + chunk.length, 0);
    expect(dropped).toBeGreaterThan(0);
    expect(dropped + shown).toBe(16 * 1024 * 1024);
  });
});
