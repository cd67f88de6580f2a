import type { HistoryEntry, HistoryList } from "./history-entry.js";

/**
 * Everything of an entry a search looks at: a message's markdown source, a thought, a prompt; for a tool row
 * its title, kind, command (summary), raw input, output, terminal tail and diffs. Computed once per entry
 * (entries are immutable) and kept with it.
 */
const texts = new WeakMap<HistoryEntry, { exact: string; folded: string }>();

function textOf({ record }: HistoryEntry): string {
  switch (record.kind) {
    case "user":
      return record.attachments.length > 0 ? `${record.text}\n${record.attachments.join("\n")}` : record.text;
    case "agent-text":
      return record.markdown;
    case "thought":
      return record.text;
    case "tool": {
      const { row } = record;
      const diffs = row.diffs.flatMap((diff) => [diff.path, diff.oldText ?? "", diff.newText]);
      return [row.title, row.kind, row.summary, row.inputText, row.output, row.terminalTail, ...diffs]
        .filter((part): part is string => typeof part === "string" && part !== "")
        .join("\n");
    }
    case "plan":
      return record.entries.map((plan) => plan.content).join("\n");
    case "banner":
      return `${record.agent} ${record.sessionId}`;
    case "delivered-file":
      return `${record.delivery.title} ${record.delivery.savedPath ?? ""} ${record.delivery.error ?? ""}`;
    case "error":
    case "notice":
      return record.message;
    case "turn-cancelled":
      return "turn cancelled";
    case "permission":
      return `${record.title} ${record.answer}`;
    case "unsupported":
      return record.what;
    case "file-written":
      return record.diff ? `${record.path}\n${record.diff.oldText ?? ""}\n${record.diff.newText}` : record.path;
  }
}

/** The searchable text of `entry`, as is (`exact`) and lower-cased (`folded`). */
export function searchableText(entry: HistoryEntry): { exact: string; folded: string } {
  let text = texts.get(entry);
  if (!text) {
    const exact = textOf(entry);
    text = { exact, folded: exact.toLowerCase() };
    texts.set(entry, text);
  }
  return text;
}

/** Smart case (as in vim and less): a query with a capital letter matches case-sensitively, else not. */
export function isCaseSensitive(query: string): boolean {
  return query !== query.toLowerCase();
}

/** Where a query occurs: per match, its entry index and which occurrence within that entry (0-based). */
export interface SearchMatches {
  readonly query: string;
  readonly caseSensitive: boolean;
  /** Entry index of each match, ascending (chronological). */
  readonly entries: Int32Array;
  /** Occurrence of each match within its entry. */
  readonly occurrences: Int32Array;
}

/**
 * Every occurrence of `query` in `list`, oldest first. One `indexOf` scan per entry over cached text: a
 * search over 5,000 messages is a few milliseconds (bench `history_search_5k_ms`).
 */
export function searchHistory(list: HistoryList, query: string): SearchMatches {
  const caseSensitive = isCaseSensitive(query);
  const needle = caseSensitive ? query : query.toLowerCase();
  const entries: number[] = [];
  const occurrences: number[] = [];
  if (needle !== "") {
    for (let index = 0; index < list.length; index++) {
      const entry = list.at(index);
      if (!entry) continue;
      const text = searchableText(entry);
      const haystack = caseSensitive ? text.exact : text.folded;
      let at = haystack.indexOf(needle);
      for (let occurrence = 0; at >= 0; occurrence++) {
        entries.push(index);
        occurrences.push(occurrence);
        at = haystack.indexOf(needle, at + needle.length);
      }
    }
  }
  return { query, caseSensitive, entries: Int32Array.from(entries), occurrences: Int32Array.from(occurrences) };
}

/**
 * The match to jump to from entry `from`, going back in time: the last match in an entry before `from`
 * (`direction` -1), or the first after it (+1); wraps around at either end. `current` is the match the
 * cursor is on, if any (then the search moves on from it). Undefined when there are no matches.
 */
export function nextMatch(
  matches: SearchMatches,
  from: number,
  direction: -1 | 1,
  current?: number,
): number | undefined {
  const count = matches.entries.length;
  if (count === 0) return undefined;
  if (current !== undefined) return (current + direction + count) % count;
  // The first match at or before `from` going back (the entry under the cursor counts), else wrap.
  if (direction === -1) {
    let low = 0;
    let high = count;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (matches.entries[middle]! <= from) low = middle + 1;
      else high = middle;
    }
    return low === 0 ? count - 1 : low - 1;
  }
  let low = 0;
  let high = count;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (matches.entries[middle]! < from) low = middle + 1;
    else high = middle;
  }
  return low === count ? 0 : low;
}
