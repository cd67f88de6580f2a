// Compile-time drift check against the official SDK's types (acp-standard.md §7): our zod-inferred shapes,
// minus the "unsupported" catch-all branches and the loose objects' index signatures, with kind/status strings
// narrowed to our known-value sets, must stay assignable to @agentclientprotocol/sdk's. The real check is
// `tsc --noEmit` (run by `npm test`): bumping the SDK pin and seeing this file fail is the signal of drift.
import type * as Sdk from "@agentclientprotocol/sdk";
import type * as SdkUnstable from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import {
  CONTENT_BLOCK_TYPES,
  PERMISSION_OPTION_KINDS,
  PLAN_ENTRY_PRIORITIES,
  PLAN_ENTRY_STATUSES,
  SESSION_UPDATE_KINDS,
  STOP_REASONS,
  TOOL_CALL_CONTENT_TYPES,
  TOOL_CALL_STATUSES,
  TOOL_KINDS,
  type CancelParams,
  type ClientCapabilities,
  type CloseSessionParams,
  type ContentBlock,
  type CreateTerminalResult,
  type ElicitationResult,
  type InitializeParams,
  type InitializeResult,
  type KnownContentBlock,
  type KnownPlanEntryPriority,
  type KnownPlanEntryStatus,
  type KnownSessionUpdateKind,
  type KnownStopReason,
  type KnownToolCallStatus,
  type KnownToolKind,
  type LoadSessionParams,
  type NewSessionParams,
  type NewSessionResult,
  type PermissionOption,
  type PermissionOutcome,
  type PermissionRequest,
  type PermissionResponse,
  type PlanEntry,
  type PromptParams,
  type PromptResult,
  type PromptUsage,
  type ReadTextFileResult,
  type ResumeSessionParams,
  type SessionUpdateOf,
  type SetConfigOptionParams,
  type SetModeParams,
  type StandardPermissionOptionKind,
  type TerminalOutputResult,
  type ToolCallContent,
  type ToolCallUpdateFields,
} from "../../src/protocol/index.js";

/** True when A is assignable to B (non-distributive). `never` fails: it would pass vacuously. */
type Assignable<A, B> = [A] extends [never] ? false : [A] extends [B] ? true : false;
/** True when A and B are mutually assignable. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** The keys of the SDK type that our type does not declare, minus the ones we knowingly leave raw. */
type MissingKeys<Ours, Theirs, Ignored extends PropertyKey = never> = Exclude<
  keyof Theirs,
  keyof Ours | "_meta" | Ignored
>;

type Unsupported = { type: "unsupported" } | { sessionUpdate: "unsupported" };
/**
 * Our type as a standard ACP value: unsupported branches dropped and index signatures removed, recursively.
 * `unknown` (rawInput, rawOutput) passes through untouched.
 */
type Standard<T> = T extends Unsupported
  ? never
  : T extends readonly (infer U)[]
    ? Standard<U>[]
    : T extends object
      ? { [K in keyof T as string extends K ? never : number extends K ? never : K]: Standard<T[K]> }
      : T;

/** Narrows our plain-string `kind`/`status` to the standard sets, as a conforming agent would send them. */
type WithStandardToolStrings<T> = Omit<T, "kind" | "status"> & { kind?: KnownToolKind; status?: KnownToolCallStatus };
type StandardToolCallContent = Standard<ToolCallContent>;

type SdkUpdate<K extends Sdk.SessionUpdate["sessionUpdate"]> = Extract<Sdk.SessionUpdate, { sessionUpdate: K }>;

// Known-value sets: equal to the SDK's closed unions, so an added or renamed value fails here.
const toolKinds: Same<KnownToolKind, Sdk.ToolKind> = true;
const toolStatuses: Same<KnownToolCallStatus, Sdk.ToolCallStatus> = true;
const stopReasons: Same<KnownStopReason, Sdk.StopReason> = true;
const planStatuses: Same<KnownPlanEntryStatus, Sdk.PlanEntryStatus> = true;
const planPriorities: Same<KnownPlanEntryPriority, Sdk.PlanEntryPriority> = true;
const optionKinds: Same<StandardPermissionOptionKind, Sdk.PermissionOptionKind> = true;
const updateKinds: Same<KnownSessionUpdateKind, Sdk.SessionUpdate["sessionUpdate"]> = true;
const contentTypes: Same<KnownContentBlock["type"], Sdk.ContentBlock["type"]> = true;
const toolContentTypes: Same<StandardToolCallContent["type"], Sdk.ToolCallContent["type"]> = true;

