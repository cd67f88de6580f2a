// Entry point of the bundled CLI. Subcommands are imported lazily so `zc-pane --version` and the demo agent
// do not pay for Ink and the markdown highlighter.
const [command, ...rest] = process.argv.slice(2);

async function main(): Promise<number> {
  switch (command) {
    case "demo-agent": {
      const { runDemoAgentCommand } = await import("./demo-agent-command.js");
      return runDemoAgentCommand(rest);
    }
    case "--version":
    case "-v": {
      const { VERSION } = await import("./version.js");
      process.stdout.write(`${VERSION}\n`);
      return 0;
    }
    case "--help":
    case "-h":
    case "help": {
      const { USAGE } = await import("./usage.js");
      process.stdout.write(`${USAGE}\n`);
      return 0;
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
