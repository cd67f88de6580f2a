// The public surface of src/protocol: zod schemas, inferred types and pure parse helpers. No I/O.
export * from "./client-methods.js";
export * from "./content.js";
export * from "./elicitation.js";
export * from "./error-codes.js";
export * from "./initialize.js";
export * from "./jsonrpc.js";
export * from "./lenient.js";
export * from "./methods.js";
export * from "./permission.js";
export * from "./prompt.js";
export * from "./result.js";
export * from "./session-config.js";
export * from "./session-update.js";
export * from "./session.js";
export * from "./tool-call.js";
export * from "./variants.js";
export * from "./zeroclaw.js";
