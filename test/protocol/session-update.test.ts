import { describe, expect, it } from "vitest";
import {
  parseContentBlock,
  parseSessionNotification,
  parseSessionUpdate,
  parseToolCallContent,
  AgentMessageChunkSchema,
  AgentThoughtChunkSchema,
  SessionNotificationSchema,
  UserMessageChunkSchema,
  type SessionUpdate,
  type SessionUpdateOf,
} from "../../src/protocol/index.js";
import { DELIVER_FILE_FAILED } from "./fixtures/extra-examples.js";

function expectKind<K extends SessionUpdate["sessionUpdate"]>(update: SessionUpdate, kind: K): SessionUpdateOf<K> {
  expect(update.sessionUpdate, JSON.stringify(update)).toBe(kind);
  return update as SessionUpdateOf<K>;
}

describe("parseSessionUpdate: unknown fields survive", () => {
  it("keeps ZeroClaw's name and body on tool_call_update", () => {
    const update = expectKind(
      parseSessionUpdate({
        sessionUpdate: "tool_call_update",
        toolCallId: "toolu_01ABC",
        name: "shell",
        title: "shell",
        kind: "execute",
        status: "completed",
        rawOutput: "commit 1a2b",
        body: "commit 1a2b",
      }),
      "tool_call_update",
    );
    expect(update.name).toBe("shell");
    expect(update.body).toBe("commit 1a2b");
    expect(update.rawOutput).toBe("commit 1a2b");
  });

  it("keeps activeForm on plan entries", () => {
    const update = expectKind(
      parseSessionUpdate({
        sessionUpdate: "plan",
        entries: [
          {
            content: "Create unit tests",
            status: "in_progress",
            priority: "medium",
            activeForm: "Creating unit tests",
          },
        ],
      }),
      "plan",
    );
    expect(update.entries[0]?.activeForm).toBe("Creating unit tests");
  });

  it("keeps unknown fields at every level, including _meta", () => {
    const update = expectKind(
      parseSessionUpdate({
        sessionUpdate: "agent_message_chunk",
        content: { type: "text", text: "hi", annotations: { audience: ["user"] }, zcExtra: 1 },
        _meta: { trace: "t-1" },
        futureField: [1, 2],
      }),
      "agent_message_chunk",
    );
    expect(update._meta).toEqual({ trace: "t-1" });
    expect(update.futureField).toEqual([1, 2]);
    expect(update.content).toMatchObject({ annotations: { audience: ["user"] }, zcExtra: 1 });
  });

  it("keeps the session notification's own extra fields", () => {
    const parsed = parseSessionNotification({
      sessionId: "s",
      _meta: { a: 1 },
      update: { sessionUpdate: "current_mode_update", currentModeId: "code" },
    });
    expect(parsed).toMatchObject({ ok: true, value: { sessionId: "s", _meta: { a: 1 } } });
  });
});

