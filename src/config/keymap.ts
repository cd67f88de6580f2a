/**
 * Every key binding of the pane in one table (design.md §3), rebindable from the config file
 * (`keys: { "turn.cancel": ["escape"] }`). A binding is a spec string: modifiers joined with `+` before a
 * key name, e.g. `ctrl+c`, `alt+enter`, `shift+tab`, `alt+up`, `escape`, `y`, `N`.
 * Key names: enter, escape, tab, backspace, delete, up, down, left, right, home, end, pageup, pagedown,
 * space, or a single character (case-sensitive: `n` and `N` are different bindings).
 */
export const DEFAULT_KEYMAP = {
  "input.submit": ["enter"],
  "input.newline": ["ctrl+j", "alt+enter"],
  "input.historyPrev": ["up"],
  "input.historyNext": ["down"],
  "input.editor": ["ctrl+g"],
  "turn.cancel": ["escape"],
  /** Send now (steer): cancel the running turn and send the typed prompt once the agent confirms. */
  "turn.steer": ["ctrl+s"],
  /** Cancel the turn if one runs, else clear the input; twice within 2 s quits. */
  "app.interrupt": ["ctrl+c"],
  "session.closeAndQuit": ["ctrl+d"],
  "session.stop": ["ctrl+x"],
  "tool.toggle": ["ctrl+o"],
  /** The focused row's raw fields (the agent's JSON) instead of its output, and back. */
  "tool.raw": ["ctrl+r"],
  "tool.focusPrev": ["alt+up"],
  "tool.focusNext": ["alt+down"],
  /** With a row focused (Alt+Up/Down) and the input empty: open its location in the editor beside the pane. */
  "tool.open": ["o"],
  "mode.cycle": ["shift+tab"],
  "modal.allowOnce": ["y"],
  "modal.allowAlways": ["a"],
  "modal.rejectOnce": ["n"],
  "modal.rejectAlways": ["N"],
  "modal.rejectWithEdit": ["e"],
  "modal.up": ["up"],
  "modal.down": ["down"],
  "modal.choose": ["enter"],
  /** Scroll the request's body (a long command) when it is taller than the room. */
  "modal.scrollUp": ["pageup", "shift+up"],
  "modal.scrollDown": ["pagedown", "shift+down"],
  "modal.cancel": ["escape"],
  /** In `/sessions`: delete the highlighted session (asks y/n first). */
  "sessions.delete": ["d"],
  "confirm.yes": ["y"],
  "confirm.no": ["n", "escape"],
  "app.retry": ["r"],
  /** The history view (Ctrl+T): the whole session, full screen. */
  "history.open": ["ctrl+t"],
  "history.close": ["q", "escape", "ctrl+t"],
  "history.up": ["up"],
  "history.down": ["down"],
  "history.pageUp": ["pageup"],
  "history.pageDown": ["pagedown"],
  "history.first": ["home"],
  "history.last": ["end"],
  "history.prevPrompt": ["["],
  "history.nextPrompt": ["]"],
  "history.prevTool": ["{"],
  "history.nextTool": ["}"],
  "history.search": ["/"],
  /** Search matches: `n` goes on back in time, `N` forward. */
  "history.nextMatch": ["n"],
  "history.prevMatch": ["N"],
  "history.expand": ["enter", "ctrl+o"],
  /** The code block under the cursor, else the message's markdown, else the tool's output. */
  "history.copy": ["y"],
  "history.copyItem": ["Y"],
} as const satisfies Record<string, readonly string[]>;

export type KeyAction = keyof typeof DEFAULT_KEYMAP;
export type Keymap = Readonly<Record<KeyAction, readonly string[]>>;

