import { Box, Text } from "ink";
import type { SettingItem } from "../../state/config-settings.js";
import { fitLine } from "../app/layout.js";
import { useListPicker } from "./use-list-picker.js";

/** Props of {@link SettingsPicker}. */
export interface SettingsPickerProps {
  /** The session's config options (already sanitized). */
  readonly items: readonly SettingItem[];
  readonly width: number;
  /** Lines it may take, title and hint included. */
  readonly maxLines: number;
  readonly onChoose: (item: SettingItem) => void;
  readonly onClose: () => void;
}

/** `[x] Auto-approve edits` or `Reasoning: Low → High`: one row of the list. */
export function settingRowText(item: SettingItem): string {
  const text =
    item.kind === "boolean"
      ? `[${item.on ? "x" : " "}] ${item.name}`
      : `${item.name}: ${item.current} → ${item.next.name}`;
  return item.description ? `${text} · ${item.description}` : text;
}

/**
 * `/settings`: the agent's config options; ↑↓ move, Enter toggles an on/off option or moves a choice to its
 * next value, Esc closes. Like `/model`, on the key router's modal layer, so no key reaches the input.
 */
export function SettingsPicker({ items, width, maxLines, onChoose, onClose }: SettingsPickerProps) {
  const { selected, first, shown } = useListPicker(items, maxLines, { onChoose, onClose });
  return (
    <Box flexDirection="column">
      <Text bold wrap="truncate-end">
        {fitLine(`Settings (${items.length})`, width)}
      </Text>
      {shown.map((item, index) => {
        const active = first + index === selected;
        return (
          <Text key={item.configId} {...(active ? { color: "cyan", bold: true } : {})} wrap="truncate-end">
            {fitLine(`${active ? "›" : " "}${settingRowText(item)}`, width)}
          </Text>
        );
      })}
      <Text dimColor wrap="truncate-end">
        {fitLine("↑↓ choose · ⏎ toggle / next value · esc close", width)}
      </Text>
    </Box>
  );
}
