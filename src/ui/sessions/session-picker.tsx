import { shortId } from "../../common/format.js";
import { Box, Text } from "ink";
import { useEffect, useState } from "react";
import { sanitizeLine } from "../../markdown/sanitize.js";
import { shownTitle, timeOf } from "../../state/persistence/session-entry.js";
import type { DeletionPlan, ListedEntry } from "../../state/session-deletion.js";
import { wrapStyledLine } from "../../markdown/wrap.js";
import { fitLine } from "../app/layout.js";
import { keyLabel } from "../../config/keymap.js";
import { KEY_LAYER, useKeyMatcher, useKeymap, useKeys } from "../keys/key-router.js";
import { useListPicker } from "../pickers/use-list-picker.js";
import { pickerOrder, shortAge } from "./picker-order.js";
import { errorMessage } from "../../common/error-message.js";

/** What `/sessions` lists and does (src/cli/pane-sessions.ts). */
export interface SessionPickerSource {
  /** The local index, with the agent's own sessions when it lists them (read when the picker opens). */
  readonly load: () => Promise<readonly ListedEntry[]>;
  /** Enter: resume it here, or say how. */
  readonly choose: (entry: ListedEntry) => void;
  /** What deleting it would do: the question to ask, or why it cannot be deleted. */
  readonly planDelete: (entry: ListedEntry) => DeletionPlan;
  /** Deletes it as planned (the user said y); a notice says what was done. */
  readonly remove: (entry: ListedEntry, plan: DeletionPlan) => Promise<void>;
}

/** Props of {@link SessionPicker}. */
export interface SessionPickerProps {
  readonly source: SessionPickerSource;
  readonly cwd: string;
  /** The pane's own session, marked and not offered as a choice to switch to. */
  readonly currentId?: string;
  readonly width: number;
  /** Lines it may take, its title and hint included. */
  readonly maxLines: number;
  readonly onClose: () => void;
  /** The clock, for tests. */
  readonly now?: () => number;
}

type Loaded =
  | { readonly state: "loading" }
  | { readonly state: "failed"; readonly message: string }
  | { readonly state: "ready"; readonly entries: readonly ListedEntry[] };

/** The delete key's state: a question waiting for y/n, a refusal shown until the next key, a deletion under way. */
type Deleting =
  | { readonly state: "asking"; readonly entry: ListedEntry; readonly plan: DeletionPlan & { kind: "delete" } }
  | { readonly state: "refused"; readonly message: string }
  | { readonly state: "running" };

/**
 * `/sessions`: the sessions known on this machine (the local index) and the agent's own, the pane's cwd
 * first, newest first; ↑/↓ move, ⏎ resumes the chosen one, d deletes it (after y/n), esc closes. Keys go
 * through the router's modal layer (the delete question through the confirm layer above it), so nothing
 * reaches the input while it is open.
 */
export function SessionPicker({
  source,
  cwd,
  currentId,
  width,
  maxLines,
  onClose,
  now = Date.now,
}: SessionPickerProps) {
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  const [deleting, setDeleting] = useState<Deleting | undefined>();
  // Bumped after a deletion: the list is read again.
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    let live = true;
    source.load().then(
      (entries) => live && setLoaded({ state: "ready", entries: pickerOrder(entries, cwd) }),
      (error: unknown) => live && setLoaded({ state: "failed", message: errorMessage(error) }),
    );
    return () => {
      live = false;
    };
  }, [source, cwd, generation]);
  const entries = loaded.state === "ready" ? loaded.entries : [];

  // The question (or refusal) is wrapped, not cut: its y/n and the session it names must stay readable.
  const note =
    deleting?.state === "asking"
      ? { text: `${deleting.plan.question} (y/n)`, color: "yellow" }
      : deleting?.state === "refused"
        ? { text: deleting.message, color: "red" }
        : deleting?.state === "running"
          ? { text: "deleting…", color: "gray" }
          : undefined;
  const noteLines = note ? wrapStyledLine(note.text, width).slice(0, Math.max(1, maxLines - 3)) : [];
  const { selected, first, shown } = useListPicker(entries, maxLines - noteLines.length, {
    onChoose: (entry) => {
      onClose();
      source.choose(entry);
    },
    onClose,
  });
  const is = useKeyMatcher();
  useKeys(KEY_LAYER.confirm, (press) => {
    if (deleting?.state === "running") return !is("app.interrupt", press);
    if (deleting?.state === "asking") {
      if (is("confirm.yes", press)) {
        setDeleting({ state: "running" });
        void source.remove(deleting.entry, deleting.plan).finally(() => {
          setDeleting(undefined);
          setGeneration((value) => value + 1);
        });
        return true;
      }
      if (is("confirm.no", press)) setDeleting(undefined);
      return !is("app.interrupt", press);
    }
    // A refusal stays until the next key, which then does what it does.
    if (deleting?.state === "refused") setDeleting(undefined);
    const entry = entries[selected];
    if (!is("sessions.delete", press) || !entry) return false;
    const plan = source.planDelete(entry);
    setDeleting(
      plan.kind === "delete" ? { state: "asking", entry, plan } : { state: "refused", message: plan.message },
    );
    return true;
  });
  const deleteKey = keyLabel(useKeymap(), "sessions.delete");
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
        const agentOnly = entry.where === "agent" ? " (agent)" : "";
        const line = `${active ? "›" : " "}${mark}${shortId(entry.id)} ${(timeOf(entry.lastActivity) ? shortAge(now() - timeOf(entry.lastActivity)) : "?").padStart(3)} ${sanitizeLine(shownTitle(entry)) || "(no prompt yet)"}${agentOnly}${where}`;
        return (
          <Text key={entry.id} {...(active ? { color: "cyan", bold: true } : {})} wrap="truncate-end">
            {fitLine(line, width)}
          </Text>
        );
      })}
      {noteLines.map((line, index) => (
        <Text key={`note-${index}`} color={note?.color} bold={deleting?.state === "asking"} wrap="truncate-end">
          {line}
        </Text>
      ))}
      <Text dimColor wrap="truncate-end">
        {fitLine(`↑↓ · ⏎ resume · ${deleteKey} delete · esc close`, width)}
      </Text>
    </Box>
  );
}
