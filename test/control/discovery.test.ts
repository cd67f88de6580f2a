import { describe, expect, it } from "vitest";
import { DiscoveryError, findSendTarget } from "../../src/control/discovery.js";
import {
  controlSocketPath,
  fileNamePart,
  paneIdentityFromEnv,
  socketFileName,
  tmuxServerPid,
} from "../../src/control/pane-identity.js";

const RUN = "/run/user/1000";

/** A fake tmux that answers list-panes and display-message from a table, recording what it was asked. */
function fakeTmux(panes: { id: string; marked?: boolean; socket?: string }[]) {
  const calls: string[][] = [];
  const line = (pane: (typeof panes)[number]) => `${pane.id}\t${pane.marked ? "1" : ""}\t${pane.socket ?? ""}`;
  const tmux = async (args: readonly string[]) => {
    calls.push([...args]);
    if (args[0] === "list-panes") return `${panes.map(line).join("\n")}\n`;
    if (args[0] === "display-message") {
      const target = args[args.indexOf("-t") + 1];
      const pane = panes.find((candidate) => candidate.id === target);
      if (!pane) throw new Error(`can't find pane: ${target}`);
      return `${line(pane)}\n`;
    }
    throw new Error(`unexpected tmux ${args.join(" ")}`);
  };
  return { tmux, calls };
}

describe("pane identity and socket names", () => {
  it("reads the tmux pane and server pid, else the zellij session and pane", () => {
    expect(paneIdentityFromEnv({ TMUX: "/tmp/tmux-1000/default,4242,0", TMUX_PANE: "%3" })).toEqual({
      kind: "tmux",
      paneId: "%3",
      serverPid: 4242,
    });
    expect(paneIdentityFromEnv({ ZELLIJ: "0", ZELLIJ_SESSION_NAME: "gentle-river", ZELLIJ_PANE_ID: "2" })).toEqual({
      kind: "zellij",
      session: "gentle-river",
      paneId: "2",
    });
    // Inside both (zellij started from a tmux pane's environment), tmux wins.
    expect(
      paneIdentityFromEnv({ TMUX: "/s,1,0", TMUX_PANE: "%1", ZELLIJ_SESSION_NAME: "s", ZELLIJ_PANE_ID: "2" })?.kind,
    ).toBe("tmux");
    expect(paneIdentityFromEnv({ TMUX_PANE: "%3" })).toBeUndefined();
    expect(paneIdentityFromEnv({ TMUX: "/s,1,0", TMUX_PANE: "3; rm" })).toBeUndefined();
    expect(paneIdentityFromEnv({ ZELLIJ_SESSION_NAME: "s", ZELLIJ_PANE_ID: "../x" })).toBeUndefined();
    expect(tmuxServerPid("garbage")).toBeUndefined();
  });

  it("names sockets per tmux server and pane, or per zellij session and pane, inside the runtime dir", () => {
    expect(socketFileName({ kind: "tmux", paneId: "%12", serverPid: 77 })).toBe("tmux-77-12.sock");
    expect(socketFileName({ kind: "zellij", session: "main", paneId: "4" })).toBe("zellij-main-4.sock");
    expect(controlSocketPath({ kind: "tmux", paneId: "%1", serverPid: 5 }, { XDG_RUNTIME_DIR: RUN })).toBe(
      `${RUN}/zc-pane/tmux-5-1.sock`,
    );
    expect(
      controlSocketPath({ kind: "tmux", paneId: "%1", serverPid: 5 }, { XDG_STATE_HOME: "/home/u/.local/state" }),
    ).toBe("/home/u/.local/state/zc-pane/run/tmux-5-1.sock");
  });

  it("escapes a zellij session name so it cannot leave the directory or collide", () => {
    expect(fileNamePart("../../etc")).toBe("..~2f..~2fetc");
    expect(fileNamePart("a b")).not.toBe(fileNamePart("a_b"));
    expect(fileNamePart("café")).toBe("caf~c3~a9");
  });
});

