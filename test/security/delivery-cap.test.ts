import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { HostileFixture, type HostileAction } from "../helpers/hostile/fixture.js";
import { HostilePane } from "../helpers/hostile/pane.js";

/**
 * The per-session cap on delivered files (config.json `maxDeliveredBytes`), against the hostile stdio agent
 * delivering file after file: what fits is saved, the rest is refused with a line per file and one notice,
 * in `prompt` (stderr) and in the pane in real tmux (screen and raw bytes). `npm run build` first when
 * running this file alone.
 */
let fixture: HostileFixture | undefined;
let pane: HostilePane | undefined;
afterEach(() => {
  pane?.kill();
  fixture?.remove();
  pane = undefined;
  fixture = undefined;
});

const FILE_BYTES = 1200;
/** Two files fit, the third does not. */
const CAP = 2 * FILE_BYTES + 100;

/** A deliver_file tool call of `FILE_BYTES` bytes of `fill`, as ZeroClaw sends it (protocol.md §6.5). */
function delivery(id: string, fill: string): { actions: HostileAction[]; name: string } {
  const bytes = Buffer.from(fill.repeat(FILE_BYTES));
  const sha = createHash("sha256").update(bytes).digest("hex");
  return {
    name: `${sha}.txt`,
    actions: [
      { do: "update", update: { sessionUpdate: "tool_call", toolCallId: id, title: "deliver_file", kind: "other" } },
      {
        do: "update",
        update: {
          sessionUpdate: "tool_call_update",
          toolCallId: id,
          title: `report-${id}`,
          status: "completed",
          content: [
            {
              type: "content",
              content: {
                type: "resource",
                resource: {
                  uri: `attachment://deliver/${sha}.txt`,
                  mimeType: "text/plain",
                  blob: bytes.toString("base64"),
                },
              },
            },
          ],
        },
      },
    ],
  };
}

/** A fixture whose config.json sets the cap, and an agent delivering a, b, c, a again, then d. */
function cappedWorld(): { f: HostileFixture; downloads: string; saved: string[] } {
  const f = (fixture = new HostileFixture());
  const configDir = join(f.home, "config", "zc-pane");
  mkdirSync(configDir, { recursive: true });
  writeFileSync(join(configDir, "config.json"), JSON.stringify({ maxDeliveredBytes: CAP }));
  const [a, b, c, again, d] = [
    delivery("a", "a"),
    delivery("b", "b"),
    delivery("c", "c"),
    delivery("a2", "a"),
    delivery("d", "d"),
  ];
  f.writeScript({
    prompt: [
      ...a!.actions,
      ...b!.actions,
      ...c!.actions,
      ...again!.actions,
      ...d!.actions,
      { do: "text", text: "sent" },
    ],
  });
  return { f, downloads: join(f.home, "downloads", "zc-pane"), saved: [a!.name, b!.name] };
}

describe("delivered files past the session's cap", () => {
  it("prompt saves what fits, refuses the rest with a stderr line each and says once that the cap is reached", async () => {
    const { f, downloads, saved } = cappedWorld();
    const result = await f.prompt(["--agent-cmd", f.agentCommand, "go"]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain("sent");
    expect(readdirSync(downloads).sort()).toEqual([...saved].sort());
    const lines = result.stderr.split("\n");
    expect(lines.filter((line) => /^⬇ report-a: saved to .*zc-pane\//.test(line))).toHaveLength(1);
    expect(lines.filter((line) => /^⬇ report-b: saved to /.test(line))).toHaveLength(1);
    // The same file delivered again is written over itself and counts once: still saved.
    expect(lines.filter((line) => /^⬇ report-a2: saved to /.test(line))).toHaveLength(1);
    expect(lines).toContain("✗ report-c: refused: over this session's 2 KiB of delivered files");
    expect(lines).toContain("✗ report-d: refused: over this session's 2 KiB of delivered files");
    expect(lines.filter((line) => line.includes("reached the cap of 2 KiB"))).toHaveLength(1);
    expect(result.stderr).toContain("maxDeliveredBytes in config.json");
  });

  it("the pane shows each refused file as a row and the cap's notice once", async () => {
    const { f, downloads, saved } = cappedWorld();
    const p = (pane = new HostilePane(f, 120, 40));
    await p.start(["--agent-cmd", f.agentCommand]);
    await p.submit("go");
    await p.waitFor("sent");
    const screen = await p.waitFor(/report-d: refused/);
    expect(screen).toContain("report-c: refused: over this session's 2 KiB of delivered files");
    expect(screen.match(/reached the cap of 2 KiB/g)).toHaveLength(1);
    expect(p.bytes()).toContain("reached the cap of 2 KiB");
    await p.waitFor(/⬇ report-b 1 KiB · ~\/downloads\/zc-pane\//);
    expect(readdirSync(downloads).sort()).toEqual([...saved].sort());
  });

  it("a cap that is not a positive whole number of bytes is refused, naming the field", async () => {
    const f = (fixture = new HostileFixture());
    const configDir = join(f.home, "config", "zc-pane");
    mkdirSync(configDir, { recursive: true });
    writeFileSync(join(configDir, "config.json"), JSON.stringify({ maxDeliveredBytes: "256MiB" }));
    const result = await f.prompt(["--agent-cmd", f.agentCommand, "go"]);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(/config\.json: maxDeliveredBytes: /);
  });
});
