import { describe, expect, it } from "vitest";
import { formatRemaining, nextTickDelay } from "../../../src/ui/permission/countdown.js";

describe("countdown", () => {
  it("formats whole seconds left, rounded up, with hours from an hour up", () => {
    expect(formatRemaining(3_552_000)).toBe("59:12");
    expect(formatRemaining(3_551_001)).toBe("59:12");
    expect(formatRemaining(3_600_000)).toBe("1:00:00");
    expect(formatRemaining(59_000)).toBe("0:59");
    expect(formatRemaining(0)).toBe("0:00");
    expect(formatRemaining(-5_000)).toBe("0:00");
  });

  it("wakes just after the shown second changes, never sooner than that", () => {
    expect(nextTickDelay(3_551_400)).toBe(415);
    expect(nextTickDelay(3_551_000)).toBe(1_015);
    // A tick landing just past the boundary waits for the next whole second: at most one render per second.
    expect(nextTickDelay(3_550_985)).toBe(1_000);
  });
});
