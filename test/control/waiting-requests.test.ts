import { describe, expect, it } from "vitest";
import { ChoiceError, outcomeForChoice } from "../../src/control/waiting-requests.js";

const request = {
  key: "zc-out-0",
  receivedAt: 1,
  sessionId: "s",
  toolCall: { toolCallId: "c" },
  options: [
    { optionId: "allow", name: "Allow once", kind: "allow_once" },
    { optionId: "2", name: "Always", kind: "allow_always" },
    { optionId: "deny", name: "Reject", kind: "reject_once" },
  ],
};

describe("zc-pane answer's CHOICE", () => {
  it("is an option id first, then a kind (as typed or as ACP spells it), then a 1-based number", () => {
    expect(outcomeForChoice(request, "deny")).toEqual({ outcome: "selected", optionId: "deny" });
    expect(outcomeForChoice(request, "allow-once")).toEqual({ outcome: "selected", optionId: "allow" });
    expect(outcomeForChoice(request, "reject_once")).toEqual({ outcome: "selected", optionId: "deny" });
    // "2" is an option's id here, which wins over the second option's number (the same one by chance)…
    expect(outcomeForChoice(request, "2")).toEqual({ outcome: "selected", optionId: "2" });
    // …and "3" is the third option.
    expect(outcomeForChoice(request, "3")).toEqual({ outcome: "selected", optionId: "deny" });
  });

  it("that matches nothing is refused with the options listed", () => {
    expect(() => outcomeForChoice(request, "reject-always")).toThrow(ChoiceError);
    expect(() => outcomeForChoice(request, "4")).toThrow(
      '"4" is none of the options offered: 1 allow (allow_once), 2 2 (allow_always), 3 deny (reject_once)',
    );
  });
});
