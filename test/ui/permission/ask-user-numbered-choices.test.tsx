import { afterEach, describe, expect, it } from "vitest";
import { askUserRequest } from "./fixtures.js";
import { closePanes, openModal as open, selected, WIDTHS } from "./modal-harness.js";

afterEach(closePanes);

for (const width of WIDTHS) {
  describe(`ask_user at ${width} columns`, () => {
    it("shows an ask_user question as numbered answers: 2 picks choice-1, y and n pick nothing", async () => {
      const request = askUserRequest();
      const { pane, onAnswer, seen } = await open([request], width, { timeoutSecs: 3600 });
      const frame = pane.frame();
      expect(frame).toContain("How should I integrate main?");
      expect(frame).toMatch(/› 1\. Rebase/);
      expect(frame).toMatch(/ {2}2\. Merge/);
      expect(frame).toMatch(/ {2}3\. Cancel/);
      // The session timeout is not ask_user's (it has its own), so no countdown is shown for it.
      expect(frame).not.toContain("answer within");
      await pane.press("y");
      await pane.press("n");
      expect(onAnswer).not.toHaveBeenCalled();
      expect(seen).toEqual([]);
      await pane.press("2");
      expect(onAnswer).toHaveBeenCalledExactlyOnceWith(request.key, selected("choice-1"));
    });
  });
}
