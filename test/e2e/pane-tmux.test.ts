import { afterEach, describe, expect, it } from "vitest";
import { CLI } from "../helpers/demo-agent.js";
import { TmuxSession } from "../helpers/tmux.js";

/**
 * The pane as a user sees it: the built CLI in a real tmux (private socket, 60×20), the demo agent as a
 * separate process, keys typed with send-keys, the screen read with capture-pane.
 */
let tmux: TmuxSession | undefined;
afterEach(() => {
  tmux?.kill();
  tmux = undefined;
});

async function openPane(): Promise<TmuxSession> {
  tmux = new TmuxSession(60, 20);
  tmux.start(`${process.execPath} ${CLI} --demo`);
  await tmux.waitFor(/ready/);
  return tmux;
}

describe("the pane in a real tmux, against the demo agent", () => {
  it("streams markdown, approves a shell command with y, and shows the row completed", async () => {
    const session = await openPane();
    await session.submit("shell please");
    await session.waitFor("Approve shell?");
    expect(session.screen()).toMatch(/git status --short/);
    session.send("y");
    await session.waitFor(/✓ \$ git status --short/);
    await session.waitFor(/ready/);
    const history = session.history();
    expect(history).toContain("› shell please");
    expect(history).toMatch(/Approve shell\? → Allow once/);
    // Each finished line is printed once into the scrollback, never duplicated by a redraw.
    expect(history.match(/› shell please/g)).toHaveLength(1);
  });

  it("renders the tour's markdown: headings, list bullets and a code block, without raw markers", async () => {
    const session = await openPane();
    await session.submit("show me around");
    await session.waitFor("Approve shell?", 15_000);
    session.send("y");
    await session.waitFor("Approve file_edit?");
    session.send("y");
    await session.waitFor(/What just happened/, 15_000);
    await session.waitFor(/ready/);
    const history = session.history();
    expect(history).toContain("## A quick tour");
    expect(history).toMatch(/• Shell: /);
    expect(history).toContain('export const greeting = "Hello from zc-pane";');
    expect(history).not.toContain("**zc-pane demo agent**");
  });

  it("keeps the text before and after a plan update as two paragraphs, live and in the scrollback", async () => {
    const session = await openPane();
    await session.submit("plan");
    // While the turn runs, the new step's text streams below the printed one, never joined to it.
    const live = await session.waitFor(/Working on step 2\./, 15_000, () => session.history());
    expect(live).not.toMatch(/step 1\. ?Working/);
    await session.waitFor(/ready/, 15_000);
    const history = session.history();
    for (const step of [1, 2, 3, 4]) expect(history).toMatch(new RegExp(`\\nWorking on step ${step}\\.\\n\\n`));
    expect(history).toMatch(/\nAll four steps are done\.\n/);
  });

  it("cancels a slow turn with Esc", async () => {
    const session = await openPane();
    await session.submit("slow");
    await session.waitFor(/tick 3\/300/);
    expect(session.screen()).toMatch(/esc cancel/);
    session.send("Escape");
    await session.waitFor(/turn cancelled/);
    await session.waitFor(/ready/);
  });

  it("expands the last tool row with Ctrl+O", async () => {
    const session = await openPane();
    await session.submit("deliver");
    await session.waitFor(/ready/, 15_000);
    await session.waitFor(/✓ .*Demo report/);
    session.send("C-o");
    await session.waitFor(/▾ .*Demo report/);
    expect(session.screen()).toMatch(/Delivered demo-report\.md \(\d+ bytes\)/);
  });

  it("shows a thought as rendered markdown, collapsed with its line count, and Ctrl+O expands and folds it", async () => {
    const session = await openPane();
    await session.submit("think");
    await session.waitFor(/ready/, 15_000);
    // The headline without its ** markers, and how much more there is.
    const collapsed = await session.waitFor(/✻ Thinking out loud \(\+2 lines\)/, 10_000, () => session.history());
    expect(collapsed).not.toContain("**");
    expect(collapsed).not.toContain("think out loud");
    session.send("C-o");
    const expanded = await session.waitFor(/✻ ▾ Thinking out loud/);
    // The whole thought as markdown: emphasis and code read, not shown as * and `.
    expect(expanded).toMatch(/The user asked me to think out loud: these are\s+agent_thought_chunk updates/);
    expect(expanded).not.toMatch(/\*out loud\*|`agent_thought_chunk`/);
    session.send("C-o");
    // Folded again: the body leaves the screen.
    await session.waitFor(/^(?![\s\S]*think out loud)/);
  });

  it("quits on Ctrl+C twice and prints the resume command", async () => {
    const session = await openPane();
    await session.submit("think");
    await session.waitFor(/ready/, 15_000);
    session.send("C-c");
    // A person's double press: two separate key events (one stdin chunk of two ^C would be one event).
    await session.waitFor(/again to quit/);
    session.send("C-c");
    const screen = await session.waitFor(/\[exited 0\]/);
    expect(screen.replace(/\n/g, "")).toMatch(/zc-pane --resume [0-9a-f-]{36}/);
  });
});