describe("zc-pane send: finding the pane in tmux", () => {
  const env = { TMUX: "/tmp/tmux-0/default,900,0", TMUX_PANE: "%0", XDG_RUNTIME_DIR: RUN };

  it("defaults to the marked pane of the current window, at the socket it published", async () => {
    const { tmux, calls } = fakeTmux([
      { id: "%0" },
      { id: "%4", marked: true, socket: "/elsewhere/zc-pane/tmux-900-4.sock" },
    ]);
    const target = await findSendTarget(undefined, { env, tmux });
    expect(target).toMatchObject({ socketPath: "/elsewhere/zc-pane/tmux-900-4.sock", label: "tmux pane %4" });
    expect(calls[0]).toEqual(["list-panes", "-F", "#{pane_id}\t#{@zc-pane}\t#{@zc-pane-socket}", "-t", "%0"]);
  });

  it("computes the socket path when the pane has not published one yet", async () => {
    const { tmux } = fakeTmux([{ id: "%0" }, { id: "%4", marked: true }]);
    expect((await findSendTarget(undefined, { env, tmux })).socketPath).toBe(`${RUN}/zc-pane/tmux-900-4.sock`);
  });

  it("says so when the window has no zc-pane", async () => {
    const { tmux } = fakeTmux([{ id: "%0" }, { id: "%1" }]);
    await expect(findSendTarget(undefined, { env, tmux })).rejects.toThrow(
      /no zc-pane runs in this tmux window: open one with prefix\+a, or pass --pane ID/,
    );
  });

  it("takes --pane as a tmux target, marked or not (its socket decides whether a pane listens)", async () => {
    const { tmux } = fakeTmux([{ id: "%0" }, { id: "%7" }]);
    expect(await findSendTarget("%7", { env, tmux })).toMatchObject({
      socketPath: `${RUN}/zc-pane/tmux-900-7.sock`,
      label: "tmux pane %7",
    });
    await expect(findSendTarget("%99", { env, tmux })).rejects.toBeInstanceOf(DiscoveryError);
  });
});

describe("zc-pane send: finding the pane in zellij", () => {
  const env = { ZELLIJ: "0", ZELLIJ_SESSION_NAME: "work", ZELLIJ_PANE_ID: "1", XDG_RUNTIME_DIR: RUN };
  const noTmux = async () => {
    throw new Error("tmux must not be asked inside zellij");
  };

  it("uses --pane as the pane id of this session", async () => {
    const target = await findSendTarget("3", { env, tmux: noTmux, listDir: () => [] });
    expect(target).toMatchObject({
      socketPath: `${RUN}/zc-pane/zellij-work-3.sock`,
      label: "zellij pane 3 of session work",
    });
    await expect(findSendTarget("%3", { env, tmux: noTmux })).rejects.toThrow(/--pane takes a zellij pane id/);
  });

  it("defaults to the one zc-pane socket of this session, not another session's, not its own pane's", async () => {
    const listDir = (dir: string) => {
      expect(dir).toBe(`${RUN}/zc-pane`);
      return ["zellij-work-1.sock", "zellij-work-5.sock", "zellij-other-2.sock", "tmux-9-1.sock", "zellij-work-x.sock"];
    };
    expect((await findSendTarget(undefined, { env, tmux: noTmux, listDir })).socketPath).toBe(
      `${RUN}/zc-pane/zellij-work-5.sock`,
    );
  });

  it("asks for --pane when several run, and says how to start one when none does", async () => {
    await expect(
      findSendTarget(undefined, { env, tmux: noTmux, listDir: () => ["zellij-work-5.sock", "zellij-work-3.sock"] }),
    ).rejects.toThrow(/several zc-panes run in zellij session "work" \(panes 3, 5\): pass --pane ID/);
    await expect(findSendTarget(undefined, { env, tmux: noTmux, listDir: () => [] })).rejects.toThrow(
      /zellij run --direction right -- zc-pane/,
    );
  });
});

describe("zc-pane send: outside any multiplexer", () => {
  it("finds --pane %N's socket by name, and otherwise explains", async () => {
    const env = { XDG_RUNTIME_DIR: RUN };
    const tmux = async () => "";
    expect(
      (await findSendTarget("%4", { env, tmux, listDir: () => ["tmux-900-4.sock", "tmux-900-14.sock"] })).socketPath,
    ).toBe(`${RUN}/zc-pane/tmux-900-4.sock`);
    await expect(
      findSendTarget("%4", { env, tmux, listDir: () => ["tmux-1-4.sock", "tmux-2-4.sock"] }),
    ).rejects.toThrow(/several tmux servers/);
    await expect(findSendTarget(undefined, { env, tmux, listDir: () => [] })).rejects.toThrow(
      /not inside tmux or zellij/,
    );
  });
});
