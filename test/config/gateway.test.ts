import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inspect } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import {
  describeTokenSource,
  discoverGatewayToken,
  GatewayTokenError,
  pairingHelp,
  Secret,
} from "../../src/config/gateway.js";

const TOKEN = "zc_" + "0123456789abcdef".repeat(4);
const OTHER = "zc_" + "f".repeat(64);

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "zc-pane-token-"));
  dirs.push(dir);
  return dir;
}

function writeToken(path: string, text: string, mode: number): string {
  writeFileSync(path, text);
  chmodSync(path, mode);
  return path;
}

describe("discoverGatewayToken", () => {
  it("takes --token first, then --token-file, then the env, then the bridge's cache", () => {
    const dir = tempDir();
    const cache = writeToken(join(dir, "acp-bridge-token"), `${OTHER}\n`, 0o600);
    const file = writeToken(join(dir, "mine"), `  ${TOKEN}\n`, 0o600);
    const env = { ZEROCLAW_ACP_BRIDGE_TOKEN: ` ${TOKEN} ` };
    const base = { configDir: dir, requirePairing: true, env };

    const flag = discoverGatewayToken({ ...base, token: TOKEN, tokenFile: file });
    expect(flag.source).toEqual({ kind: "flag" });
    expect(flag.value?.reveal()).toBe(TOKEN);

    const fromFile = discoverGatewayToken({ ...base, tokenFile: file });
    expect(fromFile.source).toEqual({ kind: "token-file", path: file });
    expect(fromFile.value?.reveal()).toBe(TOKEN);

    const fromEnv = discoverGatewayToken(base);
    expect(fromEnv.source).toEqual({ kind: "env" });
    expect(fromEnv.value?.reveal()).toBe(TOKEN);

    const fromCache = discoverGatewayToken({ ...base, env: { ZEROCLAW_ACP_BRIDGE_TOKEN: "   " } });
    expect(fromCache.source).toEqual({ kind: "bridge-cache", path: cache });
    expect(fromCache.value?.reveal()).toBe(OTHER);
  });

  it("finds nothing without complaint, and says where it looked", () => {
    const dir = tempDir();
    const token = discoverGatewayToken({ configDir: dir, requirePairing: true, env: {} });
    expect(token.value).toBeUndefined();
    expect(describeTokenSource(token.source)).toBe(
      `no token (none given with --token or --token-file, none in $ZEROCLAW_ACP_BRIDGE_TOKEN or ${join(dir, "acp-bridge-token")})`,
    );
  });

  it("does not look for a token when pairing is off, like the bridge, but still sends an explicit one", () => {
    const dir = tempDir();
    writeToken(join(dir, "acp-bridge-token"), TOKEN, 0o600);
    const env = { ZEROCLAW_ACP_BRIDGE_TOKEN: TOKEN };
    expect(discoverGatewayToken({ configDir: dir, requirePairing: false, env })).toEqual({
      source: { kind: "none", requirePairing: false, searched: [] },
    });
    expect(discoverGatewayToken({ configDir: dir, requirePairing: false, env, token: TOKEN }).value?.reveal()).toBe(
      TOKEN,
    );
  });

  it("refuses a token file readable by group or others with the chmod fix, and accepts 0600", () => {
    const dir = tempDir();
    const open = writeToken(join(dir, "token"), TOKEN, 0o644);
    expect(() => discoverGatewayToken({ configDir: dir, requirePairing: true, env: {}, tokenFile: open })).toThrow(
      `refusing to use the token in ${open}: group or others can access it (mode 0644). Fix it with: chmod 600 ${open}`,
    );
    chmodSync(open, 0o600);
    expect(
      discoverGatewayToken({ configDir: dir, requirePairing: true, env: {}, tokenFile: open }).value?.reveal(),
    ).toBe(TOKEN);
    chmodSync(open, 0o400);
    expect(
      discoverGatewayToken({ configDir: dir, requirePairing: true, env: {}, tokenFile: open }).value?.reveal(),
    ).toBe(TOKEN);
  });

  it("applies the same rule to the bridge's cache file", () => {
    const dir = tempDir();
    const cache = writeToken(join(dir, "acp-bridge-token"), TOKEN, 0o640);
    expect(() => discoverGatewayToken({ configDir: dir, requirePairing: true, env: {} })).toThrow(
      `Fix it with: chmod 600 ${cache}`,
    );
  });

  it("says so when a named token file is missing or empty, or a token has spaces inside", () => {
    const dir = tempDir();
    const base = { configDir: dir, requirePairing: true, env: {} };
    expect(() => discoverGatewayToken({ ...base, tokenFile: join(dir, "nope") })).toThrow(
      `the token file ${join(dir, "nope")} does not exist`,
    );
    const empty = writeToken(join(dir, "empty"), "\n", 0o600);
    expect(() => discoverGatewayToken({ ...base, tokenFile: empty })).toThrow(`the token file ${empty} is empty`);
    expect(() => discoverGatewayToken({ ...base, token: "zc_a b" })).toThrow(GatewayTokenError);
    // An empty cache file counts as absent, as in the bridge.
    writeToken(join(dir, "acp-bridge-token"), "\n", 0o600);
    expect(discoverGatewayToken(base).source.kind).toBe("none");
  });

  it("never prints the token: JSON, inspect and string forms are redacted", () => {
    const secret = new Secret(TOKEN);
    const holder = { token: { source: { kind: "flag" }, value: secret } };
    expect(JSON.stringify(holder)).not.toContain(TOKEN);
    expect(inspect(holder, { depth: 5 })).not.toContain(TOKEN);
    expect(`${secret}`).toBe("[redacted]");
    expect(secret.reveal()).toBe(TOKEN);
  });

  it("explains how to pair, naming the config dir when it came from --config-dir", () => {
    expect(pairingHelp("/home/me/.zeroclaw", false)).toBe(
      "To pair: run `zeroclaw gateway get-paircode --new` on the gateway's host, then `zeroclaw-acp-bridge --pair-code <code> </dev/null` " +
        "(it caches a token in /home/me/.zeroclaw/acp-bridge-token, which zc-pane reads); or give zc-pane a paired token with --token-file FILE, --token TOKEN or $ZEROCLAW_ACP_BRIDGE_TOKEN.",
    );
    expect(pairingHelp("/srv/zc", true)).toContain(
      "`zeroclaw-acp-bridge --config-dir /srv/zc --pair-code <code> </dev/null`",
    );
  });

  it("says to clear a rejected env or cached token first, since the bridge would reuse it instead of pairing", () => {
    expect(pairingHelp("/z", false, { kind: "env" })).toMatch(
      /^To pair: unset \$ZEROCLAW_ACP_BRIDGE_TOKEN \(it is used before anything else\), then run /,
    );
    expect(pairingHelp("/z", false, { kind: "bridge-cache", path: "/z/acp-bridge-token" })).toMatch(
      /^To pair: delete \/z\/acp-bridge-token \(the bridge reuses a cached token instead of pairing\), then run /,
    );
  });
});
