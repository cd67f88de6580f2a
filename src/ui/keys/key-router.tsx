import { useInput, useStdin } from "ink";
import { createLogger } from "../../log/logger.js";
import { createContext, useContext, useLayoutEffect, useMemo, useRef, type ReactNode } from "react";
import { createKeyMatcher, DEFAULT_KEYMAP, type KeyAction, type Keymap, type KeyPress } from "../../config/keymap.js";
import { errorMessage } from "../../common/error-message.js";

/** A key handler; returns true when it consumed the press (lower layers then do not see it). */
export type KeyHandler = (press: KeyPress) => boolean;

/**
 * Layers, highest first: a confirm prompt beats the permission modal, which beats the history view (a request
 * arriving while it is open is answered on top of it), which beats completion menus, which beat the input
 * editor, which beats global shortcuts. One stdin consumer dispatches through them (the
 * gemini-cli KeypressContext pattern), so a key never reaches two components, and modals never depend on
 * Ink's focus (which Esc drops in 6.8, style.md).
 */
export const KEY_LAYER = { global: 0, input: 10, completion: 20, history: 25, modal: 30, confirm: 40 } as const;

interface Registration {
  readonly layer: number;
  readonly order: number;
  readonly handler: { current: KeyHandler };
}

interface RouterValue {
  register(registration: Registration): () => void;
  readonly matches: (action: KeyAction, press: KeyPress) => boolean;
  readonly keymap: Keymap;
  nextOrder(): number;
}

const RouterContext = createContext<RouterValue | undefined>(undefined);

const log = createLogger("ui.keys");
const guarded = new WeakSet<object>();

/** Erase keys (DEL, BS): never part of a paste. */
const ERASE = /([\x7f\b])/;
/** A control key: a Ctrl+letter byte other than Tab, LF and CR, or an erase. */
const CONTROL_KEY = /[\x00-\x08\x0b\x0c\x0e-\x1a\x1c-\x1f\x7f]/;
/** Nothing but control bytes (ESC aside, which starts a sequence). */
const ONLY_CONTROLS = /^[\x00-\x1a\x1c-\x1f\x7f]+$/;

/**
 * Ink 6.8 hands a run of plain bytes to `useInput` as one press: two Backspaces read together (key repeat on a
 * busy machine) arrive as `"\x7f\x7f"`, Enter then Ctrl+T as `"\r\x14"`, which is no key at all, and all of
 * them are lost. A run of control bytes alone is keys pressed together (a paste carries text), so each byte
 * becomes a press (a lone CR is Enter); a run of line breaks alone stays as it was. In text, each erase key is a
 * press of its own and the text around it stays one piece (a paste is one input, its line breaks never a
 * submit, and its other control bytes are dropped, never pressed).
 */
export function splitKeys(input: string): string[] {
  if (input.length < 2 || input.startsWith("\u001b")) return [input];
  if (ONLY_CONTROLS.test(input) && CONTROL_KEY.test(input)) return Array.from(input);
  if (ERASE.test(input)) return input.split(ERASE).filter((piece) => piece.length > 0);
  return [input];
}

/**
 * Ink 6.8's `useInput` throws (`reading 'startsWith'` of undefined) on some sequences it cannot parse,
 * e.g. a paste that carries SGR colours (`ESC[31m`). The throw escapes through stdin's event handler and
 * kills the pane. Ink dispatches input synchronously through this emitter, so wrapping its `emit` turns
 * such a sequence into a logged, dropped key instead of a crash.
 */
function guardInputEmitter(emitter: { emit: (event: string, ...args: unknown[]) => boolean } | undefined): void {
  if (!emitter || guarded.has(emitter)) return;
  guarded.add(emitter);
  const emit = emitter.emit.bind(emitter);
  emitter.emit = (event: string, ...args: unknown[]) => {
    if (event !== "input") return emit(event, ...args);
    try {
      const [input, ...rest] = args;
      if (typeof input !== "string") return emit(event, ...args);
      for (const piece of splitKeys(input)) emit(event, piece, ...rest);
      return true;
    } catch (error) {
      log.warn("dropped a key sequence Ink could not parse", {
        sequence: JSON.stringify(args[0]),
        error: errorMessage(error),
      });
      return true;
    }
  };
}

/**
 * Owns the only `useInput` of the app and dispatches each press to the registered handlers by layer. `keymap`
 * is the user's (config.json `keys` over the defaults).
 */
export function KeyRouter({ keymap = DEFAULT_KEYMAP, children }: { keymap?: Keymap; children: ReactNode }) {
  const registrations = useRef(new Set<Registration>());
  const { internal_eventEmitter } = useStdin() as unknown as {
    internal_eventEmitter?: Parameters<typeof guardInputEmitter>[0];
  };
  guardInputEmitter(internal_eventEmitter);
  const order = useRef(0);
  const value = useMemo<RouterValue>(
    () => ({
      register(registration) {
        registrations.current.add(registration);
        return () => registrations.current.delete(registration);
      },
      matches: createKeyMatcher(keymap),
      keymap,
      nextOrder: () => order.current++,
    }),
    [keymap],
  );
  useInput((input, key) => {
    // Highest layer first; within a layer, the most recently mounted handler first.
    const sorted = [...registrations.current].sort((a, b) => b.layer - a.layer || b.order - a.order);
    const press: KeyPress = { input, key };
    for (const registration of sorted) {
      if (registration.handler.current(press)) return;
    }
  });
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

function useRouter(): RouterValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error("useKeys must be used inside <KeyRouter>");
  return router;
}

/**
 * Registers `handler` on `layer` while `active`. The handler may change every render (it is read through a
 * ref), so callers need not memoize it.
 */
export function useKeys(layer: number, handler: KeyHandler, active = true): void {
  const router = useRouter();
  const ref = useRef(handler);
  // Updated after every commit, before Ink can deliver the next key (input events arrive between renders).
  useLayoutEffect(() => {
    ref.current = handler;
  });
  // A layout effect too: a passive one runs after the frame is out, so a key pressed at once (y on a y/n
  // question just drawn) still went to the layer below it, the input.
  useLayoutEffect(() => {
    if (!active) return;
    return router.register({ layer, order: router.nextOrder(), handler: ref });
  }, [router, layer, active]);
}

/** The keymap matcher: `matches("modal.allowOnce", press)`. */
export function useKeyMatcher(): (action: KeyAction, press: KeyPress) => boolean {
  return useRouter().matches;
}

/** The active keymap, for hints. */
export function useKeymap(): Keymap {
  return useRouter().keymap;
}
