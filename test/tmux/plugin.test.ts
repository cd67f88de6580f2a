import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CLI } from "../helpers/demo-agent.js";
import { shellQuote, TmuxHarness } from "./tmux-harness.js";

/**
 * The tmux plugin end to end: a private tmux server with the plugin loaded by `run-shell`, a client attached
 * (key bindings need one), keys pressed on that client, the built CLI with the demo agent in the panes.
 * `npm test` builds first; run `npm run build` before running this file alone.
 */
let harness: TmuxHarness | undefined;
afterEach(() => {
  harness?.kill();
  harness = undefined;
});

async function setUp(options: Record<string, string> = {}, size?: [number, number]): Promise<TmuxHarness> {
  harness = size ? new TmuxHarness(...size) : new TmuxHarness();
  harness.start();
  harness.loadPlugin({ "@zc-pane-command": "zc-pane --demo", ...options });
  await harness.attachClient();
  return harness;
}

/** Opens the agent pane with prefix+a and waits until its session is ready. */
async function openAgent(h: TmuxHarness): Promise<string> {
  h.press("C-b", "a");
  const agent = await h.waitUntil(() => h.agentPane(), "the agent pane");
  await h.waitForText(agent.id, /ready/);
  return agent.id;
}

/**
 * An agent command that records every line the pane sends to the demo agent, and the agent's process group
 * (its pid: the pane starts each agent as a process group leader).
 */
