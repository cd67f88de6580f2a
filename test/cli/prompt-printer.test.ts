import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { PromptPrinter } from "../../src/cli/prompt-printer.js";
import type { ClientEvent } from "../../src/client/events.js";
import { parseSessionUpdate } from "../../src/protocol/index.js";

function update(raw: Record<string, unknown>): ClientEvent {
  const parsed = parseSessionUpdate(raw);
  return { type: "update", sessionId: "s1", update: parsed } as ClientEvent;
}

describe("prompt's tool lines", () => {
  it("a failed shell call whose output streamed in _meta (Claude) still says its first output line", () => {
    const out = new PassThrough();
    const err = new PassThrough();
    let text = "";
    err.on("data", (chunk: Buffer) => (text += chunk.toString()));
    const printer = new PromptPrinter("s1", out, err);
    const terminal = { content: [{ type: "terminal", terminalId: "toolu_1" }] };
    printer.handle(
      update({
        sessionUpdate: "tool_call",
        toolCallId: "toolu_1",
        title: "ls /nope",
        kind: "execute",
        status: "pending",
        ...terminal,
        _meta: { terminal_info: { terminal_id: "toolu_1" } },
      }),
    );
    printer.handle(
      update({
        sessionUpdate: "tool_call_update",
        toolCallId: "toolu_1",
        _meta: { terminal_output: { terminal_id: "toolu_1", data: "ls: cannot access '/nope'\n" } },
      }),
    );
    printer.handle(
      update({
        sessionUpdate: "tool_call_update",
        toolCallId: "toolu_1",
        status: "failed",
        rawOutput: "ls: cannot access '/nope': No such file or directory\nExit code 2",
        ...terminal,
        _meta: { terminal_exit: { terminal_id: "toolu_1", exit_code: 2, signal: null } },
      }),
    );
    printer.finish();
    expect(text).toContain("ls /nope — ls: cannot access '/nope': No such file or directory\n");
  });
});
