import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CONNECTION_OPTIONS, connectionOptionsFrom, parseCommandArgs } from "../../src/cli/args.js";
import { gatewayTransportOptions } from "../../src/cli/connect.js";
import {
  resolveConnection,
  UsageError,
  type ConnectionOptions,
  type GatewayConnection,
} from "../../src/config/connection.js";
import { ZeroClawConfigError } from "../../src/config/zeroclaw-config.js";

const TOKEN = "zc_" + "9".repeat(64);

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fake home with a ZeroClaw config dir in it. */
function home(configToml?: string, cachedToken?: string): { home: string; zeroclaw: string } {
  const root = mkdtempSync(join(tmpdir(), "zc-pane-home-"));
  dirs.push(root);
  const zeroclaw = join(root, ".zeroclaw");
  mkdirSync(zeroclaw);
  if (configToml !== undefined) writeFileSync(join(zeroclaw, "config.toml"), configToml);
  if (cachedToken !== undefined) {
    writeFileSync(join(zeroclaw, "acp-bridge-token"), `${cachedToken}\n`);
    chmodSync(join(zeroclaw, "acp-bridge-token"), 0o600);
  }
  return { home: root, zeroclaw };
}

function gateway(options: ConnectionOptions, context: { env?: NodeJS.ProcessEnv; home: string }): GatewayConnection {
  const connection = resolveConnection(options, context);
  if (connection.kind !== "gateway") throw new Error("expected a gateway connection");
  return connection;
}

/** What the CLI does with argv: parse, pick the connection options. */
function fromArgv(argv: string[]) {
  const parsed = parseCommandArgs(argv, CONNECTION_OPTIONS);
  return { options: connectionOptionsFrom(parsed.values), positionals: parsed.positionals };
}

describe("--gateway on the command line", () => {
  it("takes a URL after --gateway, or stands alone", () => {
    expect(fromArgv(["--gateway", "ws://h:1/acp", "hello"])).toEqual({
      options: { gateway: "ws://h:1/acp" },
      positionals: ["hello"],
    });
    expect(fromArgv(["--gateway=wss://h/acp"]).options).toEqual({ gateway: "wss://h/acp" });
    expect(fromArgv(["--gateway", "hello", "world"])).toEqual({
      options: { gateway: true },
      positionals: ["hello", "world"],
    });
    expect(fromArgv(["--alias", "coder", "--gateway"]).options).toEqual({ alias: "coder", gateway: true });
    expect(
      fromArgv(["--gateway", "--token-file", "/t", "--config-dir", "/c", "--token-in-query", "--insecure"]).options,
    ).toEqual({
      gateway: true,
      tokenFile: "/t",
      configDir: "/c",
      tokenInQuery: true,
      insecure: true,
    });
    // After `--`, nothing is an option.
    expect(fromArgv(["--", "--gateway"])).toEqual({ options: {}, positionals: ["--gateway"] });
  });
});

