import { Box, Text } from "ink";
import { useState } from "react";
import type { ModelChoice, ModelChoiceItem } from "../../state/settings-actions.js";
import { fitLine } from "../app/layout.js";
import { KEY_LAYER, useKeyMatcher, useKeys } from "../keys/key-router.js";

/** Props of {@link ModelPicker}. */
export interface ModelPickerProps {
  /** The session's model choice (its items are already sanitized). */
  readonly choice: ModelChoice;
  readonly width: number;
  /** Lines it may take, title and hint included. */
  readonly maxLines: number;
  readonly onChoose: (item: ModelChoiceItem) => void;
  readonly onClose: () => void;
}

/**
 * `/model`: the agent's models, the current one marked and selected first; ↑↓ move, Enter chooses, Esc
 * closes. Built on the key router's modal layer, not Ink focus (which Esc drops in 6.8), so no key reaches
 * the input while it is open.
 */
export function ModelPicker({ choice, width, maxLines, onChoose, onClose }: ModelPickerProps) {
  const { items } = choice;
  const [selected, setSelected] = useState(() => Math.max(0, items.findIndex((item) => item.value === choice.current)));
  const is = useKeyMatcher();

  useKeys(KEY_LAYER.modal, (press) => {
    if (is("modal.cancel", press)) {
      onClose();
      return true;
    }
    if (is("modal.up", press)) {
      setSelected((index) => Math.max(0, index - 1));
      return true;
    }
    if (is("modal.down", press)) {
      setSelected((index) => Math.min(items.length - 1, index + 1));
      return true;
    }
    if (is("modal.choose", press)) {
      const item = items[selected];
      if (item) onChoose(item);
      return true;
    }
    // Ctrl+C still quits; nothing else may reach the input while the picker is open.
    return !is("app.interrupt", press);
  });

  const rows = Math.max(1, maxLines - 2);
  const first = Math.min(Math.max(0, selected - rows + 1), Math.max(0, items.length - rows));
  const shown = items.slice(first, first + rows);
  return (
    <Box flexDirection="column">
      <Text bold wrap="truncate-end">
        {fitLine(`Model (${items.length})`, width)}
      </Text>
      {shown.map((item, index) => {
        const active = first + index === selected;
        const mark = item.value === choice.current ? "•" : " ";
        const line = `${active ? "›" : " "}${mark}${item.name}${item.description ? ` · ${item.description}` : ""}`;
        return (
          <Text key={item.value} {...(active ? { color: "cyan", bold: true } : {})} wrap="truncate-end">
            {fitLine(line, width)}
          </Text>
        );
      })}
      <Text dimColor wrap="truncate-end">
        {fitLine("↑↓ choose · ⏎ switch · esc close", width)}
      </Text>
    </Box>
  );
}
