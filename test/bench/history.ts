import { loadMarkdownRenderer } from "../../src/markdown/renderer.js";
import { AppendLog } from "../../src/state/append-log.js";
import { HistoryBuilder } from "../../src/state/history/history-entry.js";
import type { TranscriptItem } from "../../src/state/view-model.js";
import { HistoryModel } from "../../src/ui/history/history-model.js";

/**
 * The history view on a 5,000-message session (2,500 prompts and answers of markdown, a tool row every tenth
 * turn), in a fresh process with the markdown renderer loaded, at 60×30:
 * - open: what Ctrl+T does before its first frame: the records converted to entries (the first opening
 *   converts the whole session), the model placed at the end, the screen's rows rendered;
 * - search: a query found in every answer (the worst count), its matches counted, the jump back to the
 *   nearest one and the screen there rendered.
 */
export async function historyCase(messages: number): Promise<{ openMs: number; searchMs: number; matches: number }> {
  await loadMarkdownRenderer();
  const records: TranscriptItem[] = [];
  for (let turn = 0; turn < messages / 2; turn++) {
    records.push({ kind: "user", id: records.length, text: `m${turn * 2} please look at step ${turn} of the build`, attachments: [] });
    if (turn % 10 === 0)
      records.push({
        kind: "tool",
        id: records.length,
        row: { toolCallId: `c${turn}`, status: "done", title: "shell", summary: "npm test", output: `ok ${turn}\n`.repeat(20), diffs: [], locations: [] },
      });
    records.push({
      kind: "agent-text",
      id: records.length,
      markdown: `m${turn * 2 + 1} Step ${turn} is done: the **build** passed and \`npm test\` is green.\n`,
    });
  }
  const log = AppendLog.from(records);
  const started = performance.now();
  const builder = new HistoryBuilder();
  builder.update(log);
  const model = new HistoryModel(builder.snapshot(), 59, 27);
  model.visibleRows();
  const openMs = performance.now() - started;
  const searchStarted = performance.now();
  model.search("Build");
  model.search("build");
  model.jumpToMatch(-1);
  model.visibleRows();
  const searchMs = performance.now() - searchStarted;
  return { openMs, searchMs, matches: model.matches?.entries.length ?? 0 };
}
