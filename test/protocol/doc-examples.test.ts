import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  ACP_METHODS,
  classifyMessage,
  InitializeParamsSchema,
  isErrorResponse,
  LoadSessionParamsSchema,
  NewSessionParamsSchema,
  parseElicitationRequest,
  parseElicitationResult,
  parseEmptyResult,
  parseHistoryTrimmed,
  parseInitializeResult,
  parseLoadSessionResult,
  parseNewSessionResult,
  parsePermissionRequest,
  parsePermissionResponse,
  parsePromptResult,
  parseResumeSessionResult,
  parseSessionNotification,
  parseSessionUpdate,
  parseStopSessionResult,
  parseWith,
  PromptParamsSchema,
  SessionIdParamsSchema,
  type ParseResult,
} from "../../src/protocol/index.js";
import { PROTOCOL_MD_EXAMPLES } from "./fixtures/protocol-md-examples.js";

/** Splits an example block into its messages: each starts at a `→`/`←` mark, or the block is one message. */
function messagesOf(text: string): unknown[] {
  const chunks = text.split(/^\s*(?:→|←) /m).filter((chunk) => chunk.trim() !== "");
  return chunks.map((chunk) => JSON.parse(chunk));
}

/** How each method's params (client → agent) and results (agent → client) are checked. */
const outgoingParams: Record<string, (raw: unknown) => ParseResult<unknown>> = {
  [ACP_METHODS.initialize]: (raw) => parseWith(InitializeParamsSchema, raw, "initialize params"),
  [ACP_METHODS.sessionNew]: (raw) => parseWith(NewSessionParamsSchema, raw, "session/new params"),
  [ACP_METHODS.sessionPrompt]: (raw) => parseWith(PromptParamsSchema, raw, "session/prompt params"),
  [ACP_METHODS.sessionLoad]: (raw) => parseWith(LoadSessionParamsSchema, raw, "session/load params"),
  // ZeroClaw's resume example leaves out cwd (it ignores it); the SessionId shape is what it reads.
  [ACP_METHODS.sessionResume]: (raw) => parseWith(SessionIdParamsSchema, raw, "session/resume params"),
  [ACP_METHODS.sessionCancel]: (raw) => parseWith(SessionIdParamsSchema, raw, "session/cancel params"),
  [ACP_METHODS.sessionStop]: (raw) => parseWith(SessionIdParamsSchema, raw, "session/stop params"),
  [ACP_METHODS.sessionClose]: (raw) => parseWith(SessionIdParamsSchema, raw, "session/close params"),
  // §8.6: ZeroClaw's client-to-server event injection; only the session id matters.
  [ACP_METHODS.sessionUpdate]: (raw) => parseWith(SessionIdParamsSchema, raw, "session/update params"),
};
const resultParsers: Record<string, (raw: unknown) => ParseResult<unknown>> = {
  [ACP_METHODS.initialize]: parseInitializeResult,
  [ACP_METHODS.sessionNew]: parseNewSessionResult,
  [ACP_METHODS.sessionPrompt]: parsePromptResult,
  [ACP_METHODS.sessionLoad]: parseLoadSessionResult,
  [ACP_METHODS.sessionResume]: parseResumeSessionResult,
  [ACP_METHODS.sessionStop]: parseStopSessionResult,
  [ACP_METHODS.sessionClose]: (raw) => parseEmptyResult(raw, "session/close"),
  [ACP_METHODS.sessionCancel]: (raw) => parseEmptyResult(raw, "session/cancel"),
  [ACP_METHODS.sessionUpdate]: (raw) => parseEmptyResult(raw, "session/update"),
  [ACP_METHODS.sessionRequestPermission]: parsePermissionResponse,
  [ACP_METHODS.elicitationCreate]: parseElicitationResult,
};
const incomingRequests: Record<string, (raw: unknown) => ParseResult<unknown>> = {
  [ACP_METHODS.sessionRequestPermission]: parsePermissionRequest,
  [ACP_METHODS.elicitationCreate]: parseElicitationRequest,
};

/**
 * Checks a conversation in order: requests are validated by method and remembered by id, so each response is
 * checked with the parser of the method it answers. `resultMethod` covers blocks that show only a response.
 * Returns the parsed session updates.
 */
