import { beforeAll, describe, expect, it } from "vitest";
import { finishedLinesCut, isPlainParagraph, KEEP_LIVE_LINES } from "../../src/markdown/line-commit.js";
import { loadMarkdownRenderer, renderMarkdown } from "../../src/markdown/renderer.js";
import { PaneStore, type LineCutter } from "../../src/state/pane-store.js";
import { initialPaneState } from "../../src/state/reducer.js";
import { transcriptToMarkdown } from "../../src/state/transcript-export.js";
import type { PaneState } from "../../src/state/view-model.js";
import { text, turnEnded, turnStarted } from "../state/fixtures.js";

const WIDTH = 60;
const PROSE =
  "The build runs in three stages and each of them writes its own log, so when something fails the first " +
  "place to look is the log of the stage that failed rather than the summary printed at the end of the run. " +
  "Most failures come from a missing environment variable or a stale cache directory, and both are cheap to " +
  "check before reading any code at all, which is why the checklist starts with them.";

/** What the screen shows for the finished transcript items, rendered as the transcript prints them. */
function printed(state: PaneState): string {
  const parts: string[] = [];
  for (const item of state.transcript.toArray()) {
    if (item.kind !== "agent-text") continue;
    parts.push(renderMarkdown(item.markdown, WIDTH) + (item.continues ? "\n" : "\n\n"));
  }
  return parts.join("").replace(/\n+$/, "");
}

function stream(
  answer: string,
  chunkSize: number,
  width: number | undefined,
  cutLines: LineCutter | null = finishedLinesCut,
): { store: PaneState; lineCommits: number; midStream: PaneState[] } {
  let clock = 0;
  const store = new PaneStore({ now: () => clock, ...(cutLines ? { cutLines } : {}) });
  if (width !== undefined) store.setWidth(width);
  store.handleClientEvent(turnStarted());
  const midStream: PaneState[] = [];
  for (let i = 0; i < answer.length; i += chunkSize) {
    store.handleClientEvent(text(answer.slice(i, i + chunkSize)));
    clock += 50;
    store.flush();
    midStream.push(store.getState());
  }
  store.handleClientEvent(turnEnded());
  store.dispose();
  return { store: store.getState(), lineCommits: store.stats.lineCommits, midStream };
}

describe("finished wrapped lines of a streaming paragraph move into the transcript early", () => {
  beforeAll(async () => {
    await loadMarkdownRenderer();
  });

  it("cuts only plain prose, at a word, leaving the last lines live", () => {
    const cut = finishedLinesCut(PROSE, WIDTH);
    expect(cut).toBeGreaterThan(0);
    expect(PROSE[cut - 1]).toBe(" ");
    const whole = renderMarkdown(PROSE, WIDTH).split("\n");
    expect(renderMarkdown(PROSE.slice(0, cut), WIDTH)).toBe(whole.slice(0, whole.length - KEEP_LIVE_LINES).join("\n"));
    expect(renderMarkdown(PROSE.slice(cut), WIDTH)).toBe(whole.slice(whole.length - KEEP_LIVE_LINES).join("\n"));
    // Emphasis and code spans may be cut through only when they close inside the head.
    for (const open of ["a **bold", "a `code", "an *emphasis"])
      expect(finishedLinesCut(`${open} ${PROSE} ${PROSE}`, WIDTH)).toBe(0);
    expect(finishedLinesCut(`Some **bold** and \`code\` first. ${PROSE}`, WIDTH)).toBeGreaterThan(0);
    for (const open of ["see [the docs", "an _emphasis", "x <b>", "at www.example.com", "a: b"]) {
      expect(isPlainParagraph(`${PROSE} ${open} ${PROSE}`)).toBe(false);
    }
    for (const block of ["# Title", "- item", "1. item", "> quote", "```", "---", "", "   indented"]) {
      expect(isPlainParagraph(`${PROSE}\n${block}`)).toBe(false);
    }
  });

  it("prints the answer exactly once, identical to rendering it whole, while the live tail stays short", () => {
    const answer = `${PROSE} ${PROSE}\n\nSecond paragraph, short.\n\nWith **bold words** and \`inline code\` early, ${PROSE} and *emphasis* late.\n\n${PROSE}\nwith a soft line break ${PROSE}\n\n## Done\n\nThe end.\n`;
    for (const chunkSize of [7, 100, 333]) {
      const { store, lineCommits, midStream } = stream(answer, chunkSize, WIDTH);
      expect(lineCommits).toBeGreaterThan(3);
      expect(printed(store)).toBe(renderMarkdown(answer, WIDTH));
      expect(transcriptToMarkdown(store.transcript.toArray(), "t")).toBe(`# t\n\n${answer.trim()}\n`);
      // A long paragraph no longer fills the live region: a few wrapped lines plus what one chunk adds.
      const longestTail = Math.max(
        ...midStream.map((state) => renderMarkdown(state.live.stream?.text ?? "", WIDTH).split("\n").length),
      );
      expect(longestTail).toBeLessThanOrEqual(KEEP_LIVE_LINES + Math.ceil(chunkSize / WIDTH) + 2);
    }
  });

  it("cuts nothing without a width or a line cutter, or once the width changed in the middle of the paragraph", () => {
    expect(stream(`${PROSE} ${PROSE}`, 50, undefined).lineCommits).toBe(0);
    expect(stream(`${PROSE} ${PROSE}`, 50, WIDTH, null).lineCommits).toBe(0);
    let clock = 0;
    const store = new PaneStore({ now: () => clock, initial: initialPaneState(), cutLines: finishedLinesCut });
    store.setWidth(WIDTH);
    store.handleClientEvent(turnStarted());
    store.handleClientEvent(text(`${PROSE} `));
    store.flush();
    const before = store.stats.lineCommits;
    expect(before).toBeGreaterThan(0);
    store.setWidth(40);
    clock += 50;
    store.handleClientEvent(text(`${PROSE} ${PROSE}`));
    store.flush();
    expect(store.stats.lineCommits).toBe(before);
    // The next paragraph is cut at the new width.
    clock += 50;
    store.handleClientEvent(text(`\n\n${PROSE}\n`));
    store.flush();
    clock += 50;
    store.handleClientEvent(text(`${PROSE} `));
    store.flush();
    expect(store.stats.lineCommits).toBeGreaterThan(before);
    store.dispose();
  });
});
