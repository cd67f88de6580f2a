import { describe, expect, it } from "vitest";
import type { ModeStep } from "../../../src/state/settings-actions.js";
import { KEYS } from "../../helpers/ink.js";
import { renderApp } from "../app/harness.js";

/** Actions whose next mode is `step`, recording the switches the pane asks for. */
function withNextMode(actions: object, step: ModeStep) {
  const switched: string[] = [];
  Object.assign(actions, { nextMode: () => step, switchMode: (taken: ModeStep) => switched.push(taken.name) });
  return switched;
}

const CODE: ModeStep = { via: "mode", modeId: "code", name: "Code", skipsApprovals: false };
const BYPASS: ModeStep = {
  via: "mode",
  modeId: "bypassPermissions",
  name: "Bypass Permissions",
  skipsApprovals: true,
};

describe("Shift+Tab in the pane", () => {
  it("switches to the next mode at once, from the input too", async () => {
    const { actions, pane } = renderApp();
    const switched = withNextMode(actions, CODE);
    await pane.settle();
    await pane.press("h");
    await pane.press(KEYS.shiftTab);
    expect(switched).toEqual(["Code"]);
    // The key is consumed: nothing was typed into the input.
    expect(pane.frame()).toContain("> h");
    pane.unmount();
  });

  it("asks y/n before a mode that skips approvals, and switches only on y", async () => {
    const { actions, pane } = renderApp({ columns: 40 });
    const switched = withNextMode(actions, BYPASS);
    await pane.settle();
    await pane.press(KEYS.shiftTab);
    await pane.waitForFrame((frame) => frame.includes("(y/n)"));
    // At 40 columns the question is cut, never its answers.
    expect(pane.frame()).toMatch(/Switch to Bypass Permissions\?[^\n]*… \(y\/n\)/);
    expect(pane.frame()).toContain("n stay");
    await pane.press("n");
    await pane.waitForFrame((frame) => !frame.includes("(y/n)"));
    expect(switched).toEqual([]);
    // n was an answer, not a letter typed into the input.
    expect(pane.frame()).not.toContain("> n");
    await pane.press(KEYS.shiftTab);
    await pane.waitForFrame((frame) => frame.includes("(y/n)"));
    await pane.press("y");
    await pane.waitForFrame((frame) => !frame.includes("(y/n)"));
    expect(switched).toEqual(["Bypass Permissions"]);
    pane.unmount();
  });
});
