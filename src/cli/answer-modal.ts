import { render } from "ink";
import { createElement } from "react";
import { scanWaitingRequests, sendAnswer, type PaneRequest } from "../control/waiting-requests.js";
import { sanitizeLine } from "../markdown/sanitize.js";
import type { PermissionOutcome } from "../protocol/index.js";
import { outcomeOf, permissionView, type PermissionDecision } from "../state/permission-view.js";
import { toolDisplayName } from "../state/tool-summary.js";
import { KeyRouter } from "../ui/keys/key-router.js";
import { AnswerPopup, type PopupRequest } from "../ui/permission/answer-popup.js";

/** How often the list is asked again: requests answered in their pane meanwhile leave the popup. */
const RESCAN_MS = 1000;

/** One request's key in the popup: its pane's socket plus the pane's own key, unique across panes. */
function popupKey({ socketPath, request }: PaneRequest): string {
  return `${socketPath}\n${request.key}\n${request.receivedAt}`;
}

/** The request as the pane's own request (its queue key made unique across panes). */
function asPending(target: PaneRequest) {
  const key = popupKey(target);
  return { ...target.request, key, requestId: key };
}

function toPopupRequest(target: PaneRequest): PopupRequest {
  const { pane } = target;
  return {
    ...permissionView(asPending(target)),
    where: [pane.label ?? `pid ${pane.pid}`, ...(pane.agent ? [pane.agent] : [])].map(sanitizeLine).join(" · "),
  };
}

/**
 * `zc-pane answer --modal`: shows the waiting requests of every pane in the permission modal, answers each
 * with the key pressed, one after the other, and exits when none is left (the popup then closes). Ctrl+C
 * leaves without answering. Returns the exit code: 0 when something was answered, 1 when nothing waited.
 */
export async function runAnswerModal(): Promise<number> {
  let targets: PaneRequest[] = [];
  let status: string | undefined;
  let answered = 0;
  // Keys answered in this popup, left out of later scans that may still list them for a moment.
  const sent = new Set<string>();
  let finish!: (code: number) => void;
  const done = new Promise<number>((resolve) => (finish = resolve));

  const draw = () => instance.rerender(view());
  const onAnswer = (key: string, outcome: PermissionOutcome) => {
    const target = targets.find((candidate) => popupKey(candidate) === key);
    if (!target) return;
    sent.add(key);
    targets = targets.filter((candidate) => candidate !== target);
    status = undefined;
    draw();
    const title = toolDisplayName(target.request.toolCall);
    sendAnswer(target, outcome).then(
      (refused) => {
        if (refused === undefined) answered++;
        else status = `${title}: ${sanitizeLine(refused)}`;
        void rescan();
      },
      (error: unknown) => {
        status = `${title}: ${sanitizeLine((error as Error).message)}`;
        void rescan();
      },
    );
  };
  const view = () =>
    createElement(
      KeyRouter,
      null,
      createElement(AnswerPopup, {
        requests: targets.map(toPopupRequest),
        // Esc here cannot cancel another pane's turn: it answers the request `cancelled`.
        onDecide: (key: string, decision: PermissionDecision) => {
          const target = targets.find((candidate) => popupKey(candidate) === key);
          const outcome = target && outcomeOf(asPending(target), decision);
          if (outcome) onAnswer(key, outcome);
        },
        width: Math.max(20, process.stdout.columns || 80),
        rows: Math.max(10, process.stdout.rows || 24),
        onClose: () => finish(answered > 0 ? 0 : 1),
        ...(status !== undefined ? { status } : {}),
      }),
    );

  let scanning = false;
  const rescan = async () => {
    if (scanning) return;
    scanning = true;
    try {
      const { requests } = await scanWaitingRequests();
      targets = requests.filter((target) => !sent.has(popupKey(target)));
    } finally {
      scanning = false;
    }
    // A refusal stays on screen while other requests wait; with none left, the popup has done its work.
    if (targets.length === 0 && status === undefined) finish(answered > 0 ? 0 : 1);
    else draw();
  };

  const instance = render(view(), { exitOnCtrlC: true, patchConsole: false });
  void instance.waitUntilExit().then(() => finish(answered > 0 ? 0 : 1));
  const timer = setInterval(() => void rescan(), RESCAN_MS);
  await rescan();
  const code = await done;
  clearInterval(timer);
  instance.unmount();
  return code;
}
