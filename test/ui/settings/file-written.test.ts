import { stripVTControlCharacters } from "node:util";
import { describe, expect, it } from "vitest";
import type { TranscriptItem } from "../../../src/state/view-model.js";
import { recordText } from "../../../src/ui/transcript/record-text.js";

/** The record as the transcript writes it, without colours. */
function render(item: TranscriptItem, columns: number): string {
  return stripVTControlCharacters(recordText(item, columns));
}

describe.each([40, 60])("a written file in the transcript at %i columns", (columns) => {
  it("shows the counts and the diff of an overwrite", () => {
    const frame = render(
      {
        kind: "file-written",
        id: 1,
        path: "src/x.ts",
        created: false,
        oldKnown: true,
        newLines: 3,
        diff: { oldText: "a\nb\n", newText: "a\nc\nd\n" },
      },
      columns,
    );
    expect(frame).toContain("wrote src/x.ts +2 −1");
    expect(frame).toContain("+c");
    expect(frame).toContain("-b");
    for (const line of frame.split("\n")) expect(line.length).toBeLessThanOrEqual(columns);
  });

  it("says created for a new file and rewritten when the old text is unknown", () => {
    const created = render(
      {
        kind: "file-written",
        id: 1,
        path: "new.ts",
        created: true,
        oldKnown: true,
        newLines: 2,
        diff: { oldText: null, newText: "x\ny\n" },
      },
      columns,
    );
    expect(created).toContain("✎ new.ts new file +2");
    const rewritten = render(
      {
        kind: "file-written",
        id: 2,
        path: "old.ts",
        created: false,
        oldKnown: false,
        newLines: 7,
        diff: { oldText: null, newText: "z\n" },
      },
      columns,
    );
    expect(rewritten).toContain("wrote old.ts · rewritten, 7 lines");
    expect(rewritten).not.toContain("+z");
  });
});
