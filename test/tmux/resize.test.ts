import { afterEach, describe, expect, it } from "vitest";
import { TmuxHarness } from "./tmux-harness.js";

/**
 * tmux resizes and zooms the pane while an answer streams: the transcript in the scrollback must stay
 * readable, each paragraph once (no ghost copies of the live region left behind by a redraw at the old
 * width). `npm run build` first.
 */
let harness: TmuxHarness | undefined;
afterEach(() => {
  harness?.kill();
  harness = undefined;
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Paragraphs of the demo tour, streamed at a human pace: each must be in the scrollback exactly once. */
const TOUR_PHRASES = [
  "A quick tour",
  "I'm the zc-pane demo agent",
  "Here is my plan",
  "First I'd like",
  "Two files changed",
  "Last, a small file",
  "What just happened",
  "The edit I proposed",
  "export const greeting",
  "Try shell, edit",
];

/** How often `phrase` occurs in `text` once line breaks and runs of blanks are ignored (wrapping moves them). */
function occurrences(text: string, phrase: string): number {
  const flat = text.replace(/\s+/g, " ");
  const needle = phrase.replace(/\s+/g, " ");
  let count = 0;
  for (let at = flat.indexOf(needle); at !== -1; at = flat.indexOf(needle, at + needle.length)) count++;
  return count;
}

/**
 * Runs the tour, calling `wiggle` while text streams: right after sending (thought and intro) and right after
 * the last approval (the final answer).
 */
async function tourWith(h: TmuxHarness, pane: string, wiggle: () => Promise<void>): Promise<string> {
  h.tmux("send-keys", "-t", pane, "-l", "show me around");
  await h.waitForText(pane, "show me around");
  h.tmux("send-keys", "-t", pane, "Enter");
  await wiggle();
  await h.waitForText(pane, "Approve shell?", 20_000);
  h.tmux("send-keys", "-t", pane, "y");
  await h.waitForText(pane, "Approve file_edit?", 20_000);
  h.tmux("send-keys", "-t", pane, "y");
  await h.waitForText(pane, "What just happened", 20_000, true);
  await wiggle();
  await h.waitForText(pane, /export const greeting/, 20_000, true);
  await h.waitUntil(() => h.option("-p", pane, "@zc-pane-state") === "done", "the end of the turn", 20_000);
  // The last paragraph and the idle input are drawn (the state is published before the frame is).
  return h.waitUntil(() => {
    const history = h.capture(pane, { history: true });
    return history.replace(/\s+/g, " ").includes("Try shell, edit") && /ask the agent/.test(h.capture(pane)) && history;
  }, "the turn's last paragraph and the idle input on screen");
}

/** Every paragraph is there (searched across line breaks, since a width change re-wraps): nothing lost. */
function expectNothingLost(history: string): void {
  const missing = TOUR_PHRASES.filter((phrase) => occurrences(history, phrase) === 0);
  expect(missing, history).toEqual([]);
  expect(occurrences(history, "› show me around"), history).toBeGreaterThanOrEqual(1);
}

/** The visible screen after the turn: one header, the input and the footer, at the pane's width. */
function expectWholeScreen(screen: string, width: number): void {
  const lines = screen.split("\n");
  expect(
    lines.filter((line) => line.startsWith("◆ ")),
    screen,
  ).toHaveLength(1);
  expect(screen, screen).toMatch(/ask the agent/);
  expect(Math.max(...lines.map((line) => line.length)), screen).toBeLessThanOrEqual(width);
}

/**
 * Each paragraph once, no line repeated, and the header only once (in the live region): what a ghost of an
 * old frame breaks.
 */
function expectNoGhostLines(history: string): void {
  const counts = TOUR_PHRASES.map((phrase) => ({ phrase, count: occurrences(history, phrase) }));
  expect(counts, history).toEqual(TOUR_PHRASES.map((phrase) => ({ phrase, count: 1 })));
  expect(occurrences(history, "› show me around"), history).toBe(1);
  const seen = new Map<string, number>();
  for (const line of history.split("\n").map((text) => text.trim()))
    if (line.length >= 12) seen.set(line, (seen.get(line) ?? 0) + 1);
  expect(
    [...seen].filter(([, count]) => count > 1),
    history,
  ).toEqual([]);
  expect(
    history.split("\n").filter((line) => line.startsWith("◆ ")),
    history,
  ).toHaveLength(1);
}

/** The tour in a 60×20 window resized to 40 columns and back while text streams. */
async function resizedTour(): Promise<{ history: string; screen: string }> {
  harness = new TmuxHarness(60, 20);
  const h = harness;
  h.tmux("new-session", "-d", "-s", "main", "-x", "60", "-y", "20", "-c", h.project, "zc-pane --demo");
  const pane = h.panes()[0]!.id;
  await h.waitForText(pane, /ready/);
  const resize = async () => {
    h.tmux("resize-window", "-t", "main:", "-x", "40");
    await sleep(250);
    h.tmux("resize-window", "-t", "main:", "-x", "60");
    await sleep(100);
  };
  const history = await tourWith(h, pane, resize);
  expect(h.panes()[0]!.width).toBe(60);
  return { history, screen: h.capture(pane) };
}

/** The tour in a 40-column pane beside an editor, zoomed to 100 columns and back while text streams. */
async function zoomedTour(): Promise<{ history: string; screen: string }> {
  harness = new TmuxHarness(100, 24);
  const h = harness;
  h.start();
  const editor = h.panes()[0]!.id;
  const pane = h
    .tmux("split-window", "-h", "-l", "40", "-t", editor, "-c", h.project, "-P", "-F", "#{pane_id}", "zc-pane --demo")
    .trim();
  await h.waitForText(pane, /ready/);
  const zoom = async () => {
    h.tmux("resize-pane", "-Z", "-t", pane);
    await sleep(250);
    h.tmux("resize-pane", "-Z", "-t", pane);
    await sleep(100);
  };
  const history = await tourWith(h, pane, zoom);
  expect(h.tmux("display-message", "-p", "-t", pane, "#{window_zoomed_flag} #{pane_width}").trim()).toBe("0 40");
  return { history, screen: h.capture(pane) };
}

describe("resize and zoom while an answer streams", () => {
  it("60 → 40 → 60 columns: nothing of the transcript is lost, and the screen is whole at the end", async () => {
    const { history, screen } = await resizedTour();
    expectNothingLost(history);
    expectWholeScreen(screen, 60);
  });

  it("zoom and unzoom: nothing of the transcript is lost, and the screen is whole at the end", async () => {
    const { history, screen } = await zoomedTour();
    expectNothingLost(history);
    expectWholeScreen(screen, 40);
  });

  // Known to fail (issue 5, item 5; the Ink side belongs to the pane, issue 3): when tmux narrows the pane it
  // re-wraps the live region's last frame (its header is as wide as the old pane), so erasing that frame by
  // its old line count leaves its top lines in the scrollback: the header and the streamed tail as ghosts,
  // which can repeat a paragraph. These pass once the pane erases by the frame's height at the new width;
  // then drop `.fails`.
  it("60 → 40 → 60 columns: each paragraph once, no ghost lines of the live region", async () => {
    expectNoGhostLines((await resizedTour()).history);
  });

  it("zoom and unzoom: each paragraph once, no ghost lines of the live region", async () => {
    expectNoGhostLines((await zoomedTour()).history);
  });
});
