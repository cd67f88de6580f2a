import { resolve } from "node:path";
import { UsageError } from "../config/connection.js";
import { CONNECTION_OPTIONS, connectionOptionsFrom, parseCommandArgs } from "./args.js";
import { doctorReportJson, formatDoctorReport } from "./doctor/report.js";
import { runDoctor } from "./doctor/run.js";
import { writeErr, writeOut } from "./terminal-out.js";

export const DOCTOR_USAGE = `Usage: zc-pane doctor [connection options] [--live] [--json]

Checks the setup zc-pane would use with the same connection options, and says what to fix:
the config file, the directory, the state directory; the agent's command on PATH (and its --version),
that it starts and answers initialize within 10 s (else its last stderr lines), the protocol version,
its capabilities, whether it needs authentication (session/new in a scratch directory); for --gateway,
the URL, the token's source and file permissions, and whether the gateway answers (401 vs refused).
  --live   also run one turn asking for an exact reply; every permission request is answered cancelled
  --json   print the checks as JSON
Each check prints ok, warn or fail. Exit codes: 0 nothing failed, 1 a check failed, 2 usage.
Connection options: see zc-pane --help (--agent NAME, --agent-cmd "CMD", --demo, --gateway [URL], --auth ID, …).`;

/** `zc-pane doctor [connection options] [--live] [--json]`: exit 0 when nothing failed, 1 when a check failed, 2 on usage errors. */
export async function runDoctorCommand(argv: readonly string[]): Promise<number> {
  let args;
  try {
    args = parseCommandArgs(argv, { ...CONNECTION_OPTIONS, live: { type: "boolean" }, json: { type: "boolean" } });
    if (args.values.help) {
      writeOut(`${DOCTOR_USAGE}\n`);
      return 0;
    }
    if (args.positionals.length > 0) throw new UsageError(`unexpected argument "${args.positionals[0]}"`);
    const report = await runDoctor({
      connection: connectionOptionsFrom(args.values),
      cwd: resolve(args.values.cwd ?? process.cwd()),
      live: args.values.live === true,
    });
    writeOut(args.values.json ? doctorReportJson(report) : formatDoctorReport(report));
    return report.ok ? 0 : 1;
  } catch (error) {
    if (error instanceof UsageError) {
      writeErr(`zc-pane doctor: ${error.message}\n\n${DOCTOR_USAGE}\n`);
      return 2;
    }
    throw error;
  }
}
