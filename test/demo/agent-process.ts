import { withoutCi } from "../helpers/user-env.js";
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A spawned `zc-pane demo-agent` and the raw lines it writes. Deliberately not a client: tests write
 * JSON lines and read JSON lines, so they check the bytes a peer receives.
 */

const ROOT = new URL("../..", import.meta.url).pathname;
const BIN = join(ROOT, "bin", "zc-pane.js");

/** One parsed stdout line (`json` undefined when the line is not JSON). */
export interface Line {
  readonly raw: string;
  readonly json: Msg | undefined;
}

/** A received JSON-RPC message, loosely typed for assertions. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- assertions walk arbitrary JSON-RPC shapes
export type Msg = Record<string, any>;

export function tempStateDir(): string {
  return mkdtempSync(join(tmpdir(), "zc-demo-test-"));
}

export class AgentProcess {
  readonly lines: Line[] = [];
  stderr = "";
  private buffer = "";
  private waiters: (() => void)[] = [];
  private nextId = 1;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  private constructor(
    readonly child: ChildProcessWithoutNullStreams,
    readonly stateDir: string,
  ) {
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (text: string) => {
      this.buffer += text;
      let newline: number;
      while ((newline = this.buffer.indexOf("\n")) !== -1) {
        const raw = this.buffer.slice(0, newline);
        this.buffer = this.buffer.slice(newline + 1);
        let json: Msg | undefined;
        try {
          json = JSON.parse(raw) as Msg;
        } catch {
          json = undefined;
        }
        this.lines.push({ raw, json });
      }
      this.wake();
    });
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (text: string) => {
      this.stderr += text;
      this.wake();
    });
    this.exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
    void this.exited.then(() => this.wake());
  }

  /** Spawns the built agent (`npm run build` first) with a private state dir unless one is given. */
  static start(options: { stateDir?: string; args?: string[] } = {}): AgentProcess {
    if (!existsSync(join(ROOT, "dist", "cli.js"))) throw new Error("dist/cli.js is missing: run `npm run build` first");
    const stateDir = options.stateDir ?? tempStateDir();
    const child = spawn(process.execPath, [BIN, "demo-agent", "--state-dir", stateDir, ...(options.args ?? [])], {
      cwd: ROOT,
      env: withoutCi(),
    });
    return new AgentProcess(child, stateDir);
  }

  /** JSON messages received so far. */
  get messages(): Msg[] {
    return this.lines.flatMap((line) => (line.json ? [line.json] : []));
  }

  /** Writes one line: an object as compact JSON, a string as is. */
  send(message: object | string): void {
    this.child.stdin.write(`${typeof message === "string" ? message : JSON.stringify(message)}\n`);
  }

  /** Sends a request with a fresh numeric id (or the given one) and returns the id. */
  request(method: string, params: unknown, id: number | string = this.nextId++): number | string {
    this.send({ jsonrpc: "2.0", id, method, params });
    return id;
  }

  notify(method: string, params: unknown): void {
    this.send({ jsonrpc: "2.0", method, params });
  }

  /** Replies to one of the agent's requests, echoing its id. */
  reply(id: unknown, result: unknown): void {
    this.send({ jsonrpc: "2.0", id, result });
  }

  /** Resolves with the first message (from index `from`) matching `predicate`; fails after `timeoutMs`. */
  async waitFor(
    predicate: (message: Msg) => boolean,
    options: { from?: number; timeoutMs?: number } = {},
  ): Promise<Msg> {
    const deadline = Date.now() + (options.timeoutMs ?? 15_000);
    for (let index = options.from ?? 0; ;) {
      for (; index < this.lines.length; index++) {
        const json = this.lines[index]!.json;
        if (json && predicate(json)) return json;
      }
      if (Date.now() > deadline) {
        throw new Error(
          `timed out waiting for a message; last lines:\n${this.lines
            .slice(-5)
            .map((l) => l.raw)
            .join("\n")}\nstderr: ${this.stderr}`,
        );
      }
      await this.nextEvent(deadline - Date.now());
    }
  }

  /** The response (result or error) to request `id`. */
  response(id: unknown, timeoutMs?: number): Promise<Msg> {
    return this.waitFor((m) => m["id"] === id && ("result" in m || "error" in m) && !("method" in m), { timeoutMs });
  }

  /** The next server request (`method` + `id`) of `method` after index `from`. */
  serverRequest(method: string, from = 0): Promise<Msg> {
    return this.waitFor((m) => m["method"] === method && "id" in m, { from });
  }

  /** Index of a message in {@link lines}, for ordering assertions. */
  indexOf(message: Msg): number {
    return this.lines.findIndex((line) => line.json === message);
  }

  /** Creates a session and returns its id (after `initialize` with the given client capabilities). */
  async newSession(options: { clientCapabilities?: object; params?: object } = {}): Promise<string> {
    const init = this.request("initialize", {
      protocolVersion: 1,
      clientCapabilities: options.clientCapabilities ?? {},
    });
    await this.response(init);
    const created = await this.response(this.request("session/new", options.params ?? {}));
    if (!created["result"]) throw new Error(`session/new failed: ${JSON.stringify(created)}`);
    return created["result"].sessionId as string;
  }

  /** Updates of `kind` for `sessionId` received so far (from index `from`). */
  updates(sessionId: string, kind?: string, from = 0): Msg[] {
    return this.lines
      .slice(from)
      .flatMap((line) => (line.json ? [line.json] : []))
      .filter((m) => m["method"] === "session/update" && m["params"]?.sessionId === sessionId)
      .map((m) => m["params"].update as Msg)
      .filter((update) => kind === undefined || update["sessionUpdate"] === kind);
  }

  /** Quiet period check: resolves true when no new line arrived for `ms`. */
  async quietFor(ms: number): Promise<boolean> {
    const count = this.lines.length;
    await new Promise((resolve) => setTimeout(resolve, ms));
    return this.lines.length === count;
  }

  /** Closes stdin (EOF) and waits for the process to exit. */
  async end(): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    this.child.stdin.end();
    return this.exited;
  }

  /** Kills the process if still running and removes the state dir (unless `keepState`). */
  async dispose(options: { keepState?: boolean } = {}): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      this.child.kill("SIGKILL");
      await this.exited;
    }
    if (!options.keepState) rmSync(this.stateDir, { recursive: true, force: true });
  }

  private nextEvent(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, Math.max(ms, 0));
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}
