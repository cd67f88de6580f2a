import { afterEach, describe, expect, it } from "vitest";
import { KEYS } from "../../helpers/ink.js";
import { renderPrompt, WIDTHS } from "./prompt-harness.js";

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

describe.each(WIDTHS)("several keys in one stdin chunk (%i columns)", (columns) => {
  it("applies every key in order, none lost to a stale render", async () => {
    const pane = await renderPrompt({}, columns);
    cleanup = pane.unmount;
    // Ink emits "ab", Left, Left, "x" in one tick, before React re-renders.
    await pane.press(`ab${KEYS.left}${KEYS.left}x`);
    expect(pane.inputLines()).toEqual(["> xab"]);
  });

  it("moves the menu highlight once per arrow", async () => {
    const commands = ["alpha", "beta", "gamma"].map((name) => ({ name, source: "local" as const }));
    const pane = await renderPrompt({ commands }, columns);
    cleanup = pane.unmount;
    await pane.press("/");
    await pane.press(`${KEYS.down}${KEYS.down}`);
    expect(pane.inputLines()[3]).toMatch(/^› \/gamma/);
  });
});
