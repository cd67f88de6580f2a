import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sendControlRequest } from "../../src/control/control-client.js";
import { startPaneControl, type PaneControl } from "../../src/control/pane-control.js";
import { NO_LONGER_WAITING } from "../../src/control/protocol.js";
import { SentAttachments } from "../../src/control/sent-attachments.js";
import { PermissionQueue } from "../../src/client/permission-queue.js";
import { PaneStore } from "../../src/state/pane-store.js";
import { PermissionRelay } from "../../src/state/permission-relay.js";

const roots: string[] = [];
const controls: PaneControl[] = [];
afterEach(() => {
  for (const control of controls.splice(0)) control.stop();
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function tempDir(): string {
  const root = mkdtempSync(join(tmpdir(), "zcp-pc-"));
  roots.push(root);
  return root;
}

async function startZellijPane() {
  const root = tempDir();
  const store = new PaneStore({ flushIntervalMs: 0 });
  const attachments = new SentAttachments();
  const permissions = new PermissionRelay();
  const env = { ZELLIJ: "0", ZELLIJ_SESSION_NAME: "work", ZELLIJ_PANE_ID: "2", XDG_RUNTIME_DIR: join(root, "run") };
  const control = await startPaneControl({
    store,
    attachments,
    permissions,
    cwd: root,
    sessionId: () => "sess-1",
    ring: () => undefined,
    env,
  });
  controls.push(control);
  return { root, store, attachments, permissions, control, socketPath: control.socketPath! };
}

describe("sent attachments", () => {
  it("wait for the next prompt, which takes them all; a capture of the same pane replaces the earlier one", async () => {
    const sent = new SentAttachments();
    sent.add([], [{ uri: "tmux://pane/3", text: "old" }]);
    sent.add(["/tmp/a.txt"], [{ uri: "tmux://pane/3", text: "new" }]);
    expect(sent.size).toBe(2);
    expect(sent.take()).toEqual(["tmux://pane/3", "/tmp/a.txt"]);
    expect(sent.take()).toEqual([]);
    const embedded = await sent.read("tmux://pane/3", { embeddedContext: true });
    expect(embedded.block).toEqual({
      type: "resource",
      resource: { uri: "tmux://pane/3", mimeType: "text/plain", text: "new" },
    });
  });

  it("inline the text for an agent without embedded context, and read files like @path", async () => {
    const root = tempDir();
    const file = join(root, "notes.md");
    writeFileSync(file, "# notes\n");
    const sent = new SentAttachments();
    sent.add([file], [{ uri: "stdin:", text: "piped" }]);
    expect((await sent.read("stdin:", {})).block).toEqual({
      type: "text",
      text: "Content of stdin::\n```\npiped\n```",
    });
    expect((await sent.read(file, { embeddedContext: true })).block).toMatchObject({
      type: "resource",
      resource: { mimeType: "text/markdown", text: "# notes\n" },
    });
  });

  it("refuse a resource over 10 MiB, and a pile of them", () => {
    const sent = new SentAttachments();
    expect(() => sent.add([], [{ uri: "stdin:", text: "x".repeat(10 * 1024 * 1024 + 1) }])).toThrow(
      /over the 10 MiB limit/,
    );
    const many = Array.from({ length: 33 }, (_, index) => ({ uri: `stdin:${index}`, text: "x" }));
    expect(() => sent.add([], many)).toThrow(/too many attachments waiting/);
    expect(sent.size).toBe(0);
  });
});

describe("the pane's control side", () => {
  it("puts sent text into the input and queues the attachments, without sending anything to the agent", async () => {
    const { store, attachments, socketPath, root } = await startZellijPane();
    expect(socketPath).toBe(join(root, "run", "zc-pane", "zellij-work-2.sock"));
    const file = join(root, "a.ts");
    writeFileSync(file, "export {};\n");
    const reply = await sendControlRequest(socketPath, {
      v: 1,
      type: "send",
      text: "Explain this output:\u001b]52;c;cHduZWQ=\u0007",
      files: [file],
      resources: [{ uri: "tmux://pane/3", mimeType: "text/plain", text: "error: boom" }],
    });
    expect(reply).toMatchObject({ ok: true, attached: 2, pane: { pid: process.pid, sessionId: "sess-1" } });
    const state = store.getState();
    // Control sequences never reach the input (they would reach the terminal when it draws).
    expect(state.draftRestore?.text).toBe("Explain this output:");
    expect(state.transcript.at(-1)).toMatchObject({
      kind: "notice",
      message: `attached ${file}, tmux://pane/3 (sent with your next prompt)`,
    });
    expect(attachments.take()).toEqual([file, "tmux://pane/3"]);
    expect(state.queue).toEqual([]);
  });

  it("refuses a missing file or a relative path with a message, and takes nothing from that request", async () => {
    const { store, attachments, socketPath, root } = await startZellijPane();
    const missing = await sendControlRequest(socketPath, {
      v: 1,
      type: "send",
      text: "x",
      files: [join(root, "nope.txt")],
    });
    expect(missing).toMatchObject({
      ok: false,
      error: expect.stringMatching(/cannot attach .*nope\.txt: no such file/),
    });
    const relative = await sendControlRequest(socketPath, { v: 1, type: "send", text: "x", files: ["a.txt"] });
    expect(relative).toMatchObject({ ok: false, error: "file paths must be absolute: a.txt" });
    expect(attachments.size).toBe(0);
    expect(store.getState().draftRestore).toBeUndefined();
  });

  it("lists waiting permission requests and answers one from outside; a stale answer is refused", async () => {
    const { store, permissions, socketPath } = await startZellijPane();
    const queue = new PermissionQueue();
    permissions.follow(queue);
    const request = {
      key: "7",
      requestId: 7,
      sessionId: "sess-1",
      toolCall: { toolCallId: "call-1", title: "Run git status", rawInput: { command: "git status" } },
      options: [
        { optionId: "yes", name: "Allow", kind: "allow_once" },
        { optionId: "no", name: "Reject", kind: "reject_once" },
      ],
      receivedAt: 1000,
    };
    // What the client does with a request: tells the store, queues it, tells the store how it settled.
    store.handleClientEvent({ type: "permission-requested", request });
    const decided = queue.add(request).then((outcome) => {
      store.handleClientEvent({
        type: "permission-settled",
        key: request.key,
        outcome: outcome.outcome === "selected" ? outcome.optionId : "cancelled",
      });
      return outcome;
    });

    const listed = await sendControlRequest(socketPath, { v: 1, type: "pending" });
    expect(listed).toMatchObject({
      ok: true,
      pane: { paneId: "2", label: "zellij pane 2 of session work", sessionId: "sess-1" },
      requests: [{ key: "7", receivedAt: 1000, sessionId: "sess-1", options: request.options }],
    });

    const offered = { v: 1, type: "answer", key: "7", receivedAt: 1000 };
    expect(
      await sendControlRequest(socketPath, { ...offered, outcome: { outcome: "selected", optionId: "maybe" } }),
    ).toEqual({ v: 1, ok: false, error: 'option "maybe" was not offered for that request' });
    expect(
      await sendControlRequest(socketPath, { ...offered, outcome: { outcome: "selected", optionId: "no" } }),
    ).toMatchObject({ ok: true });
    expect(await decided).toEqual({ outcome: "selected", optionId: "no" });
    const notes = store
      .getState()
      .transcript.toArray()
      .filter((item) => item.kind === "permission");
    expect(notes).toMatchObject([{ title: "Run git status", answer: "Reject (answered from outside)" }]);

    // Answered: the same answer again is refused, and nothing is listed any more.
    expect(
      await sendControlRequest(socketPath, { ...offered, outcome: { outcome: "selected", optionId: "yes" } }),
    ).toEqual({ v: 1, ok: false, error: NO_LONGER_WAITING });
    expect(await sendControlRequest(socketPath, { v: 1, type: "pending" })).toMatchObject({ requests: [] });
  });

  it("answers ping, and removes its socket on stop", async () => {
    const { socketPath, control } = await startZellijPane();
    expect(await sendControlRequest(socketPath, { v: 1, type: "ping" })).toMatchObject({
      ok: true,
      pane: { cwd: expect.any(String) },
    });
    control.stop();
    await expect(sendControlRequest(socketPath, { v: 1, type: "ping" })).rejects.toMatchObject({ code: "not-running" });
  });

  it("in tmux, publishes the state on changes only, through the tmux it is given", async () => {
    const root = tempDir();
    const store = new PaneStore({ flushIntervalMs: 0 });
    const calls: string[] = [];
    const env = { TMUX: "/tmp/tmux-0/default,4321,0", TMUX_PANE: "%6", XDG_RUNTIME_DIR: join(root, "run") };
    const control = await startPaneControl({
      store,
      attachments: new SentAttachments(),
      permissions: new PermissionRelay(),
      cwd: root,
      sessionId: () => undefined,
      ring: () => undefined,
      env,
      tmux: async (args) => {
        calls.push(args.join(" "));
        return "111";
      },
    });
    controls.push(control);
    expect(control.socketPath).toBe(join(root, "run", "zc-pane", "tmux-4321-6.sock"));
    const published = async (count: number) => {
      await vi.waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(count), { timeout: 10_000 });
      return calls.map((call) => call.split(" ; ")[0]);
    };
    expect(await published(1)).toEqual(["set-option -p -t %6 @zc-pane-state idle"]);
    store.dispatch({ type: "notice", level: "info", message: "no state change" });
    store.handleClientEvent({ type: "turn-started", sessionId: "s", turnId: 1 });
    await published(2);
    control.stop();
    expect(await published(3)).toEqual([
      "set-option -p -t %6 @zc-pane-state idle",
      "set-option -p -t %6 @zc-pane-state working",
      "set-option -p -u -t %6 @zc-pane-state",
    ]);
  });

  it("without a multiplexer, opens no socket", async () => {
    const control = await startPaneControl({
      store: new PaneStore(),
      attachments: new SentAttachments(),
      permissions: new PermissionRelay(),
      cwd: "/",
      sessionId: () => undefined,
      ring: () => undefined,
      env: { XDG_RUNTIME_DIR: tempDir() },
    });
    expect(control.socketPath).toBeUndefined();
    control.stop();
  });
});
