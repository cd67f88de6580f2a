import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FAKE_TIMERS } from "../../helpers/ink.js";
import { shellRequest } from "./fixtures.js";
import { closePanes, openModal as open, selected, WIDTHS } from "./modal-harness.js";

afterEach(closePanes);

for (const width of WIDTHS) {
  describe(`queue and countdown at ${width} columns`, () => {
    it("shows 1 of 3 and, once the first is answered, the next request", async () => {
      const requests = [shellRequest("echo first"), shellRequest("echo second"), shellRequest("echo third")];
      const { pane, onAnswer } = await open(requests, width);
      expect(pane.frame()).toContain("1 of 3");
      expect(pane.frame()).toContain("echo first");
      await pane.press("y");
      expect(onAnswer).toHaveBeenLastCalledWith(requests[0]!.key, selected("allow-once"));
      await pane.waitForFrame((frame) => frame.includes("echo second"));
      expect(pane.frame()).toContain("1 of 2");
      await pane.press("n");
      expect(onAnswer).toHaveBeenLastCalledWith(requests[1]!.key, selected("reject-once"));
      const last = await pane.waitForFrame((frame) => frame.includes("echo third"));
      expect(last).not.toContain(" of ");
    });

    it("shows the time left to answer from receivedAt", async () => {
      const request = { ...shellRequest(), receivedAt: Date.now() - 48_000 };
      const { pane } = await open([request], width, { timeoutSecs: 3600 });
      expect(pane.frame()).toContain("answer within 59:12");
    });
  });
}

describe("render budget", () => {
  beforeEach(() => {
    vi.useFakeTimers(FAKE_TIMERS);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("renders not at all while idle when no timeout is known", async () => {
    const { pane } = await open([shellRequest()]);
    const frames = pane.stdout.frames.length;
    expect(vi.getTimerCount()).toBe(0);
    await pane.advance(5_000);
    expect(pane.stdout.frames.length).toBe(frames);
  });

  it("renders once a second for the countdown, just after the shown second changes", async () => {
    // 59:12 left (3551.5 s): the first tick is due at 0.515 s, then one every second.
    const request = { ...shellRequest(), receivedAt: Date.now() - 48_500 };
    const { pane } = await open([request], 40, { timeoutSecs: 3600 });
    expect(pane.frame()).toContain("answer within 59:12");
    const frames = pane.stdout.frames.length;
    await pane.advance(500);
    expect(pane.stdout.frames.length - frames).toBe(0);
    await pane.advance(20);
    expect(pane.stdout.frames.length - frames).toBe(1);
    expect(pane.frame()).toContain("answer within 59:11");
    await pane.advance(10_000);
    expect(pane.stdout.frames.length - frames).toBe(11);
    expect(pane.frame()).toContain("answer within 59:01");
  });
});
