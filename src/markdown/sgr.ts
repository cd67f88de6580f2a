/**
 * Makes every line of styled text carry its own styling.
 *
 * Ink tokenizes each output line on its own (ink/build/output.js splits on `\n` first), so a colour opened on
 * one line and closed on the next is lost on the second line: a wrapped heading came out half magenta.
 * wrap-ansi re-opens only the last code it saw, so a bold-underlined-magenta heading kept only its bold. This
 * pass tracks the full SGR state across lines and writes each line as: its leading spaces unstyled, then only
 * the codes needed before each visible run, then one reset if anything is still open. Redundant codes
 * (`ESC[33mESC[34m`, an empty `ESC[90mESC[39m` pair) disappear, which also cuts the bytes written per frame.
 */

/** The style slots an SGR parameter can set; each maps to the code that clears it. */
type Slot =
  "fg" | "bg" | "bold" | "dim" | "italic" | "underline" | "blink" | "inverse" | "hidden" | "strike" | "overline";

type SgrState = Partial<Record<Slot, string>>;

const SET: Record<number, Slot> = {
  1: "bold",
  2: "dim",
  3: "italic",
  4: "underline",
  5: "blink",
  6: "blink",
  7: "inverse",
  8: "hidden",
  9: "strike",
  21: "underline",
  53: "overline",
};
const CLEAR: Record<number, Slot[]> = {
  22: ["bold", "dim"],
  23: ["italic"],
  24: ["underline"],
  25: ["blink"],
  27: ["inverse"],
  28: ["hidden"],
  29: ["strike"],
  39: ["fg"],
  49: ["bg"],
  55: ["overline"],
};
const CLOSE: Record<Slot, string> = {
  fg: "39",
  bg: "49",
  bold: "22",
  dim: "22",
  italic: "23",
  underline: "24",
  blink: "25",
  inverse: "27",
  hidden: "28",
  strike: "29",
  overline: "55",
};
const SLOTS = Object.keys(CLOSE) as Slot[];

/** Applies the parameters of one SGR sequence (`1;38;5;208`) to `state`. */
function apply(state: SgrState, params: string): void {
  const parts = params === "" ? ["0"] : params.split(";");
  for (let i = 0; i < parts.length; i++) {
    const code = Number(parts[i] || "0");
    if (code === 0) {
      for (const slot of SLOTS) delete state[slot];
    } else if (code === 38 || code === 48) {
      // Extended colour: 38;5;n or 38;2;r;g;b (the same for 48, background).
      const length = parts[i + 1] === "5" ? 3 : parts[i + 1] === "2" ? 5 : 1;
      state[code === 38 ? "fg" : "bg"] = parts.slice(i, i + length).join(";");
      i += length - 1;
    } else if ((code >= 30 && code <= 37) || (code >= 90 && code <= 97)) {
      state.fg = String(code);
    } else if ((code >= 40 && code <= 47) || (code >= 100 && code <= 107)) {
      state.bg = String(code);
    } else if (SET[code]) {
      state[SET[code] as Slot] = String(code);
    } else if (CLEAR[code]) {
      for (const slot of CLEAR[code] as Slot[]) delete state[slot];
    }
  }
}

/** The SGR sequence that turns `from` into `to` ("" when they are equal). */
function transition(from: SgrState, to: SgrState): string {
  const codes: string[] = [];
  const reopened = new Set<Slot>();
  for (const slot of SLOTS) {
    if (from[slot] !== undefined && to[slot] === undefined) {
      if (!codes.includes(CLOSE[slot])) codes.push(CLOSE[slot]);
      // 22 clears both bold and dim: re-open the one that stays.
      if (slot === "bold" && to.dim !== undefined) reopened.add("dim");
      if (slot === "dim" && to.bold !== undefined) reopened.add("bold");
    }
  }
  for (const slot of SLOTS) {
    const value = to[slot];
    if (value !== undefined && (from[slot] !== value || reopened.has(slot))) codes.push(value);
  }
  return codes.length === 0 ? "" : `\u001b[${codes.join(";")}m`;
}

function isEmpty(state: SgrState): boolean {
  for (const slot of SLOTS) if (state[slot] !== undefined) return false;
  return true;
}

const SGR = /\u001b\[([0-9;]*)m/g;

/**
 * Rewrites `text` so that each line opens the styles it shows and closes them at its end (see the file
 * comment). Text without escape sequences is returned unchanged.
 */
export function normalizeSgr(text: string): string {
  if (!text.includes("\u001b")) return text;
  const state: SgrState = {};
  const lines = text.split("\n");
  for (let l = 0; l < lines.length; l++) {
    const line = lines[l] as string;
    if (!line.includes("\u001b") && isEmpty(state)) continue;
    let emitted: SgrState = {};
    let out = "";
    let last = 0;
    let atLineStart = true;
    const writeText = (segment: string) => {
      if (segment === "") return;
      let visible = segment;
      if (atLineStart) {
        // Leading indentation stays unstyled: an underline or a colour under a list's indent looks broken.
        const indent = /^ */.exec(segment)?.[0] ?? "";
        out += indent;
        visible = segment.slice(indent.length);
        if (visible === "") return;
        atLineStart = false;
      }
      out += transition(emitted, state);
      emitted = { ...state };
      out += visible;
    };
    SGR.lastIndex = 0;
    for (let match = SGR.exec(line); match; match = SGR.exec(line)) {
      writeText(line.slice(last, match.index));
      apply(state, match[1] ?? "");
      last = match.index + match[0].length;
    }
    writeText(line.slice(last));
    if (!isEmpty(emitted)) out += "\u001b[0m";
    lines[l] = out;
  }
  return lines.join("\n");
}
