import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildAgentRegistry } from "../../src/config/agents.js";
import { ConfigFileError, parseConfigText } from "../../src/config/config-file.js";
import { resolveConnection } from "../../src/config/connection.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), "zc-pane-mcp-"));
  dirs.push(dir);
  return dir;
}

function problem(config: unknown): string {
  try {
    parseConfigText(JSON.stringify(config), "F");
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigFileError);
    return (error as Error).message;
  }
  throw new Error("expected the config to be refused");
}

const STDIO_ACP = { name: "files", command: "npx", args: ["-y", "fs-mcp"], env: [{ name: "ROOT", value: "/tmp" }] };
const STDIO_SENT = STDIO_ACP;
const HTTP_SENT = {
  type: "http",
  name: "web",
  url: "https://mcp.example/mcp",
  headers: [{ name: "X-Key", value: "k" }],
};

describe("mcpServers in config.json", () => {
  it("reads ACP's array shape, filling the optional lists", () => {
    const config = parseConfigText(
      JSON.stringify({
        mcpServers: [
          STDIO_ACP,
          { type: "sse", name: "events", url: "http://127.0.0.1:9/sse" },
          { name: "bare", command: "x" },
        ],
      }),
      "F",
    );
    expect(config.mcpServers).toEqual([
      STDIO_SENT,
      { type: "sse", name: "events", url: "http://127.0.0.1:9/sse", headers: [] },
      { name: "bare", command: "x", args: [], env: [] },
    ]);
  });

  it("reads the .mcp.json / Claude Desktop object map as ACP's array", () => {
    const config = parseConfigText(
      JSON.stringify({
        mcpServers: {
          files: { command: "npx", args: ["-y", "fs-mcp"], env: { ROOT: "/tmp" } },
          web: { type: "http", url: "https://mcp.example/mcp", headers: { "X-Key": "k" } },
        },
      }),
      "F",
    );
    expect(config.mcpServers).toEqual([STDIO_SENT, HTTP_SENT]);
  });

  it("names the field that is wrong, in the shape the entry is in", () => {
    expect(problem({ mcpServers: { files: { comand: "npx" } } })).toBe(
      "F: mcpServers.files.command: missing; unknown field mcpServers.files.comand",
    );
    expect(problem({ mcpServers: [{ name: "a", command: "x", env: { A: "1" } }] })).toBe(
      "F: mcpServers[0].env: expected an array, got an object",
    );
    expect(problem({ mcpServers: [{ type: "http", name: "a", url: "ftp://x" }] })).toBe(
      "F: mcpServers[0].url: must be an http:// or https:// URL",
    );
    expect(
      problem({ mcpServers: { web: { type: "sse", url: "http://x", headers: [{ name: "A", value: "b" }] } } }),
    ).toBe("F: mcpServers.web.headers: expected an object, got an array");
    expect(
      problem({
        mcpServers: [
          { name: "a", command: "x" },
          { name: "a", command: "y" },
        ],
      }),
    ).toBe('F: mcpServers[1].name: "a" is named twice');
    expect(problem({ agents: { demo: { mcpServers: { f: { type: "http" } } } } })).toBe(
      "F: agents.demo.mcpServers.f.url: missing",
    );
    expect(problem({ mcpServers: 3 })).toBe("F: mcpServers: expected an object, got number 3");
  });
});

describe("MCP servers of a connection", () => {
  const registry = buildAgentRegistry(
    parseConfigText(
      JSON.stringify({
        mcpServers: [STDIO_ACP, { name: "shared", command: "global-shared" }],
        agents: {
          demo: { mcpServers: { shared: { command: "demo-shared" } } },
          mine: { command: "my-agent", mcpServers: [{ type: "http", name: "web", url: "https://mcp.example/mcp" }] },
        },
      }),
      "F",
    ),
    "F",
  );

  it("merges the global servers with the agent's own, the agent's winning by name", () => {
    const demo = resolveConnection({ agent: "demo" }, { registry, env: {} });
    expect(demo.mcpServers.map((server) => [server.name, "command" in server ? server.command : ""])).toEqual([
      ["files", "npx"],
      ["shared", "demo-shared"],
    ]);
    const mine = resolveConnection({ agent: "mine" }, { registry, env: {} });
    expect(mine.mcpServers.map((server) => server.name)).toEqual(["files", "shared", "web"]);
  });

  it("adds --mcp-config files (either shape, or an mcpServers key), later files winning by name", () => {
    const dir = scratch();
    const first = join(dir, "a.json");
    const second = join(dir, ".mcp.json");
    writeFileSync(first, JSON.stringify([{ name: "files", command: "from-a" }]));
    writeFileSync(second, JSON.stringify({ mcpServers: { extra: { command: "from-b", env: { K: "V" } } } }));
    const connection = resolveConnection(
      { agentCmd: "some-agent", mcpConfigFiles: [first, second] },
      { registry, env: {} },
    );
    expect(connection.mcpServers).toEqual([
      { name: "files", command: "from-a", args: [], env: [] },
      { name: "shared", command: "global-shared", args: [], env: [] },
      { name: "extra", command: "from-b", args: [], env: [{ name: "K", value: "V" }] },
    ]);
  });

  it("refuses a missing or malformed --mcp-config file, naming the file and the field", () => {
    const dir = scratch();
    const bad = join(dir, "bad.json");
    writeFileSync(bad, JSON.stringify({ mcpServers: { x: { command: "" } } }));
    expect(() => resolveConnection({ agent: "demo", mcpConfigFiles: [bad] }, { registry, env: {} })).toThrow(
      `${bad}: mcpServers.x.command: must be a non-empty program name or path`,
    );
    expect(() =>
      resolveConnection({ agent: "demo", mcpConfigFiles: [join(dir, "nope.json")] }, { registry, env: {} }),
    ).toThrow(`--mcp-config ${join(dir, "nope.json")}: no such file`);
  });
});
