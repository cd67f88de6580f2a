import { format } from "node:util";
import { Text } from "ink";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { inAct, renderPane } from "../../helpers/ink.js";

/** A counter whose setter the test holds, as a store subscription or a timer would. */
function Counter({ expose }: { expose: (set: (value: number) => void) => void }) {
  const [count, setCount] = useState(0);
  expose(setCount);
  return <Text>count {count}</Text>;
}

function mountCounter() {
  let set: (value: number) => void = () => {};
  const pane = renderPane(<Counter expose={(setter) => (set = setter)} />);
  return { pane, set: (value: number) => set(value) };
}

describe("React's act environment in the Ink tests (test/setup.ts)", () => {
  it("an update outside act prints React's act warning, which test/setup.ts turns into a failure", () => {
    const { set } = mountCounter();
    // This one console.error is taken here instead of by the setup's recorder (which would fail the test).
    const printed: string[] = [];
    vi.mocked(console.error).mockImplementationOnce((...args: unknown[]) => printed.push(format(...args)));
    set(1);
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain("An update to Counter inside a test was not wrapped in act(...)");
  });

  it("the same update inside the helpers' act draws without a warning", async () => {
    const { pane, set } = mountCounter();
    await inAct(async () => set(2));
    expect(pane.frame()).toContain("count 2");
  });
});
