import { afterEach, describe, expect, it } from "vitest";
import { inAct } from "../../helpers/ink.js";
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
  it("renders not at all while idle when no timeout is known", async () => {
    const { pane } = await open([shellRequest()]);
    const frames = pane.stdout.frames.length;
    await inAct(() => new Promise((resolve) => setTimeout(resolve, 1_200)));
    expect(pane.stdout.frames.length).toBe(frames);
  });

  it("renders at most once a second for the countdown", async () => {
    const request = { ...shellRequest(), receivedAt: Date.now() - 48_500 };
    const { pane } = await open([request], 40, { timeoutSecs: 3600 });
    const frames = pane.stdout.frames.length;
    await inAct(() => new Promise((resolve) => setTimeout(resolve, 2_200)));
    const ticks = pane.stdout.frames.length - frames;
    // Two ticks are due (at ~0.5 s and ~1.5 s); a loaded machine may delay one past the window.
    expect(ticks).toBeGreaterThanOrEqual(1);
    expect(ticks).toBeLessThanOrEqual(3);
    expect(pane.frame()).toMatch(/answer within 59:1[01]/);
  });
});
