import { Box, Text } from "ink";
import type { ReactNode } from "react";
import { sanitizeLine, sanitizeText } from "../../markdown/sanitize.js";
import {
  capLineLength,
  expandTabs,
  fitToWidth,
  formatHiddenLines,
  truncateLines,
  visibleWidth,
} from "../../markdown/wrap.js";
import type { PermissionToolCall, ToolCallContent } from "../../protocol/index.js";
import { summarizeToolInput, toolDisplayName } from "../../state/tool-summary.js";
import { DiffView } from "../diff/diff-view.js";

/** Rows of text content (a command, an argument summary) shown at most. */
const MAX_TEXT_ROWS = 6;

/**
 * Wraps untrusted text to `width` and keeps at most `maxRows` rows. The text is cut to a few screens before
 * it is sanitized and wrapped: a 1 MB tool argument must not cost a 1 MB wrap for six rows.
 */
export function capBlock(text: string, width: number, maxRows: number): { rows: string[]; hidden: number } {
  const bounded = text.length > width * maxRows * 4 + 256 ? text.slice(0, width * maxRows * 4 + 256) : text;
  const logical = truncateLines(expandTabs(sanitizeText(bounded)).trim(), maxRows);
  const wrapped = truncateLines(fitToWidth(capLineLength(logical.text, width * maxRows), width), maxRows);
  const rows = wrapped.text === "" ? [] : wrapped.text.split("\n").map((row) => capLineLength(row, width));
  return { rows, hidden: logical.hiddenLines + wrapped.hiddenLines };
}

/** Props of {@link RequestHeader}. */
export interface RequestHeaderProps {
  readonly toolCall: PermissionToolCall;
  readonly width: number;
  /** `1 of 3` when more requests wait behind this one. */
  readonly position?: string;
  /** True for an ask_user question: the title is the question, so it gets more rows and no kind. */
  readonly question: boolean;
  /** The countdown, when the agent's timeout is known. */
  readonly countdown?: ReactNode;
}

/** The tool's name (or the question), the queue position, then its kind and the time left to answer. */
export function RequestHeader({ toolCall, width, position, question, countdown }: RequestHeaderProps) {
  const positionWidth = position ? visibleWidth(position) + 1 : 0;
  const titleWidth = Math.max(4, width - positionWidth);
  const title = capBlock(toolDisplayName(toolCall), titleWidth, question ? 5 : 2);
  const kind = question || !toolCall.kind ? undefined : sanitizeLine(toolCall.kind).trim();
  return (
    <Box flexDirection="column" width={width}>
      <Box>
        <Box flexDirection="column" width={titleWidth}>
          {title.rows.map((row, index) => (
            <Text key={index} bold wrap="truncate-end">
              {index === title.rows.length - 1 && title.hidden > 0 ? `${capLineLength(row, titleWidth - 1)}…` : row}
            </Text>
          ))}
        </Box>
        {position ? <Text dimColor> {position}</Text> : null}
      </Box>
      {kind || countdown ? (
        <Text wrap="truncate-end">
          {kind ? <Text color="magenta">{capLineLength(kind, Math.max(4, Math.floor(width / 2)))}</Text> : null}
          {kind && countdown ? <Text dimColor> · </Text> : null}
          {countdown}
        </Text>
      ) : null}
    </Box>
  );
}

function TextBlock({ text, width }: { text: string; width: number }) {
  const { rows, hidden } = capBlock(text, width, MAX_TEXT_ROWS);
  return (
    <Box flexDirection="column" width={width}>
      {rows.map((row, index) => (
        <Text key={index} wrap="truncate-end">
          {row || " "}
        </Text>
      ))}
      {hidden > 0 ? <Text dimColor>{formatHiddenLines(hidden)}</Text> : null}
    </Box>
  );
}

/** A content item the modal does not draw: named, so the user knows something is there. */
function placeholder(item: ToolCallContent): string {
  if (item.type === "content")
    return `[${sanitizeLine(item.content.type === "unsupported" ? item.content.kind : item.content.type)}]`;
  if (item.type === "unsupported") return `[unsupported content: ${sanitizeLine(item.kind)}]`;
  return `[${item.type}]`;
}

/** Props of {@link RequestBody}. */
export interface RequestBodyProps {
  readonly toolCall: PermissionToolCall;
  readonly width: number;
  /** Rows the diff may use (the modal derives it from the terminal height). */
  readonly diffLines: number;
}

/**
 * What the agent wants to do: the text content (ZeroClaw's `command: git push origin main` summary), the
 * first diff as a {@link DiffView}, or, when the agent sent no content (standard agents), the command or
 * path from `rawInput`.
 */
export function RequestBody({ toolCall, width, diffLines }: RequestBodyProps) {
  const content = toolCall.content ?? [];
  const parts: ReactNode[] = [];
  let diffs = 0;
  for (const [index, item] of content.entries()) {
    if (item.type === "diff") {
      if (diffs++ === 0) {
        parts.push(
          <DiffView
            key={index}
            path={item.path}
            oldText={item.oldText}
            newText={item.newText}
            width={width}
            maxLines={diffLines}
          />,
        );
      }
    } else if (item.type === "content" && item.content.type === "text") {
      parts.push(<TextBlock key={index} text={item.content.text} width={width} />);
    } else {
      parts.push(
        <Text key={index} dimColor wrap="truncate-end">
          {capLineLength(placeholder(item), width)}
        </Text>,
      );
    }
  }
  if (diffs > 1) {
    parts.push(
      <Text key="more-diffs" dimColor>
        {capLineLength(`… and ${diffs - 1} more ${diffs === 2 ? "file" : "files"}`, width)}
      </Text>,
    );
  }
  if (content.length === 0) {
    const summary = summarizeToolInput(toolCall);
    if (summary) parts.push(<TextBlock key="summary" text={summary} width={width} />);
  }
  if (parts.length === 0) return null;
  return (
    <Box flexDirection="column" width={width} marginTop={1}>
      {parts}
    </Box>
  );
}