describe("resolveConnection for the gateway", () => {
  it("builds the URL from config.toml and finds the bridge's cached token", () => {
    const { home: root, zeroclaw } = home('[gateway]\nhost = "::1"\nport = 4000\npath_prefix = "/zc"\n', TOKEN);
    const connection = gateway({ gateway: true, alias: "coder" }, { env: {}, home: root });
    expect(connection).toMatchObject({
      kind: "gateway",
      url: "ws://[::1]:4000/zc/acp?agent=coder",
      urlFrom: "config",
      tokenInQuery: false,
      insecure: false,
      zeroclawConfigDir: { dir: zeroclaw, source: "default" },
    });
    expect(connection.token.source).toEqual({ kind: "bridge-cache", path: join(zeroclaw, "acp-bridge-token") });
    expect(connection.token.value?.reveal()).toBe(TOKEN);
    // The whole connection can be logged or stored: the token is not in it.
    expect(JSON.stringify(connection)).not.toContain(TOKEN);
  });

  it("uses wss:// when [gateway.tls] is enabled", () => {
    const { home: root } = home("[gateway.tls]\nenabled = true\n");
    expect(gateway({ gateway: true }, { env: {}, home: root }).url).toBe("wss://127.0.0.1:42617/acp");
  });

  it("lets the env token beat the cache, and $ZEROCLAW_CONFIG_DIR beat ~/.zeroclaw", () => {
    const { home: root } = home("", "zc_cached");
    const elsewhere = home("[gateway]\nport = 5555\n", "zc_elsewhere");
    const env = { ZEROCLAW_ACP_BRIDGE_TOKEN: "zc_env", ZEROCLAW_CONFIG_DIR: elsewhere.zeroclaw };
    const withEnv = gateway({ gateway: true }, { env, home: root });
    expect(withEnv.url).toBe("ws://127.0.0.1:5555/acp");
    expect(withEnv.zeroclawConfigDir).toEqual({ dir: elsewhere.zeroclaw, source: "env" });
    expect(withEnv.token.source).toEqual({ kind: "env" });
    expect(withEnv.token.value?.reveal()).toBe("zc_env");

    const noEnvToken = gateway({ gateway: true }, { env: { ZEROCLAW_CONFIG_DIR: elsewhere.zeroclaw }, home: root });
    expect(noEnvToken.token.value?.reveal()).toBe("zc_elsewhere");

    const flagDir = gateway({ gateway: true, configDir: join(root, ".zeroclaw") }, { env, home: root });
    expect(flagDir.url).toBe("ws://127.0.0.1:42617/acp");
    expect(flagDir.zeroclawConfigDir.source).toBe("flag");
  });

  it("does not look for a token when config.toml turns pairing off", () => {
    const { home: root } = home("[gateway]\nrequire_pairing = false\n", TOKEN);
    const connection = gateway({ gateway: true }, { env: { ZEROCLAW_ACP_BRIDGE_TOKEN: TOKEN }, home: root });
    expect(connection.token).toEqual({ source: { kind: "none", requirePairing: false, searched: [] } });
  });

  it("needs no config.toml when the URL is given, and says clearly when it must come from one", () => {
    const { home: root, zeroclaw } = home();
    const given = gateway({ gateway: "ws://127.0.0.1:42617" }, { env: {}, home: root });
    expect(given).toMatchObject({
      url: "ws://127.0.0.1:42617/acp",
      urlFrom: "flag",
      token: { source: { kind: "none", requirePairing: true } },
    });
    expect(() => resolveConnection({ gateway: true }, { env: {}, home: root })).toThrow(ZeroClawConfigError);
    expect(() => resolveConnection({ gateway: true }, { env: {}, home: root })).toThrow(
      `--gateway without a URL reads the gateway's address from ZeroClaw's config, but ${join(zeroclaw, "config.toml")} does not exist ` +
        "(the default; set --config-dir or $ZEROCLAW_CONFIG_DIR if ZeroClaw's config lives elsewhere). Give the URL instead: --gateway ws://127.0.0.1:42617/acp",
    );
  });

  it("replaces ?agent= in a given URL with --alias", () => {
    const { home: root } = home();
    expect(
      gateway({ gateway: "wss://gw.example:9/zc/acp?agent=old", alias: "new", token: TOKEN }, { env: {}, home: root })
        .url,
    ).toBe("wss://gw.example:9/zc/acp?agent=new");
  });

  it("refuses URLs that are not WebSocket URLs or that carry a token", () => {
    const { home: root } = home();
    const context = { env: {}, home: root };
    expect(() => resolveConnection({ gateway: "http://127.0.0.1:42617/" }, context)).toThrow(
      "--gateway takes a WebSocket URL: use ws://127.0.0.1:42617/acp",
    );
    expect(() => resolveConnection({ gateway: "localhost:42617" }, context)).toThrow(UsageError);
    expect(() => resolveConnection({ gateway: "not a url" }, context)).toThrow(
      '--gateway takes a ws:// or wss:// URL (like ws://127.0.0.1:42617/acp), not "not a url"',
    );
    expect(() => resolveConnection({ gateway: `ws://h/acp?token=${TOKEN}` }, context)).toThrow(/carries \?token=/);
    try {
      resolveConnection({ gateway: `ws://h/acp?token=${TOKEN}` }, context);
    } catch (error) {
      expect((error as Error).message).not.toContain(TOKEN);
    }
    expect(() => resolveConnection({ gateway: "ws://user:pw@h/acp" }, context)).toThrow(UsageError);
  });

  it("refuses --gateway with --agent-cmd, --agent or --demo, and gateway flags without --gateway", () => {
    const context = { env: {}, home: home().home };
    expect(() => resolveConnection({ gateway: true, agentCmd: "x" }, context)).toThrow(
      new UsageError(
        "--gateway cannot be combined with --agent-cmd: it connects to ZeroClaw's gateway instead of starting an agent",
      ),
    );
    expect(() => resolveConnection({ gateway: "ws://h/acp", agent: "zeroclaw" }, context)).toThrow(
      /--gateway cannot be combined with --agent/,
    );
    expect(() => resolveConnection({ gateway: true, demo: true }, context)).toThrow(
      /--gateway cannot be combined with --demo/,
    );
    expect(() => resolveConnection({ token: "t" }, context)).toThrow(
      new UsageError("--token applies only to --gateway"),
    );
    expect(() => resolveConnection({ insecure: true, tokenInQuery: true }, context)).toThrow(
      "--token-in-query, --insecure apply only to --gateway",
    );
    expect(() => resolveConnection({ gateway: "ws://h/acp", token: "a", tokenFile: "/b" }, context)).toThrow(
      "--token and --token-file cannot be combined",
    );
    expect(() => resolveConnection({ gateway: "ws://h/acp", token: " " }, context)).toThrow(
      "--token needs a non-empty value",
    );
  });

  it("refuses a world-readable --token-file with the chmod fix", () => {
    const { home: root } = home();
    const file = join(root, "token");
    writeFileSync(file, TOKEN);
    chmodSync(file, 0o644);
    expect(() =>
      resolveConnection({ gateway: "ws://127.0.0.1:42617/acp", tokenFile: file }, { env: {}, home: root }),
    ).toThrow(`Fix it with: chmod 600 ${file}`);
    chmodSync(file, 0o600);
    const connection = gateway({ gateway: "ws://127.0.0.1:42617/acp", tokenFile: file }, { env: {}, home: root });
    expect(connection.token.source).toEqual({ kind: "token-file", path: file });
  });

  it("passes --config-dir to `zeroclaw acp` and refuses it for other agents", () => {
    const context = { env: {}, home: "/home/me" };
    expect(resolveConnection({ configDir: "~/zc" }, context)).toMatchObject({
      kind: "stdio",
      command: { command: "zeroclaw", args: ["--config-dir", "/home/me/zc", "acp"] },
    });
    // No agent named: zeroclaw only when it is on PATH (test/config/agents.test.ts), so it is named here.
    expect(resolveConnection({ agent: "zeroclaw" }, context)).toMatchObject({
      command: { command: "zeroclaw", args: ["acp"] },
    });
    expect(() => resolveConnection({ configDir: "/c", demo: true }, context)).toThrow(UsageError);
  });

  it("gives the transport the token, its source and the pairing help", () => {
    const { home: root, zeroclaw } = home("", TOKEN);
    const options = gatewayTransportOptions(
      gateway({ gateway: true, tokenInQuery: true, insecure: true }, { env: {}, home: root }),
    );
    expect(options).toEqual({
      url: "ws://127.0.0.1:42617/acp",
      token: TOKEN,
      tokenSource: `the token cached by zeroclaw-acp-bridge in ${join(zeroclaw, "acp-bridge-token")}`,
      unauthorizedHelp: expect.stringContaining("zeroclaw gateway get-paircode --new"),
      tokenInQuery: true,
      insecure: true,
    });
  });
});
