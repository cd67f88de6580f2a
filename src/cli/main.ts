// Entry point of the bundled CLI. Subcommands are imported lazily so `zc-pane --version` and the demo agent
// do not pay for Ink and the markdown highlighter.
const [command, ...rest] = process.argv.slice(2);

async function main(): Promise<number> {
  switch (command) {
    case "demo-agent": {
      const { runDemoAgentCommand } = await import("./demo-agent-command.js");
      return runDemoAgentCommand(rest);
    }
    case "prompt": {
      const { runPromptCommand } = await import("./prompt-command.js");
      return runPromptCommand(rest);
    }
    default:
      process.stderr.write("zc-pane: under construction\n");
      return 2;
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`zc-pane: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