describe("parseSessionUpdate: unsupported cases never throw", () => {
  it("turns an unknown sessionUpdate kind into unsupported with the original", () => {
    const raw = { sessionUpdate: "zeroclaw_custom_update", payload: { x: 1 } };
    const update = parseSessionUpdate(raw);
    expect(update).toEqual({
      sessionUpdate: "unsupported",
      kind: "zeroclaw_custom_update",
      reason: 'unknown sessionUpdate "zeroclaw_custom_update"',
      original: raw,
    });
  });

  it("turns an unstable variant (plan_update) into unsupported", () => {
    expect(parseSessionUpdate({ sessionUpdate: "plan_update", plan: { planId: "p" } })).toMatchObject({
      sessionUpdate: "unsupported",
      kind: "plan_update",
    });
  });

  it("reads a text chunk exactly as its schema does: a copy, extra fields kept, a bad messageId dropped", () => {
    const schemas = {
      agent_message_chunk: AgentMessageChunkSchema,
      agent_thought_chunk: AgentThoughtChunkSchema,
      user_message_chunk: UserMessageChunkSchema,
    };
    for (const [tag, schema] of Object.entries(schemas)) {
      for (const extra of [{}, { messageId: "m1", _meta: { x: 1 } }, { messageId: null }, { messageId: 7 }]) {
        const raw = { sessionUpdate: tag, content: { type: "text", text: "hi", annotations: { a: 1 } }, ...extra };
        const parsed = parseSessionUpdate(raw);
        expect(parsed).toStrictEqual(schema.parse(raw));
        expect(parsed).not.toBe(raw);
      }
    }
    // Not a text chunk by hand: the schema reads it (its content an unsupported block).
    const odd = { sessionUpdate: "agent_message_chunk", content: { type: "text", text: 5 } };
    expect(parseSessionUpdate(odd)).toStrictEqual(AgentMessageChunkSchema.parse(odd));
  });

  it("turns a chunk without content into unsupported", () => {
    const update = parseSessionUpdate({ sessionUpdate: "agent_message_chunk" });
    expect(update).toMatchObject({ sessionUpdate: "unsupported", kind: "agent_message_chunk" });
    if (update.sessionUpdate === "unsupported") expect(update.reason).toContain("content");
  });

  it("turns a known variant with a malformed required field into unsupported", () => {
    expect(parseSessionUpdate({ sessionUpdate: "tool_call", toolCallId: "a" })).toMatchObject({
      sessionUpdate: "unsupported",
      kind: "tool_call",
    });
    expect(parseSessionUpdate({ sessionUpdate: "plan", entries: "nope" })).toMatchObject({
      sessionUpdate: "unsupported",
      kind: "plan",
    });
    expect(parseSessionUpdate({ sessionUpdate: "usage_update", used: "1" })).toMatchObject({
      sessionUpdate: "unsupported",
      kind: "usage_update",
    });
  });

  it("handles garbage and prototype-named tags", () => {
    const inputs: unknown[] = [
      undefined,
      null,
      42,
      "agent_message_chunk",
      [],
      {},
      { sessionUpdate: 7 },
      { sessionUpdate: "constructor" },
      { sessionUpdate: "__proto__" },
      { sessionUpdate: "toString" },
      JSON.parse('{"sessionUpdate":"agent_message_chunk","content":{"__proto__":{"type":"text"}}}'),
    ];
    for (const input of inputs) {
      const update = parseSessionUpdate(input);
      expect(update.sessionUpdate, JSON.stringify(input)).toBe(
        isAgentChunkWithObjectContent(input) ? "agent_message_chunk" : "unsupported",
      );
    }
  });

  it("keeps the chunk when only its content type is unknown", () => {
    const update = expectKind(
      parseSessionUpdate({ sessionUpdate: "agent_message_chunk", content: { type: "video", url: "https://x" } }),
      "agent_message_chunk",
    );
    expect(update.content).toEqual({
      type: "unsupported",
      kind: "video",
      reason: 'unknown type "video"',
      original: { type: "video", url: "https://x" },
    });
  });
});

function isAgentChunkWithObjectContent(input: unknown): boolean {
  return (
    typeof input === "object" &&
    input !== null &&
    (input as Record<string, unknown>).sessionUpdate === "agent_message_chunk" &&
    typeof (input as Record<string, unknown>).content === "object"
  );
}

describe("parseSessionUpdate: lenient optional fields", () => {
  it("drops a bad optional field instead of the update", () => {
    const update = expectKind(
      parseSessionUpdate({
        sessionUpdate: "tool_call",
        toolCallId: "a",
        title: "t",
        kind: 5,
        status: null,
        locations: "not-a-list",
        name: { not: "a string" },
      }),
      "tool_call",
    );
    expect(update.kind).toBeUndefined();
    expect(update.status).toBeUndefined();
    expect(update.locations).toBeUndefined();
    expect(update.name).toBeUndefined();
  });

  it("keeps new kind and status values as plain strings", () => {
    const update = expectKind(
      parseSessionUpdate({ sessionUpdate: "tool_call_update", toolCallId: "a", kind: "browse", status: "queued" }),
      "tool_call_update",
    );
    expect(update.kind).toBe("browse");
    expect(update.status).toBe("queued");
  });

  it("reads the session_info_update null that clears a field", () => {
    const update = expectKind(
      parseSessionUpdate({ sessionUpdate: "session_info_update", title: null }),
      "session_info_update",
    );
    expect(update.title).toBeNull();
    expect("updatedAt" in update ? update.updatedAt : undefined).toBeUndefined();
  });

  it("parses the deliver_file failure variant", () => {
    const update = expectKind(parseSessionUpdate(DELIVER_FILE_FAILED), "tool_call_update");
    expect(update.status).toBe("failed");
    expect(update.content).toHaveLength(1);
  });
});

