import { Box, Text } from "ink";
import type { PermissionOptionView } from "../../state/permission-view.js";
import { MAX_NUMBERED_OPTIONS } from "./option-keys.js";

/** Props of {@link OptionList}. */
export interface OptionListProps {
  readonly options: readonly PermissionOptionView[];
  /** Each option's label wrapped to the room right of its prefix (from the modal's layout). */
  readonly rows: readonly (readonly string[])[];
  /** The letter key of each option (`y`, `a`, `n`, `N`, `e`, or ""), aligned with `options`. */
  readonly letters: readonly string[];
  /** Index of the highlighted option (arrows move it, Enter chooses it). */
  readonly selected: number;
  /** ask_user answers: a plain numbered list, no letter column. */
  readonly question: boolean;
  /** Columns of the letter column (0 without letters). */
  readonly letterWidth: number;
  /** Columns of the `› 1 y ` prefix; wrapped label rows are indented by it. */
  readonly prefixWidth: number;
}

const INTENT_COLOR = { allow: "green", reject: "red", reject_with_edit: "yellow", other: undefined } as const;

/**
 * The agent's options: a `›` on the highlighted one, its number (1–9), its letter key by kind and its label
 * whole, wrapped under itself (an "always" rule must be readable to its end before it is chosen).
 */
export function OptionList({ options, rows, letters, selected, question, letterWidth, prefixWidth }: OptionListProps) {
  return (
    <Box flexDirection="column" marginTop={1}>
      {options.map((option, index) => {
        const isSelected = index === selected;
        const number = index < MAX_NUMBERED_OPTIONS ? String(index + 1) : " ";
        const prefix = `${isSelected ? "›" : " "} ${question ? `${number}.` : number} `;
        const letter = (letters[index] ?? "").padEnd(letterWidth);
        const color = question ? undefined : INTENT_COLOR[option.intent];
        const labelRows = rows[index] ?? [""];
        return (
          <Box key={index} flexDirection="column">
            <Text wrap="truncate-end" bold={isSelected}>
              <Text color={isSelected ? "cyan" : undefined}>{prefix}</Text>
              {letterWidth > 0 ? <Text color={color}>{`${letter} `}</Text> : null}
              <Text color={isSelected ? "cyan" : undefined}>{labelRows[0]}</Text>
            </Text>
            {labelRows.slice(1).map((row, rowIndex) => (
              <Text key={rowIndex} wrap="truncate-end" bold={isSelected} color={isSelected ? "cyan" : undefined}>
                {" ".repeat(prefixWidth) + row}
              </Text>
            ))}
          </Box>
        );
      })}
    </Box>
  );
}
