import { afterEach, describe, expect, it } from "vitest";
import { HostileFixture } from "../helpers/hostile/fixture.js";
import { HostilePane } from "../helpers/hostile/pane.js";

/**
 * The pane in real tmux against a hostile agent whose session id, tool titles and the project's file names
 * carry escape sequences and invisible characters. Assertions on the raw bytes the pane wrote (pipe-pane):
 * none of the agent's sequences reaches the terminal; and on the screen: what the modal asks to approve
 * shows its invisible characters. `npm run build` first when running this file alone.
 */
const OSC_TITLE = "\u001b]0;HOSTILE-TITLE\u0007";
const OSC_CLIPBOARD = "\u001b]52;c;SE9TVElMRQ==\u0007";

let fixture: HostileFixture | undefined;
let pane: HostilePane | undefined;
afterEach(() => {
  pane?.kill();
  fixture?.remove();
  pane = undefined;
  fixture = undefined;
});

/** The agent's sequences as a terminal would act on them (the modal may show them as visible text). */
function agentSequences(bytes: string): string[] {
  return ["\u001b]0;HOSTILE", "\u001b]52;"].filter((needle) => bytes.includes(needle));
}

describe("the pane shows no escape sequence of the agent's", () => {
  it("session id (resume hint, sanitized and quoted) and the permission modal (invisibles shown)", async () => {
    const f = (fixture = new HostileFixture());
    f.writeScript({
      sessionId: `id${OSC_TITLE}\u001b[2J $(touch pwned)/../..`,
      prompt: [
        {
          do: "permission",
          toolCall: {
            toolCallId: "p1",
            title: `run ${OSC_CLIPBOARD}`,
            kind: "execute",
            rawInput: { command: "ls \u202Eevil\u200B" },
          },
        },
      ],
    });
    const p = (pane = new HostilePane(f, 100, 30));
    await p.start(["--agent-cmd", f.agentCommand]);

    await p.submit("go");
    const modal = await p.waitFor(/⟨U\+202E⟩/);
    expect(modal).toContain("ls ⟨U+202E⟩evil⟨U+200B⟩");
    // The escape in the title is shown as what it is, not acted on.
    expect(modal).toContain("run ⟨U+001B⟩]52;c;");
    p.send("y");
    await p.waitFor(/ANSWER permission/);
    p.send("C-d");
    const after = await p.waitFor(/Resume this session/);
    expect(after.replace(/\n/g, "")).toContain("zc-pane --resume 'id $(touch pwned)/../..'");
    await p.waitFor(/\[exited 0\]/);
    expect(agentSequences(p.bytes())).toEqual([]);
  });
});