describe("every stable variant", () => {
  const block = { type: "text", text: "x" };
  const examples: Record<string, Record<string, unknown>> = {
    user_message_chunk: { content: block, messageId: "m1" },
    agent_message_chunk: { content: block },
    agent_thought_chunk: { content: block },
    tool_call: {
      toolCallId: "c",
      title: "Read",
      kind: "read",
      status: "pending",
      locations: [{ path: "/a", line: 3 }],
    },
    tool_call_update: { toolCallId: "c", content: [{ type: "terminal", terminalId: "t1" }] },
    plan: { entries: [] },
    available_commands_update: {
      availableCommands: [{ name: "web", description: "Search", input: { hint: "query" } }],
    },
    current_mode_update: { currentModeId: "code" },
    config_option_update: {
      configOptions: [
        {
          type: "select",
          id: "model",
          name: "Model",
          category: "model",
          currentValue: "a",
          options: [{ value: "a", name: "A" }],
        },
        { type: "boolean", id: "fast", name: "Fast", currentValue: true },
        { type: "slider", id: "temp", name: "Temperature" },
      ],
    },
    session_info_update: { title: "Refactor", updatedAt: "2026-12-02T10:00:00Z" },
    usage_update: { used: 1000, size: 200000, cost: { amount: 0.01, currency: "USD" } },
    notice: { severity: "warning", title: "Rate limited", description: null },
    compaction_update: { compactionId: "k1", status: "completed", summary: [block] },
    compaction_summary_chunk: { compactionId: "k1", content: block },
  };

  for (const [kind, fields] of Object.entries(examples)) {
    it(`parses ${kind}`, () => {
      const update = parseSessionUpdate({ sessionUpdate: kind, ...fields });
      expect(update.sessionUpdate, JSON.stringify(update)).toBe(kind);
    });
  }

  it("turns an unknown config option type into an unsupported option, keeping the rest", () => {
    const update = expectKind(
      parseSessionUpdate({ sessionUpdate: "config_option_update", ...examples.config_option_update }),
      "config_option_update",
    );
    expect(update.configOptions.map((option) => option.type)).toEqual(["select", "boolean", "unsupported"]);
  });

  it("agrees with the zod schema form of the notification", () => {
    const params = { sessionId: "s", update: { sessionUpdate: "agent_message_chunk", content: block } };
    const viaSchema = SessionNotificationSchema.parse(params);
    const viaFunction = parseSessionNotification(params);
    expect(viaFunction).toEqual({ ok: true, value: viaSchema });
  });

  it("rejects session/update params without a usable sessionId", () => {
    expect(parseSessionNotification({ update: {} })).toMatchObject({ ok: false });
    expect(parseSessionNotification(null)).toMatchObject({ ok: false });
  });
});

describe("content blocks and tool call content", () => {
  it("parses every standard content block", () => {
    const blocks = [
      { type: "text", text: "hi" },
      { type: "image", data: "iVBOR", mimeType: "image/png" },
      { type: "audio", data: "UklG", mimeType: "audio/wav" },
      { type: "resource_link", uri: "file:///a.txt", name: "a.txt", size: 12 },
      { type: "resource", resource: { uri: "file:///a.rs", text: "fn main() {}", mimeType: "text/x-rust" } },
      {
        type: "resource",
        resource: { uri: "attachment://deliver/ab.pdf", blob: "JVBER", mimeType: "application/pdf" },
      },
    ];
    for (const block of blocks) expect(parseContentBlock(block)).toEqual(block);
  });

  it("turns unknown or malformed blocks into unsupported", () => {
    expect(parseContentBlock({ type: "hologram" })).toMatchObject({ type: "unsupported", kind: "hologram" });
    expect(parseContentBlock({ text: "no type" })).toMatchObject({ type: "unsupported", kind: "" });
    expect(parseContentBlock({ type: "resource", resource: { uri: "x" } })).toMatchObject({
      type: "unsupported",
      kind: "resource",
    });
    expect(parseContentBlock({ type: "image", data: "x" })).toMatchObject({ type: "unsupported", kind: "image" });
  });

  it("turns an unknown ToolCallContent type into unsupported and keeps the others", () => {
    const update = expectKind(
      parseSessionUpdate({
        sessionUpdate: "tool_call_update",
        toolCallId: "a",
        content: [
          { type: "diff", path: "src/foo.rs", oldText: null, newText: "x" },
          { type: "widget", id: 1 },
          { type: "content", content: { type: "text", text: "ok" } },
        ],
      }),
      "tool_call_update",
    );
    expect(update.content?.map((item) => item.type)).toEqual(["diff", "unsupported", "content"]);
    expect(parseToolCallContent({ type: "terminal" })).toMatchObject({ type: "unsupported", kind: "terminal" });
  });
});
