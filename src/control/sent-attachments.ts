import { formatBytes } from "../common/format.js";
import {
  MAX_ATTACHMENT_BYTES,
  readAttachment,
  type Attachment,
  type PromptCapabilities,
} from "../client/attachments.js";
import { ClientError } from "../client/errors.js";
import type { SentResource } from "./protocol.js";

/** Attachments waiting for the next prompt; more is a runaway script, not a user. */
export const MAX_PENDING_ATTACHMENTS = 32;

/**
 * Attachments handed to the pane by `zc-pane send`: files (absolute paths, read when the prompt goes out,
 * exactly like `@path`) and text resources held in memory (a tmux capture, stdin). They wait here until the
 * user sends the next prompt, which {@link take}s them all; the session controller then reads each through
 * {@link read}, which builds the resource block for in-memory text and defers to `readAttachment` for files.
 *
 * The refs are what the transcript shows after "+": a file's path, a resource's uri. A resource sent again
 * with the same uri (prefix+A twice in one pane) replaces the earlier capture instead of attaching both.
 */
export class SentAttachments {
  private pending: string[] = [];
  private readonly resources = new Map<string, SentResource>();

  /** How many attachments wait for the next prompt. */
  get size(): number {
    return this.pending.length;
  }

  /**
   * Queues files and resources for the next prompt; returns their refs. Throws a {@link ClientError} (code
   * `attachment`) and queues nothing when one resource is over 10 MiB or too many would be waiting.
   */
  add(files: readonly string[], resources: readonly SentResource[]): string[] {
    for (const resource of resources) {
      const bytes = Buffer.byteLength(resource.text);
      if (bytes > MAX_ATTACHMENT_BYTES) {
        throw new ClientError(
          `cannot attach ${resource.uri}: it is ${formatBytes(bytes)}, over the 10 MiB limit`,
          "attachment",
        );
      }
    }
    const refs = [...files, ...resources.map((resource) => resource.uri)];
    const added = refs.filter((ref) => !this.pending.includes(ref));
    if (this.pending.length + added.length > MAX_PENDING_ATTACHMENTS) {
      throw new ClientError(
        `too many attachments waiting (the limit is ${MAX_PENDING_ATTACHMENTS}): send a prompt first`,
        "attachment",
      );
    }
    for (const resource of resources) this.resources.set(resource.uri, resource);
    this.pending.push(...added);
    return refs;
  }

  /** Hands every waiting attachment to the prompt being sent, and forgets them. */
  readonly take = (): readonly string[] => {
    const taken = this.pending;
    this.pending = [];
    return taken;
  };

  /**
   * Reads one attachment for the prompt: an in-memory resource becomes a `resource` block (text inline, as
   * `readAttachment` does for text files, when the agent takes no embedded context); anything else is a file.
   */
  readonly read = async (ref: string, capabilities: PromptCapabilities, cwd?: string): Promise<Attachment> => {
    const resource = this.resources.get(ref);
    if (!resource) return readAttachment(ref, capabilities, cwd);
    this.resources.delete(ref);
    const mimeType = resource.mimeType ?? "text/plain";
    const block = capabilities.embeddedContext
      ? { type: "resource" as const, resource: { uri: resource.uri, mimeType, text: resource.text } }
      : { type: "text" as const, text: `Content of ${resource.uri}:\n\`\`\`\n${resource.text}\n\`\`\`` };
    return { path: resource.uri, bytes: Buffer.byteLength(resource.text), block };
  };
}
