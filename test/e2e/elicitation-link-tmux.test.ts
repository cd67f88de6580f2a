import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CLI } from "../helpers/demo-agent.js";
import { sdkAgentCommandLine } from "../helpers/sdk-agent/start.js";
import { TmuxSession } from "../helpers/tmux.js";

/**
 * A URL elicitation's link as the terminal gets it: the pane in a real tmux against the SDK 2.4.0 agent, the
 * raw bytes it writes read with pipe-pane. Web links are OSC 8 hyperlinks to the normalised URL; others are
 * plain text.
 */
let tmux: TmuxSession | undefined;
afterEach(() => {
  tmux?.kill();
  tmux = undefined;
});

const OSC8_CLOSE = "\u001b]8;;\u0007";

async function elicit(session: TmuxSession, prompt: string, shown: RegExp): Promise<void> {
  session.type(prompt);
  await session.waitFor(prompt);
  session.send("Enter");
  await session.waitFor(shown);
}

describe("URL elicitation links in a real tmux", () => {
  it("writes a web link as an OSC 8 hyperlink, and a file: link as text only", async () => {
    const session = (tmux = new TmuxSession(70, 24));
    session.start(`${process.execPath} ${CLI} --agent-cmd ${JSON.stringify(sdkAgentCommandLine())}`);
    await session.waitFor(/ready/, 20_000);
    const bytes = join(session.home, "pane-output");
    execFileSync("tmux", ["-L", session.socket, "pipe-pane", "-O", "-t", "main", `cat >> '${bytes}'`]);
    const output = () => (existsSync(bytes) ? readFileSync(bytes, "utf8") : "");

    // A non-ASCII path: shown as sent, linked percent-encoded (a target is printable ASCII only).
    await elicit(session, "elicit-url https://tracker.example/connexion/été?state=abc", /Sign in to the issue tracker/);
    await session.waitFor(/https:\/\/tracker\.example\/connexion\/été\?state=abc/);
    const open = "\u001b]8;;https://tracker.example/connexion/%C3%A9t%C3%A9?state=abc\u0007";
    await session.waitFor(open, 10_000, output);
    const linked = output();
    const start = linked.lastIndexOf(open) + open.length;
    // The link's text is the URL as shown, the link closed right after it (SGR styling may sit inside).
    expect(linked.slice(start, linked.indexOf(OSC8_CLOSE, start)).replace(/\u001b\[[0-9;]*m/g, "")).toBe(
      "https://tracker.example/connexion/été?state=abc",
    );
    session.send("Enter");
    await session.waitFor(/"action":"accept"/, 15_000, () => session.history());
    await session.waitFor(/ready/, 15_000);

    // A file: URL is shown, never made a link.
    const before = output().length;
    // The modal's own line (the prompt echo holds the URL too, and a key sent before the modal opens is typed).
    await elicit(session, "elicit-url file:///etc/passwd", /│ file:\/\/\/etc\/passwd/);
    session.send("n");
    await session.waitFor(/"action":"decline"/, 15_000, () => session.history());
    const after = output().slice(before);
    expect(after).toContain("file:///etc/passwd");
    expect(after).not.toContain("\u001b]8;;");
  });
});
