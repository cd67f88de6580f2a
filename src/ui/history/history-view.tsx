import { Box, Text } from "ink";
import { useEffect, useState, useSyncExternalStore, type ReactNode } from "react";
import type { KeyPress } from "../../config/keymap.js";
import type { HistoryEntry, HistoryList } from "../../state/history/history-entry.js";
import { fitLine } from "../app/layout.js";
import { KEY_LAYER, useKeyMatcher, useKeys } from "../keys/key-router.js";
import { visibleWidth } from "../../markdown/wrap.js";
import { HistoryController } from "./history-controller.js";
import type { HistoryModel } from "./history-model.js";
import { errorMessage } from "../../common/error-message.js";

/** The first word of the view's top line (tests and the e2e harness look for it). */
export const HISTORY_TITLE = "History";

/** Props of {@link HistoryView}. */
export interface HistoryViewProps {
  /** The session's entries, the live turn included; a new list when it changed. */
  readonly list: HistoryList;
  readonly width: number;
  /** Lines the view may take, all included (its title and footer lines, and the modal's). */
  readonly height: number;
  readonly onClose: () => void;
  /** Copies text for the user (OSC 52, a tmux buffer); resolves to what to say ("copied 12 lines"). */
  readonly copy?: (text: string) => Promise<string>;
  /** A permission request or question: drawn at the bottom, over the view (its keys come first). */
  readonly modal?: ReactNode;
  readonly modalHeight?: number;
  /**
   * A per-entry action for keys the view does not use (e.g. opening a tool row's location in the editor):
   * called with the entry under the cursor; returns true when it took the key.
   */
  readonly onEntryKey?: (entry: HistoryEntry, press: KeyPress) => boolean;
  /** The keys `onEntryKey` takes, for the footer (`o open`). */
  readonly entryKeysHint?: string;
}

type Mode = { readonly kind: "browse" } | { readonly kind: "search"; readonly query: string };

const isPrintable = (press: KeyPress): boolean =>
  press.input !== "" && !press.key.ctrl && !press.key.meta && !/[\u0000-\u001f\u007f]/.test(press.input);

/**
 * The history view (Ctrl+T): the whole session, full screen, from a {@link HistoryModel} that renders only
 * the rows on screen (run by a {@link HistoryController}, outside React's render). Top line: "History" and where the cursor is; bottom line: the search line, what was
 * just copied, or the keys.
 */
export function HistoryView({
  list,
  width,
  height,
  onClose,
  copy,
  modal,
  modalHeight = 0,
  onEntryKey,
  entryKeysHint,
}: HistoryViewProps) {
  const is = useKeyMatcher();
  const bodyRows = Math.max(1, height - 2 - modalHeight);
  const [controller] = useState(() => new HistoryController(list, width - 1, bodyRows));
  const screen = useSyncExternalStore(controller.subscribe, controller.getScreen);
  const [mode, setMode] = useState<Mode>({ kind: "browse" });
  const [note, setNote] = useState<string | undefined>(undefined);
  useEffect(() => controller.setList(list), [controller, list]);
  useEffect(() => controller.setSize(width - 1, bodyRows), [controller, width, bodyRows]);

  const copyTarget = (whole: boolean) =>
    controller.run((model) => {
      const target = model.copyTarget(whole);
      if (!target || !copy) return;
      const lines = target.text.split("\n").length;
      void copy(target.text).then(
        (where) => setNote(`copied ${lines} line${lines === 1 ? "" : "s"} (${target.what})${where ? ` ${where}` : ""}`),
        (error: unknown) => setNote(`copy failed: ${errorMessage(error)}`),
      );
    });

  useKeys(KEY_LAYER.history, (press) => {
    setNote(undefined);
    if (mode.kind === "search") {
      if (press.key.escape) {
        controller.run((model) => model.search(""));
        setMode({ kind: "browse" });
      } else if (press.key.return) {
        setMode({ kind: "browse" });
        const { query } = mode;
        controller.run((model) => {
          if (!model.jumpToMatch(-1) && query !== "") setNote(`no match for ${query}`);
        });
      } else if (press.key.backspace || press.key.delete) {
        const query = mode.query.slice(0, -1);
        controller.run((model) => model.search(query));
        setMode({ kind: "search", query });
      } else if (isPrintable(press)) {
        const query = mode.query + press.input;
        controller.run((model) => model.search(query));
        setMode({ kind: "search", query });
      }
      // Ctrl+C still reaches the pane (cancel, quit); nothing else leaves the search line.
      return !is("app.interrupt", press);
    }
    if (is("history.close", press)) {
      onClose();
      return true;
    }
    if (is("app.interrupt", press)) return false;
    const move = ((): ((model: HistoryModel) => void) | undefined => {
      if (is("history.up", press)) return (model) => model.move(-1);
      if (is("history.down", press)) return (model) => model.move(1);
      if (is("history.pageUp", press)) return (model) => model.page(-1);
      if (is("history.pageDown", press)) return (model) => model.page(1);
      if (is("history.first", press)) return (model) => model.home();
      if (is("history.last", press)) return (model) => model.end();
      if (is("history.prevPrompt", press)) return (model) => model.jumpTo("user", -1);
      if (is("history.nextPrompt", press)) return (model) => model.jumpTo("user", 1);
      if (is("history.prevTool", press)) return (model) => model.jumpTo("tool", -1);
      if (is("history.nextTool", press)) return (model) => model.jumpTo("tool", 1);
      if (is("history.expand", press)) return (model) => model.toggleExpanded();
      if (is("history.nextMatch", press)) return (model) => model.jumpToMatch(-1);
      if (is("history.prevMatch", press)) return (model) => model.jumpToMatch(1);
      return undefined;
    })();
    if (move) controller.run(move);
    else if (is("history.search", press)) setMode({ kind: "search", query: "" });
    else if (is("history.copy", press)) copyTarget(false);
    else if (is("history.copyItem", press)) copyTarget(true);
    else if (onEntryKey)
      controller.run((model) => {
        if (model.entry) onEntryKey(model.entry, press);
      });
    // The view owns the keyboard while it is open: nothing reaches the input below it.
    return true;
  });

  const title = fitLine(
    `${HISTORY_TITLE}${screen.where ? ` · ${screen.where}` : ""}${screen.search ? ` · ${screen.search}` : ""}`,
    width,
  );
  const footer =
    mode.kind === "search"
      ? `/${mode.query}▏`
      : (note ??
        `↑↓ PgUp PgDn · [ ] prompts · { } tools · / search · ⏎ expand · y Y copy${entryKeysHint ? ` · ${entryKeysHint}` : ""} · q back`);
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text bold inverse wrap="truncate-end">
        {title + " ".repeat(Math.max(0, width - visibleWidth(title)))}
      </Text>
      <Box flexDirection="column" height={bodyRows} overflowY="hidden">
        {screen.rows.map((row, position) => (
          <Text key={position} wrap="truncate-end">
            <Text color="cyan">{row.cursor ? "▶" : row.current ? "│" : " "}</Text>
            {row.text}
          </Text>
        ))}
      </Box>
      {modal ? <Box flexDirection="column">{modal}</Box> : null}
      <Text dimColor={mode.kind !== "search" && note === undefined} wrap="truncate-end">
        {fitLine(footer, width)}
      </Text>
    </Box>
  );
}
