import { EventEmitter } from "node:events";
import type { PermissionView } from "../../src/state/permission-view.js";
import { longMarkdown } from "../../src/demo/scenarios-stream.js";
import { finishedLinesCut } from "../../src/markdown/line-commit.js";
import { loadMarkdownRenderer } from "../../src/markdown/renderer.js";
import { classifyMessage } from "../../src/protocol/jsonrpc.js";
import { parseSessionNotification } from "../../src/protocol/session-update.js";
import { PaneStore } from "../../src/state/pane-store.js";
import { initialPaneState } from "../../src/state/reducer.js";
import type { PaneActions } from "../../src/ui/app/app.js";
import { mountPane } from "../../src/ui/mount-pane.js";
import { SESSION, text, turnEnded, turnStarted } from "../state/fixtures.js";
import { sleep } from "./tmux.js";
import { QuietStdin } from "../helpers/quiet-stdin.js";

/** A TTY-like stdout that counts what Ink writes. */
export class CountingTty extends EventEmitter {
  readonly isTTY = true;
  writes = 0;
  bytes = 0;
  constructor(
    readonly columns: number,
    readonly rows: number,
  ) {
    super();
  }
  write = (data: string | Uint8Array, callback?: () => void) => {
    this.writes++;
    this.bytes += typeof data === "string" ? Buffer.byteLength(data) : data.length;
    callback?.();
    return true;
  };
}

/** The pane's actions, doing nothing: the bench drives the store directly. */
export const idleActions: PaneActions = {
  submit() {},
  cancel: () => false,
  turnRunning: false,
  async closeAndQuit() {},
  async stopAndQuit() {},
  quit() {},
  async restart() {},
  permissions: { subscribe: () => () => {}, getPending: (): readonly PermissionView[] => [], decide() {} },
};

const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

/**
 * Per-chunk cost with `items` finished transcript items already on screen: the App on a 60×30 fake TTY
 * (maxFps 30, as the CLI), a 20 KB answer in 200 chunks paced over 2 s through the store; the figure is the
 * process CPU time of that stream divided by the chunks (frames included). Also returns the RSS after.
 */
export async function longSessionCase(items: number): Promise<{ items: number; cpuPerChunkMs: number; rssMb: number; heapMb: number; frames: number }> {
  await loadMarkdownRenderer();
  const store = new PaneStore({ initial: initialPaneState({ agentName: "demo" }), cutLines: finishedLinesCut });
  store.dispatch({ type: "connection", state: "ready", agentName: "demo" });
  store.dispatch({ type: "session-opened", sessionId: SESSION, how: "new" });
  const stdout = new CountingTty(60, 30);
  const { instance } = mountPane({ store, stdout: stdout as unknown as NodeJS.WriteStream, stdin: new QuietStdin() as unknown as NodeJS.ReadStream, app: { actions: idleActions, cwd: "/tmp" } });
  // History the way a long session builds it, with the pane on screen: a prompt and a short markdown answer
  // per turn, 50 turns per frame.
  for (let turn = 1; store.getState().transcript.length < items; turn += 50) {
    store.batch(() => {
      for (let one = turn; one < turn + 50; one++) {
        store.dispatch({ type: "prompt-submitted", text: `question ${one}`, attachments: [] });
        store.handleClientEvent(turnStarted(one));
        store.handleClientEvent(text(`Answer **${one}**: a line of text with \`code\`.\n`));
        store.handleClientEvent(turnEnded("end_turn", undefined, one));
      }
    });
    await sleep(5);
  }
  await sleep(items > 0 ? 1000 : 300);
  const answer = longMarkdown(20 * 1024);
  const chunks = answer.match(/[\s\S]{1,100}/g) ?? [];
  const turnId = 100_000;
  const framesBefore = stdout.writes;
  const cpuBefore = cpuMs();
  store.dispatch({ type: "prompt-submitted", text: "the long one", attachments: [] });
  store.handleClientEvent(turnStarted(turnId));
  const started = performance.now();
  const durationMs = 2000;
  let sent = 0;
  while (sent < chunks.length) {
    const due = Math.min(chunks.length, Math.ceil(((performance.now() - started) / durationMs) * chunks.length));
    for (; sent < due; sent++) store.handleClientEvent(text(chunks[sent]!));
    await sleep(1);
  }
  store.handleClientEvent(turnEnded("end_turn", undefined, turnId));
  await sleep(300);
  const cpu = cpuMs() - cpuBefore;
  const frames = stdout.writes - framesBefore;
  // After a full GC (the case runs with --expose-gc): garbage the next minor GC would free is not resident cost.
  (globalThis as { gc?: () => void }).gc?.();
  const rssMb = process.memoryUsage().rss / 1024 / 1024;
  const heapMb = process.memoryUsage().heapUsed / 1024 / 1024;
  instance.unmount();
  store.dispose();
  return { items: store.getState().transcript.length, cpuPerChunkMs: cpu / chunks.length, rssMb, heapMb, frames };
}

/** NDJSON lines as the demo agent sends them: `agent_message_chunk` notifications of ~40 bytes of text. */
function notificationLines(count: number): string[] {
  const lines: string[] = [];
  for (let index = 0; index < count; index++) {
    lines.push(
      JSON.stringify({ jsonrpc: "2.0", method: "session/update", params: { sessionId: SESSION, update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text: `c${index}${".".repeat(36)} ` } } } }),
    );
  }
  return lines;
}

/**
 * Core throughput, no UI: each line JSON.parse'd, classified (JSON-RPC), parsed and validated (ACP
 * session/update) and fed to the pane store, which is flushed (reduced) every 500 lines, more often than
 * its 30 Hz timer would at this rate. Baseline: JSON.parse alone over the same lines.
 */
export function coreCase(count: number): { coreMs: number; parseMs: number; count: number } {
  const lines = notificationLines(count);
  let sink = 0;
  // Warm-up of both paths on a slice first, so neither is measured while still being compiled.
  const warm = lines.slice(0, 5000);
  for (const line of warm) JSON.parse(line);
  const parseStarted = performance.now();
  for (const line of lines) sink += (JSON.parse(line) as { params: unknown }).params ? 1 : 0;
  const parseMs = performance.now() - parseStarted;
  runCore(warm);

  const coreMs = runCore(lines);
  if (sink !== count) throw new Error("core bench: lost lines");
  return { coreMs, parseMs, count };
}

function runCore(lines: readonly string[]): number {
  const store = new PaneStore({ initial: initialPaneState({ agentName: "demo" }) });
  store.dispatch({ type: "session-opened", sessionId: SESSION, how: "new" });
  store.handleClientEvent(turnStarted(1));
  const coreStarted = performance.now();
  for (let index = 0; index < lines.length; index++) {
    const message = classifyMessage(JSON.parse(lines[index]!));
    if (message.kind !== "notification") throw new Error(`core bench: unexpected ${message.kind}`);
    const parsed = parseSessionNotification(message.message.params);
    if (!parsed.ok) throw new Error(parsed.error);
    store.handleClientEvent({ type: "update", sessionId: parsed.value.sessionId, update: parsed.value.update });
    if (index % 500 === 499) store.flush();
  }
  store.handleClientEvent(turnEnded("end_turn", undefined, 1));
  const coreMs = performance.now() - coreStarted;
  store.dispose();
  return coreMs;
}
