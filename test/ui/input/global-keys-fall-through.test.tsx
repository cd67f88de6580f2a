import { afterEach, describe, expect, it } from "vitest";
import { KEYS } from "../../helpers/ink.js";
import { renderPrompt, WIDTHS } from "./prompt-harness.js";

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

describe.each(WIDTHS)("global keys fall through the input (%i columns)", (columns) => {
  it("Esc with no menu open reaches the global layer", async () => {
    const pane = await renderPrompt({}, columns);
    cleanup = pane.unmount;
    await pane.type("abc");
    await pane.press(KEYS.escape);
    expect(pane.seen).toHaveLength(1);
    expect(pane.seen[0]?.key.escape).toBe(true);
    expect(pane.inputLines()).toEqual(["> abc"]);
  });

  it.each([
    ["Ctrl+C", KEYS.ctrlC],
    ["Ctrl+D", KEYS.ctrlD],
    ["Ctrl+O", KEYS.ctrlO],
    ["Ctrl+X", KEYS.ctrlX],
    ["Shift+Tab", KEYS.shiftTab],
    ["Alt+Up", KEYS.altUp],
    ["Alt+Down", KEYS.altDown],
    ["Tab without a menu", "\t"],
  ])("%s is not consumed and leaves the text alone", async (_name, sequence) => {
    const pane = await renderPrompt({}, columns);
    cleanup = pane.unmount;
    await pane.type("abc");
    await pane.press(sequence);
    expect(pane.seen).toHaveLength(1);
    expect(pane.inputLines()).toEqual(["> abc"]);
  });

  it("Ctrl+G without openEditor falls through too", async () => {
    const pane = await renderPrompt({}, columns);
    cleanup = pane.unmount;
    await pane.press(KEYS.ctrlG);
    expect(pane.seen).toHaveLength(1);
  });
});
