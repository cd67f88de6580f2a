import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CLI } from "../helpers/demo-agent.js";
import { TmuxSession } from "../helpers/tmux.js";

/**
 * Notifications as tmux delivers them: the pane in a real tmux whose session has a real client attached
 * (a second tmux server's pane runs `tmux attach`), the raw bytes the pane writes read with pipe-pane.
 */
const sessions: TmuxSession[] = [];
afterEach(() => {
  for (const session of sessions.splice(0)) session.kill();
});

function tmux(session: TmuxSession, ...args: string[]): string {
  return execFileSync("tmux", ["-L", session.socket, ...args], { encoding: "utf8" });
}

const PASSTHROUGH_777 = /\u001bPtmux;\u001b\u001b\]777;notify;zc-pane · [^;]*;the turn ended\u0007\u001b\\/;

describe("notifications in a real tmux", () => {
  it("an OSC 777 notification (in tmux's passthrough) and the bell only while the user looks at another window", async () => {
    const pane = new TmuxSession(70, 20);
    sessions.push(pane);
    mkdirSync(join(pane.home, "config", "zc-pane"), { recursive: true });
    writeFileSync(join(pane.home, "config", "zc-pane", "config.json"), JSON.stringify({ notify: "osc777" }));
    pane.start(`${process.execPath} ${CLI} --demo`);
    const bytes = join(pane.home, "pane-output");
    tmux(pane, "pipe-pane", "-O", "-t", "main", `cat >> '${bytes}'`);
    // A real client on the pane's session, so tmux knows what the user is looking at.
    const client = new TmuxSession(72, 22);
    sessions.push(client);
    client.start(`env -u TMUX tmux -L ${pane.socket} attach -t main`);
    await client.waitFor(/ready/);
    await pane.waitFor(/ready/);
    const output = () => (existsSync(bytes) ? readFileSync(bytes, "utf8") : "");

    // Looking at the pane: a turn ends, nothing rings.
    pane.type("plan while looking");
    await pane.waitFor("plan while looking");
    pane.send("Enter");
    await pane.waitFor(/› plan while looking/, 10_000, () => pane.history());
    await pane.waitFor(/ready/, 15_000);
    expect(tmux(pane, "display-message", "-p", "-t", "main", "#{session_attached}").trim()).toBe("1");
    expect(output()).not.toMatch(PASSTHROUGH_777);

    // Another window is current: the next turn's end rings and notifies, through the passthrough.
    tmux(pane, "new-window", "-t", "main");
    tmux(pane, "send-keys", "-t", "main:0.0", "-l", "plan later");
    await pane.waitFor("plan later", 10_000, () => tmux(pane, "capture-pane", "-p", "-t", "main:0.0"));
    tmux(pane, "send-keys", "-t", "main:0.0", "Enter");
    await pane.waitFor(PASSTHROUGH_777, 20_000, output);
    const text = output();
    const notification = PASSTHROUGH_777.exec(text)!;
    // The bell comes right before it: tmux flags the window.
    expect(text[notification.index - 1]).toBe("\u0007");
    expect(text.match(new RegExp(PASSTHROUGH_777.source, "g"))).toHaveLength(1);
  });
});
