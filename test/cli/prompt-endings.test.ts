import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { CLI } from "../helpers/demo-agent.js";

/** A user's environment of its own (state and config dirs), no terminal. */
function userEnv(): Record<string, string> {
  const home = mkdtempSync(join(tmpdir(), "zc-pane-prompt-"));
  return { XDG_STATE_HOME: join(home, "state"), XDG_CONFIG_HOME: join(home, "config"), HOME: home };
}

describe("zc-pane prompt ends the way a user expects", () => {
  it("piped into head, ends quietly once head has its lines: no EPIPE, no stack trace", async () => {
    // What a user types; bash reports zc-pane's own exit status through PIPESTATUS.
    const result = await execa(
      "bash",
      [
        "-c",
        `"${process.execPath}" "${CLI}" prompt --demo plan | head -3; echo "zc-pane exited $\{PIPESTATUS[0]}" >&2`,
      ],
      { reject: false, stdin: "ignore", env: userEnv(), timeout: 60_000 },
    );
    expect(result.stdout.split("\n").length).toBeLessThanOrEqual(3);
    expect(result.stderr).not.toMatch(/EPIPE|Error|at \S+ \(/);
    // Like a C program killed by SIGPIPE: 128 + 13, so `set -o pipefail` scripts still see the cut.
    expect(result.stderr).toContain("zc-pane exited 141");
  });

  it("when the agent dies mid-turn, prints its last stderr lines with the exit code", async () => {
    const result = await execa(process.execPath, [CLI, "prompt", "--demo", "--approve", "allow-once", "crash"], {
      reject: false,
      stdin: "ignore",
      env: userEnv(),
      timeout: 60_000,
    });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(/the agent exited with code 3/);
    expect(result.stderr).toMatch(/panicked at src\/demo\/scenarios-faults\.ts: simulated crash/);
  });
});
