import { afterEach, describe, expect, it, vi } from "vitest";
import type { PermissionOutcome } from "../../../src/protocol/index.js";
import { outcomeOf, permissionView } from "../../../src/state/permission-view.js";
import { PermissionModal } from "../../../src/ui/permission/permission-modal.js";
import { KEYS, renderPane } from "../../helpers/ink.js";
import { widestLine } from "../diff/frame-width.js";
import { pending, shellRequest } from "./fixtures.js";
import { ALL_KINDS, closePanes, openModal as open, selected, WIDTHS, type Answer } from "./modal-harness.js";

afterEach(closePanes);

for (const width of WIDTHS) {
  describe(`options at ${width} columns`, () => {
    it("shows the tool, its kind, the command and every option with its number and key", async () => {
      const { pane } = await open([shellRequest()], width);
      const frame = pane.frame();
      expect(frame).toContain("Approve shell?");
      expect(frame).toContain("execute");
      expect(frame).toContain("command: git push origin main");
      expect(frame).toMatch(/› 1 y Allow once/);
      expect(frame).toMatch(/ {2}2 a Always allow/);
      expect(frame).toMatch(/ {2}3 n Reject/);
      expect(widestLine(pane.rawFrame())).toBeLessThanOrEqual(width);
    });

    for (const [key, optionId] of [
      ["y", "allow-once"],
      ["a", "allow-always"],
      ["n", "reject-once"],
      ["N", "reject-always"],
    ] as const) {
      it(`answers ${optionId} on ${key}`, async () => {
        const request = pending({ title: "Approve shell?", kind: "execute" }, ALL_KINDS);
        const { pane, onAnswer } = await open([request], width);
        await pane.press(key);
        expect(onAnswer).toHaveBeenCalledExactlyOnceWith(request.key, selected(optionId));
      });
    }

    it("picks any option by its number", async () => {
      const request = pending({ title: "t" }, ALL_KINDS);
      const { pane, onAnswer } = await open([request], width);
      await pane.press("4");
      expect(onAnswer).toHaveBeenCalledExactlyOnceWith(request.key, selected("reject-always"));
    });

    it("moves the highlight with the arrows (wrapping) and chooses it with Enter", async () => {
      const request = shellRequest();
      const { pane, onAnswer } = await open([request], width);
      await pane.press(KEYS.down);
      await pane.press(KEYS.down);
      expect(pane.frame()).toMatch(/› 3 n Reject/);
      await pane.press(KEYS.down);
      await pane.press(KEYS.up);
      await pane.press(KEYS.up);
      expect(pane.frame()).toMatch(/› 2 a Always allow/);
      expect(onAnswer).not.toHaveBeenCalled();
      await pane.press(KEYS.enter);
      expect(onAnswer).toHaveBeenCalledExactlyOnceWith(request.key, selected("allow-always"));
    });

    it("answers cancelled on Esc", async () => {
      const request = shellRequest();
      const { pane, onAnswer } = await open([request], width);
      await pane.press(KEYS.escape);
      expect(onAnswer).toHaveBeenCalledExactlyOnceWith(request.key, { outcome: "cancelled" });
    });
  });
}

describe("option keys", () => {
  it("sends one answer however fast the keys come", async () => {
    const request = shellRequest();
    const onAnswer = vi.fn<Answer>();
    const pane = renderPane(
      <PermissionModal
        requests={[permissionView(request)]}
        onDecide={(key, decision) => onAnswer(key, outcomeOf(request, decision) as PermissionOutcome)}
        width={40}
        maxLines={30}
      />,
    );
    try {
      await pane.settle();
      await pane.press("y");
      await pane.press("n");
      await pane.press(KEYS.escape);
      expect(onAnswer).toHaveBeenCalledExactlyOnceWith(request.key, selected("allow-once"));
    } finally {
      pane.unmount();
    }
  });

  it("swallows letters that pick nothing, and lets Ctrl chords through to the shortcuts underneath", async () => {
    const { pane, onAnswer, seen } = await open([shellRequest()]);
    await pane.press("x");
    await pane.press("e");
    expect(seen).toEqual([]);
    await pane.press(KEYS.ctrlC);
    expect(seen.map((press) => [press.input, press.key.ctrl])).toEqual([["c", true]]);
    expect(onAnswer).not.toHaveBeenCalled();
  });

  it("sees every key of one stdin chunk: two arrows and Enter choose the third option", async () => {
    const request = shellRequest();
    const { pane, onAnswer } = await open([request]);
    await pane.press(KEYS.down + KEYS.down + KEYS.enter);
    expect(onAnswer).toHaveBeenCalledExactlyOnceWith(request.key, selected("reject-once"));
  });

  it("picks an option of an unknown kind by number only", async () => {
    const request = pending({ title: "t" }, [
      ...ALL_KINDS.slice(0, 1),
      { optionId: "later", name: "Ask me later", kind: "defer" },
    ]);
    const { pane, onAnswer } = await open([request]);
    expect(pane.frame()).toMatch(/2 {3}Ask me later/);
    await pane.press("2");
    expect(onAnswer).toHaveBeenCalledExactlyOnceWith(request.key, selected("later"));
  });
});