/** One key press, in Ink's terms (the subset of `Key` we bind on). */
export interface KeyPress {
  readonly input: string;
  readonly key: {
    readonly ctrl: boolean;
    readonly meta: boolean;
    readonly shift: boolean;
    readonly return: boolean;
    readonly escape: boolean;
    readonly tab: boolean;
    readonly backspace: boolean;
    readonly delete: boolean;
    readonly upArrow: boolean;
    readonly downArrow: boolean;
    readonly leftArrow: boolean;
    readonly rightArrow: boolean;
    readonly home?: boolean;
    readonly end?: boolean;
    readonly pageUp: boolean;
    readonly pageDown: boolean;
  };
}

interface ParsedSpec {
  readonly ctrl: boolean;
  readonly alt: boolean;
  readonly shift: boolean;
  readonly name: string;
}

function parseSpec(spec: string): ParsedSpec {
  const parts = spec.split("+");
  const name = parts.pop() ?? "";
  const modifiers = new Set(parts.map((part) => part.toLowerCase()));
  return {
    ctrl: modifiers.has("ctrl"),
    alt: modifiers.has("alt") || modifiers.has("meta"),
    shift: modifiers.has("shift"),
    name,
  };
}

/** The key name of a press, in the spec vocabulary (`up`, `enter`, `c`, …). */
function keyName(press: KeyPress): string {
  const { key, input } = press;
  if (key.upArrow) return "up";
  if (key.downArrow) return "down";
  if (key.leftArrow) return "left";
  if (key.rightArrow) return "right";
  if (key.pageUp) return "pageup";
  if (key.pageDown) return "pagedown";
  if (key.home) return "home";
  if (key.end) return "end";
  if (key.return) return "enter";
  if (key.escape) return "escape";
  if (key.tab) return "tab";
  if (key.backspace) return "backspace";
  if (key.delete) return "delete";
  if (input === " ") return "space";
  // Ctrl+J arrives as a bare line feed in most terminals (Ink reports it as input "\n").
  if (input === "\n") return "j";
  return input;
}

/** True when the press matches the spec (modifiers must match exactly, except shift on characters). */
export function matchesSpec(spec: string, press: KeyPress): boolean {
  const wanted = parseSpec(spec);
  const name = keyName(press);
  const ctrl = press.key.ctrl || (press.input === "\n" && wanted.ctrl && wanted.name === "j");
  if (wanted.ctrl !== ctrl) return false;
  // Ink 6.8 reports every Esc press with meta set; Esc itself is never an Alt chord here.
  const alt = name === "escape" ? false : press.key.meta;
  if (wanted.alt !== alt) return false;
  if (wanted.name.length === 1) {
    // Shift is part of the character itself (`N`), so only the character is compared.
    return ctrl ? name.toLowerCase() === wanted.name.toLowerCase() : name === wanted.name;
  }
  if (wanted.shift !== press.key.shift && !(wanted.name === "tab" && !wanted.shift && !press.key.shift)) return false;
  return name === wanted.name;
}

/** Returns a matcher bound to a keymap: `matches("turn.cancel", press)`. */
export function createKeyMatcher(keymap: Keymap): (action: KeyAction, press: KeyPress) => boolean {
  return (action, press) => keymap[action].some((spec) => matchesSpec(spec, press));
}

/** Merges user overrides (from the config file) over the defaults; unknown actions are reported. */
export function mergeKeymap(overrides: Readonly<Record<string, readonly string[]>>): {
  keymap: Keymap;
  unknown: string[];
} {
  const keymap: Record<string, readonly string[]> = { ...DEFAULT_KEYMAP };
  const unknown: string[] = [];
  for (const [action, specs] of Object.entries(overrides)) {
    if (action in DEFAULT_KEYMAP) keymap[action] = specs;
    else unknown.push(action);
  }
  return { keymap: keymap as Keymap, unknown };
}

/** A short label of an action's first binding for footer hints (`esc`, `ctrl+o`). */
export function keyLabel(keymap: Keymap, action: KeyAction): string {
  const spec = keymap[action][0] ?? "";
  return spec
    .replace("escape", "esc")
    .replace("enter", "⏎")
    .replace("pageup", "pgup")
    .replace("pagedown", "pgdn")
    .replace(/\bup$/, "↑")
    .replace(/\bdown$/, "↓");
}
