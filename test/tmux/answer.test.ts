import { afterEach, describe, expect, it } from "vitest";
import { sendControlRequest } from "../../src/control/control-client.js";
import { NO_LONGER_WAITING } from "../../src/control/protocol.js";
import { TmuxHarness } from "./tmux-harness.js";

/**
 * `zc-pane pending` / `answer` against demo agents waiting in real tmux panes, and the prefix+J popup that
 * answers them with the modal's keys (an attached client, keys typed on it). `npm run build` first.
 */
let harness: TmuxHarness | undefined;
afterEach(() => {
  harness?.kill();
  harness = undefined;
});

/** The environment of a command run in `pane` of the harness's server. */
function inPane(h: TmuxHarness, pane: string): NodeJS.ProcessEnv {
  return { TMUX: h.tmuxVar(), TMUX_PANE: pane };
}

/** Splits `target` with a demo zc-pane and waits until it is ready and reachable; returns its pane id. */
async function demoPane(h: TmuxHarness, target: string): Promise<string> {
  const agent = h
    .tmux("split-window", "-h", "-t", target, "-c", h.project, "-P", "-F", "#{pane_id}", "zc-pane --demo")
    .trim();
  await h.waitForText(agent, /ready/);
  await h.waitUntil(() => h.option("-p", agent, "@zc-pane-socket"), "the published socket");
  return agent;
}

/** Starts the demo's `shell` scenario in `agent` and waits for its approval modal. */
async function askShell(h: TmuxHarness, agent: string): Promise<void> {
  h.tmux("send-keys", "-t", agent, "-l", "shell");
  await h.waitForText(agent, "> shell");
  h.tmux("send-keys", "-t", agent, "Enter");
  await h.waitForText(agent, "Approve shell?", 20_000);
}

interface Listed {
  pane: { paneId: string; label: string; agent?: string };
  socket: string;
  request: { key: string; receivedAt: number; sessionId: string; options: Array<{ optionId: string; kind: string }> };
}

describe("zc-pane pending / answer", () => {
  it("lists the request waiting in a pane, answers it from another pane, and refuses it once stale", async () => {
    harness = new TmuxHarness(120, 40);
    const h = harness;
    h.start();
    const shell = h.panes()[0]!.id;
    const agent = await demoPane(h, shell);

    const none = h.cli(["pending"], { env: inPane(h, shell) });
    expect(none).toMatchObject({ status: 0, stdout: "no permission request is waiting\n" });
    expect(h.cli(["answer", "allow-once"], { env: inPane(h, shell) })).toMatchObject({
      status: 1,
      stderr: "zc-pane answer: no permission request is waiting\n",
    });

    await askShell(h, agent);
    const listed = h.cli(["pending"], { env: inPane(h, shell) });
    expect(listed.status).toBe(0);
    const [header, tool, ...options] = listed.stdout.trimEnd().split("\n");
    expect(header).toMatch(new RegExp(`^tmux pane ${agent}  zeroclaw-acp  session \\S+  request \\S+$`));
    expect(tool).toMatch(/^ {2}.*shell.*: git status --short$/);
    expect(options).toEqual([
      "  1) Allow once  [allow_once, id allow-once]",
      "  2) Always allow  [allow_always, id allow-always]",
      "  3) Reject  [reject_once, id reject-once]",
    ]);
    const json = JSON.parse(h.cli(["pending", "--json"], { env: inPane(h, shell) }).stdout) as Listed[];
    expect(json).toHaveLength(1);
    const [waiting] = json;
    expect(waiting!.pane.paneId).toBe(agent);

    const wrong = h.cli(["answer", "maybe"], { env: inPane(h, shell) });
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toMatch(/"maybe" is none of the options offered: 1 allow-once \(allow_once\)/);

    // By number: the third option, Reject. The pane's modal closes, its transcript says where the answer came from.
    const answered = h.cli(["answer", "--pane", agent, "3"], { env: inPane(h, shell) });
    expect(answered).toMatchObject({
      status: 0,
      stderr: `zc-pane answer: tmux pane ${agent}: Approve shell? → Reject\n`,
    });
    await h.waitForText(agent, "Reject (answered from outside)");
    await h.waitUntil(() => !h.capture(agent).includes("1-3 pick"), "the modal closed");

    // Stale: the request the sender saw is answered; the CLI and the socket both say so.
    const stale = h.cli(["answer", "--request", waiting!.request.key, "allow-once"], { env: inPane(h, shell) });
    expect(stale).toMatchObject({
      status: 1,
      stderr: `zc-pane answer: request ${waiting!.request.key}: ${NO_LONGER_WAITING}\n`,
    });
    const reply = await sendControlRequest(waiting!.socket, {
      v: 1,
      type: "answer",
      key: waiting!.request.key,
      receivedAt: waiting!.request.receivedAt,
      outcome: { outcome: "selected", optionId: "allow-once" },
    });
    expect(reply).toEqual({ v: 1, ok: false, error: NO_LONGER_WAITING });
  }, 90_000);

  it("prefix+J opens a popup that answers the waiting requests of two panes with the modal's keys, one after the other", async () => {
    harness = new TmuxHarness(120, 40);
    const h = harness;
    h.start();
    h.loadPlugin({ "@zc-pane-command": "zc-pane --demo" });
    await h.attachClient();
    const shell = h.panes()[0]!.id;
    const first = await demoPane(h, shell);
    await askShell(h, first);
    h.tmux("new-window", "-t", "main:", "-c", h.project, "sh");
    const second = await demoPane(h, "main:1");
    await askShell(h, second);
    h.tmux("select-pane", "-t", "main:1.0");

    h.press("C-b", "J");
    // The popup is drawn by the client: the outer pane shows it over the current window.
    const screen = () => h.outer("capture-pane", "-p", "-t", "outer");
    await h
      .waitUntil(() => screen().includes(`tmux pane ${first}`) && screen().includes("1 of 2"), "the popup")
      .catch((error: unknown) => {
        throw new Error(`${(error as Error).message}; screen:\n${screen()}`);
      });
    h.press("y");
    await h.waitForText(first, "Allow once (answered from outside)", 20_000);
    await h.waitUntil(() => screen().includes(`tmux pane ${second}`), "the second request in the popup");
    h.press("n");
    await h.waitForText(second, "Reject (answered from outside)", 20_000);
    // Nothing left: the popup closes, the window shows again.
    await h.waitUntil(() => !/tmux pane %\d+ · /.test(screen()), "the popup closed");
    expect(h.cli(["pending"], { env: inPane(h, shell) }).stdout).toBe("no permission request is waiting\n");
  }, 90_000);
});
