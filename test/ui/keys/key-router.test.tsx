import { Text } from "ink";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { KEY_LAYER, useKeyMatcher, useKeys } from "../../../src/ui/keys/key-router.js";
import { KEYS, renderPane } from "../../helpers/ink.js";

function Recorder({
  layer,
  name,
  consume,
  log,
}: {
  layer: number;
  name: string;
  consume: (input: string) => boolean;
  log: string[];
}) {
  useKeys(layer, (press) => {
    log.push(`${name}:${press.input}`);
    return consume(press.input);
  });
  return null;
}

function Counter() {
  const [count, setCount] = useState(0);
  const matches = useKeyMatcher();
  useKeys(KEY_LAYER.global, (press) => {
    if (matches("tool.toggle", press)) {
      setCount((value) => value + 1);
      return true;
    }
    return false;
  });
  return <Text>toggled {count}</Text>;
}

describe("KeyRouter", () => {
  it("offers each key to the highest layer first and stops at the handler that consumes it", async () => {
    const log: string[] = [];
    const app = renderPane(
      <>
        <Recorder layer={KEY_LAYER.global} name="global" consume={() => true} log={log} />
        <Recorder layer={KEY_LAYER.modal} name="modal" consume={(input) => input === "y"} log={log} />
      </>,
    );
    await app.press("y");
    await app.press("x");
    expect(log).toEqual(["modal:y", "modal:x", "global:x"]);
    app.unmount();
  });

  it("matches keymap actions (ctrl+o)", async () => {
    const app = renderPane(<Counter />);
    await app.press(KEYS.ctrlO);
    await app.press(KEYS.ctrlO);
    expect(app.frame()).toContain("toggled 2");
    app.unmount();
  });

  it("survives a pasted escape sequence Ink cannot parse (it drops it, the app keeps running)", async () => {
    const log: string[] = [];
    const app = renderPane(
      <>
        <Counter />
        <Recorder layer={KEY_LAYER.input} name="input" consume={() => false} log={log} />
      </>,
    );
    await app.press("\u001b[31mred\u001b[0m");
    await app.press(KEYS.ctrlO);
    expect(app.frame()).toContain("toggled 1");
    app.unmount();
  });
});

describe("keymap matching of real key sequences", () => {
  function Probe({ log }: { log: string[] }) {
    const matches = useKeyMatcher();
    useKeys(KEY_LAYER.global, (press) => {
      for (const action of [
        "turn.cancel",
        "tool.focusPrev",
        "tool.focusNext",
        "input.newline",
        "mode.cycle",
        "app.interrupt",
        "session.stop",
      ] as const) {
        if (matches(action, press)) log.push(action);
      }
      return true;
    });
    return null;
  }

  it("recognises Esc, Alt+Up/Down, Ctrl+J, Alt+Enter, Shift+Tab, Ctrl+C and Ctrl+X as a terminal sends them", async () => {
    const log: string[] = [];
    const app = renderPane(<Probe log={log} />);
    for (const key of [
      KEYS.escape,
      KEYS.altUp,
      KEYS.altDown,
      KEYS.ctrlJ,
      KEYS.altEnter,
      KEYS.shiftTab,
      KEYS.ctrlC,
      KEYS.ctrlX,
    ])
      await app.press(key);
    expect(log).toEqual([
      "turn.cancel",
      "tool.focusPrev",
      "tool.focusNext",
      "input.newline",
      "input.newline",
      "mode.cycle",
      "app.interrupt",
      "session.stop",
    ]);
    app.unmount();
  });
});
