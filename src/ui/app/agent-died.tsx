import { Box, Text } from "ink";
import { memo } from "react";
import { sanitizeText } from "../../markdown/sanitize.js";
import type { AgentDeath } from "../../state/view-model.js";
import { fitLine } from "./layout.js";

/** Props of {@link AgentDied}. */
export interface AgentDiedProps {
  readonly death: AgentDeath;
  readonly width: number;
  /** Lines it may take. */
  readonly maxLines: number;
}

const STDERR_LINES = 4;

function stderrLines(death: AgentDeath): string[] {
  const tail = death.stderrTail ? sanitizeText(death.stderrTail).trimEnd() : "";
  return tail ? tail.split("\n").slice(-STDERR_LINES) : [];
}

/** Lines {@link AgentDied} wants. */
export function agentDiedLines(death: AgentDeath): number {
  const stderr = stderrLines(death).length;
  return 2 + (stderr > 0 ? stderr + 1 : 0) + 1;
}

function describeExit(death: AgentDeath): string {
  const parts = [];
  if (death.exitCode !== undefined && death.exitCode !== null) parts.push(`exit code ${death.exitCode}`);
  if (death.signal) parts.push(`signal ${death.signal}`);
  return parts.length > 0 ? ` (${parts.join(", ")})` : "";
}

/**
 * The agent is gone: its exit code, signal and last stderr lines, and the offer to restart it and resume
 * the session. The transcript above and the draft in the input stay as they were.
 */
export const AgentDied = memo(function AgentDied({ death, width, maxLines }: AgentDiedProps) {
  const stderr = stderrLines(death);
  const lines = [
    // No exit code or signal: it never started (not found, refused), or the connection failed.
    {
      text:
        death.exitCode === undefined && death.signal === undefined
          ? "✗ the agent is not running"
          : `✗ the agent stopped${describeExit(death)}`,
      color: "red",
      bold: true,
    },
    { text: sanitizeText(death.message).split("\n")[0] ?? "", color: undefined, bold: false },
    ...(stderr.length > 0
      ? [
          { text: "stderr:", color: "gray", bold: false },
          ...stderr.map((line) => ({ text: `  ${line}`, color: "gray", bold: false })),
        ]
      : []),
  ];
  const action = { text: "r restart and resume · ctrl+c quit", color: "yellow", bold: true };
  const kept = [...lines.slice(0, Math.max(0, maxLines - 1)), action].slice(-Math.max(1, maxLines));
  return (
    <Box flexDirection="column">
      {kept.map((line, index) => (
        <Text key={index} color={line.color} bold={line.bold} wrap="truncate-end">
          {fitLine(line.text || " ", width)}
        </Text>
      ))}
    </Box>
  );
});
