import xterm from "@xterm/headless";
import { describe, expect, it } from "vitest";
import { createAlternateScreen, eraseLines } from "../../../src/ui/terminal/alternate-screen.js";

const { Terminal } = xterm;

/** A headless terminal standing in for tmux, and a write stream into it. */
function terminal(columns = 30, rows = 8) {
  const term = new Terminal({ cols: columns, rows, scrollback: 100, allowProposedApi: true, convertEol: true });
  const stream = {
    columns,
    rows,
    write(data: string) {
      term.write(data);
      return true;
    },
  } as unknown as NodeJS.WriteStream;
  const flush = () => new Promise<void>((resolve) => term.write("", resolve));
  const lines = () => {
    const buffer = term.buffer.active;
    return Array.from({ length: buffer.length }, (_, y) => buffer.getLine(y)!.translateToString(true));
  };
  return { term, stream, flush, lines };
}

/** What ink's log-update writes for a frame after one of `previous` lines. */
const frame = (previous: number, lines: readonly string[]) =>
  eraseLines(previous === 0 ? 0 : previous + 1) + lines.join("\n") + "\n";

describe("the alternate screen under ink", () => {
  it("draws the view full screen and brings back the pane, scrollback and all, whatever ink erases", async () => {
    const { stream, flush, lines } = terminal();
    const screen = createAlternateScreen(stream, stream);
    const ink = screen.stdout;
    // The transcript (static output) and a 3-line live frame, as ink writes them.
    for (let n = 0; n < 12; n++) ink.write(`transcript line ${n}\n`);
    ink.write(frame(0, ["◆ header", "> draft", "hints"]));
    await flush();
    const before = lines();

    screen.enter();
    ink.write(
      frame(
        3,
        Array.from({ length: 7 }, (_, n) => (n === 0 ? "History · turn 1 of 1" : `view row ${n}`)),
      ),
    );
    ink.write(
      frame(
        7,
        Array.from({ length: 7 }, (_, n) => (n === 0 ? "History · turn 1 of 1" : `moved row ${n}`)),
      ),
    );
    await flush();
    expect(lines().slice(0, 7)).toEqual([
      "History · turn 1 of 1",
      ...Array.from({ length: 6 }, (_, n) => `moved row ${n + 1}`),
    ]);

    screen.leave();
    // Ink still believes the 7-line view is on screen: its erase must not reach into the transcript.
    ink.write(frame(7, ["◆ header", "> draft", "hints"]));
    await flush();
    expect(lines()).toEqual(before);
    expect(lines().join("\n")).not.toContain("row");
  });
});
