import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ClientError } from "../../src/client/errors.js";
import { startSdkAgent, type StartedSdkAgent } from "../helpers/sdk-agent/start.js";

/** `session/delete` against the SDK 2.4.0 agent as a real child process (its --store file is what it keeps). */
let started: StartedSdkAgent | undefined;
afterEach(async () => {
  await started?.client.dispose();
  started = undefined;
});

function storeWith(...ids: string[]): string {
  const file = join(mkdtempSync(join(tmpdir(), "zc-pane-delete-")), "store.json");
  writeFileSync(file, JSON.stringify(ids.map((sessionId) => ({ sessionId, cwd: "/srv", title: sessionId }))));
  return file;
}

const storedIds = (file: string) =>
  (JSON.parse(readFileSync(file, "utf8")) as { sessionId: string }[]).map((session) => session.sessionId);

describe("deleteSession against the SDK 2.4.0 agent", () => {
  it("sends session/delete to an agent that offers it; the agent forgets the session", async () => {
    const store = storeWith("keep-1", "drop-2");
    started = await startSdkAgent({ flags: ["--store", store] });
    expect(started.client.agent.canDelete).toBe(true);
    expect(await started.client.deleteSession("drop-2")).toBe(true);
    expect(storedIds(store)).toEqual(["keep-1"]);
    expect((await started.client.listSessions()).map((session) => session.sessionId)).toEqual(["keep-1"]);
  });

  it("resolves false for a session the agent does not have", async () => {
    started = await startSdkAgent({ flags: ["--store", storeWith("keep-1")] });
    expect(await started.client.deleteSession("never-was")).toBe(false);
  });

  it("refuses without sessionCapabilities.delete, saying so", async () => {
    started = await startSdkAgent();
    expect(started.client.agent.canDelete).toBe(false);
    const failure = await started.client.deleteSession("any").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ClientError);
    expect((failure as ClientError).code).toBe("not-supported");
    expect((failure as Error).message).toBe("SDK test agent cannot delete sessions (no sessionCapabilities.delete)");
  });
});
