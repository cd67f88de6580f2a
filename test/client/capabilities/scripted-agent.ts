import { mkdtemp, realpath, rm } from "node:fs/promises";
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AcpClient, type AcpClientOptions } from "../../../src/client/acp-client.js";
import type { ClientEvent } from "../../../src/client/events.js";
import { MemoryTransport } from "../../helpers/memory-transport.js";

export const SESSION_ID = "sess-1";

/** A JSON-RPC response as the agent receives it. */
export type Answer = Record<string, unknown>;

/**
 * An {@link AcpClient} over a {@link MemoryTransport} with this test playing the agent: `initialize` and
 * `session/new` are answered, then `call` sends agent→client requests and returns the exact response the
 * agent would read.
 */
export interface ScriptedAgent {
  readonly client: AcpClient;
  readonly transport: MemoryTransport;
  readonly events: ClientEvent[];
  readonly sessionId: string;
  /** Sends a request with `id` (default a fresh string id) and resolves with our answer to it. */
  call(method: string, params: unknown, id?: string | number): Promise<Answer>;
  /** Delivers a request without waiting; `answer(id)` collects the response later. */
  send(method: string, params: unknown, id: string | number): void;
  answer(id: string | number): Promise<Answer>;
}

export async function startScriptedAgent(
  options: Omit<AcpClientOptions, "transport"> & {
    readonly cwd: string;
    readonly additionalDirectories?: readonly string[];
  },
): Promise<ScriptedAgent> {
  const { cwd, additionalDirectories, ...clientOptions } = options;
  const transport = new MemoryTransport();
  const client = new AcpClient({ transport, ...clientOptions });
  const events: ClientEvent[] = [];
  client.subscribe((event) => events.push(event));

  const initializing = client.initialize();
  await transport.waitForSent(1);
  transport.deliver({
    jsonrpc: "2.0",
    id: transport.sentMessages[0]!.id,
    result: { protocolVersion: 1, agentCapabilities: {}, agentInfo: { name: "scripted-agent", version: "1.0.0" } },
  });
  await initializing;
  const opening = client.newSession({ cwd, ...(additionalDirectories ? { additionalDirectories } : {}) });
  await transport.waitForSent(2);
  transport.deliver({ jsonrpc: "2.0", id: transport.sentMessages[1]!.id, result: { sessionId: SESSION_ID } });
  await opening;

  let nextId = 1;
  const send = (method: string, params: unknown, id: string | number) =>
    transport.deliver({ jsonrpc: "2.0", id, method, params });
  const answer = async (id: string | number): Promise<Answer> => {
    let seen = 0;
    for (;;) {
      const messages = transport.sentMessages;
      const found = messages.slice(seen).find((message) => message.id === id && !("method" in message));
      if (found) return found;
      seen = messages.length;
      await transport.waitForSent(seen + 1);
    }
  };
  return {
    client,
    transport,
    events,
    sessionId: SESSION_ID,
    send,
    answer,
    call: (method, params, id = `agent-${nextId++}`) => {
      send(method, params, id);
      return answer(id);
    },
  };
}

/** A fresh directory under the OS temp dir, symlinks resolved (macOS's /var is /private/var). */
export async function makeTempDir(prefix: string): Promise<{ readonly path: string; remove(): Promise<void> }> {
  const path = await realpath(await mkdtemp(join(tmpdir(), prefix)));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

/**
 * Whether `pid` still runs. `process.kill(pid, 0)` also succeeds for a zombie, and in a container whose
 * init does not reap orphans a killed grandchild can stay one forever, so a `Z` state counts as dead.
 */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return true;
  }
}

/** Polls `check` every 20 ms until it holds or `timeoutMs` passes; returns whether it held. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
