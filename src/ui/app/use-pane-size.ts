import { useStdout } from "ink";
import { useEffect, useState } from "react";

/** Resizes settle for this long before the pane re-lays out (a drag sends dozens of SIGWINCH). */
export const RESIZE_DEBOUNCE_MS = 80;

/** The terminal's size in columns and rows. */
export interface PaneSize {
  readonly columns: number;
  readonly rows: number;
}

function read(stdout: NodeJS.WriteStream): PaneSize {
  return { columns: stdout.columns || 80, rows: stdout.rows || 24 };
}

/**
 * The pane's size, following resizes: growth after a short debounce (re-rendering markdown at every
 * intermediate width of a drag would redo the work dozens of times for one visible result), shrinking at once.
 */
export function usePaneSize(): PaneSize {
  const { stdout } = useStdout();
  const [size, setSize] = useState(() => read(stdout));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const apply = () => {
      const next = read(stdout);
      setSize((previous) => (previous.columns === next.columns && previous.rows === next.rows ? previous : next));
    };
    const onResize = () => {
      if (timer) clearTimeout(timer);
      timer = undefined;
      const next = read(stdout);
      // A shrinking pane is followed at once: content laid out for the old size would be taller than the
      // new terminal, and ink 6.8 then wipes the screen and reprints the whole scrollback.
      setSize((previous) => (next.columns < previous.columns || next.rows < previous.rows ? next : previous));
      timer = setTimeout(() => {
        timer = undefined;
        apply();
      }, RESIZE_DEBOUNCE_MS);
    };
    stdout.on("resize", onResize);
    return () => {
      stdout.off("resize", onResize);
      if (timer) clearTimeout(timer);
    };
  }, [stdout]);
  return size;
}
