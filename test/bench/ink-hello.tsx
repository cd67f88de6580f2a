import { render, Text } from "ink";

// The start-up floor of design.md §6: the smallest Ink app, bundled like the CLI (scripts/bench.mjs).
render(<Text>hello from ink</Text>, { exitOnCtrlC: false, patchConsole: false });
// Stay on screen until the bench kills the pane, as the pane does.
setInterval(() => {}, 1 << 30);
