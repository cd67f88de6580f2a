// Entry point of the bundled CLI. Subcommands are imported lazily so `zc-pane --version` and the demo agent
// do not pay for Ink and the markdown highlighter.
import { writeErr, writeOut } from "./terminal-out.js";
import { errorMessage } from "../common/error-message.js";

const [command, ...rest] = process.argv.slice(2);

// `--token T` would otherwise show in `ps` for every user of the machine (design.md §7): replace the
// process title, which Linux shows in place of the command line. Until then (and in /proc/PID/cmdline of
// the shell that ran us) it was readable: say so once, with the ways that do not expose it.
if (process.argv.some((arg) => arg === "--token" || arg.startsWith("--token="))) {
  process.title = "zc-pane";
  writeErr(
    "zc-pane: warning: --token can be read by other users of this machine (ps, /proc/PID/cmdline); use --token-file F or the ZEROCLAW_ACP_BRIDGE_TOKEN environment variable\n",
  );
}

async function main(): Promise<number> {
  switch (command) {
    case "demo-agent": {
      const { runDemoAgentCommand } = await import("./demo-agent-command.js");
      return runDemoAgentCommand(rest);
    }
    case "--version":
    case "-v": {
      const { VERSION } = await import("./version.js");
      writeOut(`${VERSION}\n`);
      return 0;
    }
    case "--help":
    case "-h":
    case "help": {
      const { USAGE } = await import("./usage.js");
      writeOut(`${USAGE}\n`);
      return 0;
    }
    case "prompt": {
      const { runPromptCommand } = await import("./prompt-command.js");
      return runPromptCommand(rest);
    }
    case "send": {
      const { runSendCommand } = await import("./send-command.js");
      return runSendCommand(rest);
    }
    case "pending": {
      const { runPendingCommand } = await import("./answer-command.js");
      return runPendingCommand(rest);
    }
    case "answer": {
      const { runAnswerCommand } = await import("./answer-command.js");
      return runAnswerCommand(rest);
    }
    case "sessions": {
      const { runSessionsCommand } = await import("./sessions-command.js");
      return runSessionsCommand(rest);
    }
    case "doctor": {
      const { runDoctorCommand } = await import("./doctor-command.js");
      return runDoctorCommand(rest);
    }
    default: {
      // No subcommand, or flags only: the interactive pane.
      if (command !== undefined && !command.startsWith("-")) {
        writeErr(`zc-pane: unknown command "${command}" (see zc-pane --help)\n`);
        return 2;
      }
      const { runPaneCommand } = await import("./pane-command.js");
      return runPaneCommand(process.argv.slice(2));
    }
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    writeErr(`zc-pane: ${errorMessage(error)}\n`);
    process.exitCode = 1;
  },
);
