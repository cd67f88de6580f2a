import { afterEach, describe, expect, it } from "vitest";
import { HostileFixture } from "../helpers/hostile/fixture.js";
import { startHostileGateway } from "../helpers/hostile/hostile-gateway.js";

/**
 * The gateway token on the command line and on the wire, against a real `ws` server on 127.0.0.1 (the
 * hostile gateway, which records each connection's Authorization header). `npm run build` first when
 * running this file alone.
 */
let fixture: HostileFixture | undefined;
let closeGateway: (() => Promise<void>) | undefined;
afterEach(async () => {
  await closeGateway?.();
  fixture?.remove();
  fixture = undefined;
  closeGateway = undefined;
});

const TOKEN = "zc_secret_token_4711";
const WARNING =
  "zc-pane: warning: --token can be read by other users of this machine (ps, /proc/PID/cmdline); use --token-file F or the ZEROCLAW_ACP_BRIDGE_TOKEN environment variable";

async function world() {
  const f = (fixture = new HostileFixture({ prompt: [{ do: "text", text: "hello from the gateway" }] }));
  const gateway = await startHostileGateway({ script: f.script, log: f.log });
  closeGateway = gateway.close;
  return { f, gateway };
}

describe("--token", () => {
  for (const form of [["--token", TOKEN], [`--token=${TOKEN}`]]) {
    it(`${form.join(" ").replace(TOKEN, "T")} prints one warning line naming --token-file and the variable, never the token`, async () => {
      const { f, gateway } = await world();
      const result = await f.prompt(["--gateway", gateway.url, ...form, "go"]);
      expect(result.exitCode, result.stderr).toBe(0);
      expect(result.stdout).toContain("hello from the gateway");
      const lines = result.stderr.split("\n");
      expect(lines[0]).toBe(WARNING);
      expect(lines.filter((line) => line.includes("--token"))).toEqual([WARNING]);
      expect(result.stderr + result.stdout).not.toContain(TOKEN);
      // The token did go where it belongs: to the gateway, as a bearer token.
      expect(gateway.authorizations).toEqual([`Bearer ${TOKEN}`]);
    });
  }

  it("the token from ZEROCLAW_ACP_BRIDGE_TOKEN prints no warning", async () => {
    const { f, gateway } = await world();
    const result = await f.prompt(["--gateway", gateway.url, "go"], { ZEROCLAW_ACP_BRIDGE_TOKEN: TOKEN });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).not.toContain("warning");
    expect(gateway.authorizations).toEqual([`Bearer ${TOKEN}`]);
  });
});

describe("a token over ws:// to another host", () => {
  // The hostile gateway itself, named by an address that is not a loopback name: the IPv4-mapped IPv6 form
  // of 127.0.0.1 (zc-pane cannot tell it is this machine, so it must treat it as another host).
  const elsewhere = (port: number) => `ws://[::ffff:127.0.0.1]:${port}/acp`;

  it("is refused before connecting, naming wss:// and --allow-cleartext-token", async () => {
    const { f, gateway } = await world();
    const result = await f.prompt(["--gateway", elsewhere(gateway.port), "go"], { ZEROCLAW_ACP_BRIDGE_TOKEN: TOKEN });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(
      "zc-pane prompt: refusing to send the gateway token in clear text to [::ffff:7f00:1]:" +
        `${gateway.port} over ws://: use wss://[::ffff:7f00:1]:${gateway.port}/acp, or pass --allow-cleartext-token if this network is yours`,
    );
    expect(result.stderr).not.toContain(TOKEN);
    expect(gateway.authorizations).toEqual([]);
  });

  it("goes with --allow-cleartext-token, the user's explicit choice", async () => {
    const { f, gateway } = await world();
    const result = await f.prompt(["--gateway", elsewhere(gateway.port), "--allow-cleartext-token", "go"], {
      ZEROCLAW_ACP_BRIDGE_TOKEN: TOKEN,
    });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain("hello from the gateway");
    expect(gateway.authorizations).toEqual([`Bearer ${TOKEN}`]);
  });

  it("to this machine by name (localhost, 127.0.0.1) needs no opt-in", async () => {
    const { f, gateway } = await world();
    const result = await f.prompt(["--gateway", `ws://localhost:${gateway.port}/acp`, "go"], {
      ZEROCLAW_ACP_BRIDGE_TOKEN: TOKEN,
    });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(gateway.authorizations).toEqual([`Bearer ${TOKEN}`]);
  });
});
