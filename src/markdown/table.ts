/**
 * Lays out a markdown table inside the pane width.
 *
 * marked-terminal hands tables to cli-table3 without any width, so a table with a long cell comes out wider
 * than a 40-column pane and ink wraps every border line into garbage. Here columns keep their natural width
 * when the table fits; otherwise the narrow columns keep theirs and the wide ones share what is left, with
 * their cells wrapped. When even 3 columns each cannot fit, every row is printed as `header: value` lines.
 */
import { visibleWidth } from "./width.js";
import { wrapStyledLine } from "./wrap.js";

/** Horizontal alignment of a column, as marked reports it. */
export type ColumnAlign = "left" | "right" | "center" | null;

/** A table whose cells are already rendered (inline styling applied). */
export interface TableCells {
  header: string[];
  rows: string[][];
  align: ColumnAlign[];
}

/** How table chrome is styled; identity functions give a plain table. */
export interface TableStyle {
  border(text: string): string;
  header(text: string): string;
}

/** Narrowest a wrapped column may become before the table switches to `header: value` lines. */
const MIN_COLUMN = 3;

function naturalWidth(cell: string): number {
  let widest = 1;
  for (const line of cell.split("\n")) widest = Math.max(widest, visibleWidth(line));
  return widest;
}

/**
 * Column widths that fit in `available` columns: narrow columns keep their natural width, the remaining
 * space is shared equally among the wider ones (water filling), and the rounding remainder goes to columns
 * that are still narrower than they would like.
 */
export function fitColumnWidths(natural: readonly number[], available: number): number[] {
  const total = natural.reduce((sum, width) => sum + width, 0);
  if (total <= available) return [...natural];
  const widths = natural.map(() => 0);
  const order = natural.map((_, index) => index).sort((a, b) => (natural[a] as number) - (natural[b] as number));
  let remaining = available;
  order.forEach((column, position) => {
    const share = Math.floor(remaining / (order.length - position));
    const width = Math.min(natural[column] as number, share);
    widths[column] = width;
    remaining -= width;
  });
  for (const column of order.slice().reverse()) {
    if (remaining === 0) break;
    if ((widths[column] as number) < (natural[column] as number)) {
      widths[column] = (widths[column] as number) + 1;
      remaining--;
    }
  }
  return widths;
}

function pad(text: string, width: number, align: ColumnAlign): string {
  const gap = Math.max(0, width - visibleWidth(text));
  if (align === "right") return " ".repeat(gap) + text;
  if (align === "center") return " ".repeat(Math.floor(gap / 2)) + text + " ".repeat(gap - Math.floor(gap / 2));
  return text + " ".repeat(gap);
}

function renderGrid(cells: TableCells, widths: number[], style: TableStyle): string[] {
  const rule = (left: string, middle: string, right: string) =>
    style.border(left + widths.map((width) => "─".repeat(width + 2)).join(middle) + right);
  const renderRow = (row: string[], isHeader: boolean): string[] => {
    const wrapped = widths.map((width, column) =>
      (row[column] ?? "").split("\n").flatMap((line) => wrapStyledLine(line, width)),
    );
    const height = Math.max(...wrapped.map((lines) => lines.length));
    const bar = style.border("│");
    const lines: string[] = [];
    for (let line = 0; line < height; line++) {
      const parts = widths.map((width, column) => {
        const text = pad(wrapped[column]?.[line] ?? "", width, cells.align[column] ?? null);
        return ` ${isHeader ? style.header(text) : text} `;
      });
      lines.push(bar + parts.join(bar) + bar);
    }
    return lines;
  };
  const body = cells.rows.map((row) => renderRow(row, false));
  // Without a rule between rows, two wrapped rows read as one: separate rows only when some row wraps.
  const separateRows = body.some((lines) => lines.length > 1);
  const out = [rule("┌", "┬", "┐"), ...renderRow(cells.header, true), rule("├", "┼", "┤")];
  body.forEach((lines, index) => {
    if (index > 0 && separateRows) out.push(rule("├", "┼", "┤"));
    out.push(...lines);
  });
  out.push(rule("└", "┴", "┘"));
  return out;
}

function renderStacked(cells: TableCells, width: number, style: TableStyle): string[] {
  const out: string[] = [];
  cells.rows.forEach((row, index) => {
    if (index > 0) out.push(style.border("─".repeat(Math.min(width, 20))));
    cells.header.forEach((header, column) => {
      out.push(`${style.header(`${header}:`)} ${(row[column] ?? "").replace(/\n/g, " ")}`);
    });
  });
  return out;
}

/**
 * Renders `cells` as a box-drawn table at most `width` columns wide (lines joined with `\n`, no trailing
 * newline). Stacked `header: value` lines replace the grid when the columns cannot fit; those lines may still
 * need wrapping by the caller.
 */
export function renderTable(cells: TableCells, width: number, style: TableStyle): string {
  const columns = Math.max(cells.header.length, ...cells.rows.map((row) => row.length));
  if (columns === 0) return "";
  const chrome = 3 * columns + 1;
  const available = width - chrome;
  if (available < MIN_COLUMN * columns) return renderStacked(cells, width, style).join("\n");
  const natural = Array.from({ length: columns }, (_, column) =>
    Math.max(naturalWidth(cells.header[column] ?? ""), ...cells.rows.map((row) => naturalWidth(row[column] ?? ""))),
  );
  return renderGrid(cells, fitColumnWidths(natural, available), style).join("\n");
}
