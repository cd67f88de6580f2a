import { writeFileSync } from "node:fs";
import { createConnection } from "node:net";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { TmuxHarness } from "./tmux-harness.js";

/**
 * `zc-pane send` against real panes in a private tmux server (no client needed: nothing here goes through a
 * key binding). `npm run build` first.
 */
let harness: TmuxHarness | undefined;
afterEach(() => {
  harness?.kill();
  harness = undefined;
});

/** A server whose window holds the user's shell (%0) and a zc-pane beside it; returns the panes. */
async function withAgentPane(): Promise<{ h: TmuxHarness; shell: string; agent: string; socket: string }> {
  harness = new TmuxHarness(100, 30);
  const h = harness;
  h.start();
  const shell = h.panes()[0]!.id;
  const agent = h
    .tmux("split-window", "-h", "-t", shell, "-c", h.project, "-P", "-F", "#{pane_id}", "zc-pane --demo")
    .trim();
  await h.waitForText(agent, /ready/);
  // The pane marks itself and publishes its socket, also when it was not opened by the plugin.
  const socket = await h.waitUntil(
    () => h.option("-p", agent, "@zc-pane") === "1" && h.option("-p", agent, "@zc-pane-socket"),
    "the published socket",
  );
  return { h, shell, agent, socket };
}

/** The environment of a command run in `pane` of the harness's server. */
function inPane(h: TmuxHarness, pane: string): NodeJS.ProcessEnv {
  return { TMUX: h.tmuxVar(), TMUX_PANE: pane };
}

/** Writes raw bytes to the socket; resolves with what the pane answered before it closed the connection. */
function rawExchange(socket: string, payload: Buffer | string): Promise<string> {
  return new Promise((resolve, reject) => {
    const connection = createConnection(socket);
    let reply = "";
    const timer = setTimeout(() => {
      connection.destroy();
      reject(new Error(`no close within 10 s; got ${reply}`));
    }, 10_000);
    connection.on("connect", () => connection.write(payload));
    connection.on("data", (data) => (reply += data.toString("utf8")));
    connection.on("error", () => undefined);
    connection.on("close", () => {
      clearTimeout(timer);
      resolve(reply);
    });
  });
}

describe("zc-pane send", () => {
  it("to a window without a zc-pane, or a pane that runs none: a clear error and exit 1", () => {
    harness = new TmuxHarness();
    const h = harness;
    h.start();
    const shell = h.panes()[0]!.id;
    const none = h.cli(["send", "hello"], { env: inPane(h, shell) });
    expect(none.status).toBe(1);
    expect(none.stderr).toMatch(
      /^zc-pane send: no zc-pane runs in this tmux window: open one with prefix\+a, or pass --pane ID\n$/,
    );

    const notRunning = h.cli(["send", "--pane", shell, "hello"], { env: inPane(h, shell) });
    expect(notRunning.status).toBe(1);
    expect(notRunning.stderr).toMatch(
      new RegExp(
        `^zc-pane send: no zc-pane is running in tmux pane ${shell} \\(no control socket at .*tmux-\\d+-${shell.slice(1)}\\.sock\\)\\n  open one with prefix\\+a`,
      ),
    );

    const usage = h.cli(["send"], { env: inPane(h, shell) });
    expect(usage.status).toBe(2);
    expect(usage.stderr).toMatch(/nothing to send: give TEXT, --file or --stdin/);
  });

  it("finds the zc-pane of the current window and puts the text into its input, with the attachments noted", async () => {
    const { h, shell, agent } = await withAgentPane();
    writeFileSync(join(h.project, "notes.md"), "# notes\n");
    const sent = h.cli(["send", "--file", "notes.md", "--stdin", "Review", "this:"], {
      env: inPane(h, shell),
      input: "piped text\n",
    });
    expect(sent).toMatchObject({ status: 0, stderr: `zc-pane send: sent to tmux pane ${agent} with 2 attachments\n` });
    await h.waitForText(agent, "> Review this:");
    // The notice wraps at the pane's width, the long path anywhere in it.
    const notice = `attached ${join(h.project, "notes.md")}, stdin: (sent with your next prompt)`.replace(/\s+/g, "");
    await h.waitUntil(() => h.capture(agent).replace(/\s+/g, "").includes(notice), "the notice");
  });

  it("refuses malformed and oversized control messages without harming the pane", async () => {
    const { h, shell, agent, socket } = await withAgentPane();
    const garbage = await rawExchange(socket, "GET / HTTP/1.1\r\n\r\n");
    expect(JSON.parse(garbage.split("\n")[0]!)).toEqual({
      v: 1,
      ok: false,
      error: expect.stringMatching(/not a JSON message/),
    });

    const version = await rawExchange(socket, `${JSON.stringify({ v: 99, type: "send", text: "x" })}\n`);
    expect(JSON.parse(version.split("\n")[0]!).error).toMatch(/unsupported protocol version 99/);

    // 17 MiB without a newline: refused once past 16 MiB, the connection closed.
    const oversized = await rawExchange(socket, Buffer.alloc(17 * 1024 * 1024, 0x20));
    expect(JSON.parse(oversized.split("\n")[0]!).error).toMatch(/message too large: over 16 MiB/);

    // The pane goes on: it still takes a valid send, and still talks to its agent.
    expect(h.cli(["send", "think"], { env: inPane(h, shell) }).status).toBe(0);
    await h.waitForText(agent, "> think");
    h.tmux("send-keys", "-t", agent, "Enter");
    await h.waitForText(agent, /Done thinking/);
    expect(h.capture(agent, { history: true })).not.toMatch(/GET \/ HTTP/);
  });
});
