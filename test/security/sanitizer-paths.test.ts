import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { revealInvisibles, sanitizeText } from "../../src/markdown/sanitize.js";
import { fileItems } from "../../src/ui/input/completion.js";
import { initialPaneState, reducePane } from "../../src/state/reducer.js";
import { HostileFixture } from "../helpers/hostile/fixture.js";

/**
 * One sanitizer on every path to the terminal (design.md §7). The CLI's writes are enumerated here from
 * the source; `prompt`'s stderr is checked against a hostile agent whose every string carries escapes.
 * `npm run build` first when running this file alone.
 */
const SRC = resolve(import.meta.dirname, "../../src");
const OSC_TITLE = "\u001b]0;HOSTILE-TITLE\u0007";
const OSC_CLIPBOARD = "\u001b]52;c;SE9TVElMRQ==\u0007";
const CLEAR = "\u001b[2J";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

let fixture: HostileFixture | undefined;
afterEach(() => {
  fixture?.remove();
  fixture = undefined;
});

describe("the choke point", () => {
  it("every write to stdout or stderr in src/ is in src/cli/terminal-out.ts, and the raw writes are the four known ones", () => {
    const direct: string[] = [];
    const raw: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const name = relative(SRC, file);
      readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, index) => {
          if (/process\.(stdout|stderr)\.write\(/.test(line) && name !== join("cli", "terminal-out.ts"))
            direct.push(`${name}:${index + 1}`);
          if (/\bwriteRawOut\(/.test(line) && !/^export function/.test(line.trim()))
            raw.push(`${name}: ${line.trim()}`);
        });
    }
    expect(direct).toEqual([]);
    expect(raw).toEqual([
      expect.stringMatching(
        /^cli\/pane-command\.ts: const \{ tmuxBuffer \} = await copyText\(text, \{ write: \(data\) => writeRawOut\(data\) \}\);$/,
      ),
      expect.stringMatching(/^cli\/pane-command\.ts: write: \(bytes\) => writeRawOut\(bytes\),$/),
      expect.stringMatching(
        /^cli\/prompt-command\.ts: transport\.onMessage\(\(_message, raw\) => writeRawOut\(`\$\{raw\}\\n`\)\);$/,
      ),
      expect.stringMatching(
        /^cli\/sessions-show\.ts: writeRawOut\(`\$\{styled \? text : stripVTControlCharacters\(text\)\}\\n`\);$/,
      ),
    ]);
  });

  it("shows invisible and direction-changing characters in text to approve, and leaves nothing for the sanitizer", () => {
    const hostile = "rm -rf ~ \u202E#\u200B\u200E\u200F\u061C\u2028\u2029\u2066\u{E0041}\u001b[2J";
    const shown = revealInvisibles(hostile);
    expect(shown).toBe(
      "rm -rf ~ ⟨U+202E⟩#⟨U+200B⟩⟨U+200E⟩⟨U+200F⟩⟨U+061C⟩⟨U+2028⟩⟨U+2029⟩⟨U+2066⟩⟨U+E0041⟩⟨U+001B⟩[2J",
    );
    expect(sanitizeText(shown)).toBe(shown);
    expect(revealInvisibles("line\n\ttab")).toBe("line\n\ttab");
  });
});

describe("file names", () => {
  it("@ completion leaves out a name holding an escape sequence; the attachments line of a replayed prompt is sanitized", () => {
    const items = fileItems(
      [
        { name: `note${OSC_TITLE}.txt`, isDirectory: false },
        { name: "notes-plain.txt", isDirectory: false },
      ],
      { kind: "file", row: 0, start: 0, end: 5, dir: "", base: "note" },
    );
    expect(items.map((item) => item.label)).toEqual(["notes-plain.txt"]);
    const state = reducePane(initialPaneState(), {
      type: "prompt-submitted",
      text: `look ${OSC_TITLE}`,
      attachments: [`file${OSC_CLIPBOARD}.txt`],
      at: 0,
    });
    const user = state.transcript.toArray().find((item) => item.kind === "user");
    expect(user).toMatchObject({ text: "look ", attachments: ["file.txt"] });
  });
});

describe("prompt's stderr", () => {
  it("carries no escape sequence of the agent's: tool titles, notices, failed commands, its stderr tail, the error", async () => {
    const f = (fixture = new HostileFixture());
    f.writeScript({
      stopReason: `refusal${OSC_TITLE}`,
      prompt: [
        { do: "stderr", text: `agent noise ${OSC_CLIPBOARD}${OSC_TITLE}\n` },
        {
          do: "update",
          update: { sessionUpdate: "tool_call", toolCallId: "t1", title: `tool ${OSC_TITLE}`, status: "failed" },
        },
        {
          do: "request",
          method: "terminal/create",
          params: { sessionId: "$SESSION", command: "sh", args: ["-c", `printf '${CLEAR}'; exit 1`] },
        },
        { do: "request", method: "terminal/wait_for_exit", params: { sessionId: "$SESSION", terminalId: "$TERMINAL" } },
        { do: "raw", line: `not json ${OSC_CLIPBOARD}`, answers: 0 },
      ],
    });
    const result = await f.prompt(["--agent-cmd", f.agentCommand, "--approve", "allow-once", "go"]);
    // The sequences are gone with their payloads; the text around them stays.
    expect(result.stderr).toMatch(/^✗ tool$/m);
    expect(result.stderr).toMatch(/the turn ended with refusal$/m);
    expect(result.stderr).not.toContain("HOSTILE-TITLE");
    expect(result.stderr).not.toMatch(/[\u0007\u001b\u009b\u009d]/);
    expect(result.stdout).not.toMatch(/[\u0007\u001b\u009b\u009d]/);
  });
});
