import { longMarkdown } from "../../src/demo/scenarios-stream.js";
import { finishedLinesCut } from "../../src/markdown/line-commit.js";
import { loadMarkdownRenderer } from "../../src/markdown/renderer.js";
import { PaneStore } from "../../src/state/pane-store.js";
import { initialPaneState } from "../../src/state/reducer.js";
import { mountPane } from "../../src/ui/mount-pane.js";
import { QuietStdin } from "../helpers/quiet-stdin.js";
import { SESSION, text, thought, toolCall, toolUpdate, turnEnded, turnStarted } from "../state/fixtures.js";
import { CountingTty, idleActions } from "./in-process.js";
import { sleep } from "./tmux.js";

const afterGc = (): { rss: number; heap: number } => {
  (globalThis as { gc?: () => void }).gc?.();
  const usage = process.memoryUsage();
  return { rss: usage.rss / 1024 / 1024, heap: usage.heapUsed / 1024 / 1024 };
};

/**
 * The pane (App, writer and screen on a fake 60×30 TTY) through `turns` working turns fed to the store as the
 * client would: a prompt, a thought, a tool call and its output, a 2 KB markdown answer in 100-byte chunks.
 * RSS after a full GC at turn 100 and at the end: what the pane keeps per turn.
 */
export async function soakCase(turns: number): Promise<{ rss100: number; rssEnd: number; heap100: number; heapEnd: number; turns: number }> {
  await loadMarkdownRenderer();
  const store = new PaneStore({ initial: initialPaneState({ agentName: "demo" }), cutLines: finishedLinesCut });
  store.dispatch({ type: "connection", state: "ready", agentName: "demo" });
  store.dispatch({ type: "session-opened", sessionId: SESSION, how: "new" });
  const stdout = new CountingTty(60, 30);
  const { instance } = mountPane({ store, stdout: stdout as unknown as NodeJS.WriteStream, stdin: new QuietStdin() as unknown as NodeJS.ReadStream, app: { actions: idleActions, cwd: "/tmp" } });
  const chunks = longMarkdown(2048).match(/[\s\S]{1,100}/g) ?? [];
  let at100 = { rss: Number.NaN, heap: Number.NaN };
  for (let turn = 1; turn <= turns; turn++) {
    store.dispatch({ type: "prompt-submitted", text: `turn ${turn}: look at the build`, attachments: [] });
    store.handleClientEvent(turnStarted(turn));
    store.handleClientEvent(thought(`Thinking about turn ${turn}.`));
    store.handleClientEvent(toolCall({ toolCallId: `call-${turn}`, title: "npm test", kind: "execute", status: "pending", rawInput: { command: "npm test" } }));
    store.handleClientEvent(toolUpdate({ toolCallId: `call-${turn}`, status: "completed", rawOutput: { output: `✓ ${turn} tests passed` } }));
    for (const chunk of chunks) store.handleClientEvent(text(chunk));
    store.handleClientEvent(turnEnded("end_turn", undefined, turn));
    await sleep(2);
    if (turn === 100) {
      await sleep(100);
      at100 = afterGc();
    }
  }
  await sleep(300);
  const end = afterGc();
  instance.unmount();
  store.dispose();
  return { rss100: at100.rss, rssEnd: end.rss, heap100: at100.heap, heapEnd: end.heap, turns };
}
