import { afterEach, describe, expect, it } from "vitest";
import { capturedPermissions } from "../../helpers/captures.js";
import { closePanes, openModal as open, WIDTHS } from "./modal-harness.js";

afterEach(closePanes);

/**
 * The modal never takes more rows than the pane gives it: a frame as tall as the terminal makes ink 6.8 clear
 * the screen and its scrollback (the transcript above is lost, the live region of that moment is left behind).
 * Every real agent's request from the captures, from the room a 20-row pane leaves it (15 rows) up; each
 * option keeps its number and key.
 */
const CAPTURES = ["claude-agent-acp.jsonl", "claude-code-acp.jsonl", "codex-acp.jsonl", "gemini-cli.jsonl"];

for (const width of WIDTHS) {
  describe(`captured requests at ${width} columns`, () => {
    for (const capture of CAPTURES) {
      it(`fits ${capture}'s requests in 15 to 20 rows, every option shown`, async () => {
        for (const request of capturedPermissions(capture)) {
          for (let maxLines = 15; maxLines <= 20; maxLines++) {
            const { pane } = await open([request], width, { maxLines });
            const rows = pane
              .frame()
              .split("\n")
              .filter((row) => /^[╭│╰]/.test(row));
            const what = `${request.toolCall.title ?? request.toolCall.toolCallId} in ${maxLines} rows`;
            expect(rows.length, what).toBeLessThanOrEqual(maxLines);
            request.options.forEach((_, index) =>
              expect(rows.join("\n"), what).toMatch(new RegExp(`│ [› ] ${index + 1} `)),
            );
            closePanes();
          }
        }
      });
    }
  });
}
