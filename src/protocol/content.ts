import * as z from "zod";
import { lenient, lenientNumber, lenientString } from "./lenient.js";
import { variantParser, variantSchema } from "./variants.js";

// `annotations` is deliberately not declared: the loose objects keep it as received, and nothing in the client
// reads it, so a malformed one must not turn a block into "unsupported".

/** Plain text; what agents stream in message chunks. */
export const TextContentSchema = z.looseObject({
  type: z.literal("text"),
  text: z.string(),
});

/** An inline image (base64 `data`). Sent by the client only if the agent advertised `promptCapabilities.image`. */
export const ImageContentSchema = z.looseObject({
  type: z.literal("image"),
  data: z.string(),
  mimeType: z.string(),
  uri: lenientString(),
});

/** Inline audio (base64 `data`). */
export const AudioContentSchema = z.looseObject({
  type: z.literal("audio"),
  data: z.string(),
  mimeType: z.string(),
});

/** A reference to a resource the agent can fetch itself. */
export const ResourceLinkSchema = z.looseObject({
  type: z.literal("resource_link"),
  uri: z.string(),
  name: z.string(),
  title: lenientString(),
  description: lenientString(),
  mimeType: lenientString(),
  size: lenientNumber(),
});

/** Embedded text contents (a file attached as text). */
export const TextResourceContentsSchema = z.looseObject({
  uri: z.string(),
  text: z.string(),
  mimeType: lenientString(),
});

/** Embedded binary contents (base64 `blob`); ZeroClaw's `deliver_file` and upload path use this form. */
export const BlobResourceContentsSchema = z.looseObject({
  uri: z.string(),
  blob: z.string(),
  mimeType: lenientString(),
});

/** An embedded resource: text or blob contents. */
export const EmbeddedResourceSchema = z.looseObject({
  type: z.literal("resource"),
  resource: z.union([TextResourceContentsSchema, BlobResourceContentsSchema]),
});

export type TextContent = z.infer<typeof TextContentSchema>;
export type ImageContent = z.infer<typeof ImageContentSchema>;
export type AudioContent = z.infer<typeof AudioContentSchema>;
export type ResourceLink = z.infer<typeof ResourceLinkSchema>;
export type TextResourceContents = z.infer<typeof TextResourceContentsSchema>;
export type BlobResourceContents = z.infer<typeof BlobResourceContentsSchema>;
export type EmbeddedResource = z.infer<typeof EmbeddedResourceSchema>;

const contentVariants = {
  text: TextContentSchema,
  image: ImageContentSchema,
  audio: AudioContentSchema,
  resource_link: ResourceLinkSchema,
  resource: EmbeddedResourceSchema,
};

/** The content block `type`s this client understands. */
export const CONTENT_BLOCK_TYPES = ["text", "image", "audio", "resource_link", "resource"] as const;
export type KnownContentBlockType = (typeof CONTENT_BLOCK_TYPES)[number];

/**
 * A block we could not read: an unknown `type` (`kind` holds it; `""` when `type` was missing) or a known type
 * with a missing or malformed required field. `original` is the block as received, `reason` says what failed.
 */
export interface UnsupportedContentBlock {
  readonly type: "unsupported";
  readonly kind: string;
  readonly reason: string;
  readonly original: unknown;
}

/** One of the standard ACP content blocks. Use this type for what the client sends (prompts). */
export const KnownContentBlockSchema = z.discriminatedUnion("type", [
  TextContentSchema,
  ImageContentSchema,
  AudioContentSchema,
  ResourceLinkSchema,
  EmbeddedResourceSchema,
]);
export type KnownContentBlock = z.infer<typeof KnownContentBlockSchema>;

/** A content block as received: a standard block or {@link UnsupportedContentBlock}. */
export type ContentBlock = KnownContentBlock | UnsupportedContentBlock;

/** Parses one content block; never throws (anything unreadable becomes an unsupported block). */
export const parseContentBlock: (raw: unknown) => ContentBlock = variantParser(
  "type",
  contentVariants,
  (kind, reason, original): UnsupportedContentBlock => ({ type: "unsupported", kind, reason, original }),
);

/**
 * A content block inside another message. A non-object fails the enclosing parse (a chunk with no `content`
 * is not a chunk); an object with an unknown or malformed `type` becomes an unsupported block.
 */
export const ContentBlockSchema = variantSchema(parseContentBlock, "a content block object");

/** An optional list of content blocks whose loss is tolerable (compaction summaries). */
export const lenientContentBlocks = () => lenient(z.array(ContentBlockSchema).nullable());
