import { describe, expect, it } from "vitest";
import { ConfigFileSchema, keymapOf } from "../../src/config/config-file.js";
import { DEFAULT_KEYMAP } from "../../src/config/keymap.js";

describe("config.json keys", () => {
  it("rebinds the named actions over the defaults", () => {
    const config = ConfigFileSchema.parse({ keys: { "turn.cancel": ["ctrl+g"], "input.submit": "ctrl+n" } });
    const keymap = keymapOf(config, "config.json");
    expect(keymap["turn.cancel"]).toEqual(["ctrl+g"]);
    expect(keymap["input.submit"]).toEqual(["ctrl+n"]);
    expect(keymap["tool.toggle"]).toEqual(DEFAULT_KEYMAP["tool.toggle"]);
  });

  it("names an action that does not exist", () => {
    const config = ConfigFileSchema.parse({ keys: { "turn.cancle": ["ctrl+g"] } });
    expect(() => keymapOf(config, "config.json")).toThrow(/keys: unknown action turn\.cancle/);
  });
});
