import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { gatewayUrl } from "../../src/config/gateway.js";
import {
  parseGatewaySettings,
  readZeroClawConfig,
  resolveZeroClawConfigDir,
  ZeroClawConfigError,
} from "../../src/config/zeroclaw-config.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "zc-pane-zcconfig-"));
  dirs.push(dir);
  return dir;
}

describe("resolveZeroClawConfigDir", () => {
  it("prefers --config-dir, then $ZEROCLAW_CONFIG_DIR (tilde-expanded), then ~/.zeroclaw", () => {
    const env = { ZEROCLAW_CONFIG_DIR: "~/zc-env" };
    expect(resolveZeroClawConfigDir("/flag/dir", env, "/home/me")).toEqual({ dir: "/flag/dir", source: "flag" });
    expect(resolveZeroClawConfigDir(undefined, env, "/home/me")).toEqual({ dir: "/home/me/zc-env", source: "env" });
    expect(resolveZeroClawConfigDir(undefined, { ZEROCLAW_CONFIG_DIR: "~" }, "/home/me")).toEqual({
      dir: "/home/me",
      source: "env",
    });
    expect(resolveZeroClawConfigDir(undefined, { ZEROCLAW_CONFIG_DIR: "  " }, "/home/me")).toEqual({
      dir: "/home/me/.zeroclaw",
      source: "default",
    });
    expect(resolveZeroClawConfigDir(undefined, {}, "/home/me")).toEqual({
      dir: "/home/me/.zeroclaw",
      source: "default",
    });
    // `--config-dir=~/x` is not expanded by the shell.
    expect(resolveZeroClawConfigDir("~/x", {}, "/home/me")).toEqual({ dir: "/home/me/x", source: "flag" });
  });
});

describe("reading [gateway] from config.toml", () => {
  it("gives the defaults when the file is missing", () => {
    const dir = tempDir();
    expect(readZeroClawConfig(dir)).toEqual({
      path: join(dir, "config.toml"),
      found: false,
      gateway: { host: "127.0.0.1", port: 42617, requirePairing: true, tls: false },
    });
    expect(gatewayUrl(readZeroClawConfig(dir).gateway)).toBe("ws://127.0.0.1:42617/acp");
  });

  it("reads host, port, path_prefix, require_pairing and tls.enabled, tolerating a BOM", () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, "config.toml"),
      '\uFEFF# written by zeroclaw\n[agents.coder]\nsystem_prompt = """\n[gateway]\nport = 1\n"""\n\n[gateway]\nhost = "10.0.0.5"\nport = 8443\npath_prefix = "/zeroclaw/"\nrequire_pairing = false\npaired_tokens = ["abc"]\n\n[gateway.tls]\nenabled = true\n',
    );
    const config = readZeroClawConfig(dir);
    expect(config.found).toBe(true);
    expect(config.gateway).toEqual({
      host: "10.0.0.5",
      port: 8443,
      pathPrefix: "/zeroclaw",
      requirePairing: false,
      tls: true,
    });
    expect(gatewayUrl(config.gateway)).toBe("wss://10.0.0.5:8443/zeroclaw/acp");
  });

  it("accepts the dotted and inline spellings of tls.enabled", () => {
    expect(parseGatewaySettings("[gateway]\ntls.enabled = true\n").tls).toBe(true);
    expect(parseGatewaySettings("gateway = { tls = { enabled = true }, port = 9 }\n")).toMatchObject({
      tls: true,
      port: 9,
    });
  });

  it("brackets IPv6 hosts and adds ?agent=", () => {
    const settings = parseGatewaySettings('[gateway]\nhost = "::1"\n');
    expect(gatewayUrl(settings)).toBe("ws://[::1]:42617/acp");
    expect(gatewayUrl(settings, "coder")).toBe("ws://[::1]:42617/acp?agent=coder");
    expect(gatewayUrl({ ...settings, host: "[fe80::1]" })).toBe("ws://[fe80::1]:42617/acp");
  });

  it("normalises a path_prefix without a leading slash", () => {
    expect(parseGatewaySettings('[gateway]\npath_prefix = "zc"\n').pathPrefix).toBe("/zc");
    expect(parseGatewaySettings('[gateway]\npath_prefix = "/"\n').pathPrefix).toBeUndefined();
  });

  it("survives integers too large for a JS number elsewhere in the file", () => {
    expect(parseGatewaySettings("[limits]\nmax = 18446744073709551615\n[gateway]\nport = 7\n").port).toBe(7);
  });

  it("names the file, line and problem when the TOML is broken or a key has the wrong type", () => {
    expect(() => parseGatewaySettings('[gateway]\nport = "x\n', "/z/config.toml")).toThrow(
      /^\/z\/config\.toml is not valid TOML \(line 2, column \d+\): /,
    );
    expect(() => parseGatewaySettings('[gateway]\nport = "42617"\n', "/z/config.toml")).toThrow(
      '[gateway] port in /z/config.toml must be a number, not "42617"',
    );
    expect(() => parseGatewaySettings("[gateway]\nport = 70000\n", "/z/config.toml")).toThrow(
      "must be a whole number from 1 to 65535, not 70000",
    );
    expect(() => parseGatewaySettings('gateway = "x"\n', "/z/config.toml")).toThrow(ZeroClawConfigError);
  });

  it("reports an unreadable config.toml", () => {
    const dir = tempDir();
    mkdirSync(join(dir, "config.toml"));
    expect(() => readZeroClawConfig(dir)).toThrow(`cannot read ${join(dir, "config.toml")}`);
  });
});
