import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { execa, type ResultPromise } from "execa";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CLI } from "../helpers/demo-agent.js";
import { sdkAgentCommandLine } from "../helpers/sdk-agent/start.js";

const MCP_SERVER = resolve(import.meta.dirname, "../helpers/mcp-server.mjs");

interface CheckJson {
  readonly id: string;
  readonly title: string;
  readonly status: "ok" | "warn" | "fail";
  readonly detail: string;
  readonly fix?: string;
}

const homes: string[] = [];
afterEach(() => {
  for (const home of homes.splice(0)) rmSync(home, { recursive: true, force: true });
});

/** A fresh home: config, state and ZeroClaw dirs of its own, so nothing of the machine's leaks in. */
function freshHome(config?: unknown): string {
  const home = mkdtempSync(join(tmpdir(), "zc-pane-doctor-test-"));
  homes.push(home);
  if (config !== undefined) {
    mkdirSync(join(home, "config", "zc-pane"), { recursive: true });
    writeFileSync(
      join(home, "config", "zc-pane", "config.json"),
      typeof config === "string" ? config : JSON.stringify(config),
    );
  }
  return home;
}

/** Runs the built `zc-pane doctor` as a user would. */
function doctor(args: string[], options: { env?: Record<string, string>; home?: string } = {}) {
  const home = options.home ?? freshHome();
  return execa(process.execPath, [CLI, "doctor", ...args], {
    reject: false,
    stdin: "ignore",
    cwd: home,
    env: {
      HOME: home,
      XDG_CONFIG_HOME: join(home, "config"),
      XDG_STATE_HOME: join(home, "state"),
      ZEROCLAW_CONFIG_DIR: join(home, ".zeroclaw"),
      ...options.env,
    },
    timeout: 60_000,
  });
}

async function doctorJson(args: string[], options: Parameters<typeof doctor>[1] = {}) {
  const result = await doctor([...args, "--json"], options);
  const report = JSON.parse(result.stdout) as { target: string; ok: boolean; checks: CheckJson[] };
  const check = (id: string) => report.checks.find((candidate) => candidate.id === id);
  return { result, report, check };
}

