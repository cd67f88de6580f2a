import { describe, expect, it } from "vitest";
import type { SessionSettings } from "../../src/client/session-settings.js";
import {
  chooseModel,
  modelChoiceOf,
  nextModeId,
  nextModeStep,
  skipsApprovals,
  switchMode,
  type SettingsClient,
} from "../../src/state/settings-actions.js";

const MODES = {
  currentModeId: "ask",
  availableModes: [
    { id: "ask", name: "Ask" },
    { id: "code", name: "Code" },
    { id: "plan", name: "Plan" },
  ],
};

/** A client that records calls and refuses when told to. */
function fakeClient(settings: SessionSettings | undefined, refuse?: string) {
  const calls: string[] = [];
  const client: SettingsClient = {
    sessionSettings: () => settings,
    setMode: async (_id, modeId) => {
      calls.push(`setMode ${modeId}`);
      if (refuse) throw new Error(refuse);
    },
    setConfigOption: async (_id, configId, value) => {
      calls.push(`setConfigOption ${configId} ${String(value)}`);
      if (refuse) throw new Error(refuse);
    },
    setModel: async (_id, modelId) => {
      calls.push(`setModel ${modelId}`);
      if (refuse) throw new Error(refuse);
    },
  };
  const notices: string[] = [];
  return { client, calls, notices, notify: (level: string, message: string) => notices.push(`${level}: ${message}`) };
}

describe("mode cycling", () => {
  it("picks the next mode and wraps around", () => {
    expect(nextModeId({ modes: MODES })).toBe("code");
    expect(nextModeId({ modes: { ...MODES, currentModeId: "plan" } })).toBe("ask");
    expect(nextModeId({ modes: { ...MODES, currentModeId: "gone" } })).toBe("ask");
  });

  it("offers nothing with fewer than two modes", () => {
    expect(nextModeId({})).toBeUndefined();
    expect(
      nextModeId({ modes: { currentModeId: "ask", availableModes: [{ id: "ask", name: "Ask" }] } }),
    ).toBeUndefined();
  });

  it("sends session/set_mode for the next mode", async () => {
    const fake = fakeClient({ modes: MODES });
    await switchMode(fake.client, "s", nextModeStep({ modes: MODES })!, fake.notify);
    expect(fake.calls).toEqual(["setMode code"]);
    expect(fake.notices).toEqual([]);
  });

  it("says so when the agent refuses, and has no step without modes", async () => {
    const refusing = fakeClient({ modes: MODES }, "not now");
    await switchMode(refusing.client, "s", nextModeStep({ modes: MODES })!, refusing.notify);
    expect(refusing.notices).toEqual(["warning: the agent did not switch to mode Code: not now"]);
    expect(nextModeStep({})).toBeUndefined();
  });

  it("tells the modes that skip approvals by their id or name, as the captured agents name them", () => {
    // Claude's adapters, Gemini CLI and Codex (../shared/captures): the modes that run every tool unasked.
    expect(skipsApprovals("bypassPermissions", "Bypass Permissions")).toBe(true);
    expect(skipsApprovals("yolo", "YOLO")).toBe(true);
    expect(skipsApprovals("full-access", "Full Access")).toBe(true);
    expect(skipsApprovals("custom", "Dangerously skip permissions")).toBe(true);
    // Their other modes still ask (or refuse) before a command runs.
    for (const [id, name] of [
      ["default", "Default"],
      ["acceptEdits", "Accept Edits"],
      ["plan", "Plan Mode"],
      ["dontAsk", "Don't Ask"],
      ["autoEdit", "Auto Edit"],
      ["read-only", "Read Only"],
      ["auto", "Default"],
    ])
      expect(skipsApprovals(id!, name!)).toBe(false);
    const yolo = nextModeStep({
      modes: {
        currentModeId: "autoEdit",
        availableModes: [
          { id: "autoEdit", name: "Auto Edit" },
          { id: "yolo", name: "YOLO" },
        ],
      },
    });
    expect(yolo).toMatchObject({ via: "mode", modeId: "yolo", name: "YOLO", skipsApprovals: true });
  });
});

const MODEL_OPTION = {
  id: "model",
  name: "Model",
  category: "model",
  type: "select",
  currentValue: "fast",
  options: [
    {
      group: "g",
      name: "Group",
      options: [
        { value: "fast", name: "Fast" },
        { value: "smart", name: "Smart \u001b[31m", description: "slow" },
      ],
    },
  ],
} as const;

describe("model choice", () => {
  it("prefers the config option with category model, groups flattened and names sanitized", () => {
    const choice = modelChoiceOf({
      configOptions: [MODEL_OPTION as never],
      models: { currentModelId: "x", availableModels: [{ modelId: "x", name: "X" }] },
    });
    expect(choice).toEqual({
      via: "config",
      configId: "model",
      current: "fast",
      items: [
        { value: "fast", name: "Fast" },
        { value: "smart", name: "Smart", description: "slow" },
      ],
    });
  });

  it("falls back to the legacy models list, else offers none", () => {
    expect(modelChoiceOf({ models: { currentModelId: "x", availableModels: [{ modelId: "x", name: "X" }] } })).toEqual({
      via: "legacy",
      current: "x",
      items: [{ value: "x", name: "X" }],
    });
    expect(modelChoiceOf({ configOptions: [{ ...MODEL_OPTION, category: "thought_level" } as never] })).toBeUndefined();
    expect(modelChoiceOf(undefined)).toBeUndefined();
  });

  it("chooses through set_config_option, or set_model for legacy agents, and reports refusals", async () => {
    const config = fakeClient({ configOptions: [MODEL_OPTION as never] });
    await chooseModel(config.client, "s", "smart", config.notify);
    expect(config.calls).toEqual(["setConfigOption model smart"]);
    expect(config.notices).toEqual(["info: model: Smart"]);
    const legacy = fakeClient(
      {
        models: {
          currentModelId: "x",
          availableModels: [
            { modelId: "x", name: "X" },
            { modelId: "y", name: "Y" },
          ],
        },
      },
      "nope",
    );
    await chooseModel(legacy.client, "s", "y", legacy.notify);
    expect(legacy.calls).toEqual(["setModel y"]);
    expect(legacy.notices).toEqual(["warning: the agent did not switch to model Y: nope"]);
    const none = fakeClient({});
    await chooseModel(none.client, "s", "y", none.notify);
    expect(none.notices).toEqual(["info: this agent offers no model choice"]);
  });
});
