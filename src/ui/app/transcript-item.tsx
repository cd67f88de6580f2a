import { Box, Text } from "ink";
import { memo } from "react";
import { renderMarkdown, renderPlainText } from "../../markdown/renderer.js";
import { formatHiddenLines, truncateLines, visibleWidth } from "../../markdown/wrap.js";
import type { DeliveryView, TranscriptItem } from "../../state/view-model.js";
import { formatBytes, shortId } from "../../common/format.js";
import { fitLine } from "./layout.js";
import { usePaneWidth } from "./pane-width.js";
import { Plan } from "./plan.js";
import { ToolRowLine } from "./tool-row.js";
import { FileWrittenView } from "./file-written.js";

/** A prompt or an error longer than this is cut in the transcript (the export keeps it whole). */
const MAX_ITEM_LINES = 60;

/** Plain text fitted to `width`, capped to {@link MAX_ITEM_LINES} lines with a "… N more lines" note. */
export function cappedText(text: string, width: number, maxLines = MAX_ITEM_LINES): string {
  const { text: kept, hiddenLines } = truncateLines(text, maxLines);
  const body = renderPlainText(kept, width);
  return hiddenLines > 0 ? `${body}\n${formatHiddenLines(hiddenLines)}` : body;
}

const HOME = process.env.HOME ?? "";

/** `/home/me/x` → `~/x`: narrow panes need every column. */
export function shortPath(path: string): string {
  return HOME && path.startsWith(`${HOME}/`) ? `~${path.slice(HOME.length)}` : path;
}

function DeliveryLine({ delivery, width }: { delivery: DeliveryView; width: number }) {
  if (delivery.state === "failed") {
    return (
      <Text color="red" wrap="truncate-end">
        {fitLine(`✗ ${delivery.title}: ${delivery.error ?? "not saved"}`, width)}
      </Text>
    );
  }
  const where = delivery.state === "saved" && delivery.savedPath ? shortPath(delivery.savedPath) : "saving…";
  return (
    <Text wrap="truncate-end">
      <Text color="green">⬇</Text> <Text bold>{fitLine(delivery.title, Math.max(4, Math.floor(width / 2)))}</Text>
      <Text dimColor>
        {fitLine(
          ` ${formatBytes(delivery.bytes)} · ${where}`,
          Math.max(1, width - 2 - Math.min(delivery.title.length, Math.floor(width / 2))),
        )}
      </Text>
    </Text>
  );
}

/** Props of {@link TranscriptItemView}. */
export interface TranscriptItemViewProps {
  readonly item: TranscriptItem;
}

/**
 * One finished transcript item as printed into scrollback: prompts, agent markdown (rendered at the pane
 * width by the cached renderer), thoughts as one dim line, tool rows collapsed, plans, delivered files,
 * errors, notices and the "turn cancelled" marker.
 */
export const TranscriptItemView = memo(function TranscriptItemView({ item }: TranscriptItemViewProps) {
  const width = usePaneWidth();
  switch (item.kind) {
    case "banner": {
      const how = item.how === "resume" ? "resumed" : item.how === "load" ? "loaded" : "new session";
      const where = item.cwd ? ` · ${shortPath(item.cwd)}` : "";
      return <Text dimColor>{fitLine(`── ${item.agent} · ${shortId(item.sessionId)} · ${how}${where}`, width)}</Text>;
    }
    case "user":
      return (
        <Box flexDirection="column" marginTop={1}>
          <Box>
            <Text color="cyan" bold>
              {"› "}
            </Text>
            <Text bold>{cappedText(item.text, Math.max(4, width - 2))}</Text>
          </Box>
          {item.attachments.length > 0 ? (
            <Text dimColor>{fitLine(`  + ${item.attachments.join(", ")}`, width)}</Text>
          ) : null}
        </Box>
      );
    case "agent-text":
      return (
        <Box marginBottom={item.continues ? 0 : 1}>
          <Text>{renderMarkdown(item.markdown, width)}</Text>
        </Box>
      );
    case "thought": {
      const lines = item.text.split("\n").filter((line) => line.trim() !== "");
      const more = lines.length > 1 ? ` (+${lines.length - 1} lines)` : "";
      return (
        <Text dimColor italic wrap="truncate-end">
          {fitLine(`✻ ${lines[0] ?? ""}`, Math.max(4, width - more.length))}
          {more}
        </Text>
      );
    }
    case "tool":
      return item.row.terminalTail ? (
        <Box flexDirection="column">
          <ToolRowLine row={item.row} width={width} />
          <Text dimColor>
            {item.row.terminalTail
              .split("\n")
              .map((line) => fitLine(`  ${line}`, width))
              .join("\n")}
          </Text>
        </Box>
      ) : (
        <ToolRowLine row={item.row} width={width} />
      );
    case "plan":
      return <Plan entries={item.entries} width={width} maxLines={24} />;
    case "delivered-file":
      return <DeliveryLine delivery={item.delivery} width={width} />;
    case "error":
      return <Text color="red">{cappedText(`✗ ${item.message}`, width, 12)}</Text>;
    case "turn-cancelled":
      return <Text color="yellow">⊘ turn cancelled</Text>;
    case "notice": {
      const color = item.level === "error" ? "red" : item.level === "warning" ? "yellow" : undefined;
      return (
        <Text color={color} dimColor={item.level === "info"}>
          {cappedText(`• ${item.message}`, width, 20)}
        </Text>
      );
    }
    case "permission": {
      // The decision is what must stay: the title is cut to the room the answer leaves.
      const answer = fitLine(item.answer, Math.max(8, width - 12));
      const title = fitLine(item.title, Math.max(4, width - 2 - 3 - visibleWidth(answer)));
      return <Text dimColor>{fitLine(`⚿ ${title} → ${answer}`, width)}</Text>;
    }
    case "unsupported":
      return <Text dimColor>{fitLine(`? unsupported ${item.what}`, width)}</Text>;
    case "file-written":
      return <FileWrittenView item={item} width={width} />;
  }
});

export { DeliveryLine };
