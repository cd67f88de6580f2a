import { afterEach, describe, expect, it } from "vitest";
import { ClientError } from "../../src/client/errors.js";
import type { ClientEvent } from "../../src/client/events.js";
import { applySettingsUpdate, configOptionParams, selectValues } from "../../src/client/session-settings.js";
import type { ConfigSelectOption } from "../../src/protocol/index.js";
import { startSdkAgent, text, updatesOf, type StartedSdkAgent } from "../helpers/sdk-agent/start.js";

let started: StartedSdkAgent | undefined;
afterEach(async () => {
  await started?.client.dispose();
  started = undefined;
});

async function open(flags: string[] = []) {
  started = await startSdkAgent({ flags });
  const session = await started.client.newSession({ cwd: process.cwd() });
  return { ...started, sessionId: session.sessionId };
}

function settingsEvents(events: readonly ClientEvent[], sessionId: string) {
  return events.flatMap((event) =>
    event.type === "session-settings" && event.sessionId === sessionId ? [event.settings] : [],
  );
}

async function rejection(promise: Promise<unknown>): Promise<ClientError> {
  const error = await promise.catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ClientError);
  return error as ClientError;
}

describe("session settings from session/new", () => {
  it("keeps the modes, config options and legacy models the agent sent, and says so with an event", async () => {
    const { client, events, sessionId } = await open();
    const settings = client.sessionSettings(sessionId);
    expect(settings?.modes).toMatchObject({
      currentModeId: "ask",
      availableModes: [{ id: "ask" }, { id: "code" }, { id: "architect" }],
    });
    expect(
      settings?.configOptions?.map(
        (option) => option.type !== "unsupported" && [option.id, option.category, option.currentValue],
      ),
    ).toEqual([
      ["model", "model", "fast"],
      ["reasoning", "thought_level", "low"],
    ]);
    expect(settings?.models).toMatchObject({ currentModelId: "test-fast-1" });
    expect(settingsEvents(events, sessionId)).toEqual([settings]);
  });

  it("has nothing for an agent that sends none, and knows no unknown session", async () => {
    const { client, sessionId } = await open(["--bare"]);
    expect(client.sessionSettings(sessionId)).toEqual({});
    expect(client.sessionSettings("nope")).toBeUndefined();
  });
});

describe("setMode", () => {
  it("round-trips session/set_mode; the agent's current_mode_update arrives as an event and the settings follow", async () => {
    const { client, events, sessionId } = await open();
    await client.setMode(sessionId, "code");
    expect(updatesOf(events, sessionId)).toContainEqual(
      expect.objectContaining({ sessionUpdate: "current_mode_update", currentModeId: "code" }),
    );
    expect(client.sessionSettings(sessionId)?.modes?.currentModeId).toBe("code");
    expect(settingsEvents(events, sessionId).at(-1)?.modes?.currentModeId).toBe("code");
  });

  it("follows a mode the agent switches to by itself", async () => {
    const { client, sessionId } = await open();
    await client.prompt(sessionId, text("agent-mode architect"));
    expect(client.sessionSettings(sessionId)?.modes?.currentModeId).toBe("architect");
  });

  it("refuses a mode the agent did not list, or any mode when it lists none, without asking the agent", async () => {
    const { client, sessionId } = await open();
    const unknown = await rejection(client.setMode(sessionId, "yolo"));
    expect(unknown.code).toBe("not-supported");
    expect(unknown.message).toBe('zc-pane-sdk-test-agent has no mode "yolo" (its modes: ask, code, architect)');
    await client.dispose();

    const bare = await open(["--bare"]);
    expect((await rejection(bare.client.setMode(bare.sessionId, "code"))).message).toBe(
      "zc-pane-sdk-test-agent offers no modes in this session",
    );
  });
});

