import { describe, expect, it } from "vitest";
import type { ClientEvent } from "../../src/client/events.js";
import type { SessionSettings } from "../../src/client/session-settings.js";
import { initialPaneState, reducePane } from "../../src/state/reducer.js";
import { formatTokens, settingsSummary } from "../../src/state/settings-view.js";
import type { PaneState } from "../../src/state/view-model.js";
import { SESSION, update } from "./fixtures.js";

const settingsEvent = (settings: SessionSettings, sessionId = SESSION): ClientEvent => ({
  type: "session-settings",
  sessionId,
  settings,
});
const reduce = (state: PaneState, event: ClientEvent) => reducePane(state, { type: "client", event, at: 0 });
const opened = () => reducePane(initialPaneState(), { type: "session-opened", sessionId: SESSION, how: "new", at: 0 });

const MODES = {
  currentModeId: "ask",
  availableModes: [
    { id: "ask", name: "Ask" },
    { id: "code", name: "Code" },
  ],
};

describe("settings in the header state", () => {
  it("shows the current mode by name, usage as used/size and the cost", () => {
    const state = reduce(
      opened(),
      settingsEvent({
        modes: MODES,
        usage: { used: 12_345, size: 200_000, cost: { amount: 0.4213, currency: "USD" } },
      }),
    );
    expect(state.settings).toEqual({
      modeName: "Ask",
      modeCount: 2,
      used: 12_345,
      size: 200_000,
      cost: { amount: 0.4213, currency: "USD" },
    });
    expect(settingsSummary(state.settings)).toBe("Ask · 12k/200k · $0.42");
  });

  it("keeps the state identity when a settings event changes nothing shown", () => {
    const first = reduce(opened(), settingsEvent({ modes: MODES, usage: { used: 10, size: 100 } }));
    const again = reduce(first, settingsEvent({ modes: MODES, usage: { used: 10, size: 100 }, configOptions: [] }));
    expect(again).toBe(first);
  });

  it("replaces usage with the last update rather than summing", () => {
    let state = reduce(opened(), settingsEvent({ usage: { used: 5_000, size: 100_000 } }));
    state = reduce(state, settingsEvent({ usage: { used: 7_000, size: 100_000 } }));
    expect(settingsSummary(state.settings)).toBe("7k/100k");
  });

  it("ignores settings of another session", () => {
    const state = opened();
    expect(reduce(state, settingsEvent({ modes: MODES }, "other"))).toBe(state);
  });

  it("takes the title from session_info_update, keeps it when absent and clears it on null", () => {
    let state = reduce(opened(), update({ sessionUpdate: "session_info_update", title: "Fix \u001b[31mthe bug" }));
    expect(state.settings?.title).toBe("Fix the bug");
    state = reduce(state, settingsEvent({ modes: MODES }));
    expect(state.settings?.title).toBe("Fix the bug");
    const same = reduce(state, update({ sessionUpdate: "session_info_update", updatedAt: "2026-12-02T00:00:00Z" }));
    expect(same).toBe(state);
    state = reduce(state, update({ sessionUpdate: "session_info_update", title: null }));
    expect(state.settings?.title).toBeUndefined();
  });

  it("formats token counts short", () => {
    expect(formatTokens(999)).toBe("999");
    expect(formatTokens(1_500)).toBe("1.5k");
    expect(formatTokens(200_000)).toBe("200k");
    expect(formatTokens(1_000_000)).toBe("1M");
  });
});
