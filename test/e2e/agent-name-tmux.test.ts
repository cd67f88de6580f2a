import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CLI } from "../helpers/demo-agent.js";
import { replayAgentCommand } from "../helpers/replay-pane.js";
import { TmuxSession } from "../helpers/tmux.js";
import { withoutCi } from "../helpers/user-env.js";

/**
 * An agent started as `env VAR=… program` is called after the program until `initialize` answers, then by
 * its own name (`agentInfo.title`), in the header, the session index and `zc-pane sessions`; never "env".
 */
const sessions: TmuxSession[] = [];
afterEach(() => {
  for (const session of sessions.splice(0)) session.kill();
});

function open(): TmuxSession {
  const session = new TmuxSession(80, 20);
  sessions.push(session);
  return session;
}

describe("the agent's name in a real tmux", () => {
  it("is the first real program while connecting", async () => {
    const pane = open();
    // `sleep` never answers initialize: the pane stays in "connecting…" long enough to read its header.
    pane.start(`${process.execPath} ${CLI} --agent-cmd 'env -u HOME ZC_X=1 sleep 60'`, {
      ZC_PANE_INITIALIZE_TIMEOUT_MS: "60000",
    });
    const screen = await pane.waitFor(/connecting…/);
    expect(screen).toMatch(/◆ sleep\s+connecting…/);
    expect(screen).not.toMatch(/◆ env/);
  });

  it("is the agent's title from initialize in the header, the index and zc-pane sessions", async () => {
    const pane = open();
    pane.start(`${process.execPath} ${CLI} --agent-cmd 'env GEMINI_CLI_X=1 ${replayAgentCommand("gemini-cli.jsonl")}'`);
    const screen = await pane.waitFor(/ready/, 15_000);
    expect(screen).toMatch(/◆ Gemini CLI · [0-9a-f]{8}/);
    const index = JSON.parse(readFileSync(join(pane.home, "state", "zc-pane", "sessions.json"), "utf8")) as {
      sessions: { agent: string; agentTitle?: string }[];
    };
    expect(index.sessions).toHaveLength(1);
    expect(index.sessions[0]).toMatchObject({ agent: "node", agentTitle: "Gemini CLI" });

    const listing = execFileSync(process.execPath, [CLI, "sessions"], {
      env: { ...withoutCi(), HOME: pane.home, XDG_STATE_HOME: join(pane.home, "state") },
      encoding: "utf8",
    });
    expect(listing).toMatch(/\n[0-9a-f]{8} {2}.+ {2}Gemini CLI {2}/);
    expect(listing).not.toMatch(/\benv\b/);
  }, 30_000);
});
