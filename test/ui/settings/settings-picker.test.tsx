import { describe, expect, it } from "vitest";
import type { SettingItem } from "../../../src/state/config-settings.js";
import { KEYS } from "../../helpers/ink.js";
import { renderApp } from "../app/harness.js";

const ITEMS: readonly SettingItem[] = [
  { kind: "select", configId: "model", name: "Model", current: "Fast", next: { value: "smart", name: "Smart" } },
  { kind: "boolean", configId: "auto", name: "Auto-approve edits", description: "no questions", on: false },
];

async function typeLine(press: (key: string) => Promise<void>, text: string) {
  for (const char of text) await press(char);
}

describe("/settings in the pane", () => {
  it("lists the options, Enter on an on/off one hands it to the session and closes the list", async () => {
    const { actions, pane } = renderApp({ columns: 60 });
    const changed: SettingItem[] = [];
    Object.assign(actions, { settingItems: () => ITEMS, changeSetting: (item: SettingItem) => changed.push(item) });
    await pane.settle();
    await typeLine(pane.press, "/settings");
    await pane.press(KEYS.enter);
    await pane.waitForFrame((frame) => frame.includes("Settings (2)"));
    expect(pane.frame()).toContain("›Model: Fast → Smart");
    expect(pane.frame()).toContain(" [ ] Auto-approve edits · no questions");
    await pane.press(KEYS.down);
    await pane.press(KEYS.enter);
    expect(changed.map((item) => item.configId)).toEqual(["auto"]);
    expect(actions.submitted).toEqual([]);
    await pane.waitForFrame((frame) => !frame.includes("Settings (2)"));
    pane.unmount();
  });

  it("leaves /settings to the local command when the agent offers no options", async () => {
    const { actions, pane } = renderApp();
    Object.assign(actions, { settingItems: () => [] });
    await pane.settle();
    await typeLine(pane.press, "/settings");
    await pane.press(KEYS.enter);
    await pane.settle();
    expect(actions.submitted).toEqual(["/settings"]);
    pane.unmount();
  });
});
