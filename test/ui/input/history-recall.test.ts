import { describe, expect, it } from "vitest";
import { AT_DRAFT, stepHistory } from "../../../src/ui/input/history.js";

describe("history recall", () => {
  const history = ["first", "second\nline", "third"];

  it("goes from the draft to the newest prompt, then older, and stops at the oldest", () => {
    const one = stepHistory(history, AT_DRAFT, "my draft", -1);
    expect(one?.text).toBe("third");
    const two = one && stepHistory(history, one.position, "third", -1);
    expect(two?.text).toBe("second\nline");
    const three = two && stepHistory(history, two.position, "x", -1);
    expect(three?.text).toBe("first");
    expect(three && stepHistory(history, three.position, "first", -1)).toBeUndefined();
  });

  it("restores the draft when coming back down", () => {
    const up = stepHistory(history, AT_DRAFT, "my draft", -1);
    const down = up && stepHistory(history, up.position, "third", 1);
    expect(down).toEqual({ text: "my draft", position: AT_DRAFT });
    expect(stepHistory(history, AT_DRAFT, "my draft", 1)).toBeUndefined();
  });

  it("does nothing without history", () => {
    expect(stepHistory([], AT_DRAFT, "x", -1)).toBeUndefined();
  });
});