describe("setConfigOption", () => {
  it("sends session/set_config_option and keeps the full set the agent answers with", async () => {
    const { client, events, sessionId } = await open();
    const options = await client.setConfigOption(sessionId, "model", "smart");
    expect(options.find((option) => option.type === "select" && option.id === "model")).toMatchObject({
      currentValue: "smart",
    });
    expect(client.sessionSettings(sessionId)?.configOptions).toEqual(options);
    expect(settingsEvents(events, sessionId).at(-1)?.configOptions).toEqual(options);
    // Values inside groups are valid choices too.
    const next = await client.setConfigOption(sessionId, "reasoning", "high");
    expect(next.find((option) => option.type === "select" && option.id === "reasoning")).toMatchObject({
      currentValue: "high",
    });
  });

  it("refuses unknown options, unknown values and the wrong kind of value locally", async () => {
    const { client, sessionId } = await open();
    expect((await rejection(client.setConfigOption(sessionId, "temperature", "hot"))).message).toBe(
      'zc-pane-sdk-test-agent has no config option "temperature" (its options: model, reasoning)',
    );
    expect((await rejection(client.setConfigOption(sessionId, "model", "gpt-9"))).message).toBe(
      'config option "model" has no value "gpt-9" (its values: fast, smart)',
    );
    expect((await rejection(client.setConfigOption(sessionId, "model", true))).message).toBe(
      'config option "model" is a choice: give one of its values',
    );
    expect(
      client
        .sessionSettings(sessionId)
        ?.configOptions?.find((option) => option.type === "select" && option.id === "model"),
    ).toMatchObject({ currentValue: "fast" });
  });

  it("builds boolean params with type: boolean", () => {
    const settings = {
      configOptions: [{ type: "boolean" as const, id: "web", name: "Web search", currentValue: false }],
    };
    expect(configOptionParams("a", settings, "s", "web", true)).toEqual({
      params: { sessionId: "s", configId: "web", type: "boolean", value: true },
    });
    expect(configOptionParams("a", settings, "s", "web", "on")).toEqual({
      problem: 'config option "web" is on/off: give true or false',
    });
  });

  it("flattens grouped select values", () => {
    const option = {
      type: "select",
      id: "m",
      name: "M",
      currentValue: "a",
      options: [
        { group: "g1", name: "G1", options: [{ value: "a", name: "A" }] },
        {
          group: "g2",
          name: "G2",
          options: [
            { value: "b", name: "B" },
            { value: "c", name: "C" },
          ],
        },
      ],
    } as ConfigSelectOption;
    expect(selectValues(option)).toEqual(["a", "b", "c"]);
  });
});

describe("setModel (legacy)", () => {
  it("sends session/set_model to an agent that listed models, and follows the current model", async () => {
    const { client, sessionId } = await open();
    await client.setModel(sessionId, "test-smart-2");
    expect(client.sessionSettings(sessionId)?.models?.currentModelId).toBe("test-smart-2");
    expect((await rejection(client.setModel(sessionId, "gpt-9"))).message).toBe(
      'zc-pane-sdk-test-agent has no model "gpt-9" (its models: test-fast-1, test-smart-2)',
    );
  });

  it("never sends it to an agent that did not list models: config options are the way", async () => {
    const { client, sessionId } = await open(["--no-models"]);
    const error = await rejection(client.setModel(sessionId, "test-fast-1"));
    expect(error.code).toBe("not-supported");
    expect(error.message).toContain('choose the model with its "model" config option');
  });
});

describe("usage and other updates", () => {
  it("keeps the last usage_update as used/size and cost, never a sum", async () => {
    const { client, sessionId } = await open();
    await client.prompt(sessionId, text("usage"));
    await client.prompt(sessionId, text("usage"));
    expect(client.sessionSettings(sessionId)?.usage).toEqual({
      used: 1200,
      size: 200000,
      cost: { amount: 0.01, currency: "USD" },
    });
  });

  it("leaves updates that are not settings alone", () => {
    expect(applySettingsUpdate({}, { sessionUpdate: "plan", entries: [] })).toBeUndefined();
  });
});
