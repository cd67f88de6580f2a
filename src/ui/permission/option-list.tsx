import { Box, Text } from "ink";
import { keyLabel, type KeyAction, type Keymap } from "../../config/keymap.js";
import { sanitizeLine } from "../../markdown/sanitize.js";
import { capLineLength, visibleWidth } from "../../markdown/wrap.js";
import { permissionIntent, type PermissionOption } from "../../protocol/index.js";
import { MAX_NUMBERED_OPTIONS } from "./option-keys.js";

/** Props of {@link OptionList}. */
export interface OptionListProps {
  readonly options: readonly PermissionOption[];
  /** The letter action of each option (from `optionActions`), aligned with `options`. */
  readonly actions: readonly (KeyAction | undefined)[];
  readonly keymap: Keymap;
  /** Index of the highlighted option (arrows move it, Enter chooses it). */
  readonly selected: number;
  /** ask_user answers: a plain numbered list, no letter column. */
  readonly question: boolean;
  readonly width: number;
}

const INTENT_COLOR = { allow: "green", reject: "red", reject_with_edit: "yellow", other: undefined } as const;

/**
 * The agent's options, one row each: a `›` on the highlighted one, its number (1–9), its letter key by kind
 * (`y` allow once, `a` always, `n` reject, `N` reject always, `e` reject with edit) and its name, cut to the
 * width so that every option stays one row and the arrows move one row at a time.
 */
export function OptionList({ options, actions, keymap, selected, question, width }: OptionListProps) {
  const letters = actions.map((action) => (action ? keyLabel(keymap, action) : ""));
  const letterWidth = question ? 0 : Math.max(0, ...letters.map((letter) => visibleWidth(letter)));
  return (
    <Box flexDirection="column" width={width} marginTop={1}>
      {options.map((option, index) => {
        const isSelected = index === selected;
        const number = index < MAX_NUMBERED_OPTIONS ? String(index + 1) : " ";
        const prefix = `${isSelected ? "›" : " "} ${question ? `${number}.` : number} `;
        const letter = (letters[index] ?? "").padEnd(letterWidth);
        const used = visibleWidth(prefix) + (letterWidth > 0 ? letterWidth + 1 : 0);
        const room = Math.max(1, width - used);
        const label =
          sanitizeLine(option.name.slice(0, room * 4 + 64)).trim() ||
          sanitizeLine(option.optionId.slice(0, room * 4 + 64));
        const name = capLineLength(label, room);
        const color = question ? undefined : INTENT_COLOR[permissionIntent(option.kind)];
        return (
          <Text key={option.optionId + String(index)} wrap="truncate-end" bold={isSelected}>
            <Text color={isSelected ? "cyan" : undefined}>{prefix}</Text>
            {letterWidth > 0 ? <Text color={color}>{`${letter} `}</Text> : null}
            <Text color={isSelected ? "cyan" : undefined}>{name}</Text>
          </Text>
        );
      })}
    </Box>
  );
}
