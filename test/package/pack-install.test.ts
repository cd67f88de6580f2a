import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = new URL("../..", import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), "zc-pane-pack-"));
const socket = `zcp-pack-${process.pid}`;

afterAll(() => {
  try {
    execFileSync("tmux", ["-L", socket, "kill-server"], { stdio: "ignore" });
  } catch {
    // The server was never started, or is gone already.
  }
  rmSync(work, { recursive: true, force: true });
});

/** The tree a fresh clone has: the files git knows (committed or not, never ignored), so no dist/. */
function freshClone(): string {
  const clone = join(work, "clone");
  const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], {
    cwd: root,
    encoding: "utf8",
  })
    .split("\0")
    .filter(Boolean);
  for (const file of files) {
    try {
      statSync(join(root, file));
    } catch {
      continue; // deleted in the work tree
    }
    mkdirSync(dirname(join(clone, file)), { recursive: true });
    cpSync(join(root, file), join(clone, file));
  }
  // `npm ci` in the clone would fetch the same packages again: the work tree's dev dependencies stand in.
  symlinkSync(join(root, "node_modules"), join(clone, "node_modules"));
  return clone;
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): string {
  return execFileSync(command, args, { cwd, encoding: "utf8", env, stdio: ["ignore", "pipe", "pipe"] });
}

describe("the package as npm pack makes it", () => {
  it("installs globally from the tarball and starts; the README's tmux line loads the installed plugin", () => {
    const clone = freshClone();
    const tarball = run("npm", ["pack", "--silent", "--pack-destination", work], clone).trim().split("\n").pop()!;
    const prefix = join(work, "global");
    run(
      "npm",
      ["install", "-g", "--prefix", prefix, "--prefer-offline", "--no-audit", "--no-fund", join(work, tarball)],
      work,
    );

    const version = run(join(prefix, "bin", "zc-pane"), ["--version"], work);
    expect(version).toMatch(/\d+\.\d+\.\d+/);

    // The README's line for a global install, as a user pastes it into ~/.tmux.conf; npm_config_prefix makes
    // `npm root -g` in tmux's shell answer this install's root.
    const readme = readFileSync(join(root, "README.md"), "utf8");
    const line = /^run-shell .*npm root -g.*$/m.exec(readme)?.[0];
    expect(line).toBeDefined();
    const conf = join(work, "tmux.conf");
    writeFileSync(conf, `${line}\n`);
    const env = { ...process.env, npm_config_prefix: prefix };
    const tmux = (...args: string[]) => run("tmux", ["-L", socket, "-f", "/dev/null", ...args], work, env);
    tmux("new-session", "-d", "-x", "80", "-y", "20");
    tmux("source-file", conf);
    const npmRoot = run("npm", ["root", "-g"], work, env).trim();
    expect(tmux("list-keys", "-T", "prefix")).toContain(join(npmRoot, "zc-pane", "tmux", "scripts", "toggle.sh"));
  }, 300_000);
});
