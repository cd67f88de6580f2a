import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SDK_AGENT } from "../helpers/sdk-agent/start.js";
import { shellQuote, TmuxHarness } from "./tmux-harness.js";

/**
 * `@zc-pane-terminals`: a standard ACP agent (the SDK agent, which runs its commands as Claude's adapter
 * does, through terminal/create) gets its commands run in real tmux windows and panes of a private server.
 * What reaches the agent is read from a copy of everything the pane writes to it. `npm run build` first.
 */
let harness: TmuxHarness | undefined;
afterEach(() => {
  harness?.kill();
  harness = undefined;
});

interface Rpc {
  id?: unknown;
  method?: string;
  result?: Record<string, unknown>;
}

/** A pane running zc-pane with the SDK agent, whose stdin is copied to a log; returns the pane and the log. */
async function agentPane(h: TmuxHarness, options: Record<string, string>): Promise<{ agent: string; log: string }> {
  for (const [name, value] of Object.entries(options)) h.tmux("set-option", "-g", name, value);
  const log = join(h.root, "agent-in.ndjson");
  const script = join(h.root, "recording-agent.sh");
  writeFileSync(
    script,
    `#!/bin/sh\ntee -a ${shellQuote(log)} | ${shellQuote(process.execPath)} ${shellQuote(SDK_AGENT)}\n`,
  );
  const command = `zc-pane --agent-cmd ${shellQuote(`sh ${script}`)}`;
  const shell = h.panes()[0]!.id;
  const agent = h.tmux("split-window", "-h", "-t", shell, "-c", h.project, "-P", "-F", "#{pane_id}", command).trim();
  await h.waitForText(agent, /ready/, 20_000);
  return { agent, log };
}

/** Everything the pane wrote to the agent so far, as JSON-RPC messages. */
function sentToAgent(log: string): Rpc[] {
  return readFileSync(log, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Rpc);
}

/** The pane's answers carrying `field` (terminal/output has `output`, wait_for_exit `exitCode`). */
function answersWith(log: string, field: string): Array<Record<string, unknown>> {
  return sentToAgent(log).flatMap((message) => (message.result && field in message.result ? [message.result] : []));
}

function windows(h: TmuxHarness): Array<{ id: string; name: string; pane: string }> {
  return h
    .tmux("list-windows", "-t", "main", "-F", "#{window_id}\t#{window_name}\t#{pane_id}")
    .trim()
    .split("\n")
    .map((line) => {
      const [id = "", name = "", pane = ""] = line.split("\t");
      return { id, name, pane };
    });
}

describe("@zc-pane-terminals", () => {
  it("window: the command runs in its own window, its whole output and exit reach the agent, the window closes on release", async () => {
    harness = new TmuxHarness(160, 40);
    const h = harness;
    h.start();
    // A tiny history: what the agent reads must not come from tmux's scrollback.
    const { agent, log } = await agentPane(h, { "@zc-pane-terminals": "window", "history-limit": "10" });

    await h.submit(
      agent,
      "terminal seq 1 300; echo started; while [ ! -e go ]; do sleep 0.05; done; echo finished >&2; exit 3",
    );
    const opened = await h
      .waitUntil(() => windows(h).find((window) => window.name.startsWith("/bin/sh -c seq")), "the command's window")
      .catch((error: unknown) => {
        throw new Error(`${(error as Error).message}; windows: ${JSON.stringify(windows(h))}`);
      });
    expect(opened.name).toBe("/bin/sh -c seq 1 300; echo started; whi…");
    await h.waitForText(opened.pane, "started");
    writeFileSync(join(h.project, "go"), "");

    const [exit] = await h.waitUntil(
      () => answersWith(log, "exitCode").length > 0 && answersWith(log, "exitCode"),
      "wait_for_exit's answer",
      20_000,
    );
    expect(exit).toEqual({ exitCode: 3, signal: null });
    const [output] = await h.waitUntil(
      () => answersWith(log, "output").length > 0 && answersWith(log, "output"),
      "terminal/output's answer",
    );
    const lines = Array.from({ length: 300 }, (_, index) => String(index + 1));
    expect(output).toEqual({
      output: `${[...lines, "started", "finished"].join("\n")}\n`,
      truncated: false,
      exitStatus: { exitCode: 3, signal: null },
    });
    // Released without the user going there: the window is gone.
    await h.waitUntil(() => !windows(h).some((window) => window.id === opened.id), "the window closed");
  }, 90_000);

  it("honours outputByteLimit, and kill ends the command's process group", async () => {
    harness = new TmuxHarness(160, 40);
    const h = harness;
    h.start();
    const { agent, log } = await agentPane(h, { "@zc-pane-terminals": "pane" });

    await h.submit(agent, "terminal-limit 12 seq 1 300");
    const [limited] = await h.waitUntil(
      () => answersWith(log, "output").length > 0 && answersWith(log, "output"),
      "the limited output",
      20_000,
    );
    expect(limited).toEqual({
      output: "298\n299\n300\n",
      truncated: true,
      exitStatus: { exitCode: 0, signal: null },
    });

    // The turn ends with the agent's report (RESULT …): then the next prompt goes out at once.
    await h.waitUntil(() => h.capture(agent, { history: true }).includes("RESULT"), "the first turn's report");
    await h.submit(agent, "kill");
    await h.waitUntil(() => answersWith(log, "exitCode").length >= 2, "the killed command's exit", 20_000);
    expect(answersWith(log, "exitCode").at(-1)).toEqual({ exitCode: null, signal: "SIGTERM" });
    // Both commands ran in splits of the agent's window, closed on release: the agent pane is alone again.
    await h.waitUntil(() => h.panes().length === 2, "the splits closed");
  }, 90_000);

  it("a window the user went to and typed into stays after release, named done", async () => {
    harness = new TmuxHarness(160, 40);
    const h = harness;
    h.start();
    const { agent, log } = await agentPane(h, { "@zc-pane-terminals": "window" });

    // The name tmux shows is the command as typed: `#{…}` in it is not expanded as a format.
    await h.submit(agent, "terminal printf 'password #{pane_id}? '; read answer; echo got $answer");
    const opened = await h.waitUntil(
      () => windows(h).find((window) => window.name.startsWith("/bin/sh -c printf 'password #{pane_id}?")),
      "the command's window",
    );
    h.tmux("select-window", "-t", opened.id);
    h.tmux("send-keys", "-t", opened.pane, "-l", "sesame");
    h.tmux("send-keys", "-t", opened.pane, "Enter");
    const [output] = await h.waitUntil(
      () => answersWith(log, "output").length > 0 && answersWith(log, "output"),
      "the output",
      20_000,
    );
    expect(output).toMatchObject({
      output: "password #{pane_id}? got sesame\n",
      exitStatus: { exitCode: 0, signal: null },
    });
    await h.waitUntil(
      () =>
        windows(h)
          .find((window) => window.id === opened.id)
          ?.name.startsWith("done: /bin/sh -c printf 'password #{pane_id}?"),
      "the window kept, named done",
    );
    expect(h.capture(opened.pane)).toContain("got sesame");
  }, 90_000);
});
