import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseSessionUpdate } from "../../src/protocol/index.js";
import { settleReplayedDeliveries } from "../../src/state/delivered-files.js";
import { PaneStore } from "../../src/state/pane-store.js";
import type { JournalEntry } from "../../src/state/persistence/journal-format.js";
import { replayJournal } from "../../src/state/persistence/journal-replay.js";

const bytes = Buffer.from("# report\n");
const sha = createHash("sha256").update(bytes).digest("hex");

/** A turn that delivered one file, as the journal keeps it (blob and all). */
function deliveryTurn(toolCallId: string, uri: string): JournalEntry[] {
  const update = (value: unknown): JournalEntry => ({ t: "update", at: 2, update: parseSessionUpdate(value) });
  return [
    { t: "prompt", at: 1, text: "deliver", attachments: [] },
    update({ sessionUpdate: "tool_call", toolCallId, title: "deliver_file", kind: "other", status: "in_progress" }),
    update({
      sessionUpdate: "tool_call_update",
      toolCallId,
      status: "completed",
      title: "Report",
      content: [
        {
          type: "content",
          content: { type: "resource", resource: { uri, mimeType: "text/markdown", blob: bytes.toString("base64") } },
        },
      ],
    }),
    { t: "turn-end", at: 3, stopReason: "end_turn" },
  ];
}

function replayed(entries: JournalEntry[], downloadDir: string) {
  const store = new PaneStore();
  try {
    replayJournal("s1", entries, store);
    settleReplayedDeliveries(store, downloadDir);
    store.flush();
    const state = store.getState();
    return {
      live: state.live.deliveries,
      settled: state.transcript.toArray().flatMap((item) => (item.kind === "delivered-file" ? [item.delivery] : [])),
    };
  } finally {
    store.dispose();
  }
}

describe("a replayed delivery never waits", () => {
  it("takes the outcome the journal recorded: where it was saved, or why not", () => {
    const dir = mkdtempSync(join(tmpdir(), "zc-deliveries-"));
    const entries = [
      ...deliveryTurn("a", `attachment://deliver/${sha}.md`),
      { t: "delivery", at: 4, toolCallId: "a", saved: true, path: "/saved/elsewhere.md" } as const,
      ...deliveryTurn("b", `attachment://deliver/${sha}.md`),
      {
        t: "delivery",
        at: 5,
        toolCallId: "b",
        saved: false,
        error: "the bytes do not match the sha256 in the uri; not saved",
      } as const,
    ];
    const { live, settled } = replayed(entries, dir);
    expect(live).toEqual([]);
    expect(settled.map(({ state, savedPath, error }) => ({ state, savedPath, error }))).toEqual([
      { state: "saved", savedPath: "/saved/elsewhere.md", error: undefined },
      { state: "failed", savedPath: undefined, error: "the bytes do not match the sha256 in the uri; not saved" },
    ]);
  });

  it("without a recorded outcome (older journals, a quit while saving): saved if the file is there, else not", () => {
    const dir = mkdtempSync(join(tmpdir(), "zc-deliveries-"));
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${sha}.md`), bytes);
    const missing = "f".repeat(64);
    const { live, settled } = replayed(
      [
        ...deliveryTurn("a", `attachment://deliver/${sha}.md`),
        ...deliveryTurn("b", `attachment://deliver/${missing}.md`),
      ],
      dir,
    );
    expect(live).toEqual([]);
    expect(settled.map(({ state, savedPath, error }) => ({ state, savedPath, error }))).toEqual([
      { state: "saved", savedPath: join(dir, `${sha}.md`), error: undefined },
      { state: "failed", savedPath: undefined, error: "not saved (no record that it was)" },
    ]);
  });
});