// Content.
const contentBlock: Assignable<Standard<ContentBlock>, Sdk.ContentBlock> = true;
const knownContentBlock: Assignable<Standard<KnownContentBlock>, Sdk.ContentBlock> = true;
const toolCallContent: Assignable<StandardToolCallContent, Sdk.ToolCallContent> = true;

// Session updates we receive.
type OurChunk = Standard<SessionUpdateOf<"agent_message_chunk">>;
const agentMessageChunk: Assignable<OurChunk, SdkUpdate<"agent_message_chunk">> = true;
const userMessageChunk: Assignable<
  Standard<SessionUpdateOf<"user_message_chunk">>,
  SdkUpdate<"user_message_chunk">
> = true;
const thoughtChunk: Assignable<
  Standard<SessionUpdateOf<"agent_thought_chunk">>,
  SdkUpdate<"agent_thought_chunk">
> = true;
const chunkKeys: Same<MissingKeys<OurChunk, SdkUpdate<"agent_message_chunk">>, never> = true;

type OurToolCall = WithStandardToolStrings<Standard<SessionUpdateOf<"tool_call">>>;
const toolCall: Assignable<OurToolCall, SdkUpdate<"tool_call">> = true;
const toolCallKeys: Same<MissingKeys<OurToolCall, SdkUpdate<"tool_call">>, never> = true;

type OurToolCallUpdate = WithStandardToolStrings<Standard<SessionUpdateOf<"tool_call_update">>>;
const toolCallUpdate: Assignable<OurToolCallUpdate, SdkUpdate<"tool_call_update">> = true;
const toolCallUpdateKeys: Same<MissingKeys<OurToolCallUpdate, SdkUpdate<"tool_call_update">>, never> = true;
const toolCallFields: Assignable<WithStandardToolStrings<Standard<ToolCallUpdateFields>>, Sdk.ToolCallUpdate> = true;

type OurPlanEntry = Omit<Standard<PlanEntry>, "priority" | "status"> & {
  priority: KnownPlanEntryPriority;
  status: KnownPlanEntryStatus;
};
const plan: Assignable<{ sessionUpdate: "plan"; entries: OurPlanEntry[] }, SdkUpdate<"plan">> = true;
const planEntryKeys: Same<MissingKeys<OurPlanEntry, Sdk.PlanEntry>, never> = true;
const planShape: Same<MissingKeys<Standard<SessionUpdateOf<"plan">>, SdkUpdate<"plan">>, never> = true;

const modeUpdate: Assignable<Standard<SessionUpdateOf<"current_mode_update">>, SdkUpdate<"current_mode_update">> = true;
const infoUpdate: Assignable<Standard<SessionUpdateOf<"session_info_update">>, SdkUpdate<"session_info_update">> = true;
const usageUpdate: Assignable<Standard<SessionUpdateOf<"usage_update">>, SdkUpdate<"usage_update">> = true;
const notice: Assignable<Standard<SessionUpdateOf<"notice">>, SdkUpdate<"notice">> = true;
const compaction: Assignable<Standard<SessionUpdateOf<"compaction_update">>, SdkUpdate<"compaction_update">> = true;
const compactionChunk: Assignable<
  Standard<SessionUpdateOf<"compaction_summary_chunk">>,
  SdkUpdate<"compaction_summary_chunk">
> = true;
const commands: Assignable<
  Standard<SessionUpdateOf<"available_commands_update">>,
  SdkUpdate<"available_commands_update">
> = true;

// Permission: the request we receive, the options, and the outcome we send.
type OurOption = Omit<Standard<PermissionOption>, "kind"> & { kind: StandardPermissionOptionKind };
const permissionOption: Assignable<OurOption, Sdk.PermissionOption> = true;
type OurPermissionRequest = Omit<Standard<PermissionRequest>, "toolCall" | "options"> & {
  toolCall: WithStandardToolStrings<Standard<PermissionRequest["toolCall"]>>;
  options: OurOption[];
};
const permissionRequest: Assignable<OurPermissionRequest, Sdk.RequestPermissionRequest> = true;
const permissionOutcome: Assignable<Standard<PermissionOutcome>, Sdk.RequestPermissionOutcome> = true;
const permissionResponse: Assignable<Standard<PermissionResponse>, Sdk.RequestPermissionResponse> = true;

