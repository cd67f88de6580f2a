import type { PendingPermission } from "../client/permission-queue.js";
import { revealInvisiblesDeep, sanitizeLine } from "../markdown/sanitize.js";
import { permissionIntent, REJECT_WITH_EDIT_KIND, type PermissionOutcome } from "../protocol/index.js";
import { permissionBody, shownCommand, type PermissionBodyPart, type ToolDiffLookup } from "./permission-body.js";
import { toolDisplayName } from "./tool-summary.js";

export type { PermissionBodyPart, ToolDiffLookup } from "./permission-body.js";

/**
 * A permission request as the modal shows it, in our own types: the UI never reads the wire request, and
 * never builds the answer (it hands back a {@link PermissionDecision}). Every string from the agent in it is
 * sanitized (one line for labels; text blocks keep their newlines).
 */
export interface PermissionView {
  /** The queue's key of the request, given back with the decision. */
  readonly key: string;
  /** The question or the tool's title, inline code marks removed. */
  readonly title: string;
  /** The tool's kind (`execute`, `edit`), absent for ask_user questions. */
  readonly kind?: string;
  /** ZeroClaw's ask_user: the title is the question and the options are answers (numbers, no letters). */
  readonly question: boolean;
  /** What the agent wants to do: the command (whole), its explanation, the diff. */
  readonly body: readonly PermissionBodyPart[];
  readonly options: readonly PermissionOptionView[];
  /**
   * The option the cursor starts on: the least that lets the tool run once (`allow_once`), whatever order
   * the agent listed them in (Claude's adapter lists "Always Allow" first); the first answer of a question.
   */
  readonly initialIndex: number;
  /** The reject-with-edit editor's starting text: ZeroClaw's `proposedEdit`, else the first diff's new text. */
  readonly editText: string;
  /** `Date.now()` when the request arrived, for the countdown to the agent's timeout. */
  readonly receivedAt: number;
}

/** One option offered. */
export interface PermissionOptionView {
  /** The agent's name for it, whole (the modal wraps it: an "always" rule must be read to the end). */
  readonly label: string;
  /** The wire kind (`allow_once` … `reject_with_edit`), which picks the letter key; sanitized. */
  readonly kind: string;
  readonly intent: "allow" | "reject" | "reject_with_edit" | "other";
  /** ZeroClaw's reject-with-edit: the user's text is needed before it can be sent. */
  readonly needsText: boolean;
}

/** What the user decided in the modal; the state turns it into the ACP answer. */
export type PermissionDecision =
  | { readonly type: "option"; readonly index: number }
  | { readonly type: "edited"; readonly index: number; readonly text: string }
  /** Esc: cancel the turn (the footer says so), which answers every open request `cancelled`. */
  | { readonly type: "cancel-turn" };

const CHOICE_ID = /^choice-\d+$/;
/** Labels longer than this are cut: an option is read, not scrolled through. */
const MAX_LABEL_CHARS = 600;

/**
 * True for ZeroClaw's `ask_user` fallback (protocol.md §7.2): every optionId is `choice-N`. Its kinds are
 * `allow_once` for every answer but the last, so y/n would pick an answer by accident of position; such
 * requests get numbers and arrows only.
 */
export function isAskUserRequest(options: readonly { readonly optionId: string }[]): boolean {
  return options.length > 0 && options.every((option) => CHOICE_ID.test(option.optionId));
}

/** The new text of the first diff of a body, or "" (what the reject-with-edit editor starts from). */
function firstDiffText(body: ReturnType<typeof permissionBody>): string {
  const diff = body.find((part) => part.type === "diff");
  return diff?.type === "diff" ? diff.newText : "";
}

/** The modal's view of a pending request; `toolDiffs` finds diffs an earlier update of the same call carried. */
export function permissionView(request: PendingPermission, toolDiffs?: ToolDiffLookup): PermissionView {
  // What the user approves is what runs: invisible and direction-changing characters are shown as ⟨U+XXXX⟩,
  // not dropped. The edit text stays as sent: it is what an edit answer starts from.
  const toolCall = revealInvisiblesDeep(request.toolCall);
  const question = isAskUserRequest(request.options);
  const options = request.options.map((option): PermissionOptionView => {
    const label = sanitizeLine(option.name.slice(0, MAX_LABEL_CHARS)).trim() || sanitizeLine(option.optionId);
    const kind = sanitizeLine(option.kind);
    return {
      label,
      kind,
      intent: permissionIntent(option.kind),
      needsText: !question && kind === REJECT_WITH_EDIT_KIND,
    };
  });
  const allowOnce = request.options.findIndex((option) => option.kind === "allow_once");
  const body = permissionBody(toolCall, toolDiffs);
  const command = shownCommand(toolCall);
  const title = toolDisplayName(toolCall);
  return {
    key: request.key,
    // The four real agents title a shell call with its command: the body shows it whole, the title says what.
    title: !question && command !== undefined && sameText(title, command) ? "Run this command?" : title,
    ...(question || !toolCall.kind ? {} : { kind: sanitizeLine(toolCall.kind).trim() }),
    question,
    body,
    options,
    initialIndex: question || allowOnce === -1 ? 0 : allowOnce,
    editText: request.toolCall.proposedEdit ?? firstDiffText(permissionBody(request.toolCall, toolDiffs)),
    receivedAt: request.receivedAt,
  };
}

function sameText(a: string, b: string): boolean {
  return a.replace(/\s+/g, " ").trim() === sanitizeLine(b).replace(/\s+/g, " ").trim();
}

/** The ACP answer for a decision on `request`; undefined for an option it does not have. */
export function outcomeOf(request: PendingPermission, decision: PermissionDecision): PermissionOutcome | undefined {
  if (decision.type === "cancel-turn") return { outcome: "cancelled" };
  const option = request.options[decision.index];
  if (!option) return undefined;
  return decision.type === "edited"
    ? { outcome: "selected", optionId: option.optionId, replacementContent: decision.text }
    : { outcome: "selected", optionId: option.optionId };
}
