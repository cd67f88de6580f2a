import type { Check } from "./check.js";
import type { DoctorReport } from "./run.js";

const STATUS_WIDTH = 6;

/**
 * The human report: one line per check (`ok`, `warn`, `fail`, its title, what was found), a `fix:` line under
 * every warn and fail, and a closing count. Plain text, no colour: it is pasted into issues and read by grep.
 */
export function formatDoctorReport(report: DoctorReport): string {
  const titleWidth = Math.max(...report.checks.map((check) => check.title.length));
  const lines = [`zc-pane doctor: ${report.target}`];
  for (const check of report.checks) lines.push(...formatCheck(check, titleWidth));
  const failed = report.checks.filter((check) => check.status === "fail").length;
  const warned = report.checks.filter((check) => check.status === "warn").length;
  lines.push(
    "",
    failed > 0
      ? `${failed} check${failed === 1 ? "" : "s"} failed.`
      : warned > 0
        ? `All good, with ${warned} warning${warned === 1 ? "" : "s"}.`
        : "All good.",
  );
  return `${lines.join("\n")}\n`;
}

function formatCheck(check: Check, titleWidth: number): string[] {
  const indent = " ".repeat(STATUS_WIDTH + titleWidth + 2);
  const [first = "", ...rest] = check.detail.split("\n");
  const lines = [
    `${check.status.padEnd(STATUS_WIDTH)}${check.title.padEnd(titleWidth)}  ${first}`,
    ...rest.map((line) => `${indent}${line}`),
  ];
  if (check.fix && check.status !== "ok") lines.push(`${indent}fix: ${check.fix}`);
  return lines;
}

/** `--json`: the report as one JSON document (`{target, ok, checks: [{id, title, status, detail, fix?}]}`). */
export function doctorReportJson(report: DoctorReport): string {
  return `${JSON.stringify({ target: report.target, ok: report.ok, checks: report.checks }, null, 2)}\n`;
}
