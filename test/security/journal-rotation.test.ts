import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { HostileFixture, type HostileAction } from "../helpers/hostile/fixture.js";
import { HostilePane } from "../helpers/hostile/pane.js";

/**
 * The transcript journal past its cap (config.json `maxJournalBytes`, small here): the pane goes on
 * recording, says so once, and `--resume` shows the newest messages, the oldest segment dropped from disk.
 * The hostile stdio agent streams the messages; the pane runs in real tmux. `npm run build` first when
 * running this file alone.
 */
let fixture: HostileFixture | undefined;
const panes: HostilePane[] = [];
afterEach(() => {
  for (const pane of panes.splice(0)) pane.kill();
  fixture?.remove();
  fixture = undefined;
});

const CAP = 8192;
const MESSAGES = 160;
const label = (n: number) => `m-${String(n).padStart(3, "0")}`;

describe("the transcript journal past its cap", () => {
  it("keeps recording (one notice), and --resume shows the newest messages; the oldest segment is gone", async () => {
    const f = (fixture = new HostileFixture());
    const configDir = join(f.home, "config", "zc-pane");
    mkdirSync(configDir, { recursive: true });
    writeFileSync(join(configDir, "config.json"), JSON.stringify({ maxJournalBytes: CAP }));
    // About 100 bytes a message, so about twice the cap in one turn.
    const texts: HostileAction[] = Array.from({ length: MESSAGES }, (_, n) => ({
      do: "text",
      text: `${label(n)} ${"lorem ipsum ".repeat(7)}\n\n`,
    }));
    f.writeScript({ prompt: [...texts, { do: "text", text: "all sent" }] });

    const live = new HostilePane(f, 100, 30);
    panes.push(live);
    await live.start(["--agent-cmd", f.agentCommand]);
    await live.submit("go");
    await live.waitFor("all sent");
    const notice = "transcript journal reached its 8 KiB cap: it goes on recording and keeps the newest";
    await live.waitFor(notice);
    expect(live.history().split(notice)).toHaveLength(2);
    expect(live.history()).toMatch(/keeps the newest\s+messages, dropping the oldest/);
    expect(live.history()).not.toMatch(/not saved/);
    await live.submit("/quit");
    await live.waitFor("[exited 0]");

    const transcripts = join(f.home, "state", "zc-pane", "transcripts");
    expect(readdirSync(transcripts).sort()).toEqual(["hostile-1.jsonl", "hostile-1.jsonl.1"]);
    const onDisk = readdirSync(transcripts)
      .map((name) => readFileSync(join(transcripts, name), "utf8"))
      .join("");
    expect(onDisk.length).toBeLessThanOrEqual(CAP + 1024);
    expect(onDisk).not.toContain(label(0));
    expect(onDisk).toContain(label(MESSAGES - 1));
    expect(onDisk).toContain("all sent");

    const resumed = new HostilePane(f, 100, 30);
    panes.push(resumed);
    await resumed.start(["--resume", "hostile-1"]);
    const screen = await resumed.waitFor("all sent");
    expect(screen).toContain(label(MESSAGES - 1));
    expect(screen).toContain("earlier messages of this session are no longer in the local transcript");
    expect(screen).not.toContain(label(0));
    expect(resumed.bytes()).toContain(label(MESSAGES - 1));
  });
});
