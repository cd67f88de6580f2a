import { describe, expect, it } from "vitest";
import { withModeMarkerRead } from "../../src/client/mode-marker.js";

const chunk = (text: string) => ({
  sessionUpdate: "agent_message_chunk" as const,
  content: { type: "text" as const, text },
});

describe("gemini-cli's [MODE_UPDATE] chunk", () => {
  it("is read as current_mode_update; other text stays text", () => {
    expect(withModeMarkerRead(chunk("[MODE_UPDATE] yolo"))).toEqual({
      sessionUpdate: "current_mode_update",
      currentModeId: "yolo",
    });
    expect(withModeMarkerRead(chunk("[MODE_UPDATE] autoEdit\n"))).toMatchObject({ currentModeId: "autoEdit" });
    for (const text of ["Set [MODE_UPDATE] yolo here", "[MODE_UPDATE] a b", "[MODE_UPDATE]"])
      expect(withModeMarkerRead(chunk(text))).toEqual(chunk(text));
  });
});
