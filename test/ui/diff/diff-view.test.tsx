import { describe, expect, it } from "vitest";
import { DiffView } from "../../../src/ui/diff/diff-view.js";
import { renderPane } from "../../helpers/ink.js";
import { hostile, isFreeOfHostileControls, widestLine } from "./frame-width.js";

const OLD = ["fn main() {", "    let x = 1;", '    println!("{x}");', "}"].join("\n");
const NEW = ["fn main() {", "    let x = 2;", '    println!("{x}");', "}"].join("\n");

async function show(props: Parameters<typeof DiffView>[0], columns = props.width) {
  const pane = renderPane(<DiffView {...props} />, { columns });
  await pane.settle();
  return pane;
}

describe("DiffView", () => {
  for (const width of [40, 80]) {
    it(`shows a hunk header, red removed, green added and context lines at ${width} columns`, async () => {
      const pane = await show({ path: "src/main.rs", oldText: OLD, newText: NEW, width, maxLines: 20 });
      const lines = pane.frame().split("\n");
      expect(lines[0]).toMatch(/^src\/main\.rs \+1 −1/);
      expect(lines).toContain("@@ -1,4 +1,4 @@");
      expect(lines).toContain("-    let x = 1;");
      expect(lines).toContain("+    let x = 2;");
      expect(lines).toContain(" fn main() {");
      const raw = pane.rawFrame();
      // Colours: red (31) on the removed line, green (32) on the added one.
      expect(raw).toMatch(/\u001b\[31m- {4}let x = 1;/);
      expect(raw).toMatch(/\u001b\[32m\+ {4}let x = 2;/);
      expect(widestLine(raw)).toBeLessThanOrEqual(width);
      pane.unmount();
    });
  }

  it("shows a new file (oldText absent or null) as all added lines", async () => {
    for (const oldText of [undefined, null]) {
      const pane = await show({ path: "new.txt", oldText, newText: "one\ntwo\n", width: 40, maxLines: 10 });
      const lines = pane.frame().split("\n");
      expect(lines[0]).toMatch(/new\.txt new file \+2/);
      expect(lines).toEqual(expect.arrayContaining(["@@ -0,0 +1,2 @@", "+one", "+two"]));
      expect(lines.some((line) => line.startsWith("-"))).toBe(false);
      pane.unmount();
    }
  });

  it("caps the rows at maxLines and counts the rest in one row", async () => {
    const newText = Array.from({ length: 50 }, (_, i) => `line ${i}`).join("\n");
    const pane = await show({ path: "big.txt", newText, width: 40, maxLines: 6 });
    const lines = pane
      .frame()
      .split("\n")
      .filter((line) => line.trim() !== "");
    // Path, 6 rows (header + 5 lines), then the summary of the 45 lines left out.
    expect(lines).toHaveLength(8);
    expect(lines.at(-1)).toBe("… 45 more lines");
    pane.unmount();
  });

  it("cuts long lines to the width before layout, at 40 and 80 columns", async () => {
    for (const width of [40, 80]) {
      const long = `${"x".repeat(500)} ${"界".repeat(200)}`;
      const pane = await show({
        path: `${"deep/".repeat(40)}file.ts`,
        oldText: "short",
        newText: `${long}\n\tindented ${long}`,
        width,
        maxLines: 10,
      });
      const frame = pane.frame();
      expect(frame.split("\n").length).toBeLessThan(10);
      expect(widestLine(pane.rawFrame())).toBeLessThanOrEqual(width);
      expect(frame).toContain("…");
      // The path is cut from the start: the file name is what matters.
      expect(frame.split("\n")[0]).toMatch(/^…\/?(deep\/)*file\.ts \+2 −1/);
      pane.unmount();
    }
  });

  it("says so when nothing changed", async () => {
    const pane = await show({ path: "same.txt", oldText: "a\n", newText: "a\n", width: 40, maxLines: 5 });
    expect(pane.frame()).toContain("(no changes)");
    pane.unmount();
  });

  it("never lets escape sequences from the path or the text reach the terminal", async () => {
    const pane = await show({
      path: hostile("evil.txt"),
      oldText: hostile("old line"),
      newText: hostile("new line"),
      width: 40,
      maxLines: 10,
    });
    expect(isFreeOfHostileControls(pane.rawFrame())).toBe(true);
    expect(pane.frame()).toContain("evil.txt");
    expect(pane.frame()).toContain("+new line");
    pane.unmount();
  });
});
