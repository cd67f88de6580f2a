import { afterEach, describe, expect, it } from "vitest";
import { KEYS } from "../../helpers/ink.js";
import { renderPrompt, WIDTHS } from "./prompt-harness.js";

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

const words = (count: number) => Array.from({ length: count }, (_, i) => `word${i}`).join(" ");

describe.each(WIDTHS)("long input wraps within the width and the rows are capped (%i columns)", (columns) => {
  it("wraps a long line to rows no wider than the pane, the text intact", async () => {
    const pane = await renderPrompt({}, columns);
    cleanup = pane.unmount;
    const text = words(20);
    await pane.press(text);
    const lines = pane.inputLines();
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(columns);
    expect(
      lines
        .map((line) => line.slice(2))
        .join(" ")
        .replace(/\s+/g, " ")
        .trim(),
    ).toBe(text);
    await pane.press(KEYS.enter);
    expect(pane.onSubmit).toHaveBeenCalledWith(text, []);
  });

  it("shows at most maxRows rows, scrolled to the cursor, with arrows for hidden rows", async () => {
    const pane = await renderPrompt({}, columns);
    cleanup = pane.unmount;
    const text = Array.from({ length: 20 }, (_, i) => `line ${i}`).join("\n");
    await pane.press(text);
    let lines = pane.inputLines();
    expect(lines).toHaveLength(8);
    expect(lines[0]).toBe("↑ line 12");
    expect(lines[7]).toBe("  line 19");
    for (let i = 0; i < 19; i++) await pane.press(KEYS.up);
    lines = pane.inputLines();
    expect(lines).toHaveLength(8);
    expect(lines[0]).toBe("> line 0");
    expect(lines[7]).toBe("↓ line 7");
  });

  it("honours a smaller maxRows", async () => {
    const pane = await renderPrompt({ maxRows: 3 }, columns);
    cleanup = pane.unmount;
    await pane.press("a\nb\nc\nd\ne");
    expect(pane.inputLines()).toEqual(["↑ c", "  d", "  e"]);
  });
});
