import { describe, expect, it } from "vitest";
import type { ModelChoice } from "../../../src/state/settings-actions.js";
import { ModelPicker } from "../../../src/ui/pickers/model-picker.js";
import { KEYS, renderPane } from "../../helpers/ink.js";
import { renderApp } from "../app/harness.js";

const CHOICE: ModelChoice = {
  via: "config",
  configId: "model",
  current: "fast",
  items: [
    { value: "fast", name: "Fast" },
    { value: "smart", name: "Smart", description: "slower, better" },
    { value: "tiny", name: "Tiny" },
  ],
};

describe("ModelPicker", () => {
  it("starts on the current model, moves with arrows, chooses with Enter", async () => {
    const chosen: string[] = [];
    const pane = renderPane(
      <ModelPicker
        choice={CHOICE}
        width={40}
        maxLines={8}
        onChoose={(item) => chosen.push(item.value)}
        onClose={() => chosen.push("closed")}
      />,
    );
    await pane.settle();
    expect(pane.frame()).toContain("Model (3)");
    expect(pane.frame()).toContain("›•Fast");
    await pane.press(KEYS.down);
    expect(pane.frame()).toContain("› Smart · slower, better");
    await pane.press(KEYS.enter);
    expect(chosen).toEqual(["smart"]);
    await pane.press(KEYS.escape);
    expect(chosen).toEqual(["smart", "closed"]);
    pane.unmount();
  });

  it("scrolls to keep the selection inside a small budget", async () => {
    const pane = renderPane(
      <ModelPicker choice={CHOICE} width={40} maxLines={3} onChoose={() => {}} onClose={() => {}} />,
    );
    await pane.settle();
    await pane.press(KEYS.down);
    await pane.press(KEYS.down);
    expect(pane.frame()).toContain("Tiny");
    expect(pane.frame()).not.toContain("Fast");
    pane.unmount();
  });
});

async function typeLine(press: (key: string) => Promise<void>, text: string) {
  for (const char of text) await press(char);
}

describe("/model in the pane", () => {
  it("opens the picker when the agent offers a choice and sends the chosen model", async () => {
    const { actions, pane } = renderApp();
    const chosen: string[] = [];
    Object.assign(actions, { modelChoice: () => CHOICE, chooseModel: (value: string) => chosen.push(value) });
    await pane.settle();
    await typeLine(pane.press, "/model");
    await pane.press(KEYS.enter);
    await pane.waitForFrame((frame) => frame.includes("Model (3)"));
    await pane.press(KEYS.down);
    await pane.press(KEYS.enter);
    expect(chosen).toEqual(["smart"]);
    expect(actions.submitted).toEqual([]);
    await pane.waitForFrame((frame) => !frame.includes("Model (3)"));
    pane.unmount();
  });

  it("leaves /model to the local command when the agent offers none", async () => {
    const { actions, pane } = renderApp();
    Object.assign(actions, { modelChoice: () => undefined });
    await pane.settle();
    await typeLine(pane.press, "/model");
    await pane.press(KEYS.enter);
    await pane.settle();
    expect(actions.submitted).toEqual(["/model"]);
    pane.unmount();
  });
});
