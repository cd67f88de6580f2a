import { Box, Text } from "ink";
import type { ModelChoice, ModelChoiceItem } from "../../state/settings-actions.js";
import { fitLine } from "../app/layout.js";
import { useListPicker } from "./use-list-picker.js";

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
  const { selected, first, shown } = useListPicker(items, maxLines, {
    onChoose,
    onClose,
    initial: items.findIndex((item) => item.value === choice.current),
  });
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
