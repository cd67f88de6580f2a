import { afterEach, describe, expect, it } from "vitest";
import { HostileFixture, type HostileAction } from "../helpers/hostile/fixture.js";
import { startHostileGateway } from "../helpers/hostile/hostile-gateway.js";

/**
 * JSON-RPC 2.0 §5: a request zc-pane cannot read (an object or array id, a batch) is answered -32600 with
 * id null, never dropped (the sender would wait forever); an over-cap request line whose id is in its
 * first KiB is answered with an error. A hostile agent over stdio and a hostile gateway (a real `ws`
 * server), `zc-pane prompt` in between; the assertions are on the bytes the peer received.
 * `npm run build` first when running this file alone.
 */
let fixture: HostileFixture | undefined;
afterEach(() => {
  fixture?.remove();
  fixture = undefined;
});

const invalid: HostileAction[] = [
  { do: "raw", line: '{"jsonrpc":"2.0","id":{"x":1},"method":"fs/read_text_file","params":{}}' },
  { do: "raw", line: '{"jsonrpc":"2.0","id":[1],"method":"terminal/create","params":{}}' },
  { do: "raw", line: "[]" },
  { do: "raw", line: '[{"jsonrpc":"2.0","id":7,"method":"fs/read_text_file","params":{}}]' },
  { do: "raw", line: '{"jsonrpc":"2.0","id":3,"method":12}' },
];

function expectInvalidAnswers(f: HostileFixture): void {
  const answers = f.answers();
  const invalidAnswers = answers.filter((answer) => answer.id === null);
  expect(invalidAnswers).toHaveLength(4);
  for (const answer of invalidAnswers) expect(answer).toMatchObject({ jsonrpc: "2.0", error: { code: -32600 } });
  // A readable id is echoed.
  expect(answers).toContainEqual(expect.objectContaining({ id: 3, error: expect.objectContaining({ code: -32600 }) }));
}

describe("invalid JSON-RPC from the peer", () => {
  it("stdio agent: object and array ids and batches are answered -32600 with id null", async () => {
    const f = (fixture = new HostileFixture({ prompt: invalid }));
    const result = await f.prompt(["--agent-cmd", f.agentCommand, "go"]);
    expect(result.exitCode, result.stderr).toBe(0);
    expectInvalidAnswers(f);
  });

  it("gateway: the same, over a real WebSocket", async () => {
    const f = (fixture = new HostileFixture({ prompt: invalid }));
    const gateway = await startHostileGateway({ script: f.script, log: f.log });
    try {
      const result = await f.prompt(["--gateway", gateway.url, "go"]);
      expect(result.exitCode, result.stderr).toBe(0);
      expectInvalidAnswers(f);
    } finally {
      await gateway.close();
    }
  });

  it("stdio agent: a request line over the 32 MiB cap is answered with an error for its id, the turn goes on", async () => {
    const f = (fixture = new HostileFixture({
      prompt: [
        { do: "oversized", id: "big-1", method: "fs/write_text_file", bytes: 33 * 1024 * 1024 },
        { do: "text", text: "still here\n" },
      ],
    }));
    const result = await f.prompt(["--agent-cmd", f.agentCommand, "go"]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(f.answers()).toContainEqual(
      expect.objectContaining({ id: "big-1", error: expect.objectContaining({ code: -32600 }) }),
    );
    expect(result.stdout).toContain("still here");
    expect(result.stderr).toMatch(/over the 32 MiB limit/);
  });
});