function recordingAgent(h: TmuxHarness): { command: string; log: string; pidFile: string } {
  const log = join(h.root, "agent-in.ndjson");
  const pidFile = join(h.root, "agent.pid");
  const script = join(h.root, "recording-agent.sh");
  writeFileSync(
    script,
    `#!/bin/sh\necho $$ > ${shellQuote(pidFile)}\ntee -a ${shellQuote(log)} | ${shellQuote(process.execPath)} ${shellQuote(CLI)} demo-agent\n`,
  );
  return { command: `zc-pane --agent-cmd ${shellQuote(`sh ${script}`)}`, log, pidFile };
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("loading the plugin", () => {
  it("binds prefix+a, prefix+A and prefix+J by default", () => {
    harness = new TmuxHarness();
    harness.start();
    harness.loadPlugin();
    const keys = harness.tmux("list-keys", "-T", "prefix");
    expect(keys).toMatch(
      /-T prefix\s+a\s+run-shell -b "sh '[^']*\/tmux\/scripts\/toggle\.sh' '#\{pane_id\}' '#\{client_name\}'"/,
    );
    expect(keys).toMatch(/-T prefix\s+A\s+run-shell -b "sh '[^']*\/tmux\/scripts\/send\.sh'/);
    expect(keys).toMatch(/-T prefix\s+J\s+run-shell -b "sh '[^']*\/tmux\/scripts\/jump\.sh'/);
  });

  it("binds the keys named by @zc-pane-key, @zc-pane-send-key and @zc-pane-jump-key instead", () => {
    harness = new TmuxHarness();
    harness.start();
    harness.loadPlugin({ "@zc-pane-key": "z", "@zc-pane-send-key": "Z", "@zc-pane-jump-key": "K" });
    const keys = harness.tmux("list-keys", "-T", "prefix");
    expect(keys).toMatch(/-T prefix\s+z\s+run-shell -b "sh '[^']*toggle\.sh'/);
    expect(keys).toMatch(/-T prefix\s+Z\s+run-shell -b "sh '[^']*send\.sh'/);
    expect(keys).toMatch(/-T prefix\s+K\s+run-shell -b "sh '[^']*jump\.sh'/);
    expect(keys).not.toMatch(/-T prefix\s+a\s+run-shell/);
  });
});

describe("the status-line glyph", () => {
  it("#{E:@zc-pane-status} shows each window's agent state, and a user's own format is kept", () => {
    harness = new TmuxHarness();
    const h = harness;
    h.start();
    h.loadPlugin();
    const glyph = (state: string | undefined) => {
      if (state === undefined) h.tmux("set-option", "-w", "-u", "-t", "main:", "@zc-pane-state");
      else h.tmux("set-option", "-w", "-t", "main:", "@zc-pane-state", state);
      return h.tmux("display-message", "-p", "-t", "main:", "[#{E:@zc-pane-status}]").trim();
    };
    expect([
      glyph("needs-permission"),
      glyph("working"),
      glyph("done"),
      glyph("error"),
      glyph("idle"),
      glyph(undefined),
    ]).toEqual(["[⚠ ]", "[… ]", "[✓ ]", "[✗ ]", "[]", "[]"]);
    h.tmux("set-option", "-g", "@zc-pane-status", "#{@zc-pane-state}!");
    h.loadPlugin();
    expect(glyph("done")).toBe("[done!]");
  });
});

describe("prefix+a", () => {
  it("opens exactly one pane, in the current pane's directory, running the configured command; again focuses it", async () => {
    const h = await setUp({ "@zc-pane-size": "40%" });
    // The user moved: the agent starts where they are now, not where the session started.
    h.tmux("send-keys", "-t", "main:", "mkdir -p sub && cd sub", "Enter");
    await h.waitUntil(() => h.panes()[0]!.path.endsWith("/project/sub"), "the shell in project/sub");
    const editor = h.panes()[0]!.id;

    const agent = await openAgent(h);
    const panes = h.panes();
    expect(panes).toHaveLength(2);
    const opened = panes.find((pane) => pane.id === agent)!;
    expect(opened).toMatchObject({ active: true, marked: true, path: join(h.project, "sub") });
    expect(opened.startCommand).toContain("zc-pane --demo");
    expect(opened.left).toBeGreaterThan(0);
    // 40% of the 100 columns, give or take the border.
    expect(opened.width).toBeGreaterThanOrEqual(38);
    expect(opened.width).toBeLessThanOrEqual(41);
    expect(h.capture(agent)).toMatch(/zc-pane demo/);

    // From inside the agent pane: back to the previous pane.
    h.press("C-b", "a");
    await h.waitUntil(() => h.panes().find((pane) => pane.id === editor)?.active, "focus back on the editor pane");
    // From the editor pane: focus the existing agent pane, no second one.
    h.press("C-b", "a");
    await h.waitUntil(() => h.panes().find((pane) => pane.id === agent)?.active, "focus on the agent pane");
    expect(h.panes()).toHaveLength(2);
    expect(h.tmux("list-panes", "-a").trim().split("\n")).toHaveLength(2);
  });

  it("honours @zc-pane-position left", async () => {
    const h = await setUp({ "@zc-pane-position": "left", "@zc-pane-size": "30" });
    const agent = await openAgent(h);
    const opened = h.panes().find((pane) => pane.id === agent)!;
    expect(opened.left).toBe(0);
    expect(opened.width).toBe(30);
  });

  it("keeps the pane open on the error when the command fails", async () => {
    const h = await setUp({ "@zc-pane-command": "zc-pane --no-such-flag" });
    h.press("C-b", "a");
    const agent = await h.waitUntil(() => h.agentPane(), "the agent pane");
    await h.waitForText(agent.id, /exited with status 2; press Enter to close this pane/);
    expect(h.capture(agent.id)).toMatch(/unknown option|--no-such-flag/i);
  });
});

describe("@zc-pane-popup", () => {
  it("opens the agent in a popup backed by a hidden session, closes it from inside, and reopens the same agent", async () => {
    const h = await setUp({ "@zc-pane-popup": "on", "@zc-pane-size": "50%" });
    const window = h.tmux("display-message", "-p", "-t", "main:", "#{window_id}").trim();
    const hidden = `_zc-pane-${window.slice(1)}`;
    h.press("C-b", "a");
    const agent = await h.waitUntil(() => h.agentPane(`=${hidden}:`), "the popup's agent pane");
    await h.waitForText(agent.id, /ready/);
    expect(h.option("-p", agent.id, "@zc-pane-owner")).toBe(window);
    // The popup is drawn over the user's window, on the attached client's screen.
    await h.waitUntil(() => /zc-pane demo/.test(h.outer("capture-pane", "-p", "-t", "outer")), "the popup on screen");
    expect(h.tmux("list-clients", "-F", "#{client_session}").trim().split("\n").sort()).toEqual([hidden, "main"]);
    // The user's window shows the popup agent's state.
    await h.waitUntil(() => h.option("-w", "main:", "@zc-pane-state") === "idle", "the state on the owner window");

    h.press("C-b", "a");
    await h.waitUntil(() => h.tmux("list-clients", "-F", "#{client_session}").trim() === "main", "the popup closed");
    expect(h.panes("main:")).toHaveLength(1);
    h.press("C-b", "a");
    await h.waitUntil(() => h.tmux("list-clients").trim().split("\n").length === 2, "the popup reopened");
    expect(h.agentPane(`=${hidden}:`)?.id).toBe(agent.id);
  });
});

describe("prefix+A", () => {
  it("puts the question into the agent's input and sends the pane's screen as a resource with the prompt", async () => {
    harness = new TmuxHarness();
    const h = harness;
    h.start();
    const agent = recordingAgent(h);
    h.loadPlugin({ "@zc-pane-command": agent.command });
    await h.attachClient();
    // A known text on screen; `think` in it picks the demo agent's scenario, so the agent's answer shows
    // that it read the resource's text.
    writeFileSync(join(h.project, "known.txt"), "Known output 4711: the parser stopped.\nPlease think it over.\n");
    const source = h.panes()[0]!.id;
    h.tmux("send-keys", "-t", source, "cat known.txt", "Enter");
    await h.waitForText(source, "Please think it over.");

    h.press("C-b", "A");
    const pane = await h.waitUntil(() => h.agentPane(), "the agent pane");
    await h.waitForText(pane.id, /> Explain this output:/);
    // The notice wraps at the pane's width.
    await h.waitUntil(
      () =>
        h
          .capture(pane.id)
          .replace(/\s+/g, " ")
          .includes(`attached tmux://pane/${source.slice(1)} (sent with your next prompt)`),
      "the attachment notice",
    );
    await h.waitUntil(() => h.panes().find((candidate) => candidate.id === pane.id)?.active, "focus on the agent pane");
    // Nothing went to the agent yet: the user may edit the question first.
    expect(existsSync(agent.log) ? readFileSync(agent.log, "utf8") : "").not.toContain("session/prompt");

    h.press("Enter");
    await h.waitForText(pane.id, /Done thinking/);
    const prompt = readFileSync(agent.log, "utf8")
      .split("\n")
      .filter((line) => line.includes('"session/prompt"'))
      .map((line) => JSON.parse(line) as { params: { prompt: unknown[] } })[0];
    expect(prompt?.params.prompt).toEqual([
      { type: "text", text: "Explain this output:" },
      {
        type: "resource",
        resource: {
          uri: `tmux://pane/${source.slice(1)}`,
          mimeType: "text/plain",
          text: expect.stringContaining("Known output 4711: the parser stopped.\nPlease think it over."),
        },
      },
    ]);
    expect(h.capture(pane.id, { history: true })).toContain(`+ tmux://pane/${source.slice(1)}`);
  });
});

describe("attention routing", () => {
  it("publishes idle → working → needs-permission → done, rings the window's bell, and prefix+J jumps to the waiting pane", async () => {
    // With the popup off, prefix+J goes to the pane (the popup is tested in answer.test.ts).
    const h = await setUp({ "@zc-pane-answer-popup": "off" });
    const agent = await openAgent(h);
    const agentWindow = h.tmux("display-message", "-p", "-t", agent, "#{window_id}").trim();
    await h.waitUntil(() => h.option("-p", agent, "@zc-pane-state") === "idle", "state idle");
    expect(h.option("-w", agent, "@zc-pane-state")).toBe("idle");

    // Every state seen, in order: sampled every 20 ms, and at the points the test waits for.
    const states: string[] = [];
    const sample = () => {
      try {
        const state = h.option("-p", agent, "@zc-pane-state");
        if (states.at(-1) !== state) states.push(state);
        return state;
      } catch {
        return "";
      }
    };
    sample();
    const watch = setInterval(sample, 20);
    try {
      h.tmux("send-keys", "-t", agent, "-l", "show me around");
      await h.waitForText(agent, "show me around");
      // The user goes to another window while the agent works.
      h.tmux("new-window", "-t", "main:", "-c", h.project, "sh");
      h.tmux("send-keys", "-t", agent, "Enter");
      await h.waitUntil(() => sample() === "needs-permission", "needs-permission", 20_000);
      expect(h.option("-w", agent, "@zc-pane-state")).toBe("needs-permission");
      await h.waitUntil(
        () => h.tmux("display-message", "-p", "-t", agentWindow, "#{window_bell_flag}").trim() === "1",
        "the bell flag of the agent's window",
      );

      // prefix+J from the other window: back to the agent pane that waits.
      h.press("C-b", "J");
      await h.waitUntil(
        () => h.tmux("display-message", "-p", "#{window_id} #{pane_id}").trim() === `${agentWindow} ${agent}`,
        "the client on the agent pane",
      );
      h.tmux("select-window", "-t", "main:1");

      // Answer the shell and edit approvals in the agent pane; the turn ends while the user is away.
      await h.waitForText(agent, "Approve shell?");
      h.tmux("send-keys", "-t", agent, "y");
      await h.waitForText(agent, "Approve file_edit?", 20_000);
      h.tmux("send-keys", "-t", agent, "y");
      await h.waitUntil(() => sample() === "done", "done", 20_000);
    } finally {
      clearInterval(watch);
    }
    expect(h.option("-w", agent, "@zc-pane-state")).toBe("done");
    await h.waitUntil(
      () => h.tmux("display-message", "-p", "-t", agentWindow, "#{window_bell_flag}").trim() === "1",
      "the bell flag after the turn",
    );
    // In order, with working between the approvals.
    const order = ["idle", "working", "needs-permission", "done"].map((state) => states.indexOf(state));
    expect(
      order.every((index, i) => index >= 0 && (i === 0 || index > order[i - 1]!)),
      states.join(" → "),
    ).toBe(true);
    expect(states.at(-1)).toBe("done");

    // Visiting the pane with prefix+J clears the done marker.
    h.press("C-b", "J");
    await h.waitUntil(() => h.option("-p", agent, "@zc-pane-state") === "idle", "done cleared on visit");
  });
});

describe("closing the pane", () => {
  it("ends the agent's process group on SIGHUP, and the session can be resumed", async () => {
    harness = new TmuxHarness();
    const h = harness;
    h.start();
    const agent = recordingAgent(h);
    h.loadPlugin({ "@zc-pane-command": agent.command });
    await h.attachClient();
    const pane = await openAgent(h);
    const pgid = Number(readFileSync(agent.pidFile, "utf8").trim());
    expect(groupAlive(pgid)).toBe(true);
    h.tmux("send-keys", "-t", pane, "-l", "think");
    // Enter on its own, after the text shows, as a person types it (in one chunk it would be a paste).
    await h.waitForText(pane, "> think");
    h.tmux("send-keys", "-t", pane, "Enter");
    await h.waitForText(pane, /Done thinking/);
    const socket = h.option("-p", pane, "@zc-pane-socket");
    expect(existsSync(socket)).toBe(true);

    h.tmux("kill-pane", "-t", pane);
    await h.waitUntil(() => !groupAlive(pgid), "the agent's process group to end", 10_000);
    await h.waitUntil(() => !existsSync(socket), "the control socket to be removed", 10_000);

    const sessions = readdirSync(join(h.home, "state", "zc-pane", "demo-agent", "sessions")).filter((name) =>
      name.endsWith(".json"),
    );
    expect(sessions).toHaveLength(1);
    const id = sessions[0]!.replace(/\.json$/, "");
    const resumed = h
      .tmux("split-window", "-t", "main:", "-P", "-F", "#{pane_id}", `zc-pane --demo --resume ${id}`)
      .trim();
    await h.waitForText(resumed, new RegExp(`${id.slice(0, 8)} · resumed`));
    await h.waitForText(resumed, /ready/);
  });
});
