import { mkdtemp, readFile, readdir } from "node:fs/promises";
import { createHash } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import type { AcpClient } from "../../src/client/acp-client.js";
import type { AgentInfo } from "../../src/client/agent-info.js";
import type { ClientEvent, ClientEventListener } from "../../src/client/events.js";
import { PermissionQueue } from "../../src/client/permission-queue.js";
import { STANDARD_PROFILE } from "../../src/rpc/error-profile.js";
import { AppendLog } from "../../src/state/append-log.js";
import { PaneStore } from "../../src/state/pane-store.js";
import { SessionController, type QuitReason } from "../../src/state/session-controller.js";
import { transcriptToMarkdown } from "../../src/state/transcript-export.js";
import { kinds, SESSION, update } from "./fixtures.js";

const AGENT: AgentInfo = {
  protocolVersion: 1,
  name: "fake",
  profile: STANDARD_PROFILE,
  loadSession: true,
  canResume: true,
  canClose: true,
  canList: false,
  canDelete: false,
  canStop: true,
  promptCapabilities: { embeddedContext: true },
  mcpTransports: { http: false, sse: false },
  authMethods: [],
};

/** A client double: records calls, lets the test end each turn. */
class FakeClient {
  readonly permissions = new PermissionQueue();
  readonly calls: string[] = [];
  readonly prompts: string[] = [];
  private readonly listeners = new Set<ClientEventListener>();
  private finishTurn: ((stopReason: string) => void) | undefined;
  private turnId = 0;

