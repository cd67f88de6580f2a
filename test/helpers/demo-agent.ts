import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { AcpClient, type AcpClientOptions } from "../../src/client/acp-client.js";
import type { ClientEvent } from "../../src/client/events.js";
import { StdioTransport } from "../../src/transport/stdio.js";

/** The built CLI (npm test builds before vitest runs). */
export const CLI = resolve(import.meta.dirname, "../../bin/zc-pane.js");

/** A fresh state directory for one demo agent (sessions persist there across restarts). */
export function tempStateDir(): string {
  return mkdtempSync(join(tmpdir(), "zc-pane-demo-"));
}

/** Starts the demo agent as a real child process and an initialized client on it. */
export async function startDemoClient(
  options: { stateDir?: string; agentArgs?: string[]; client?: Partial<AcpClientOptions> } = {},
) {
  const stateDir = options.stateDir ?? tempStateDir();
  const transport = new StdioTransport({
    command: process.execPath,
    args: [CLI, "demo-agent", "--state-dir", stateDir, ...(options.agentArgs ?? [])],
  });
  const client = new AcpClient({ transport, stderrTail: () => transport.stderr, ...options.client });
  const events: ClientEvent[] = [];
  client.subscribe((event) => events.push(event));
  const agent = await client.initialize();
  return { client, transport, agent, events, stateDir };
}

/** Resolves with the first event matching `predicate` (already received or future). */
export function nextEvent<T extends ClientEvent["type"]>(
  client: AcpClient,
  events: readonly ClientEvent[],
  type: T,
  predicate: (event: Extract<ClientEvent, { type: T }>) => boolean = () => true,
): Promise<Extract<ClientEvent, { type: T }>> {
  const match = (event: ClientEvent): event is Extract<ClientEvent, { type: T }> =>
    event.type === type && predicate(event as Extract<ClientEvent, { type: T }>);
  const found = events.find(match);
  if (found) return Promise.resolve(found);
  return new Promise((resolvePromise) => {
    const off = client.subscribe((event) => {
      if (match(event)) {
        off();
        resolvePromise(event);
      }
    });
  });
}

/** The text of a prompt as content blocks. */
export const text = (value: string) => [{ type: "text" as const, text: value }];
