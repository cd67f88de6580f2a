import { Box, Text } from "ink";
import { truncateToWidth } from "./graphemes.js";
import type { TextBuffer } from "./text-buffer.js";
import type { Layout, VisualRow } from "./visual-layout.js";

/** Props of {@link PromptView}. */
export interface PromptViewProps {
  readonly buffer: TextBuffer;
  readonly layout: Layout;
  /** First visible row (see `scrollTop`). */
  readonly top: number;
  readonly maxRows: number;
  /** Columns for the text, after the two-column marker. */
  readonly contentWidth: number;
  readonly active: boolean;
  readonly placeholder?: string;
}

const MARKER = "> ";

/**
 * The marker column: `> ` on the text's first row, and arrows on the window's edges when rows are scrolled
 * out of view, so a capped input still says there is more (without spending a row on it).
 */
function marker(rowIndex: number, top: number, bottom: number, rowCount: number): string {
  if (rowIndex === 0) return MARKER;
  if (rowIndex === top) return "↑ ";
  if (rowIndex === bottom - 1 && bottom < rowCount) return "↓ ";
  return "  ";
}

function RowText({ row, cursorCol, active }: { row: VisualRow; cursorCol: number | undefined; active: boolean }) {
  const text = (from: number, to?: number) =>
    row.cells
      .slice(from, to)
      .map((cell) => cell.display)
      .join("");
  if (cursorCol === undefined || !active) return <Text dimColor={!active}>{text(0)}</Text>;
  // The cursor is drawn by us as an inverse cell (ink hides the terminal's own); past the end, on a blank.
  const at = row.cells.findIndex((cell) => cell.start >= cursorCol);
  if (at === -1) {
    return (
      <Text>
        {text(0)}
        <Text inverse> </Text>
      </Text>
    );
  }
  return (
    <Text>
      {text(0, at)}
      <Text inverse>{row.cells[at]?.display}</Text>
      {text(at + 1)}
    </Text>
  );
}

/**
 * Draws the wrapped prompt: at most `maxRows` rows around the cursor, a `> ` marker, our own cursor, and
 * the placeholder (dim) while the text is empty. Dimmed and cursorless when inactive (a modal has the keys).
 */
export function PromptView({ buffer, layout, top, maxRows, contentWidth, active, placeholder }: PromptViewProps) {
  const isEmpty = buffer.lines.length === 1 && buffer.lines[0] === "";
  if (isEmpty) {
    const hint = truncateToWidth(placeholder ?? "", Math.max(0, contentWidth - 1));
    return (
      <Text wrap="truncate">
        <Text color={active ? "cyan" : undefined} dimColor={!active}>
          {MARKER}
        </Text>
        {active ? <Text inverse> </Text> : null}
        <Text dimColor>{hint}</Text>
      </Text>
    );
  }
  const bottom = Math.min(layout.rows.length, top + maxRows);
  const visible = layout.rows.slice(top, bottom);
  return (
    <Box flexDirection="column">
      {visible.map((row, offset) => {
        const index = top + offset;
        return (
          <Text key={index} wrap="truncate">
            <Text color={active ? "cyan" : undefined} dimColor={!active}>
              {marker(index, top, bottom, layout.rows.length)}
            </Text>
            <RowText row={row} cursorCol={index === layout.cursorRow ? buffer.col : undefined} active={active} />
          </Text>
        );
      })}
    </Box>
  );
}
