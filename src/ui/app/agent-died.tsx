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

/** Lines {@link AgentDied} wants: none when the agent left nothing on stderr. */
export function agentDiedLines(death: AgentDeath): number {
  const stderr = stderrLines(death).length;
  return stderr > 0 ? stderr + 1 : 0;
}

/**
 * What the dead agent last wrote on stderr, under the transcript's one line that says it died (with its exit
 * code or signal) and above the footer's offer to restart: the panel adds the why, it does not repeat the what.
 */
export const AgentDied = memo(function AgentDied({ death, width, maxLines }: AgentDiedProps) {
  const stderr = stderrLines(death);
  const lines = [
    { text: "the agent's last stderr lines:", color: "gray" },
    ...stderr.map((line) => ({ text: `  ${line}`, color: "gray" })),
  ];
  const kept = [lines[0]!, ...lines.slice(1).slice(-Math.max(0, maxLines - 1))].slice(0, Math.max(1, maxLines));
  return (
    <Box flexDirection="column">
      {kept.map((line, index) => (
        <Text key={index} color={line.color} wrap="truncate-end">
          {fitLine(line.text || " ", width)}
        </Text>
      ))}
    </Box>
  );
});
