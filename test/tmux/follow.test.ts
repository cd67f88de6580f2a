import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { sdkAgentCommandLine } from "../helpers/sdk-agent/start.js";
import { TmuxHarness } from "./tmux-harness.js";

/**
 * Following the agent in the editor: a real vim in one pane of a private tmux server, zc-pane with the SDK
 * agent (whose `locate PATH LINE` reports a tool call with `locations`) in the other. `o` on the focused
 * row, and `@zc-pane-follow on`, open the location in that vim. Skipped when vim is not installed (the
 * neovim path has no test here: neovim is not installed on CI machines). `npm run build` first.
 */
const hasVim = spawnSync("sh", ["-c", "command -v vim"]).status === 0;
if (!hasVim) console.warn("test/tmux/follow.test.ts: skipped, vim is not installed");

let harness: TmuxHarness | undefined;
afterEach(() => {
  harness?.kill();
  harness = undefined;
});

describe.skipIf(!hasVim)("following the agent in vim", () => {
  it("o on the focused row opens its file at its line in the window's vim, never outside the session, never while vim is in insert mode; @zc-pane-follow on opens each new location", async () => {
    harness = new TmuxHarness(200, 40);
    const h = harness;
    h.start();
    const file = join(h.project, "src", "app.ts");
    mkdirSync(join(h.project, "src"));
    writeFileSync(file, Array.from({ length: 60 }, (_, index) => `line ${index + 1}`).join("\n") + "\n");
    const vim = h.panes()[0]!.id;
    h.tmux("send-keys", "-t", vim, "-l", "vim -u NONE -i NONE -N -c 'set ruler laststatus=0 noswapfile'");
    h.tmux("send-keys", "-t", vim, "Enter");
    await h.waitUntil(
      () => h.tmux("display-message", "-p", "-t", vim, "#{pane_current_command}").trim() === "vim",
      "vim",
    );
    const agent = h
      .tmux(
        "split-window",
        "-h",
        "-t",
        vim,
        "-c",
        h.project,
        "-P",
        "-F",
        "#{pane_id}",
        `zc-pane --agent-cmd ${JSON.stringify(sdkAgentCommandLine())}`,
      )
      .trim();
    await h.waitForText(agent, /ready/, 20_000);

    const focusAndOpen = () => {
      h.tmux("send-keys", "-t", agent, "M-Down");
      h.tmux("send-keys", "-t", agent, "o");
    };
    await h.submit(agent, `locate ${file} 30`);
    await h.waitForText(agent, "located", 30_000);
    focusAndOpen();
    await h.waitUntil(() => / 30,1 /.test(h.capture(vim)) && h.capture(vim).includes("line 30"), "vim at line 30");
    await h.waitForText(agent, `opened ${file}:30 in vim (${vim})`);
    // `o` did not type into the input.
    expect(h.capture(agent)).not.toMatch(/> o\s*$/m);

    // Outside the session's directory: refused, vim untouched.
    await h.submit(agent, "locate /etc/hostname 1");
    await h.waitForText(agent, "Read /etc/hostname");
    focusAndOpen();
    await h.waitForText(agent, /not opened: \/etc\/hostname is outside the session's directories/);
    expect(h.capture(vim)).toMatch(/ 30,1 /);

    // vim in insert mode: no keys are sent to it.
    h.tmux("send-keys", "-t", vim, "i");
    await h.waitForText(vim, "-- INSERT --");
    await h.submit(agent, `locate ${file} 12`);
    await h.waitUntil(() => h.capture(agent, { history: true }).split("located").length > 3, "the third answer");
    focusAndOpen();
    await h.waitForText(agent, /not opened: vim in %0 is busy \(not in normal mode\)/);
    expect(h.capture(vim)).toContain("-- INSERT --");
    h.tmux("send-keys", "-t", vim, "Escape");
    await h.waitUntil(() => !h.capture(vim).includes("-- INSERT --"), "vim back in normal mode");

    // Following: each new location is opened without a key.
    h.tmux("set-option", "-g", "@zc-pane-follow", "on");
    await h.submit(agent, `locate ${file} 45`);
    await h.waitUntil(() => / 45,1 /.test(h.capture(vim)), "vim at line 45 by itself");
  }, 120_000);
});
