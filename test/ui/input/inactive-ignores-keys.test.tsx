import { afterEach, describe, expect, it } from "vitest";
import { KEYS } from "../../helpers/ink.js";
import { renderPrompt, WIDTHS } from "./prompt-harness.js";

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

describe.each(WIDTHS)("active=false (%i columns)", (columns) => {
  it("ignores every key, draws no cursor and renders dimmed", async () => {
    const pane = await renderPrompt({ active: false, initialText: "kept draft" }, columns);
    cleanup = pane.unmount;
    await pane.type("xyz");
    await pane.press(KEYS.backspace);
    await pane.press(KEYS.enter);
    expect(pane.onSubmit).not.toHaveBeenCalled();
    expect(pane.inputLines()).toEqual(["> kept draft"]);
    expect(pane.rawFrame()).not.toContain("\u001b[7m");
    expect(pane.rawFrame()).toContain("\u001b[2m");
    // The keys reached the layer below instead.
    expect(pane.seen.length).toBe(5);
  });
});
