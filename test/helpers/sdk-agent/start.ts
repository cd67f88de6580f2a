import { resolve } from "node:path";
import { AcpClient, type AcpClientOptions } from "../../../src/client/acp-client.js";
import type { ClientEvent } from "../../../src/client/events.js";
import type { SessionUpdate } from "../../../src/protocol/index.js";
import { StdioTransport } from "../../../src/transport/stdio.js";

/** The scripted SDK 2.4.0 agent (plain JS, run by node: no build needed). */
export const SDK_AGENT = resolve(import.meta.dirname, "agent.mjs");

/** `--agent-cmd` text that runs the scripted agent with `flags`. */
export function sdkAgentCommandLine(flags: readonly string[] = []): string {
  return [process.execPath, SDK_AGENT, ...flags].map((word) => `'${word}'`).join(" ");
}

export interface StartedSdkAgent {
  readonly client: AcpClient;
  readonly transport: StdioTransport;
  readonly events: ClientEvent[];
}

/**
 * Starts the scripted agent as a real child process with an initialized client on it. `env` is added to the
 * agent's environment only; pass the client's own view in `client.auth.env`.
 */
export async function startSdkAgent(
  options: { flags?: readonly string[]; env?: Record<string, string>; client?: Partial<AcpClientOptions> } = {},
): Promise<StartedSdkAgent> {
  const transport = new StdioTransport({
    command: process.execPath,
    args: [SDK_AGENT, ...(options.flags ?? [])],
    ...(options.env ? { env: options.env } : {}),
  });
  const client = new AcpClient({ transport, stderrTail: () => transport.stderr, ...options.client });
  const events: ClientEvent[] = [];
  client.subscribe((event) => events.push(event));
  await client.initialize();
  return { client, transport, events };
}

/** The updates of one session, in order. */
export function updatesOf(events: readonly ClientEvent[], sessionId: string): SessionUpdate[] {
  return events.flatMap((event) => (event.type === "update" && event.sessionId === sessionId ? [event.update] : []));
}

/** The agent's `RESULT {json}` lines of a session: what its own requests to the client got back. */
export function resultsOf(events: readonly ClientEvent[], sessionId: string): Array<Record<string, unknown>> {
  const text = updatesOf(events, sessionId)
    .flatMap((update) =>
      update.sessionUpdate === "agent_message_chunk" && update.content.type === "text" ? [update.content.text] : [],
    )
    .join("");
  return text
    .split("\n")
    .filter((line) => line.startsWith("RESULT "))
    .map((line) => JSON.parse(line.slice("RESULT ".length)) as Record<string, unknown>);
}

/** The text of a prompt as content blocks. */
export const text = (value: string) => [{ type: "text" as const, text: value }];
