import { Text } from "ink";
import { useState } from "react";
import { vi } from "vitest";
import type { PendingPermission } from "../../../src/client/permission-queue.js";
import type { KeyPress } from "../../../src/config/keymap.js";
import type { PermissionOption, PermissionOutcome } from "../../../src/protocol/index.js";
import { outcomeOf, permissionView } from "../../../src/state/permission-view.js";
import { KEY_LAYER, useKeys } from "../../../src/ui/keys/key-router.js";
import { PermissionModal, type PermissionModalProps } from "../../../src/ui/permission/permission-modal.js";
import { renderPane } from "../../helpers/ink.js";

export type Answer = (key: string, outcome: PermissionOutcome) => void;

/** Stands for the prompt input underneath: records every key the modal lets through. */
function InputSpy({ seen }: { seen: KeyPress[] }) {
  useKeys(KEY_LAYER.input, (press) => {
    seen.push(press);
    return true;
  });
  return <Text>prompt</Text>;
}

type QueueProps = { initial: PendingPermission[]; onAnswer: Answer } & Omit<
  PermissionModalProps,
  "requests" | "onDecide" | "maxLines"
> & { maxLines?: number };

/**
 * The pane's side of the contract: the requests shown as the relay's views, each decision turned into the
 * answer the agent receives (Esc's "cancel the turn" answers `cancelled`), and answering removes the request
 * from the queue, so the next one shows. `maxLines` defaults to what a 30-row pane leaves the modal.
 */
function Queue({ initial, onAnswer, maxLines = 24, ...rest }: QueueProps) {
  const [requests, setRequests] = useState(initial);
  return (
    <PermissionModal
      {...rest}
      maxLines={maxLines}
      requests={requests.map((request) => permissionView(request))}
      onDecide={(key, decision) => {
        const request = requests.find((candidate) => candidate.key === key);
        const outcome = request && outcomeOf(request, decision);
        if (outcome) onAnswer(key, outcome);
        setRequests((current) => current.filter((candidate) => candidate.key !== key));
      }}
    />
  );
}

const opened: { unmount: () => void }[] = [];

/** Unmounts every pane opened by {@link openModal}; call it from `afterEach`. */
export function closePanes(): void {
  for (const pane of opened.splice(0)) pane.unmount();
}

/**
 * Renders the modal over a fake prompt input at `width` columns (a pane of the same width), with a queue
 * that drops answered requests. `onAnswer` records answers; `seen` the keys that reached the input.
 */
export async function openModal(
  requests: PendingPermission[],
  width = 40,
  extra: Partial<Omit<PermissionModalProps, "requests" | "onDecide">> = {},
) {
  const onAnswer = vi.fn<Answer>();
  const seen: KeyPress[] = [];
  const pane = renderPane(
    <>
      <InputSpy seen={seen} />
      <Queue initial={requests} onAnswer={onAnswer} width={width} {...extra} />
    </>,
    { columns: width },
  );
  opened.push(pane);
  await pane.settle();
  return { pane, onAnswer, seen };
}

/** The outcome for a picked option, as the agent must receive it. */
export const selected = (optionId: string, replacementContent?: string): PermissionOutcome =>
  replacementContent === undefined
    ? { outcome: "selected", optionId }
    : { outcome: "selected", optionId, replacementContent };

/** One option of each standard kind. */
export const ALL_KINDS: PermissionOption[] = [
  { optionId: "allow-once", name: "Allow once", kind: "allow_once" },
  { optionId: "allow-always", name: "Always allow", kind: "allow_always" },
  { optionId: "reject-once", name: "Reject", kind: "reject_once" },
  { optionId: "reject-always", name: "Always reject", kind: "reject_always" },
];

/** The pane widths every modal test runs at: the narrowest side pane and a wide one. */
export const WIDTHS = [40, 80] as const;
