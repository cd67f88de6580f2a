import { Text } from "ink";
import { vi } from "vitest";
import type { KeyPress } from "../../../src/config/keymap.js";
import { PromptInput, type PromptInputProps } from "../../../src/ui/input/prompt-input.js";
import { KEY_LAYER, useKeys } from "../../../src/ui/keys/key-router.js";
import { renderPane } from "../../helpers/ink.js";

/** Records every key that falls through the input to the global layer. */
function GlobalProbe({ seen }: { seen: KeyPress[] }) {
  useKeys(KEY_LAYER.global, (press) => {
    seen.push(press);
    return true;
  });
  return <Text>--</Text>;
}

/**
 * Renders a PromptInput as the pane would (a global-layer probe below it, `--` under the input), with
 * defaults for every prop. Returns the pane helpers plus the `onSubmit` mock and the fallen-through keys.
 */
export async function renderPrompt(props: Partial<PromptInputProps> = {}, columns = 40, rows = 30) {
  const onSubmit = vi.fn<(text: string, attachments: readonly string[]) => void>();
  const seen: KeyPress[] = [];
  const all: PromptInputProps = {
    width: columns,
    active: true,
    onSubmit,
    history: [],
    commands: [],
    cwd: process.cwd(),
    ...props,
  };
  const pane = renderPane(
    <>
      <PromptInput {...all} />
      <GlobalProbe seen={seen} />
    </>,
    { columns, rows },
  );
  await pane.settle();
  /** Presses each character of `text` as its own key. */
  const type = async (text: string) => {
    for (const char of Array.from(text)) await pane.press(char);
  };
  /** The frame's lines above the probe's `--` line: what the input (and its menu) drew. */
  const inputLines = () => {
    const lines = pane.frame().split("\n");
    const end = lines.findIndex((line) => line.startsWith("--"));
    return lines.slice(0, end === -1 ? undefined : end).map((line) => line.trimEnd());
  };
  return { ...pane, onSubmit, seen, type, inputLines };
}

/** Pane widths every component behaviour is pinned at: the narrowest side pane and a wide one. */
export const WIDTHS = [40, 80] as const;
