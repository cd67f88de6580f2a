import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { TmuxHarness } from "../tmux/tmux-harness.js";

/**
 * tmux expands `#(...)` (run a command) and `#{...}` in some arguments (`split-window -c`, `new-session -c`,
 * `display-message`). A directory's name is the user's or anyone's who can create one (a cloned repository,
 * an unpacked archive): the plugin must pass it as a name, never as a format. Real tmux, real key presses.
 * Run `npm run build` before running this file alone.
 */
let harness: TmuxHarness | undefined;
afterEach(() => {
  harness?.kill();
  harness = undefined;
});

/** A project subdirectory whose name is a tmux format that would create NAME in HOME if it were expanded. */
function hostileDirectory(h: TmuxHarness, name: string): { dir: string; marker: string } {
  const dir = join(h.project, `#(cd;touch ${name})#{pane_id}`);
  mkdirSync(dir);
  return { dir, marker: join(h.home, name) };
}

async function shellIn(h: TmuxHarness, dir: string): Promise<void> {
  const editor = h.panes()[0]!.id;
  h.tmux("send-keys", "-t", editor, "-l", `cd '${dir}'`);
  h.tmux("send-keys", "-t", editor, "Enter");
  await h.waitUntil(() => h.panes()[0]!.path === dir, "the shell in the hostile directory");
}

describe("the tmux plugin never expands a directory name as a format", () => {
  it("prefix+a in a directory named #(touch …)#{pane_id}: the split opens there and nothing runs", async () => {
    harness = new TmuxHarness();
    const h = harness;
    h.start();
    // The command option is the user's own; a `#` in it is a shell comment, never a tmux format either.
    h.loadPlugin({ "@zc-pane-command": "zc-pane --demo #(cd;touch from-command)" });
    await h.attachClient();
    const { dir, marker } = hostileDirectory(h, "pwned");
    await shellIn(h, dir);

    h.press("C-b", "a");
    const agent = await h.waitUntil(() => h.agentPane(), "the agent pane");
    await h.waitForText(agent.id, /ready/);
    expect(h.panes().find((pane) => pane.id === agent.id)?.path).toBe(dir);
    expect(existsSync(marker)).toBe(false);
    expect(existsSync(join(h.home, "from-command"))).toBe(false);
  });

  it("popup mode: the hidden session starts in the directory named #(touch …), and nothing runs", async () => {
    harness = new TmuxHarness();
    const h = harness;
    h.start();
    h.loadPlugin({ "@zc-pane-command": "zc-pane --demo", "@zc-pane-popup": "on" });
    await h.attachClient();
    const { dir, marker } = hostileDirectory(h, "pwned-popup");
    await shellIn(h, dir);
    const window = h.tmux("display-message", "-p", "-t", "main:", "#{window_id}").trim();

    h.press("C-b", "a");
    const agent = await h.waitUntil(() => h.agentPane(`=_zc-pane-${window.slice(1)}:`), "the popup's agent pane");
    await h.waitForText(agent.id, /ready/);
    expect(agent.path).toBe(dir);
    expect(existsSync(marker)).toBe(false);
  });
});
