import { Box, Text } from "ink";
import type { CompletionItem } from "./completion.js";
import { displayWidth, truncateToWidth } from "./graphemes.js";

/** Rows the menu shows at most; the live region must stay well under the pane height. */
export const MENU_ROWS = 6;

/** Props of {@link CompletionMenu}. */
export interface CompletionMenuProps {
  readonly items: readonly CompletionItem[];
  readonly selected: number;
  /** Columns available; every row is cut to it. */
  readonly width: number;
  readonly maxRows?: number;
}

/**
 * Agent command names and descriptions are untrusted (design.md §7): control characters, escapes included,
 * become blanks, and a multi-line description stays on its row.
 */
const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f-\u009f\s]+/g, " ").trim();

/** The first item shown: a window of `rows` that keeps `selected` in view, centred when it can be. */
function windowStart(selected: number, count: number, rows: number): number {
  return Math.max(0, Math.min(selected - Math.floor(rows / 2), count - rows));
}

/**
 * The `/` command and `@` file menu under the prompt: `› ` marks the highlighted entry; names are aligned
 * in a column of at most half the width, descriptions are cut to what is left.
 */
export function CompletionMenu({ items, selected, width, maxRows = MENU_ROWS }: CompletionMenuProps) {
  const start = windowStart(selected, items.length, maxRows);
  const shown = items.slice(start, start + maxRows);
  const inner = Math.max(1, width - 2);
  const labelWidth = Math.min(
    Math.max(1, ...shown.map((item) => displayWidth(oneLine(item.label)))),
    Math.max(1, Math.floor(inner / 2)),
  );
  return (
    <Box flexDirection="column">
      {shown.map((item, offset) => {
        const isSelected = start + offset === selected;
        const label = truncateToWidth(oneLine(item.label), labelWidth);
        const room = inner - labelWidth - 2;
        const description = item.description && room > 0 ? truncateToWidth(oneLine(item.description), room) : "";
        return (
          <Text key={item.label} wrap="truncate">
            <Text color={isSelected ? "cyan" : undefined} bold={isSelected}>
              {isSelected ? "› " : "  "}
              {label + " ".repeat(Math.max(0, labelWidth - displayWidth(label)))}
            </Text>
            {description ? <Text dimColor>{`  ${description}`}</Text> : null}
          </Text>
        );
      })}
    </Box>
  );
}
