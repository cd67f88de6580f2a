import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CLI } from "../helpers/demo-agent.js";
import { sdkAgentCommandLine } from "../helpers/sdk-agent/start.js";
import { TmuxSession } from "../helpers/tmux.js";

/** `/sessions` in a real tmux lists the SDK 2.4.0 agent's own sessions (session/list, --store) and resumes one. */
let tmux: TmuxSession | undefined;
afterEach(() => {
  tmux?.kill();
  tmux = undefined;
});

describe("/sessions with the agent's own list", () => {
  it("shows a session only the agent knows and restores it here with its history (session/load)", async () => {
    const session = (tmux = new TmuxSession(80, 24));
    const store = join(session.home, "agent-store.json");
    writeFileSync(
      store,
      JSON.stringify([
        {
          sessionId: "aaaa1111-2222-4333-8444-555566667777",
          cwd: session.home,
          title: "Fix the login",
          updatedAt: new Date().toISOString(),
          history: [
            { role: "user", text: "Why does the login fail?" },
            { role: "agent", text: "The cookie domain is wrong." },
          ],
        },
      ]),
    );
    session.start(`${process.execPath} ${CLI} --agent-cmd ${JSON.stringify(sdkAgentCommandLine(["--store", store]))}`);
    await session.waitFor(/ready/, 20_000);
    session.type("/sessions");
    await session.waitFor("/sessions");
    session.send("Enter");
    await session.waitFor(/Fix the login/, 15_000);
    // The pane's own new session (in the local index) may come first.
    if (!/›.*Fix the login/.test(session.screen())) session.send("Down");
    await session.waitFor(/›.*Fix the login/);
    session.send("Enter");
    // The header now names the resumed session.
    await session.waitFor(/SDK test agent · aaaa1111/, 15_000);
    await session.waitFor(/ready/, 15_000);
    // No local transcript of it: the agent, which offers session/load, replayed the conversation.
    const shown = await session.waitFor(
      /aaaa1111 · loaded[\s\S]*› Why does the login fail\?[\s\S]*The cookie domain is wrong\./,
      15_000,
      () => session.history(),
    );
    expect(shown).not.toMatch(/aaaa1111 · resumed/);
  });

  it("lists the title the agent gave the session (session_info_update), not the first prompt", async () => {
    const session = (tmux = new TmuxSession(80, 24));
    session.start(`${process.execPath} ${CLI} --agent-cmd ${JSON.stringify(sdkAgentCommandLine())}`);
    await session.waitFor(/ready/, 20_000);
    session.type("title Fix the login flow");
    await session.waitFor("title Fix the login flow");
    session.send("Enter");
    // The header shows the agent's title once the update is in.
    await session.waitFor(/◆.*Fix the login flow/, 15_000);
    await session.waitFor(/ready/);
    // /sessions reads the index: wait until the recorder has written the title there (a write, after the header).
    const index = join(session.home, "state", "zc-pane", "sessions.json");
    await session.waitFor("the title in the index", 15_000, () =>
      existsSync(index) && /"titleFromAgent":\s*"Fix the login flow"/.test(readFileSync(index, "utf8"))
        ? "the title in the index"
        : "",
    );
    session.type("/sessions");
    await session.waitFor("/sessions");
    session.send("Enter");
    await session.waitFor(/›•[0-9a-f]{8}\s+\S+ Fix the login flow$/m, 15_000);
  });
});
