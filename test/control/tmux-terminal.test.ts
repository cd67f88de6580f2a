import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { exitFromStatus, terminalScript, tmuxLiteral, windowName } from "../../src/control/tmux-terminal.js";

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe("a tmux terminal's script", () => {
  it("runs the command with exactly the given env and cwd, nothing in it expanded, and records output and status", async () => {
    const dir = mkdtempSync(join(tmpdir(), "zcp-tt-"));
    roots.push(dir);
    const script = join(dir, "run.sh");
    const hostile = `it's $HOME \`id\` #{pane_id} $(touch ${join(dir, "pwned")})`;
    writeFileSync(
      script,
      terminalScript(
        {
          command: "/bin/sh",
          args: ["-c", 'printf "%s|%s|%s\\n" "$1" "$ODD" "$(pwd)"; echo oops >&2; exit 4', "sh", hostile],
          cwd: dir,
          env: { PATH: process.env.PATH ?? "/usr/bin:/bin", ODD: "a'b\"c$d" },
          outputByteLimit: 1024,
        },
        dir,
      ),
    );
    // As tmux runs it: env -i, so only the script's exports are there.
    const child = spawn("env", ["-i", "/bin/sh", script], { detached: true, stdio: "ignore" });
    try {
      for (let tries = 0; !existsSync(join(dir, "status")) && tries < 200; tries++)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(readFileSync(join(dir, "status"), "utf8")).toBe("4\n");
      expect(readFileSync(join(dir, "output"), "utf8")).toBe(`${hostile}|a'b"c$d|${dir}\noops\n`);
      expect(existsSync(join(dir, "pwned"))).toBe(false);
    } finally {
      process.kill(-child.pid!, "SIGKILL");
    }
  });

  it("names the window after the command, short and with # doubled for tmux", () => {
    expect(windowName({ command: "npm", args: ["test"] })).toBe("npm test");
    expect(windowName({ command: "x".repeat(50), args: [] })).toBe(`${"x".repeat(39)}…`);
    expect(tmuxLiteral("echo #{pane_id} ##")).toBe("echo ##{pane_id} ####");
  });

  it("reads a shell status above 128 as a signal", () => {
    expect(exitFromStatus(0)).toEqual({ exitCode: 0, signal: null });
    expect(exitFromStatus(143)).toEqual({ exitCode: null, signal: "SIGTERM" });
  });
});
