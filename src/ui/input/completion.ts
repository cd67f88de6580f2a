/**
 * What the completion menu offers for the text around the cursor, and what choosing an entry does. Pure:
 * the directory listing arrives from `file-listing.ts` through the component, so this file never touches
 * the disk and is unit-tested on plain values.
 */
import { cpLength, cpSlice } from "./graphemes.js";
import { currentLine, setCursor, type TextBuffer } from "./text-buffer.js";

/** A `/` command the input can complete: a local one, or one the agent advertised. */
export interface CommandInfo {
  /** The command name, with or without its leading `/`. */
  readonly name: string;
  readonly description?: string;
  readonly source: "local" | "agent";
}

/** A directory entry offered after `@`. */
export interface DirEntry {
  readonly name: string;
  readonly isDirectory: boolean;
}

/** The token being completed: `[start, end)` in code points of line `row`. */
export type CompletionContext =
  | {
      readonly kind: "command";
      readonly query: string;
      readonly row: number;
      readonly start: number;
      readonly end: number;
    }
  | {
      readonly kind: "file";
      /** The directory part as typed, `""` or ending with `/`. */
      readonly dir: string;
      /** The name prefix after the last `/`. */
      readonly base: string;
      readonly row: number;
      readonly start: number;
      readonly end: number;
    };

/** One menu entry. */
export interface CompletionItem {
  readonly label: string;
  readonly description?: string;
  readonly source?: "local" | "agent";
  /** Replaces the token when chosen. */
  readonly replacement: string;
  /** A directory: completing it keeps the menu open on its content. */
  readonly continues: boolean;
}

/** Entries offered per directory, after the prefix filter (a huge directory must not flood the menu). */
export const MAX_FILE_ITEMS = 200;

/** The non-blank run around the cursor on its line, with its bounds. */
function tokenAtCursor(buffer: TextBuffer): { before: string; start: number; end: number } {
  const chars = Array.from(currentLine(buffer));
  let start = buffer.col;
  while (start > 0 && !/\s/u.test(chars[start - 1] ?? "")) start--;
  let end = buffer.col;
  while (end < chars.length && !/\s/u.test(chars[end] ?? "")) end++;
  return { before: chars.slice(start, buffer.col).join(""), start, end };
}

/**
 * The completion the cursor is in, if any: a `/command` at the very start of the input, or an `@path`
 * token (at a line start or after a blank, so `me@example.com` is left alone).
 */
export function findCompletionContext(buffer: TextBuffer): CompletionContext | undefined {
  const token = tokenAtCursor(buffer);
  if (buffer.row === 0 && token.start === 0 && token.before.startsWith("/")) {
    return { kind: "command", query: token.before.slice(1), row: 0, start: 0, end: token.end };
  }
  if (!token.before.startsWith("@")) return undefined;
  const path = token.before.slice(1);
  const slash = path.lastIndexOf("/") + 1;
  return {
    kind: "file",
    dir: path.slice(0, slash),
    base: path.slice(slash),
    row: buffer.row,
    start: token.start,
    end: token.end,
  };
}

/** A key that changes whenever the menu's content may change (the selection resets then). */
export function contextKey(context: CompletionContext): string {
  const query = context.kind === "command" ? context.query : context.dir + context.base;
  return `${context.kind}:${context.row}:${context.start}:${query}`;
}

const UNTYPEABLE = /[\s\u0000-\u001f\u007f-\u009f]/u;
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;
const bareName = (name: string) => name.replace(/^\//, "");

/**
 * Commands whose name starts with `query` (case-insensitive): local ones first, then the agent's, each
 * name once (a local command shadows an agent one of the same name, since local commands are never sent).
 */
export function commandItems(commands: readonly CommandInfo[], query: string): CompletionItem[] {
  const wanted = query.toLowerCase();
  const seen = new Set<string>();
  const ordered = [...commands.filter((c) => c.source === "local"), ...commands.filter((c) => c.source !== "local")];
  const items: CompletionItem[] = [];
  for (const command of ordered) {
    const name = bareName(command.name);
    // A name with blanks or controls (agent data is untrusted) could not be typed back as one token.
    if (!name || UNTYPEABLE.test(name) || seen.has(name) || !name.toLowerCase().startsWith(wanted)) continue;
    seen.add(name);
    items.push({
      label: `/${name}`,
      source: command.source,
      replacement: `/${name} `,
      continues: false,
      ...(command.description === undefined ? {} : { description: command.description }),
    });
  }
  return items;
}

/**
 * Entries of the context's directory matching its name prefix (case-insensitive). Hidden entries only
 * when the prefix starts with `.`, as shells do.
 */
export function fileItems(
  entries: readonly DirEntry[],
  context: Extract<CompletionContext, { kind: "file" }>,
): CompletionItem[] {
  const wanted = context.base.toLowerCase();
  const showHidden = context.base.startsWith(".");
  const items: CompletionItem[] = [];
  for (const entry of entries) {
    if (items.length >= MAX_FILE_ITEMS) break;
    if (entry.name.startsWith(".") && !showHidden) continue;
    // A name with controls (an escape sequence in a file name) must not reach the menu or the input.
    if (CONTROLS.test(entry.name)) continue;
    if (!entry.name.toLowerCase().startsWith(wanted)) continue;
    const label = context.dir + entry.name + (entry.isDirectory ? "/" : "");
    items.push({ label, replacement: `@${label}${entry.isDirectory ? "" : " "}`, continues: entry.isDirectory });
  }
  return items;
}

/** True when the token already reads as `item` would complete it (Enter then submits instead). */
export function isAlreadyComplete(buffer: TextBuffer, context: CompletionContext, item: CompletionItem): boolean {
  const token = cpSlice(buffer.lines[context.row] ?? "", context.start, context.end);
  return !item.continues && token === item.replacement.trimEnd();
}

/** Replaces the context's token by the item (one blank after it, never two) and puts the cursor after it. */
export function applyCompletion(buffer: TextBuffer, context: CompletionContext, item: CompletionItem): TextBuffer {
  const line = buffer.lines[context.row] ?? "";
  let tail = cpSlice(line, context.end);
  if (item.replacement.endsWith(" ") && tail.startsWith(" ")) tail = tail.slice(1);
  const nextLine = cpSlice(line, 0, context.start) + item.replacement + tail;
  const lines = buffer.lines.map((text, index) => (index === context.row ? nextLine : text));
  return setCursor({ lines, row: context.row, col: 0 }, context.row, context.start + cpLength(item.replacement));
}
