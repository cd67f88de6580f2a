import { spawn } from "node:child_process";

/** What the plain client saw: notifications counted and the timings of its phases (performance.now()). */
export interface FloorRun {
  readonly notifications: number;
  readonly chunkBytes: number;
  /** Spawn → the last response (the whole run, as `zc-pane prompt` is measured). */
  readonly totalMs: number;
  /** The last request sent → its response (the turn or the replay alone, as the pane is measured). */
  readonly lastCallMs: number;
}

/**
 * The floor of design.md §6: a plain node client that spawns the same demo agent, sends initialize,
 * session/new (or session/load) and the prompt, and only parses (JSON.parse) and counts the stream. No
 * validation, no state, no output: whatever zc-pane costs beyond this is ours.
 */
export async function runFloorClient(options: {
  readonly bin: string;
  readonly stateDir: string;
  readonly cwd: string;
  readonly prompt?: string;
  readonly loadSessionId?: string;
}): Promise<FloorRun> {
  const started = performance.now();
  const child = spawn(process.execPath, [options.bin, "demo-agent", "--state-dir", options.stateDir], { stdio: ["pipe", "pipe", "ignore"] });
  let notifications = 0;
  let chunkBytes = 0;
  let buffer = "";
  const waiting = new Map<number, (message: { result?: { sessionId?: string }; error?: unknown }) => void>();
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (data: string) => {
    buffer += data;
    let newline: number;
    let from = 0;
    while ((newline = buffer.indexOf("\n", from)) >= 0) {
      const line = buffer.slice(from, newline);
      from = newline + 1;
      if (!line) continue;
      const message = JSON.parse(line);
      if (message.method === "session/update") {
        notifications++;
        const text = message.params?.update?.content?.text;
        if (typeof text === "string") chunkBytes += text.length;
      } else if (message.id !== undefined && waiting.has(message.id)) {
        waiting.get(message.id)!(message);
        waiting.delete(message.id);
      }
    }
    buffer = buffer.slice(from);
  });
  let nextId = 1;
  const call = (method: string, params: unknown) =>
    new Promise<{ result?: { sessionId?: string }; error?: unknown }>((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
    });
  type Reply = { result?: { sessionId?: string }; error?: unknown };
  const check = (reply: Reply): Reply => {
    if (reply.error) throw new Error(`floor client: ${JSON.stringify(reply.error)}`);
    return reply;
  };
  check(await call("initialize", { protocolVersion: 1, clientCapabilities: {} }));
  let lastCallStarted: number;
  if (options.loadSessionId !== undefined) {
    lastCallStarted = performance.now();
    check(await call("session/load", { sessionId: options.loadSessionId, cwd: options.cwd, mcpServers: [] }));
  } else {
    const opened = check(await call("session/new", { cwd: options.cwd, mcpServers: [] }));
    lastCallStarted = performance.now();
    check(await call("session/prompt", { sessionId: opened.result?.sessionId, prompt: [{ type: "text", text: options.prompt ?? "" }] }));
  }
  const ended = performance.now();
  child.stdin.end();
  await new Promise((resolve) => child.once("exit", resolve));
  return { notifications, chunkBytes, totalMs: ended - started, lastCallMs: ended - lastCallStarted };
}
