import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { createLiveScreen } from "../../../src/ui/terminal/live-screen.js";
import { eraseLines } from "../../../src/ui/terminal/reflow-guard.js";

/** A terminal stream that records what reaches it. */
class RecordingStream extends EventEmitter {
  readonly isTTY = true;
  readonly writes: string[] = [];
  constructor(
    public columns: number,
    readonly rows = 20,
  ) {
    super();
  }
  getWindowSize(): [number, number] {
    return [this.columns, this.rows];
  }
  write = (data: string) => {
    this.writes.push(data);
    return true;
  };
}

function screenOn(columns = 40, repaint = (width: number) => `repainted at ${width}\n`) {
  const stream = new RecordingStream(columns);
  const screen = createLiveScreen(stream as unknown as NodeJS.WriteStream, { repaint });
  return { stream, screen, ink: screen.stdout };
}

async function until(condition: () => boolean): Promise<void> {
  for (let tries = 0; !condition(); tries++) {
    if (tries > 200) throw new Error("never happened");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("live screen", () => {
  it("puts inserted text between ink's erase and its next frame, in the same write", () => {
    const { stream, screen, ink } = screenOn();
    ink.write("◆ header\n> input\n");
    screen.insertAbove("› hello\nan answer\n");
    ink.write(`${eraseLines(3)}◆ header\n> input\n`);
    expect(stream.writes.at(-1)).toBe(`${eraseLines(3)}› hello\nan answer\n◆ header\n> input\n`);
    // Only once.
    ink.write(`${eraseLines(3)}◆ header\n> typed\n`);
    expect(stream.writes.at(-1)).toBe(`${eraseLines(3)}◆ header\n> typed\n`);
  });

  it("leaves escape-only writes (synchronized-output marks) alone and waits for the frame", () => {
    const { stream, screen, ink } = screenOn();
    ink.write("◆ header\n");
    screen.insertAbove("a notice\n");
    ink.write("\u001b[?2026h");
    expect(stream.writes.at(-1)).toBe("\u001b[?2026h");
    ink.write(`${eraseLines(2)}◆ header\n`);
    expect(stream.writes.at(-1)).toBe(`${eraseLines(2)}a notice\n◆ header\n`);
  });

  it("writes the text itself, with the frame erased and drawn again, when ink draws nothing", async () => {
    const { stream, screen, ink } = screenOn();
    ink.write("◆ header\n> input\n");
    const before = stream.writes.length;
    screen.insertAbove("a notice\n");
    expect(stream.writes.length).toBe(before);
    await until(() => stream.writes.length > before);
    expect(stream.writes.at(-1)).toBe(`\u001b[?2026h${eraseLines(3)}a notice\n◆ header\n> input\n\u001b[?2026l`);
  });

  it("flushes what it holds on demand", () => {
    const { stream, screen } = screenOn();
    screen.insertAbove("last words\n");
    screen.flush();
    expect(stream.writes.at(-1)).toBe("\u001b[?2026hlast words\n\u001b[?2026l");
  });

  it("turns ink's clear after a narrowing into a clear of screen and history and a repaint at the new width", () => {
    const { stream, screen, ink } = screenOn(60);
    ink.write("◆ header\n");
    screen.insertAbove("held\n");
    stream.columns = 30;
    stream.emit("resize");
    ink.write(eraseLines(2));
    expect(stream.writes.at(-1)).toBe("\u001b[2J\u001b[3J\u001b[Hrepainted at 30\n");
    // The held text was part of the repaint; the next frame comes alone.
    ink.write("◆ header\n");
    expect(stream.writes.at(-1)).toBe("◆ header\n");
  });

  it("erases the rows a frame wider than the terminal gained before ink's own erase", () => {
    const { stream, ink } = screenOn(40);
    ink.write(`${"x".repeat(40)}\n`);
    stream.columns = 20;
    ink.write(`${eraseLines(2)}short\n`);
    expect(stream.writes.at(-1)).toBe(`\u001b[2K\u001b[1A\u001b[2K${eraseLines(2)}short\n`);
  });

  it("clears screen and history and draws the frame again at the top", () => {
    const { stream, screen, ink } = screenOn();
    ink.write("◆ header\n");
    screen.clearScreen();
    expect(stream.writes.at(-1)).toBe("\u001b[2J\u001b[3J\u001b[H◆ header\n");
  });
});
