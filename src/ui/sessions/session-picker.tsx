import { shortId } from "../../common/format.js";
import { Box, Text } from "ink";
import { useEffect, useState } from "react";
import { sanitizeLine } from "../../markdown/sanitize.js";
import { timeOf, type SessionEntry } from "../../state/persistence/session-entry.js";
import { fitLine } from "../app/layout.js";
import { useListPicker } from "../pickers/use-list-picker.js";
import { pickerOrder, shortAge } from "./picker-order.js";

/** Props of {@link SessionPicker}. */
export interface SessionPickerProps {
  /** The local index (read when the picker opens). */
  readonly load: () => Promise<readonly SessionEntry[]>;
  readonly cwd: string;
  /** The pane's own session, marked and not offered as a choice to switch to. */
  readonly currentId?: string;
  readonly width: number;
  /** Lines it may take, its title and hint included. */
  readonly maxLines: number;
  readonly onChoose: (entry: SessionEntry) => void;
  readonly onClose: () => void;
  /** The clock, for tests. */
  readonly now?: () => number;
}

type Loaded =
  | { readonly state: "loading" }
  | { readonly state: "failed"; readonly message: string }
  | { readonly state: "ready"; readonly entries: readonly SessionEntry[] };

/**
 * `/sessions`: the sessions known on this machine (the local index), the pane's cwd first, newest first;
 * ↑/↓ move, ⏎ resumes the chosen one, esc closes. Keys go through the router's modal layer, so nothing
 * reaches the input while it is open.
 */
export function SessionPicker({
  load,
  cwd,
  currentId,
  width,
  maxLines,
  onChoose,
  onClose,
  now = Date.now,
}: SessionPickerProps) {
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  useEffect(() => {
    let live = true;
    load().then(
      (entries) => live && setLoaded({ state: "ready", entries: pickerOrder(entries, cwd) }),
      (error: unknown) =>
        live && setLoaded({ state: "failed", message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [load, cwd]);
  const entries = loaded.state === "ready" ? loaded.entries : [];

  const { selected, first, shown } = useListPicker(entries, maxLines, { onChoose, onClose });
  return (
    <Box flexDirection="column">
      <Text bold wrap="truncate-end">
        {fitLine(loaded.state === "ready" ? `Sessions (${entries.length})` : "Sessions", width)}
      </Text>
      {loaded.state === "loading" ? <Text dimColor>reading the index…</Text> : null}
      {loaded.state === "failed" ? (
        <Text color="red">{fitLine(`could not read the index: ${sanitizeLine(loaded.message)}`, width)}</Text>
      ) : null}
      {loaded.state === "ready" && entries.length === 0 ? (
        <Text dimColor>{fitLine("no sessions recorded on this machine yet", width)}</Text>
      ) : null}
      {shown.map((entry, index) => {
        const active = first + index === selected;
        const mark = entry.id === currentId ? "•" : " ";
        const where = entry.cwd === cwd ? "" : ` · ${entry.cwd.split("/").pop() ?? entry.cwd}`;
        const line = `${active ? "›" : " "}${mark}${shortId(entry.id)} ${shortAge(now() - timeOf(entry.lastActivity)).padStart(3)} ${sanitizeLine(entry.title) || "(no prompt yet)"}${where}`;
        return (
          <Text key={entry.id} {...(active ? { color: "cyan", bold: true } : {})} wrap="truncate-end">
            {fitLine(line, width)}
          </Text>
        );
      })}
      <Text dimColor wrap="truncate-end">
        {fitLine("↑↓ choose · ⏎ resume · esc close", width)}
      </Text>
    </Box>
  );
}