  subscribe(listener: ClientEventListener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  emit(event: ClientEvent) {
    for (const listener of this.listeners) listener(event);
  }
  async newSession() {
    this.calls.push("newSession");
    return { sessionId: SESSION, cwd: "/tmp" };
  }
  async resumeSession(id: string) {
    this.calls.push(`resume ${id}`);
    return { sessionId: id, cwd: "/tmp" };
  }
  session(id: string) {
    return {
      sessionId: id,
      cwd: "/tmp",
      mcpServers: [
        { name: "notes", command: "npx", args: [], env: [{ name: "TOKEN", value: "secret" }] },
        { type: "http" as const, name: "web", url: "https://mcp.example/mcp?key=secret", headers: [] },
      ],
    };
  }
  prompt(sessionId: string, blocks: { type: string; text?: string }[]) {
    this.prompts.push(blocks[0]?.text ?? "");
    const turnId = ++this.turnId;
    this.emit({ type: "turn-started", sessionId, turnId });
    return new Promise<{ stopReason: string }>((resolve) => {
      this.finishTurn = (stopReason) => {
        this.emit({ type: "turn-ended", sessionId, turnId, stopReason });
        resolve({ stopReason });
      };
    });
  }
  endTurn(stopReason = "end_turn") {
    this.finishTurn?.(stopReason);
  }
  cancel() {
    this.calls.push("cancel");
  }
  async closeSession() {
    this.calls.push("close");
    return true;
  }
  async stop() {
    this.calls.push("stop");
  }
  async dispose() {
    this.calls.push("dispose");
  }
  sessionSettings() {
    return undefined;
  }
}

async function setup(options: { restore?: { mode: "resume" | "load"; sessionId: string }; downloadDir?: string } = {}) {
  const store = new PaneStore();
  const client = new FakeClient();
  const quits: QuitReason[] = [];
  const controller = new SessionController({
    store,
    connect: async () => ({ client: client as unknown as AcpClient, agent: AGENT }),
    cwd: await mkdtemp(join(tmpdir(), "zc-pane-controller-")),
    downloadDir: options.downloadDir ?? join(tmpdir(), "zc-pane-downloads-unused"),
    onQuit: (reason) => quits.push(reason),
    ...(options.restore ? { restore: options.restore } : {}),
  });
  return { store, client, controller, quits };
}

/** Waits (bounded) until `check` stops throwing: the controller sends through promise chains and file writes. */
const eventually = (check: () => void) => vi.waitFor(check, { timeout: 10_000, interval: 5 });

describe("SessionController", () => {
  it("queues prompts sent before the session is open and sends them once it is", async () => {
    const { store, client, controller } = await setup();
    controller.submit("early", []);
    expect(store.getState().queue.map((queued) => queued.text)).toEqual(["early"]);
    await controller.start();
    await eventually(() => expect(client.prompts).toEqual(["early"]));
    expect(store.getState().queue).toEqual([]);
    expect(kinds(store.getState())).toEqual(["banner", "user"]);
  });

  it("queues a prompt while a turn runs and sends it when the turn ends", async () => {
    const { store, client, controller } = await setup();
    await controller.start();
    controller.submit("one", []);
    await eventually(() => expect(client.prompts).toEqual(["one"]));
    controller.submit("two", []);
    expect(store.getState().queue.map((queued) => queued.text)).toEqual(["two"]);
    client.endTurn();
    await eventually(() => expect(client.prompts).toEqual(["one", "two"]));
  });

  it("after a cancel, gives the queued prompts back to the input instead of sending them", async () => {
    const { store, client, controller } = await setup();
    await controller.start();
    controller.submit("one", []);
    await eventually(() => expect(client.prompts).toEqual(["one"]));
    controller.submit("two", []);
    expect(controller.cancel()).toBe(true);
    expect(client.calls).toContain("cancel");
    client.endTurn("cancelled");
    await eventually(() => expect(store.getState().draftRestore?.text).toBe("two"));
    expect(client.prompts).toEqual(["one"]);
  });

  it("handles local commands without sending them, and sends agent commands as text", async () => {
    const { store, client, controller } = await setup();
    await controller.start();
    controller.submit("/help", []);
    controller.submit("/status", []);
    controller.submit("/model", []);
    await eventually(() => expect(kinds(store.getState()).filter((kind) => kind === "notice")).toHaveLength(3));
    expect(client.prompts).toEqual([]);
    // /status lists the MCP servers the session got, without their env, headers or URL query (secrets).
    const status = store
      .getState()
      .transcript.toArray()
      .find((item) => item.kind === "notice" && item.message.startsWith("agent:"));
    expect(status).toMatchObject({
      message: expect.stringContaining("\nMCP servers: notes (stdio: npx), web (http: https://mcp.example/mcp)"),
    });
    expect(JSON.stringify(status)).not.toContain("secret");
    controller.submit("/web cats", []);
    await eventually(() => expect(client.prompts).toEqual(["/web cats"]));
  });

  it("/export writes the transcript as markdown in the cwd and says where", async () => {
    const { store, controller } = await setup();
    await controller.start();
    store.dispatch({ type: "prompt-submitted", text: "hello", attachments: [] });
    const path = await controller.exportTranscript();
    expect(path).toBeDefined();
    const written = await readFile(path!, "utf8");
    expect(written).toContain("## You\n\n> hello");
    expect(store.getState().transcript.toArray().at(-1)).toMatchObject({
      kind: "notice",
      message: `transcript exported to ${path}`,
    });
  });

  it("Ctrl+D closes the session and quits; Ctrl+X stops it and quits", async () => {
    const closing = await setup();
    await closing.controller.start();
    await closing.controller.closeAndQuit();
    expect(closing.client.calls).toContain("close");
    expect(closing.quits).toEqual(["closed"]);
    const stopping = await setup();
    await stopping.controller.start();
    await stopping.controller.stopAndQuit();
    expect(stopping.client.calls).toContain("stop");
    expect(stopping.quits).toEqual(["stopped"]);
  });

  it("shows an agent death and restarts with session/resume, keeping the transcript", async () => {
    const { store, client, controller } = await setup();
    await controller.start();
    store.dispatch({ type: "prompt-submitted", text: "before", attachments: [] });
    client.emit({
      type: "disconnected",
      close: {
        reason: "exited",
        message: "the agent exited with code 3",
        exitCode: 3,
        signal: null,
        stderrTail: "panic: boom",
      },
    });
    expect(store.getState().agentDied).toMatchObject({ exitCode: 3, stderrTail: "panic: boom" });
    await controller.restart();
    expect(client.calls).toContain(`resume ${SESSION}`);
    expect(store.getState().agentDied).toBeUndefined();
    expect(kinds(store.getState())).toEqual(["banner", "user", "error", "banner"]);
  });

  it("saves a delivered file after checking its sha256, and refuses one that does not match", async () => {
    const dir = await mkdtemp(join(tmpdir(), "zc-pane-downloads-"));
    const { store, client, controller } = await setup({ downloadDir: dir });
    await controller.start();
    const bytes = Buffer.from("# report\n");
    const sha = createHash("sha256").update(bytes).digest("hex");
    const deliver = (id: string, uri: string) =>
      client.emit(
        update({
          sessionUpdate: "tool_call_update",
          toolCallId: id,
          title: "Demo report",
          status: "completed",
          content: [
            {
              type: "content",
              content: {
                type: "resource",
                resource: { uri, mimeType: "text/markdown", blob: bytes.toString("base64") },
              },
            },
          ],
        }),
      );
    deliver("good", `attachment://deliver/${sha}.md`);
    deliver("bad", `attachment://deliver/${"0".repeat(64)}.md`);
    const settled = () => {
      store.flush();
      return store
        .getState()
        .transcript.toArray()
        .flatMap((item) => (item.kind === "delivered-file" ? [item.delivery] : []));
    };
    // Saving is asynchronous: wait (bounded) until both deliveries are settled, without assuming how long.
    for (const deadline = Date.now() + 10_000; settled().length < 2 && Date.now() < deadline;)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const files = settled();
    expect(files.map((file) => file.state).sort()).toEqual(["failed", "saved"]);
    expect(await readdir(dir)).toEqual([`${sha}.md`]);
    expect(files.find((file) => file.state === "failed")?.error).toMatch(/sha256/);
  });
});

describe("transcriptToMarkdown", () => {
  it("fences tool output with a fence longer than any backtick run inside", () => {
    const log = AppendLog.from([
      {
        kind: "tool",
        id: 1,
        row: {
          toolCallId: "t",
          status: "done",
          title: "shell",
          diffs: [],
          locations: [],
          summary: "cat x",
          output: "```\ncode\n```",
        },
      },
    ] as const);
    const markdown = transcriptToMarkdown(log.toArray(), "t");
    expect(markdown).toContain("````\n```\ncode\n```\n````");
    expect(markdown).toContain("**shell**: done");
  });
});
