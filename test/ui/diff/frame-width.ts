import stringWidth from "string-width";

const SGR = /\u001b\[[0-9;]*m/g;

/** The widest line of a raw frame, in terminal columns, colours stripped. */
export function widestLine(rawFrame: string): number {
  return Math.max(0, ...rawFrame.split("\n").map((line) => stringWidth(line.replace(SGR, ""))));
}

/** Hostile strings an agent could send: clipboard write, window title, screen wipe, C1 CSI. */
export const HOSTILE = {
  osc52: "\u001b]52;c;aGk=\u0007",
  osc0: "\u001b]0;pwned\u0007",
  wipe: "\u001b[2J",
  c1: "\u009b2J",
} as const;

/** All of {@link HOSTILE} in one string around `text`. */
export function hostile(text: string): string {
  return `${HOSTILE.osc52}${text}${HOSTILE.osc0}${HOSTILE.wipe}${HOSTILE.c1}`;
}

/** True when the raw frame holds none of the control sequences in {@link HOSTILE}, nor any OSC, C1 or BEL. */
export function isFreeOfHostileControls(rawFrame: string): boolean {
  return hasNoRawControls(rawFrame) && !rawFrame.includes("52;c;") && !rawFrame.includes("pwned");
}

/**
 * True when no OSC, C1 CSI, BEL or screen wipe is in the raw frame: what a permission modal must hold, which
 * shows the agent's sequences as visible text (`⟨U+001B⟩]52;c;…`) instead of dropping them.
 */
export function hasNoRawControls(rawFrame: string): boolean {
  return (
    !rawFrame.includes("\u001b]") &&
    !rawFrame.includes("\u009b") &&
    !rawFrame.includes("\u0007") &&
    !rawFrame.includes("\u001b[2J")
  );
}
