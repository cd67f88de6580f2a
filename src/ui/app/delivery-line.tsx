import chalk from "chalk";
import { Text } from "ink";
import { formatBytes } from "../../common/format.js";
import type { DeliveryView } from "../../state/view-model.js";
import { fitLine } from "./layout.js";

const HOME = process.env.HOME ?? "";

/** `/home/me/x` → `~/x`: narrow panes need every column. */
export function shortPath(path: string): string {
  return HOME && path.startsWith(`${HOME}/`) ? `~${path.slice(HOME.length)}` : path;
}

/**
 * A file the agent delivered, in one styled line: `⬇ name 12 KiB · ~/Downloads/name` (or `saving…`), or why
 * it was not saved. The one way it reads: the live line ({@link DeliveryLine}) prints it, the transcript
 * writes it.
 */
export function deliveryText(delivery: DeliveryView, width: number): string {
  if (delivery.state === "failed") {
    return chalk.red(fitLine(`✗ ${delivery.title}: ${delivery.error ?? "not saved"}`, width));
  }
  const where = delivery.state === "saved" && delivery.savedPath ? shortPath(delivery.savedPath) : "saving…";
  const title = chalk.bold(fitLine(delivery.title, Math.max(4, Math.floor(width / 2))));
  const rest = chalk.dim(
    fitLine(
      ` ${formatBytes(delivery.bytes)} · ${where}`,
      Math.max(1, width - 2 - Math.min(delivery.title.length, Math.floor(width / 2))),
    ),
  );
  return fitLine(`${chalk.green("⬇")} ${title}${rest}`, width);
}

/** A file being delivered, in the live region: {@link deliveryText}. */
export function DeliveryLine({ delivery, width }: { delivery: DeliveryView; width: number }) {
  return <Text wrap="truncate-end">{deliveryText(delivery, width)}</Text>;
}
