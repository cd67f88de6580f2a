import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { PaneStore } from "../../src/state/pane-store.js";
import { changeSetting, settingItemsOf } from "../../src/state/config-settings.js";
import { chooseModel, modelChoiceOf, nextModeStep, switchMode } from "../../src/state/settings-actions.js";
import { settingRowText } from "../../src/ui/pickers/settings-picker.js";
import { settingsSummary } from "../../src/state/settings-view.js";
import { resultsOf, startSdkAgent, text, type StartedSdkAgent } from "../helpers/sdk-agent/start.js";

let started: StartedSdkAgent | undefined;
let dir: string | undefined;
afterEach(async () => {
  await started?.client.dispose();
  started = undefined;
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

/** The scripted SDK agent as a child process, its client feeding a real store, one session open in a temp dir. */
async function open(flags: readonly string[] = []) {
  dir = await mkdtemp(join(tmpdir(), "zcp-settings-"));
  started = await startSdkAgent({ flags });
  const store = new PaneStore({ flushIntervalMs: 1 });
  started.client.subscribe(store.handleClientEvent);
  store.dispatch({ type: "connection", state: "starting-session", agentName: "sdk" });
  const session = await started.client.newSession({ cwd: dir });
  store.dispatch({ type: "session-opened", sessionId: session.sessionId, how: "new", cwd: dir });
  const notices: string[] = [];
  const notify = (level: string, message: string) => notices.push(`${level}: ${message}`);
  return { client: started.client, store, sessionId: session.sessionId, dir, notices, notify };
}

describe("standard updates from the scripted SDK agent, through the real client into the store", () => {
  it("shows the mode, cycles it, shows usage and the title", async () => {
    const { client, store, sessionId, notices, notify } = await open();
    expect(store.getState().settings?.modeName).toBe("Ask");
    await switchMode(client, sessionId, nextModeStep(client.sessionSettings(sessionId))!, notify);
    expect(store.getState().settings?.modeName).toBe("Code");
    await client.prompt(sessionId, text("usage"));
    await client.prompt(sessionId, text("title Fixing the build"));
    store.flush();
    expect(settingsSummary(store.getState().settings)).toBe("Code · Fast · 1.2k/200k · $0.01");
    expect(store.getState().settings?.title).toBe("Fixing the build");
    expect(notices).toEqual([]);
  });

  it("chooses a model through the config option (session/set_config_option)", async () => {
    const { client, sessionId, notices, notify } = await open();
    const choice = modelChoiceOf(client.sessionSettings(sessionId));
    expect(choice).toMatchObject({ via: "config", configId: "model", current: "fast" });
    await chooseModel(client, sessionId, "smart", notify);
    expect(modelChoiceOf(client.sessionSettings(sessionId))?.current).toBe("smart");
    expect(notices).toEqual(["info: model: Smart"]);
  });

  it("puts a written file in the transcript and a terminal's output in the state", async () => {
    const { client, store, sessionId, dir } = await open();
    await client.prompt(sessionId, text(`write ${join(dir, "notes.txt")} hello there`));
    await client.prompt(sessionId, text("terminal printf 'one\\ntwo\\n'; exit 3"));
    store.flush();
    const state = store.getState();
    expect(state.transcript.toArray().find((item) => item.kind === "file-written")).toMatchObject({
      path: join(dir, "notes.txt"),
      created: true,
      newLines: 1,
    });
    const terminals = Object.values(state.terminals ?? {});
    expect(terminals).toHaveLength(1);
    expect(terminals[0]).toMatchObject({ text: "one\ntwo\n", exit: { exitCode: 3 }, released: true });
  });

  it('Shift+Tab cycles a category "mode" config option when the agent has no modes', async () => {
    const { client, sessionId, notices, notify } = await open(["--mode-option"]);
    expect(client.sessionSettings(sessionId)?.modes).toBeUndefined();
    await switchMode(client, sessionId, nextModeStep(client.sessionSettings(sessionId))!, notify);
    const option = client.sessionSettings(sessionId)?.configOptions?.[0];
    expect(option).toMatchObject({ currentValue: "auto" });
    await switchMode(client, sessionId, nextModeStep(client.sessionSettings(sessionId))!, notify);
    expect(client.sessionSettings(sessionId)?.configOptions?.[0]).toMatchObject({ currentValue: "ask" });
    expect(notices).toEqual([]);
  });

  it("advertises notices and compaction, and shows both as rows", async () => {
    const { client, store, sessionId } = await open();
    await client.prompt(sessionId, text("whoami"));
    await client.prompt(sessionId, text("compact"));
    await client.prompt(sessionId, text("compact-fail"));
    await client.prompt(sessionId, text("notice"));
    store.flush();
    const messages = store
      .getState()
      .transcript.toArray()
      .flatMap((item) => (item.kind === "notice" ? [item.message] : []));
    expect(messages).toEqual([
      "compacting the conversation context…",
      "context compacted",
      "compacting the conversation context…",
      "context compaction failed: summary too long",
      "Rate limited: retrying in 5 s",
    ]);
    expect(resultsOf(started!.events, sessionId)[0]).toMatchObject({
      clientCapabilities: { session: { notices: {}, compaction: {}, configOptions: { boolean: {} } } },
    });
  });

  it("lists a boolean config option (offered session.configOptions.boolean) and toggles it with type boolean", async () => {
    const { client, sessionId, notices, notify } = await open(["--bool-option"]);
    // The agent sends the option only because the client said it understands booleans.
    const before = settingItemsOf(client.sessionSettings(sessionId));
    expect(before.map(settingRowText)).toEqual([
      "Model: Fast → Smart",
      "Reasoning: Low → High",
      "[ ] Auto-approve edits",
    ]);
    await changeSetting(client, sessionId, before[2]!, notify);
    // The agent refuses a boolean sent without `type: "boolean"`; its answer is the new set.
    const after = settingItemsOf(client.sessionSettings(sessionId));
    expect(settingRowText(after[2]!)).toBe("[x] Auto-approve edits");
    await changeSetting(client, sessionId, after[2]!, notify);
    expect(settingRowText(settingItemsOf(client.sessionSettings(sessionId))[2]!)).toBe("[ ] Auto-approve edits");
    await changeSetting(client, sessionId, after[1]!, notify);
    expect(settingRowText(settingItemsOf(client.sessionSettings(sessionId))[1]!)).toBe("Reasoning: High → Low");
    expect(notices).toEqual(["info: Auto-approve edits: on", "info: Auto-approve edits: off", "info: Reasoning: High"]);
  });
});
