import { render, type Instance, type RenderOptions } from "ink";
import type { Keymap } from "../config/keymap.js";
import type { PaneStore } from "../state/pane-store.js";
import { App, type AppProps } from "./app/app.js";
import { KeyRouter } from "./keys/key-router.js";
import { createAlternateScreen } from "./terminal/alternate-screen.js";
import { createLiveScreen, type LiveScreen } from "./terminal/live-screen.js";
import { TranscriptWriter } from "./transcript/transcript-writer.js";

/** The pane's frame rate cap (style.md: coalesced updates and ink's maxFps agree on 30). */
export const MAX_FPS = 30;

/** Options of {@link mountPane}. */
export interface MountPaneOptions {
  readonly store: PaneStore;
  /** The terminal (a TTY: `process.stdout` in the CLI). */
  readonly stdout: NodeJS.WriteStream;
  readonly stdin?: NodeJS.ReadStream;
  /** The App's other props. */
  readonly app: Omit<AppProps, "store" | "screen">;
  /** Resolves when the markdown renderer is loaded: records wait for it (see {@link TranscriptWriter}). */
  readonly markdownReady?: Promise<unknown>;
  readonly onRender?: RenderOptions["onRender"];
  /** The keys (config.json `keys` merged over the defaults). */
  readonly keymap?: Keymap;
}

/** What {@link mountPane} started. */
export interface MountedPane {
  readonly instance: Instance;
  readonly screen: LiveScreen;
  readonly writer: TranscriptWriter;
  /** The history view's screen; leave it before writing anything of one's own (quitting). */
  readonly historyScreen: { enter(): void; leave(): void };
}

/**
 * Puts the pane on a terminal: ink draws the live part (header, live region, modal, input, footer) through a
 * {@link LiveScreen}, and the {@link TranscriptWriter} writes finished records above it, beside ink. The writer
 * subscribes to the store before ink's App does, so a record's text is queued before ink draws the frame that
 * no longer shows it live, and both go out in one write.
 */
export function mountPane(options: MountPaneOptions): MountedPane {
  const { stdout, store } = options;
  let writer: TranscriptWriter | undefined;
  const screen = createLiveScreen(stdout, { repaint: (columns) => writer?.repaint(columns) ?? "" });
  writer = new TranscriptWriter({
    store,
    sink: screen,
    columns: () => stdout.columns || 80,
    ...(options.markdownReady ? { markdownReady: options.markdownReady } : {}),
  });
  // Between ink and the live screen: the live screen (and the transcript it inserts) only ever sees the normal
  // screen. Entering, the text still waiting to ride along is written first, on the normal screen; while the
  // view is up the writer holds back, and leaving it writes what came meanwhile above the pane again.
  const alternate = createAlternateScreen(screen.stdout, stdout);
  const historyScreen = {
    enter: () => {
      writer?.hold();
      screen.flush();
      alternate.enter();
    },
    leave: () => {
      if (!alternate.active) return;
      alternate.leave();
      writer?.release();
    },
  };
  const instance = render(
    <KeyRouter {...(options.keymap ? { keymap: options.keymap } : {})}>
      <App store={store} {...options.app} screen={historyScreen} />
    </KeyRouter>,
    {
      stdout: alternate.stdout,
      ...(options.stdin ? { stdin: options.stdin } : {}),
      exitOnCtrlC: false,
      patchConsole: false,
      maxFps: MAX_FPS,
      ...(options.onRender ? { onRender: options.onRender } : {}),
    },
  );
  return { instance, screen, writer, historyScreen };
}