describe("zc-pane doctor on stdio agents", () => {
  it("the demo agent: every check ok, exit 0", async () => {
    const { result, report } = await doctorJson(["--demo"]);
    expect(result.exitCode).toBe(0);
    expect(report.ok).toBe(true);
    expect(report.checks.map((check) => [check.id, check.status])).toEqual([
      ["config", "ok"],
      ["cwd", "ok"],
      ["state-dir", "ok"],
      ["agent", "ok"],
      ["command", "ok"],
      ["initialize", "ok"],
      ["protocol", "ok"],
      ["capabilities", "ok"],
      ["auth", "ok"],
    ]);
    const text = await doctor(["--demo"]);
    expect(text.exitCode).toBe(0);
    expect(text.stdout).toMatch(/^ok {4}initialize {7}ZeroClaw ACP \(zc-pane demo\) \S+ answered in \d+\.\d s$/m);
    expect(text.stdout).toMatch(/^ok {4}protocol {9}ACP protocol version 1, ZeroClaw's error codes$/m);
    expect(text.stdout.trimEnd().endsWith("All good.")).toBe(true);
  });

  it("a missing command: fail, naming the npm package to install", async () => {
    const empty = mkdtempSync(join(tmpdir(), "zc-pane-empty-path-"));
    homes.push(empty);
    const { result, check } = await doctorJson(["--agent", "codex"], { env: { PATH: empty } });
    expect(result.exitCode).toBe(1);
    expect(check("command")).toEqual({
      id: "command",
      title: "command",
      status: "fail",
      detail: "`codex-acp` is not on PATH",
      fix: "install it with `npm install -g @zed-industries/codex-acp`",
    });
    expect(check("initialize")).toBeUndefined();
    const text = await doctor(["--agent", "gemini"], { env: { PATH: empty } });
    expect(text.stdout).toContain("fail  command");
    expect(text.stdout).toContain("fix: install it with `npm install -g @google/gemini-cli`");
  });

  it("an agent that exits at once: fail, with what it wrote on stderr", async () => {
    const command = `${process.execPath} -e 'console.error("fatal: no API key configured"); process.exit(3)'`;
    const { result, check } = await doctorJson(["--agent-cmd", command]);
    expect(result.exitCode).toBe(1);
    expect(check("initialize")).toMatchObject({
      status: "fail",
      detail: expect.stringContaining("the agent exited with code 3"),
    });
    expect(check("initialize")?.detail).toContain("fatal: no API key configured");
  });

  it("an agent that never answers: fail after the initialize timeout, with its stderr tail", async () => {
    const command = `${process.execPath} -e 'console.error("loading plugins..."); setInterval(() => {}, 1000)'`;
    const started = Date.now();
    const { result, check } = await doctorJson(["--agent-cmd", command], {
      env: { ZC_PANE_INITIALIZE_TIMEOUT_MS: "1000" },
    });
    expect(result.exitCode).toBe(1);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(check("initialize")).toMatchObject({
      status: "fail",
      detail: expect.stringContaining("did not answer initialize within 1 s"),
    });
    expect(check("initialize")?.detail).toContain("loading plugins...");
    expect(check("initialize")?.fix).toContain("starts an ACP agent on stdio");
  });

  it("an agent that requires authentication: fail listing the methods, ok once the env var is set; --live answers permissions cancelled", async () => {
    const agent = sdkAgentCommandLine(["--auth"]);
    const refused = await doctorJson(["--agent-cmd", agent]);
    expect(refused.result.exitCode).toBe(1);
    expect(refused.check("auth")).toMatchObject({
      status: "fail",
      detail: expect.stringContaining("test-api-key (Use TEST_AGENT_API_KEY): set $TEST_AGENT_API_KEY"),
    });

    const live = await doctorJson(["--agent-cmd", agent, "--live"], { env: { TEST_AGENT_API_KEY: "sk-test" } });
    expect(live.result.exitCode).toBe(0);
    expect(live.check("auth")).toMatchObject({
      status: "ok",
      detail: "authenticated with test-api-key: uses $TEST_AGENT_API_KEY, which is set",
    });
    expect(live.check("live")).toMatchObject({
      status: "ok",
      detail: expect.stringMatching(
        /^the agent replied ZC-PANE-LIVE-OK in \d+\.\d s; 1 permission request answered cancelled$/,
      ),
    });
  });

  it("--live fails when the reply lacks the marker", async () => {
    const example = join(import.meta.dirname, "../../node_modules/acp-example-agent/dist/examples/agent.js");
    const { result, check } = await doctorJson(["--agent-cmd", `${process.execPath} ${example}`, "--live"]);
    expect(result.exitCode).toBe(1);
    expect(check("live")).toMatchObject({
      status: "fail",
      detail: expect.stringContaining("the reply did not contain ZC-PANE-LIVE-OK"),
    });
  }, 30_000);

  it("a broken config file: fail naming the field, and the agent checks still run", async () => {
    const home = freshHome({ agents: { claude: { args: "--verbose" } } });
    const { result, check } = await doctorJson(["--demo"], { home });
    expect(result.exitCode).toBe(1);
    expect(check("config")).toMatchObject({
      status: "fail",
      detail: expect.stringContaining('agents.claude.args: expected an array, got string "--verbose"'),
    });
    expect(check("initialize")?.status).toBe("ok");
  });

  it("MCP servers: starts each stdio one and lists its tools (config and --mcp-config), names http ones, fails a dead one", async () => {
    const home = freshHome({
      mcpServers: {
        notes: {
          command: process.execPath,
          args: [MCP_SERVER, "search_notes", "add_note"],
          env: { MCP_STARTED_FILE: "started" },
        },
        web: { type: "http", url: "https://mcp.example/mcp" },
      },
    });
    const broken = join(home, "broken.json");
    writeFileSync(
      broken,
      JSON.stringify([{ name: "dead", command: process.execPath, args: ["-e", "process.exit(4)"] }]),
    );
    const { result, report } = await doctorJson(["--demo", "--mcp-config", broken], { home });
    expect(result.exitCode).toBe(1);
    const mcp = report.checks.filter((check) => check.id === "mcp");
    expect(mcp).toEqual([
      {
        id: "mcp",
        title: "MCP server notes",
        status: "ok",
        detail: "zc-pane-test-mcp 1.0.0: 2 tools: search_notes, add_note",
      },
      {
        id: "mcp",
        title: "MCP server web",
        status: "ok",
        detail: "http https://mcp.example/mcp (passed to agents whose mcpCapabilities.http is true; not contacted)",
      },
      expect.objectContaining({
        title: "MCP server dead",
        status: "fail",
        detail: expect.stringContaining("did not answer MCP initialize"),
      }),
    ]);
    // It really ran the server, in the session directory (the doctor's cwd here).
    expect(readFileSync(join(home, "started"), "utf8")).toMatch(/^\d+ started\n$/);
  });

  it("no agent chosen: explains how to pick one", async () => {
    const empty = mkdtempSync(join(tmpdir(), "zc-pane-empty-path-"));
    homes.push(empty);
    const { result, check } = await doctorJson([], { env: { PATH: empty } });
    expect(result.exitCode).toBe(1);
    expect(check("agent")).toMatchObject({ status: "fail", detail: expect.stringContaining("no agent selected") });
  });

  it("exits 2 on usage errors", async () => {
    expect((await doctor(["--demo", "extra"])).exitCode).toBe(2);
    expect((await doctor(["--demo", "--gateway"])).exitCode).toBe(2);
    const help = await doctor(["--help"]);
    expect(help.exitCode).toBe(0);
    expect(help.stdout).toContain("Usage: zc-pane doctor");
  });
});

describe("zc-pane doctor on a gateway", () => {
  let gateway: ResultPromise | undefined;
  let url = "";

  beforeAll(async () => {
    const home = mkdtempSync(join(tmpdir(), "zc-pane-doctor-gateway-"));
    homes.push(home);
    gateway = execa(
      process.execPath,
      [CLI, "demo-agent", "--gateway", "--port", "0", "--token", "T", "--state-dir", join(home, "demo")],
      { reject: false, stdin: "ignore" },
    );
    url = await new Promise<string>((resolve, reject) => {
      let seen = "";
      const timer = setTimeout(() => reject(new Error(`the demo gateway did not start: ${seen}`)), 15_000);
      gateway!.stderr!.on("data", (chunk: Buffer) => {
        seen += chunk.toString();
        const match = /listening on (ws:\/\/\S+)/.exec(seen);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
    });
  });

  afterAll(async () => {
    gateway?.kill("SIGTERM");
    await gateway;
  });

  it("a bad token: fail with 401 and how to pair", async () => {
    const { result, check } = await doctorJson(["--gateway", url, "--token", "WRONG"]);
    expect(result.exitCode).toBe(1);
    expect(check("token")).toMatchObject({ status: "warn", detail: expect.stringContaining("`ps`") });
    expect(check("gateway")).toMatchObject({
      status: "fail",
      detail: expect.stringContaining(
        "answered HTTP 401 Unauthorized: it does not accept the token given with --token",
      ),
    });
    expect(check("gateway")?.fix).toContain("zeroclaw gateway get-paircode --new");
    expect(JSON.stringify(result.stdout)).not.toContain("WRONG");
  });

  it("the right token from a private file: all ok", async () => {
    const home = freshHome();
    const file = join(home, "token");
    writeFileSync(file, "T\n");
    chmodSync(file, 0o600);
    const { result, check } = await doctorJson(["--gateway", url, "--token-file", file], { home });
    expect(result.exitCode).toBe(0);
    expect(check("token")).toMatchObject({ status: "ok", detail: `the token from --token-file ${file} (mode 0600)` });
    expect(check("gateway")).toMatchObject({ status: "ok" });
    expect(check("auth")).toMatchObject({ status: "ok" });
  });

  it("a token file others can read: fail with the chmod fix", async () => {
    const home = freshHome();
    const file = join(home, "token");
    writeFileSync(file, "T\n");
    chmodSync(file, 0o644);
    const { result, check } = await doctorJson(["--gateway", url, "--token-file", file], { home });
    expect(result.exitCode).toBe(1);
    expect(check("token")).toMatchObject({ status: "fail", fix: `chmod 600 ${file}` });
  });

  it("nothing listening: fail as refused, not as a token problem", async () => {
    const { result, check } = await doctorJson(["--gateway", "ws://127.0.0.1:1/acp", "--token", "T"]);
    expect(result.exitCode).toBe(1);
    expect(check("gateway")).toMatchObject({
      status: "fail",
      detail: "connection refused: nothing listens on 127.0.0.1:1",
      fix: expect.stringContaining("zeroclaw daemon"),
    });
  });
});
