import { fileURLToPath } from "node:url";

import { afterEach, describe, expect, it } from "vitest";
import { AcpClient } from "../../src/client/acp-client.js";
import type { ClientEvent } from "../../src/client/events.js";
import { StdioTransport } from "../../src/transport/stdio.js";
import { nextEvent, text } from "../helpers/demo-agent.js";

/** The example agent shipped in @agentclientprotocol/sdk 1.9.0 (acp-standard.md §5.6): third-party code. */
const EXAMPLE_AGENT = fileURLToPath(
  new URL("../../node_modules/acp-example-agent/dist/examples/agent.js", import.meta.url),
);

let client: AcpClient | undefined;
afterEach(async () => {
  await client?.dispose();
  client = undefined;
});

async function start() {
  const transport = new StdioTransport({ command: process.execPath, args: [EXAMPLE_AGENT] });
  client = new AcpClient({ transport });
  const events: ClientEvent[] = [];
  client.subscribe((event) => events.push(event));
  const agent = await client.initialize();
  return { client, agent, events };
}

describe("AcpClient against the ACP SDK 1.9.0 example agent", () => {
  it("uses the standard profile and capabilities", async () => {
    const { agent } = await start();
    expect(agent).toMatchObject({
      protocolVersion: 1,
      loadSession: false,
      canResume: false,
      canClose: false,
      canStop: false,
    });
    expect(agent.profile.name).toBe("standard");
  });

  it("runs a full turn, answering its permission request (numeric id 0) by the user's choice", async () => {
    const { client, events } = await start();
    const session = await client.newSession({ cwd: process.cwd() });
    const turn = client.prompt(session.sessionId, text("hello"));
    const requested = await nextEvent(client, events, "permission-requested");
    expect(requested.request.requestId).toBe(0);
    expect(requested.request.options.map((option) => option.kind)).toEqual(["allow_once", "reject_once"]);
    const allow = requested.request.options.find((option) => option.kind === "allow_once")!;
    expect(client.permissions.answer(requested.request.key, { outcome: "selected", optionId: allow.optionId })).toBe(
      true,
    );
    await expect(turn).resolves.toEqual({ stopReason: "end_turn" });

    const updates = events.flatMap((event) => (event.type === "update" ? [event.update] : []));
    const call2 = updates.filter(
      (update) => update.sessionUpdate === "tool_call_update" && update.toolCallId === "call_2",
    );
    expect(call2.at(-1)).toMatchObject({ status: "completed" });
    const said = updates
      .flatMap((update) =>
        update.sessionUpdate === "agent_message_chunk" && update.content.type === "text" ? [update.content.text] : [],
      )
      .join("");
    expect(said).toContain("Perfect!");
  }, 20_000);

  it("reports session/stop as unsupported rather than sending it to a standard agent", async () => {
    const { client } = await start();
    const session = await client.newSession({ cwd: process.cwd() });
    // Not ZeroClaw: stop waits for the (absent) turn and has no session/close to call.
    await expect(client.stop(session.sessionId)).resolves.toBeUndefined();
    await expect(client.closeSession(session.sessionId)).resolves.toBe(false);
  });
});
