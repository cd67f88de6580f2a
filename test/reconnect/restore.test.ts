import { describe, expect, it } from "vitest";
import type { AgentInfo } from "../../src/client/agent-info.js";
import { ClientError } from "../../src/client/errors.js";
import { RpcError } from "../../src/rpc/errors.js";
import { chooseRestoreMode, restoreModeFor, restoreSession } from "../../src/state/restore.js";

function agent(canResume: boolean, loadSession: boolean): AgentInfo {
  return { name: "agent", canResume, loadSession } as AgentInfo;
}

function fakeClient(failFirstWith?: unknown) {
  const calls: string[] = [];
  let failure = failFirstWith;
  const step = async (what: string) => {
    calls.push(what);
    if (failure !== undefined && what !== "close") {
      const error = failure;
      failure = undefined;
      throw error;
    }
  };
  return {
    calls,
    client: {
      resumeSession: async (id: string) => (await step(`resume ${id}`), { sessionId: id, cwd: "/" }),
      loadSession: async (id: string) => (await step(`load ${id}`), { sessionId: id, cwd: "/" }),
      closeSession: async (id: string) => (await step("close"), calls.push(`closed ${id}`), true),
    },
  };
}

describe("restoring a session", () => {
  it("prefers the asked way and falls back to the other; says plainly when the agent can do neither", () => {
    expect(chooseRestoreMode(agent(true, true), "resume")).toBe("resume");
    expect(chooseRestoreMode(agent(false, true), "resume")).toBe("load");
    expect(chooseRestoreMode(agent(true, false), "load")).toBe("resume");
    expect(() => chooseRestoreMode(agent(false, false), "resume")).toThrow(/cannot restore sessions/);
  });

  it("answers ZeroClaw's 'Session already active' with session/close, then restores once more", async () => {
    const active = new ClientError("session/resume failed", "agent-error", {
      cause: new RpcError(
        "session/resume",
        -32602,
        "Session already active: s1. Call session/close first.",
        "invalid-params" as never,
      ),
    });
    const { client, calls } = fakeClient(active);
    const marks: string[] = [];
    await expect(
      restoreSession(client, agent(true, true), {
        sessionId: "s1",
        cwd: "/",
        prefer: "resume",
        beforeCall: (how) => marks.push(how),
      }),
    ).resolves.toBe("resume");
    expect(calls).toEqual(["resume s1", "close", "closed s1", "resume s1"]);
    expect(marks).toEqual(["resume", "resume"]);
  });

  it("passes other failures on (an unknown session stays an error)", async () => {
    const { client } = fakeClient(new ClientError("unknown session s1", "unknown-session"));
    await expect(
      restoreSession(client, agent(true, true), { sessionId: "s1", cwd: "/", prefer: "load" }),
    ).rejects.toThrow(/unknown session/);
  });
});

describe("restoreModeFor", () => {
  it("loads a session with no local transcript when the agent can, else keeps what was asked", () => {
    const both = { name: "agent", canResume: true, loadSession: true } as AgentInfo;
    expect(restoreModeFor(both, "resume", false)).toBe("load");
    expect(restoreModeFor(both, "resume", true)).toBe("resume");
    expect(restoreModeFor(both, "load", true)).toBe("load");
    expect(restoreModeFor({ ...both, loadSession: false }, "resume", false)).toBe("resume");
  });
});