function checkConversation(messages: unknown[], resultMethod?: string): unknown[] {
  const pending = new Map<string, string>();
  const updates: unknown[] = [];
  for (const raw of messages) {
    if (typeof raw === "object" && raw !== null && "sessionUpdate" in raw) {
      updates.push(expectKnown(parseSessionUpdate(raw)));
      continue;
    }
    const classified = classifyMessage(raw);
    switch (classified.kind) {
      case "request": {
        const { id, method, params } = classified.message;
        pending.set(String(id), method);
        const parse = incomingRequests[method] ?? outgoingParams[method];
        expect(parse, `a parser for ${method}`).toBeDefined();
        expectOk(parse!(params));
        break;
      }
      case "notification": {
        const { method, params } = classified.message;
        if (method === ACP_METHODS.sessionUpdate) {
          const parsed = expectOk(parseSessionNotification(params));
          updates.push(parsed.update);
        } else if (method === ACP_METHODS.zeroclawHistoryTrimmed) {
          expectOk(parseHistoryTrimmed(params));
        } else {
          expectOk(outgoingParams[method]!(params));
        }
        break;
      }
      case "response": {
        const { message } = classified;
        expect(isErrorResponse(message)).toBe(false);
        const method = pending.get(String(message.id)) ?? resultMethod;
        expect(method, `the method answered by id ${String(message.id)}`).toBeDefined();
        if (!isErrorResponse(message)) expectOk(resultParsers[method!]!(message.result));
        break;
      }
      case "invalid":
        throw new Error(`invalid message: ${classified.reason}`);
    }
  }
  return updates;
}

function expectOk<T>(result: ParseResult<T>): T {
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

function expectKnown<T extends { sessionUpdate: string }>(update: T): T {
  expect(update.sessionUpdate, JSON.stringify(update)).not.toBe("unsupported");
  return update;
}

const exampleByName = new Map(PROTOCOL_MD_EXAMPLES.map((example) => [example.name, example]));
const responseOnly: Record<string, string> = {
  "session-prompt-result": ACP_METHODS.sessionPrompt,
  "session-prompt-cancelled-result": ACP_METHODS.sessionPrompt,
  "permission-answer": ACP_METHODS.sessionRequestPermission,
};
// The §6 envelope is a template (`"sessionUpdate":"<kind>", …`); the `…` placeholder is not JSON.
const template = "session-update-envelope";

describe("protocol.md §3–8 examples", () => {
  it("has every block of the doc", () => {
    expect(PROTOCOL_MD_EXAMPLES).toHaveLength(25);
  });

  for (const example of PROTOCOL_MD_EXAMPLES.filter((e) => e.name !== template)) {
    it(`parses ${example.name} (§${example.section})`, () => {
      const updates = checkConversation(messagesOf(example.text), responseOnly[example.name]);
      for (const update of updates) {
        if (example.name === "client-session-update") continue;
        expect((update as { sessionUpdate: string }).sessionUpdate).not.toBe("unsupported");
      }
    });
  }

  it("parses the §6 envelope template as a notification whose placeholder kind is unsupported", () => {
    const text = exampleByName.get(template)!.text.replace(", …", "");
    const classified = classifyMessage(JSON.parse(text));
    expect(classified.kind).toBe("notification");
    if (classified.kind !== "notification") return;
    const parsed = expectOk(parseSessionNotification(classified.message.params));
    expect(parsed.update).toMatchObject({ sessionUpdate: "unsupported", kind: "<kind>" });
  });
});

describe("the SDK 1.9.0 example agent transcript (acp-standard.md §5.6)", () => {
  // Captured from `node node_modules/acp-example-agent/dist/examples/agent.js`, answering "allow".
  const transcript = readFileSync(new URL("./fixtures/example-agent-transcript.txt", import.meta.url), "utf8");

  it("parses every message, in order", () => {
    const updates = checkConversation(messagesOf(transcript)) as { sessionUpdate: string }[];
    expect(updates.map((update) => update.sessionUpdate)).toEqual([
      "agent_message_chunk",
      "tool_call",
      "tool_call_update",
      "agent_message_chunk",
      "tool_call",
      "tool_call_update",
      "agent_message_chunk",
    ]);
  });

  it("reads its numeric permission request id and standard option kinds", () => {
    const line = transcript.split("\n").find((l) => l.includes("session/request_permission"))!;
    const classified = classifyMessage(JSON.parse(line.slice(2)));
    expect(classified.kind).toBe("request");
    if (classified.kind !== "request") return;
    expect(classified.message.id).toBe(0);
    const request = expectOk(parsePermissionRequest(classified.message.params));
    expect(request.options.map((option) => [option.optionId, option.kind])).toEqual([
      ["allow", "allow_once"],
      ["reject", "reject_once"],
    ]);
    expect(request.toolCall.locations).toEqual([{ path: "/home/user/project/config.json" }]);
  });
});
