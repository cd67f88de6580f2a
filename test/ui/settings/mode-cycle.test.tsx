import { describe, expect, it } from "vitest";
import { KEYS } from "../../helpers/ink.js";
import { renderApp } from "../app/harness.js";

describe("Shift+Tab in the pane", () => {
  it("asks the session for the next mode, from the input too", async () => {
    const { actions, pane } = renderApp();
    const cycled: string[] = [];
    Object.assign(actions, { cycleMode: () => cycled.push("cycle") });
    await pane.settle();
    await pane.press("h");
    await pane.press(KEYS.shiftTab);
    expect(cycled).toEqual(["cycle"]);
    // The key is consumed: nothing was typed into the input.
    expect(pane.frame()).toContain("> h");
    pane.unmount();
  });
});
