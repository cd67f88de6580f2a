import { Box, Text } from "ink";
import type { ReactNode } from "react";
import { capLineLength, visibleWidth } from "../../markdown/wrap.js";
import type { PermissionBodyPart } from "../../state/permission-view.js";
import { DiffView } from "../diff/diff-view.js";
import type { BodyPlan } from "./modal-layout.js";

/** Props of {@link RequestHeader}. */
export interface RequestHeaderProps {
  /** The title's rows, already wrapped to `width` minus the position. */
  readonly rows: readonly string[];
  readonly width: number;
  /** `1 of 3` when more requests wait behind this one. */
  readonly position?: string;
  readonly kind?: string;
  /** The countdown, when the agent's timeout is known. */
  readonly countdown?: ReactNode;
}

/** The tool's title (or the question), the queue position, then its kind and the time left to answer. */
export function RequestHeader({ rows, width, position, kind, countdown }: RequestHeaderProps) {
  const titleWidth = Math.max(4, width - (position ? visibleWidth(position) + 1 : 0));
  return (
    <Box flexDirection="column" width={width}>
      <Box>
        <Box flexDirection="column" width={titleWidth}>
          {rows.map((row, index) => (
            <Text key={index} bold wrap="truncate-end">
              {row}
            </Text>
          ))}
        </Box>
        {position ? <Text dimColor> {position}</Text> : null}
      </Box>
      {kind || countdown ? (
        <Text wrap="truncate-end">
          {kind ? <Text color="magenta">{capLineLength(kind, Math.max(4, Math.floor(width / 2)))}</Text> : null}
          {kind && countdown ? <Text dimColor> · </Text> : null}
          {countdown}
        </Text>
      ) : null}
    </Box>
  );
}

/** Props of {@link RequestBody}. */
export interface RequestBodyProps {
  readonly body: readonly PermissionBodyPart[];
  readonly plan: BodyPlan;
  readonly width: number;
  /** The key that scrolls, for the "more" markers (`pgdn`). */
  readonly scrollKeys: { readonly up: string; readonly down: string };
}

const STYLE = {
  command: { bold: true },
  text: {},
  note: { dimColor: true },
} as const;

/**
 * What the agent wants to do, as planned by the modal's layout: the command and texts (a window of them with
 * "more" markers when they scroll), then the first diff.
 */
export function RequestBody({ body, plan, width, scrollKeys }: RequestBodyProps) {
  if (plan.height === 0) return null;
  const diff = body.find((part) => part.type === "diff");
  return (
    <Box flexDirection="column" width={width} marginTop={1}>
      {plan.above > 0 ? (
        <Text dimColor wrap="truncate-end">
          {capLineLength(`↑ ${plan.above} more ${plan.above === 1 ? "line" : "lines"} · ${scrollKeys.up}`, width)}
        </Text>
      ) : null}
      {plan.rows.map((row, index) => (
        <Text key={index} wrap="truncate-end" {...STYLE[row.style]}>
          {row.text || " "}
        </Text>
      ))}
      {plan.below > 0 ? (
        <Text color="yellow" wrap="truncate-end">
          {capLineLength(`↓ ${plan.below} more ${plan.below === 1 ? "line" : "lines"} · ${scrollKeys.down}`, width)}
        </Text>
      ) : null}
      {diff && plan.diffMaxLines > 0 ? (
        <DiffView
          path={diff.path}
          oldText={diff.oldText}
          newText={diff.newText}
          width={width}
          maxLines={plan.diffMaxLines}
        />
      ) : null}
    </Box>
  );
}
