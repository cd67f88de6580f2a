import { afterEach, describe, expect, it } from "vitest";
import { CLI } from "../helpers/demo-agent.js";
import { TmuxSession } from "../helpers/tmux.js";

/** ZeroClaw's ask_user as elicitation/create (protocol.md §7.3): the pane offers form elicitation. */
let tmux: TmuxSession | undefined;
afterEach(() => {
  tmux?.kill();
  tmux = undefined;
});

async function ask(): Promise<TmuxSession> {
  tmux = new TmuxSession(70, 24);
  tmux.start(`${process.execPath} ${CLI} --demo`);
  await tmux.waitFor(/ready/);
  tmux.type("ask me");
  await tmux.waitFor("ask me");
  tmux.send("Enter");
  return tmux;
}

describe("elicitation in a real tmux, against the demo agent", () => {
  it("shows the demo's ask_user as a form; 2 picks Merge and the agent gets choice-1", async () => {
    const session = await ask();
    await session.waitFor(/\( \) Merge/);
    const screen = session.screen();
    expect(screen).toMatch(/1 \( \) Rebase/);
    expect(screen).toMatch(/3 \( \) Cancel/);
    // Not the permission modal's choice-N options: the agent used elicitation/create.
    expect(screen).not.toMatch(/Allow once/);
    session.send("2");
    await session.waitFor(/→ Merge/, 10_000, () => session.history());
    await session.waitFor(/ready/, 15_000);
  });

  it("arrows and Enter on Decline decline; Esc cancels", async () => {
    const session = await ask();
    await session.waitFor(/\( \) Merge/);
    for (let i = 0; i < 4; i++) session.send("Down");
    await session.waitFor(/› Decline/);
    session.send("Enter");
    await session.waitFor(/→ declined/, 10_000, () => session.history());
    await session.waitFor(/ready/, 15_000);
    session.type("ask again");
    await session.waitFor("ask again");
    session.send("Enter");
    await session.waitFor(/\( \) Merge/);
    session.send("Escape");
    await session.waitFor(/→ cancelled/, 10_000, () => session.history());
  });
});
