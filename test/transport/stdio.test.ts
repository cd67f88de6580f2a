import { describe, expect, it } from "vitest";
import { parseAgentCommand } from "../../src/transport/agent-command.js";
import { StdioTransport } from "../../src/transport/stdio.js";
import type { TransportClose, TransportProblem } from "../../src/transport/transport.js";
import { LineSplitter } from "../../src/transport/line-splitter.js";

/** Runs a tiny Node program as the "agent" so the transport talks to a real child process. */
function nodeAgent(source: string) {
  return new StdioTransport({ command: process.execPath, args: ["-e", source] });
}

function collect(transport: StdioTransport) {
  const messages: unknown[] = [];
  const raws: string[] = [];
  const problems: TransportProblem[] = [];
  transport.onMessage((message, raw) => {
    messages.push(message);
    raws.push(raw);
  });
  transport.onProblem((problem) => problems.push(problem));
  const closed = new Promise<TransportClose>((resolve) => transport.onClose(resolve));
  return { messages, raws, problems, closed };
}

describe("StdioTransport", () => {
  it("exchanges NDJSON with a child process, byte for byte", async () => {
    const transport = nodeAgent(`
      const rl = require("readline").createInterface({ input: process.stdin });
      rl.on("line", (line) => { const m = JSON.parse(line); process.stdout.write(JSON.stringify({ echo: m }) + "\\n"); });
    `);
    const { messages, raws } = collect(transport);
    transport.send({ jsonrpc: "2.0", id: "a", method: "x", params: { text: "é\\n" } });
    await expect.poll(() => messages.length).toBe(1);
    expect(messages[0]).toEqual({ echo: { jsonrpc: "2.0", id: "a", method: "x", params: { text: "é\\n" } } });
    expect(raws[0]).toBe('{"echo":{"jsonrpc":"2.0","id":"a","method":"x","params":{"text":"é\\\\n"}}}');
    await transport.close();
    expect(transport.closed?.reason).toBe("closed-by-us");
  });

  it("skips and reports lines that are not JSON, keeps going, handles CRLF and split chunks", async () => {
    const transport = nodeAgent(`
      process.stdout.write("starting agent v1\\n");
      process.stdout.write('{"a":');
      setTimeout(() => { process.stdout.write('1}\\r\\n\\n{"b":2}\\n'); }, 30);
      setTimeout(() => process.exit(0), 80);
    `);
    const { messages, problems, closed } = collect(transport);
    const info = await closed;
    expect(messages).toEqual([{ a: 1 }, { b: 2 }]);
    expect(problems).toEqual([
      { kind: "malformed-json", message: "the agent wrote a line that is not one JSON message: starting agent v1" },
    ]);
    expect(info).toMatchObject({ reason: "exited", exitCode: 0 });
  });

  it("reports an over-long line as a problem, not a crash, and reads the next one", async () => {
    const transport = new StdioTransport(
      {
        command: process.execPath,
        args: ["-e", `process.stdout.write("x".repeat(5000) + "\\n" + '{"after":true}' + "\\n")`],
      },
      { maxLineBytes: 1024 },
    );
    const { messages, problems, closed } = collect(transport);
    await closed;
    expect(problems.map((p) => p.kind)).toEqual(["oversized-message"]);
    expect(problems[0]!.message).toContain("5000 bytes");
    expect(messages).toEqual([{ after: true }]);
  });

  it("reports exit code, signal and the stderr tail when the agent dies", async () => {
    const transport = nodeAgent(
      `process.stderr.write("panic: provider key missing\\n"); setTimeout(() => process.exit(3), 20);`,
    );
    const { closed } = collect(transport);
    const info = await closed;
    expect(info).toMatchObject({
      reason: "exited",
      exitCode: 3,
      signal: null,
      message: "the agent exited with code 3",
    });
    expect(info.stderrTail).toContain("panic: provider key missing");

    const killed = nodeAgent(`process.kill(process.pid, "SIGKILL")`);
    const killedInfo = await collect(killed).closed;
    expect(killedInfo).toMatchObject({ reason: "exited", signal: "SIGKILL" });
  });

  it("explains a command that does not exist", async () => {
    const transport = new StdioTransport({ command: "zc-pane-no-such-agent", args: [] });
    const info = await collect(transport).closed;
    expect(info).toMatchObject({
      reason: "spawn-failed",
      message: "cannot start the agent: `zc-pane-no-such-agent` was not found on PATH",
    });
    expect(() => transport.send({})).toThrow(/closed/);
  });

  it("ends the agent's whole process group on close", async () => {
    const transport = nodeAgent(`
      const { spawn } = require("child_process");
      const grandchild = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
      process.stdout.write(JSON.stringify({ grandchild: grandchild.pid }) + "\\n");
      setInterval(() => {}, 1000);
    `);
    const { messages } = collect(transport);
    await expect.poll(() => messages.length).toBe(1);
    const grandchild = (messages[0] as { grandchild: number }).grandchild;
    expect(isAlive(grandchild)).toBe(true);
    await transport.close();
    await expect.poll(() => isAlive(grandchild), { timeout: 3000 }).toBe(false);
  });

  it("parses an --agent-cmd string with quotes", () => {
    expect(parseAgentCommand(`node agent.js --name "a b"`)).toEqual({
      command: "node",
      args: ["agent.js", "--name", "a b"],
    });
    expect(() => parseAgentCommand("   ")).toThrow(/empty/);
  });
});

describe("LineSplitter", () => {
  it("splits lines across chunks with multi-byte characters cut in the middle", () => {
    const lines: string[] = [];
    const splitter = new LineSplitter(
      (line) => lines.push(line),
      () => {},
    );
    const bytes = Buffer.from('{"t":"héllo"}\n{"t":"🙂"}\n');
    for (let i = 0; i < bytes.length; i++) splitter.push(bytes.subarray(i, i + 1));
    expect(lines).toEqual(['{"t":"héllo"}', '{"t":"🙂"}']);
  });

  it("delivers a final unterminated line at end of stream", () => {
    const lines: string[] = [];
    const splitter = new LineSplitter(
      (line) => lines.push(line),
      () => {},
    );
    splitter.push(Buffer.from('{"a":1}'));
    splitter.end();
    expect(lines).toEqual(['{"a":1}']);
  });
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("parseAgentCommand quoting", () => {
  it("keeps single-quoted text literal and honours backslash escapes", () => {
    expect(parseAgentCommand(`agent --x 'a "b" $HOME' c\\ d ""`)).toEqual({
      command: "agent",
      args: ["--x", 'a "b" $HOME', "c d", ""],
    });
    expect(() => parseAgentCommand(`agent "open`)).toThrow(/unterminated/);
  });
});
