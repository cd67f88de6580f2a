import { formatBytes } from "../common/format.js";
import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { looksLikeText, MAX_ATTACHMENT_BYTES } from "../client/attachments.js";
import { ControlConnectError, sendControlRequest } from "../control/control-client.js";
import { findSendTarget } from "../control/discovery.js";
import { CONTROL_PROTOCOL_VERSION, type SentResource } from "../control/protocol.js";
import { runTmux } from "../control/tmux-command.js";
import { writeErr, writeOut } from "./terminal-out.js";

/** `zc-pane send --help`. */
export const SEND_USAGE = `Usage: zc-pane send [--pane ID] [--file PATH]... [--stdin [--uri URI]] [--wait SECS] TEXT...

Hands text and attachments to a running zc-pane. TEXT goes into the pane's input, where you edit it and
press Enter; nothing reaches the agent before that. Attachments go with that prompt.
  --pane ID     the pane to send to: a tmux pane (%3, or any tmux target) or a zellij pane id.
                Default: the zc-pane of the current tmux window, or the only one of this zellij session
  --file PATH   attach a file (repeatable); read by the pane when the prompt goes out, like @path
  --stdin       attach what is piped in, as a text resource (at most 10 MiB)
  --uri URI     what to call the piped text (default stdin:), e.g. tmux://pane/3 for a pane capture
  --wait SECS   keep trying this long when the pane is still starting (default 0)
Exit codes: 0 sent, 1 no pane running or the pane refused, 2 usage.`;

class SendUsageError extends Error {}

async function readStdin(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    // Stop reading at the limit instead of buffering whatever a runaway pipe produces.
    if (size > MAX_ATTACHMENT_BYTES) throw new Error(`stdin is over the 10 MiB attachment limit; nothing was sent`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, size);
}

/** `zc-pane send` (design.md §2). Returns the exit code. */
export async function runSendCommand(argv: readonly string[]): Promise<number> {
  let values;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: [...argv],
      options: {
        pane: { type: "string" },
        file: { type: "string", multiple: true },
        stdin: { type: "boolean" },
        uri: { type: "string" },
        wait: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: true,
    }));
    if (values.help) {
      writeOut(`${SEND_USAGE}\n`);
      return 0;
    }
    if (values.uri !== undefined && !values.stdin)
      throw new SendUsageError("--uri names the piped text: it needs --stdin");
    if (values.wait !== undefined && !/^\d+(\.\d+)?$/.test(values.wait))
      throw new SendUsageError(`--wait takes seconds, not "${values.wait}"`);
    if (positionals.length === 0 && !values.file?.length && !values.stdin)
      throw new SendUsageError("nothing to send: give TEXT, --file or --stdin");
    if (values.stdin && process.stdin.isTTY) throw new SendUsageError("--stdin reads a pipe, and nothing is piped in");
  } catch (error) {
    writeErr(`zc-pane send: ${(error as Error).message}\n\n${SEND_USAGE}\n`);
    return 2;
  }

  try {
    const files: string[] = [];
    for (const file of values.file ?? []) {
      const path = resolve(file);
      const info = await stat(path).catch(() => undefined);
      if (!info?.isFile()) throw new Error(`cannot attach ${file}: ${info ? "not a regular file" : "no such file"}`);
      if (info.size > MAX_ATTACHMENT_BYTES)
        throw new Error(`cannot attach ${file}: it is ${formatBytes(info.size)}, over the 10 MiB limit`);
      files.push(path);
    }
    const resources: SentResource[] = [];
    if (values.stdin) {
      const bytes = await readStdin();
      if (!looksLikeText(bytes))
        throw new Error("stdin is not text (NUL bytes or invalid UTF-8): save it to a file and use --file");
      resources.push({ uri: values.uri ?? "stdin:", mimeType: "text/plain", text: bytes.toString("utf8") });
    }
    const target = await findSendTarget(values.pane, { env: process.env, tmux: runTmux });
    const reply = await sendControlRequest(
      target.socketPath,
      { v: CONTROL_PROTOCOL_VERSION, type: "send", text: positionals.join(" "), files, resources },
      { label: target.label, waitMs: values.wait !== undefined ? Number(values.wait) * 1000 : 0 },
    );
    if (!reply.ok) throw new Error(`the pane refused it: ${reply.error}`);
    const attached = reply.attached ?? 0;
    writeErr(
      `zc-pane send: sent to ${target.label}${attached > 0 ? ` with ${attached} attachment${attached === 1 ? "" : "s"}` : ""}\n`,
    );
    return 0;
  } catch (error) {
    const message = (error as Error).message;
    const hint =
      error instanceof ControlConnectError && error.code === "not-running"
        ? "\n  open one with prefix+a (tmux) or `zellij run --direction right -- zc-pane`"
        : "";
    writeErr(`zc-pane send: ${message}${hint}\n`);
    return 1;
  }
}