// Requests we send.
const initializeParams: Assignable<Standard<InitializeParams>, Sdk.InitializeRequest> = true;
const clientCapabilities: Assignable<Standard<ClientCapabilities>, Sdk.ClientCapabilities> = true;
const clientCapabilityKeys: Same<MissingKeys<Standard<ClientCapabilities>, Sdk.ClientCapabilities>, never> = true;
const newSession: Assignable<Standard<NewSessionParams>, Sdk.NewSessionRequest> = true;
const loadSession: Assignable<Standard<LoadSessionParams>, Sdk.LoadSessionRequest> = true;
const resumeSession: Assignable<Standard<ResumeSessionParams>, Sdk.ResumeSessionRequest> = true;
const closeSession: Assignable<Standard<CloseSessionParams>, Sdk.CloseSessionRequest> = true;
const prompt: Assignable<Standard<PromptParams>, Sdk.PromptRequest> = true;
const cancel: Assignable<Standard<CancelParams>, Sdk.CancelNotification> = true;
const setMode: Assignable<Standard<SetModeParams>, Sdk.SetSessionModeRequest> = true;
const setConfigOption: Assignable<Standard<SetConfigOptionParams>, Sdk.SetSessionConfigOptionRequest> = true;

// Results we receive (ours carries the SDK's field names) and results we send.
const initializeResult: Assignable<Standard<InitializeResult>, Sdk.InitializeResponse> = true;
const initializeResultKeys: Same<MissingKeys<Standard<InitializeResult>, Sdk.InitializeResponse>, never> = true;
const newSessionResult: Assignable<Standard<NewSessionResult>, Sdk.NewSessionResponse> = true;
type OurPromptResult = Omit<Standard<PromptResult>, "stopReason"> & { stopReason: KnownStopReason };
const promptResult: Assignable<OurPromptResult, Sdk.PromptResponse> = true;
// `usage` is unstable in ACP: same field names and types, though every field is optional (lenient) on our side.
const promptUsage: Assignable<Standard<PromptUsage>, Partial<SdkUnstable.Usage>> = true;
const promptUsageKeys: Same<MissingKeys<Standard<PromptUsage>, SdkUnstable.Usage>, never> = true;
const readTextFile: Assignable<Standard<ReadTextFileResult>, Sdk.ReadTextFileResponse> = true;
const createTerminal: Assignable<Standard<CreateTerminalResult>, Sdk.CreateTerminalResponse> = true;
const terminalOutput: Assignable<Standard<TerminalOutputResult>, Sdk.TerminalOutputResponse> = true;
const elicitationResult: Assignable<Standard<ElicitationResult>, Sdk.CreateElicitationResponse> = true;

describe("SDK type drift check", () => {
  it("is enforced at compile time; the known-value sets match the SDK's at run time too", () => {
    // The constants above only exist to be type-checked; referencing them keeps `noUnused*` settings quiet.
    const checks = [
      toolKinds,
      toolStatuses,
      stopReasons,
      planStatuses,
      planPriorities,
      optionKinds,
      updateKinds,
      contentTypes,
      toolContentTypes,
      contentBlock,
      knownContentBlock,
      toolCallContent,
      agentMessageChunk,
      userMessageChunk,
      thoughtChunk,
      chunkKeys,
      toolCall,
      toolCallKeys,
      toolCallUpdate,
      toolCallUpdateKeys,
      toolCallFields,
      plan,
      planEntryKeys,
      planShape,
      modeUpdate,
      infoUpdate,
      usageUpdate,
      notice,
      compaction,
      compactionChunk,
      commands,
      permissionOption,
      permissionRequest,
      permissionOutcome,
      permissionResponse,
      initializeParams,
      clientCapabilities,
      clientCapabilityKeys,
      newSession,
      loadSession,
      resumeSession,
      closeSession,
      prompt,
      cancel,
      setMode,
      setConfigOption,
      initializeResult,
      initializeResultKeys,
      newSessionResult,
      promptResult,
      promptUsage,
      promptUsageKeys,
      readTextFile,
      createTerminal,
      terminalOutput,
      elicitationResult,
    ];
    expect(checks.every((check) => check === true)).toBe(true);
    // The runtime lists must agree with the literal types they were declared with.
    expect(TOOL_KINDS).toHaveLength(10);
    expect(TOOL_CALL_STATUSES).toHaveLength(4);
    expect(STOP_REASONS).toHaveLength(5);
    expect(PLAN_ENTRY_STATUSES).toHaveLength(3);
    expect(PLAN_ENTRY_PRIORITIES).toHaveLength(3);
    expect(PERMISSION_OPTION_KINDS).toHaveLength(4);
    expect(SESSION_UPDATE_KINDS).toHaveLength(14);
    expect(CONTENT_BLOCK_TYPES).toHaveLength(5);
    expect(TOOL_CALL_CONTENT_TYPES).toHaveLength(3);
  });
});
