#!/usr/bin/env node
// A scripted standard ACP agent built on the official SDK's agent API (@agentclientprotocol/sdk, pinned 2.4.0),
// run as a child process: `node test/helpers/sdk-agent/agent.mjs [--auth] [--no-models] [--bare]`.
// Plain JS so tests need no build step. It is a conformance peer: everything it sends goes through the SDK,
// so it checks our client against the reference implementation rather than against our own reading of the spec.
//
// Flags:
//   --auth       offer an env_var method (TEST_AGENT_API_KEY) and an agent method; session/new answers -32000
//                until `authenticate` succeeded
//   --auth-never like --auth, but session/new keeps answering -32000 after authenticate (a broken login)
//   --no-models  leave out the legacy `models` block (session/set_model is then refused)
//   --bare       no modes, no config options, no models
//   --mode-option no modes; a select config option with category "mode" (Ask / Auto) stands in for them
//   --bypass-mode a last mode that skips approvals, as Claude's adapter offers it ("Bypass Permissions"; with
//                --mode-option a "YOLO" value, as Gemini names it)
//   --bool-option a boolean config option too ("Auto-approve edits", off), sent only to clients that advertise
//                session.configOptions.boolean, as the spec asks
//   --mcp-http   advertise mcpCapabilities.http (remote MCP servers are then sent to it)
//   --store FILE keep sessions in FILE (JSON: [{sessionId, cwd, title?, updatedAt?, history: [{role, text}]}]),
//                and advertise loadSession plus sessionCapabilities list, resume and delete
//   --load-fails advertise loadSession only (no resume), and answer every session/load with -32603 Internal
//                error, as gemini-cli does for a session it never saved (it died mid-turn)
//
// Like real agents, it starts every stdio MCP server it is given in session/new, load or resume (MCP
// `initialize`, `notifications/initialized`, `tools/list`), and reports what it got on `mcp`.
//
// A prompt's first word picks the script; results of the agent's own requests to the client come back as text
// lines `RESULT {json}`, so tests can assert what the agent got:
//   plan | usage | commands | title TEXT | agent-mode ID      one update of that kind (plan: two, in place)
//   gemini-mode ID                                            the mode change as gemini-cli tells it: a message
//                                                             chunk `[MODE_UPDATE] ID`
//   read PATH [LINE LIMIT] | write PATH TEXT...               fs/read_text_file, fs/write_text_file
//   terminal CMD... | terminal-limit BYTES CMD...             terminal/create (sh -c), wait_for_exit, output, release
//   run CMD...                                                terminal/create embedded in a tool call; reports the exit
//   run-late CMD...                                           as run, but the tool call embeds the terminal only once the
//                                                             command exited (a fast command beats claude-agent-acp's
//                                                             embedding update)
//   kill                                                      create `sleep 30`, output, kill, wait, output, release
//   whoami                                                    the auth method used and the client's capabilities
//   shell CMD...                                              run CMD (sh -c) agent-side; its output streamed in tool
//                                                             call _meta.terminal_output to clients that offer it
//   locate PATH [LINE]                                        a finished read tool call with locations [{path, line}]
//   compact | compact-fail | notice                           compaction_update in_progress then completed (or
//                                                             failed), or a warning notice
//   mcp                                                       the mcpServers received and the tools each stdio one listed
//   elicit-form | elicit-url [URL]                            elicitation/create (a form of every field kind, or a URL
//                                                             followed by elicitation/complete); reports the answer
//   exit CODE                                                 a chunk, then the process exits with CODE mid-turn
//   "...Reply with exactly X..." (anywhere)                   asks permission for a harmless tool, then says X
//   anything else                                             "You said: ..."
import * as acp from "@agentclientprotocol/sdk";
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { Readable, Writable } from "node:stream";

const flags = new Set(process.argv.slice(2));
const authNever = flags.has("--auth-never");
const requireAuth = flags.has("--auth") || authNever;
const bare = flags.has("--bare");
const withModels = !bare && !flags.has("--no-models");
const mcpHttp = flags.has("--mcp-http");
const modeOption = flags.has("--mode-option");
const boolOption = flags.has("--bool-option");
const bypassMode = flags.has("--bypass-mode");
const argv = process.argv.slice(2);
const loadFails = flags.has("--load-fails");
const storeFile = argv.includes("--store") ? argv[argv.indexOf("--store") + 1] : undefined;

const ENV_METHOD = "test-api-key";
const ENV_VAR = "TEST_AGENT_API_KEY";
const AGENT_METHOD = "browser-login";

/** Per connection (one per process): what the client sent in initialize, and the auth state. */
const state = { clientCapabilities: undefined, authenticatedWith: undefined, sessions: new Map(), mcp: new Map() };

/** The boolean option (`--bool-option`), for clients that said they understand boolean options. */
function booleanOptions() {
  if (!boolOption || !state.clientCapabilities?.session?.configOptions?.boolean) return [];
  return [{ id: "auto-approve", name: "Auto-approve edits", type: "boolean", currentValue: false }];
}

function initialSettings() {
  const settings = baseSettings();
  const booleans = booleanOptions();
  return booleans.length > 0
    ? { ...settings, configOptions: [...(settings.configOptions ?? []), ...booleans] }
    : settings;
}

function baseSettings() {
  if (bare) return {};
  if (modeOption)
    return {
      configOptions: [
        {
          id: "approval",
          name: "Approval",
          category: "mode",
          type: "select",
          currentValue: "ask",
          options: [
            { value: "ask", name: "Ask" },
            { value: "auto", name: "Auto" },
            ...(bypassMode ? [{ value: "yolo", name: "YOLO" }] : []),
          ],
        },
      ],
    };
  return {
    modes: {
      currentModeId: "ask",
      availableModes: [
        { id: "ask", name: "Ask", description: "Asks before every change" },
        { id: "code", name: "Code", description: "Edits files" },
        { id: "architect", name: "Architect" },
        ...(bypassMode
          ? [{ id: "bypassPermissions", name: "Bypass Permissions", description: "Bypass all permission checks" }]
          : []),
      ],
    },
    configOptions: [
      {
        id: "model",
        name: "Model",
        category: "model",
        type: "select",
        currentValue: "fast",
        options: [
          { value: "fast", name: "Fast" },
          { value: "smart", name: "Smart", description: "Slower, better" },
        ],
      },
      {
        id: "reasoning",
        name: "Reasoning",
        category: "thought_level",
        type: "select",
        currentValue: "low",
        options: [
          { group: "cheap", name: "Cheap", options: [{ value: "low", name: "Low" }] },
          { group: "deep", name: "Deep", options: [{ value: "high", name: "High" }] },
        ],
      },
    ],
    ...(withModels
      ? {
          models: {
            currentModelId: "test-fast-1",
            availableModels: [
              { modelId: "test-fast-1", name: "Test Fast" },
              { modelId: "test-smart-2", name: "Test Smart" },
            ],
          },
        }
      : {}),
  };
}

function authMethods() {
  if (!requireAuth) return [];
  const methods = [
    {
      type: "env_var",
      id: ENV_METHOD,
      name: `Use ${ENV_VAR}`,
      description: `Requires setting the \`${ENV_VAR}\` environment variable.`,
      vars: [{ name: ENV_VAR, label: "Test API key" }],
    },
    { id: AGENT_METHOD, name: "Log in with a browser", description: "Opens a browser to sign in" },
  ];
  // The spec: a terminal method only for clients that can run one (clientCapabilities.auth.terminal).
  if (state.clientCapabilities?.auth?.terminal === true)
    methods.push({ type: "terminal", id: "terminal-login", name: "Log in", args: ["login"] });
  return methods;
}

/**
 * A minimal MCP client: starts a stdio server, runs `initialize`, `notifications/initialized` and `tools/list`,
 * and resolves with the tools (or the failure). The server ends with this process (its stdin closes).
 */
function startMcpServer(server) {
  return new Promise((resolve) => {
    const env = { ...process.env, ...Object.fromEntries(server.env.map(({ name, value }) => [name, value])) };
    const child = spawn(server.command, server.args, { env, stdio: ["pipe", "pipe", "ignore"] });
    const pending = new Map();
    let nextId = 1;
    const request = (method, params) =>
      new Promise((answer) => {
        const id = nextId++;
        pending.set(id, answer);
        child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
      });
    child.on("error", (error) => resolve({ name: server.name, error: error.message }));
    createInterface({ input: child.stdout }).on("line", (line) => {
      const message = JSON.parse(line);
      pending.get(message.id)?.(message);
      pending.delete(message.id);
    });
    void (async () => {
      const init = await request("initialize", {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "zc-pane-sdk-test-agent", version: "1" },
      });
      child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`);
      const list = await request("tools/list", {});
      resolve({ name: server.name, serverInfo: init.result?.serverInfo, tools: list.result?.tools ?? [] });
    })();
  });
}

/** Starts the stdio servers among `mcpServers`; what they listed is kept for the `mcp` prompt. */
function receiveMcpServers(sessionId, mcpServers = []) {
  const stdio = mcpServers.filter((server) => server.type === undefined || server.type === "stdio");
  state.mcp.set(sessionId, { received: mcpServers, started: Promise.all(stdio.map(startMcpServer)) });
}

/** The stored sessions (`--store`): what session/list, load, resume and delete work on. */
const stored = () => (storeFile && existsSync(storeFile) ? JSON.parse(readFileSync(storeFile, "utf8")) : []);
const saveStored = (sessions) => writeFileSync(storeFile, JSON.stringify(sessions));

/** session/load and session/resume: the stored session becomes live again (load replays its history first). */
async function restore(ctx, replay) {
  const found = stored().find((entry) => entry.sessionId === ctx.params.sessionId);
  if (!found) throw acp.RequestError.sessionNotFound(ctx.params.sessionId);
  const settings = initialSettings();
  state.sessions.set(found.sessionId, { cwd: ctx.params.cwd, ...structuredClone(settings) });
  receiveMcpServers(found.sessionId, ctx.params.mcpServers);
  if (replay)
    for (const message of found.history ?? [])
      await update(ctx.client, found.sessionId, {
        sessionUpdate: message.role === "user" ? "user_message_chunk" : "agent_message_chunk",
        content: { type: "text", text: message.text },
      });
  return settings;
}

function session(ctx) {
  const found = state.sessions.get(ctx.params.sessionId);
  if (!found) throw acp.RequestError.sessionNotFound(ctx.params.sessionId);
  return found;
}

const update = (client, sessionId, value) =>
  client.notify(acp.methods.client.session.update, { sessionId, update: value });
const say = (client, sessionId, text) =>
  update(client, sessionId, { sessionUpdate: "agent_message_chunk", content: { type: "text", text } });
const report = (client, sessionId, value) => say(client, sessionId, `RESULT ${JSON.stringify(value)}\n`);

/** What a client request answered: its result, or the error's code and message (both go back to the test). */
async function attempt(call) {
  try {
    return { ok: true, result: await call() };
  } catch (error) {
    return { ok: false, code: error?.code, message: error?.message };
  }
}

async function runPrompt(ctx) {
  const { sessionId } = ctx.params;
  const entry = session(ctx);
  const client = ctx.client;
  const text = ctx.params.prompt
    .filter((block) => block.type === "text")
    .map((block) => block.text)
    .join(" ")
    .trim();
  const exact = /Reply with exactly (\S+)/.exec(text);
  if (exact) {
    // A live check's safety: the agent asks for a harmless tool, the client must answer `cancelled`.
    const toolCall = { toolCallId: "live-1", title: "touch /tmp/zc-pane-live", kind: "edit", status: "pending" };
    await update(client, sessionId, { sessionUpdate: "tool_call", ...toolCall });
    const answer = await attempt(() =>
      client.request(acp.methods.client.session.requestPermission, {
        sessionId,
        toolCall,
        options: [
          { optionId: "allow", name: "Allow", kind: "allow_once" },
          { optionId: "reject", name: "Reject", kind: "reject_once" },
        ],
      }),
    );
    process.stderr.write(`permission answer: ${JSON.stringify(answer)}\n`);
    await update(client, sessionId, { sessionUpdate: "tool_call_update", toolCallId: "live-1", status: "failed" });
    await say(client, sessionId, exact[1]);
    return { stopReason: "end_turn" };
  }
  const [word = "", ...rest] = text.split(/\s+/);
  switch (word) {
    case "exit":
      // Dies mid-turn: the prompt never gets an answer, as when a real agent crashes.
      await say(client, sessionId, "about to exit");
      process.stderr.write("sdk-agent: exiting mid-turn as asked\n");
      process.exit(Number(rest[0] ?? 1));
      break;
    case "plan":
      await update(client, sessionId, {
        sessionUpdate: "plan",
        entries: [
          { content: "Read the code", priority: "high", status: "in_progress" },
          { content: "Write the fix", priority: "medium", status: "pending" },
          { content: "Run the tests", priority: "low", status: "pending" },
        ],
      });
      await update(client, sessionId, {
        sessionUpdate: "plan",
        entries: [
          { content: "Read the code", priority: "high", status: "completed" },
          { content: "Write the fix", priority: "medium", status: "in_progress" },
          { content: "Run the tests", priority: "low", status: "pending" },
        ],
      });
      break;
    case "usage":
      await update(client, sessionId, {
        sessionUpdate: "usage_update",
        used: 1200,
        size: 200000,
        cost: { amount: 0.01, currency: "USD" },
      });
      break;
    case "commands":
      await update(client, sessionId, {
        sessionUpdate: "available_commands_update",
        availableCommands: [
          { name: "review", description: "Review the changes", input: { hint: "what to review" } },
          { name: "test", description: "Run the tests" },
        ],
      });
      break;
    case "title":
      await update(client, sessionId, {
        sessionUpdate: "session_info_update",
        title: rest.join(" ") || "Untitled",
        updatedAt: new Date(0).toISOString(),
      });
      break;
    case "gemini-mode":
      // gemini-cli 0.61.0's word for a mode change: a message chunk, no current_mode_update.
      entry.modes.currentModeId = rest[0];
      await update(client, sessionId, {
        sessionUpdate: "agent_message_chunk",
        content: { type: "text", text: `[MODE_UPDATE] ${rest[0]}` },
      });
      break;
    case "agent-mode":
      // The agent switches mode on its own (e.g. after planning).
      entry.modes.currentModeId = rest[0];
      await update(client, sessionId, { sessionUpdate: "current_mode_update", currentModeId: rest[0] });
      break;
    case "read": {
      const [path, line, limit] = rest;
      const params = {
        sessionId,
        path,
        ...(line ? { line: Number(line) } : {}),
        ...(limit ? { limit: Number(limit) } : {}),
      };
      await report(client, sessionId, {
        op: "read",
        ...(await attempt(() => client.request(acp.methods.client.fs.readTextFile, params))),
      });
      break;
    }
    case "write": {
      const [path, ...words] = rest;
      const result = await attempt(() =>
        client.request(acp.methods.client.fs.writeTextFile, { sessionId, path, content: words.join(" ") }),
      );
      await report(client, sessionId, { op: "write", ...result });
      break;
    }
    case "terminal":
    case "terminal-limit": {
      const limit = word === "terminal-limit" ? Number(rest.shift()) : undefined;
      const result = await attempt(async () => {
        const terminal = await client.createTerminal({
          sessionId,
          command: "/bin/sh",
          args: ["-c", rest.join(" ")],
          cwd: entry.cwd,
          ...(limit ? { outputByteLimit: limit } : {}),
        });
        const exit = await terminal.waitForExit();
        const output = await terminal.currentOutput();
        await terminal.release();
        return { terminalId: terminal.id, exit, output };
      });
      await report(client, sessionId, { op: "terminal", ...result });
      break;
    }
    case "run":
    case "run-late": {
      // terminal/create embedded in a tool call (claude-agent-acp does so with a client's terminals): the pane
      // shows the command's output under the row; the agent reports only how it ended.
      const late = word === "run-late";
      const command = rest.join(" ");
      const toolCallId = `run-${randomUUID()}`;
      await update(client, sessionId, {
        sessionUpdate: "tool_call",
        toolCallId,
        title: command,
        kind: "execute",
        status: "pending",
      });
      const terminal = await client.createTerminal({
        sessionId,
        command: "/bin/sh",
        args: ["-c", command],
        cwd: entry.cwd,
      });
      const exited = late ? await terminal.waitForExit() : undefined;
      await update(client, sessionId, {
        sessionUpdate: "tool_call_update",
        toolCallId,
        status: "in_progress",
        content: [{ type: "terminal", terminalId: terminal.id }],
      });
      const exit = exited ?? (await terminal.waitForExit());
      await update(client, sessionId, {
        sessionUpdate: "tool_call_update",
        toolCallId,
        status: exit.exitCode === 0 ? "completed" : "failed",
      });
      await terminal.release();
      await report(client, sessionId, { op: "run", exit });
      break;
    }
    case "kill": {
      const result = await attempt(async () => {
        const terminal = await client.createTerminal({
          sessionId,
          command: "/bin/sh",
          args: ["-c", "echo started; sleep 30"],
          cwd: entry.cwd,
        });
        await new Promise((resolve) => setTimeout(resolve, 300));
        const running = await terminal.currentOutput();
        await terminal.kill();
        const exit = await terminal.waitForExit();
        const after = await terminal.currentOutput();
        await terminal.release();
        const released = await attempt(() =>
          client.request(acp.methods.client.terminal.output, { sessionId, terminalId: terminal.id }),
        );
        return { running, exit, after, outputAfterRelease: released };
      });
      await report(client, sessionId, { op: "kill", ...result });
      break;
    }
    case "compact":
    case "compact-fail":
      await update(client, sessionId, {
        sessionUpdate: "compaction_update",
        compactionId: "c1",
        status: "in_progress",
      });
      await update(client, sessionId, {
        sessionUpdate: "compaction_update",
        compactionId: "c1",
        ...(word === "compact" ? { status: "completed" } : { status: "failed", error: "summary too long" }),
      });
      break;
    case "notice":
      await update(client, sessionId, {
        sessionUpdate: "notice",
        severity: "warning",
        title: "Rate limited",
        description: "retrying in 5 s",
      });
      break;
    case "mcp": {
      const mcp = state.mcp.get(sessionId);
      await report(client, sessionId, {
        op: "mcp",
        received: mcp?.received ?? [],
        started: (await mcp?.started) ?? [],
      });
      break;
    }
    case "elicit-form": {
      const result = await attempt(() =>
        client.request("elicitation/create", {
          sessionId,
          mode: "form",
          message: "Deploy settings",
          requestedSchema: {
            type: "object",
            required: ["target", "replicas"],
            properties: {
              target: {
                type: "string",
                title: "Target",
                oneOf: [
                  { const: "stg", title: "Staging" },
                  { const: "prd", title: "Production" },
                ],
              },
              replicas: { type: "integer", title: "Replicas", minimum: 1, maximum: 5 },
              notify: { type: "string", title: "Notify", format: "email" },
              dryRun: { type: "boolean", title: "Dry run", default: true },
              regions: {
                type: "array",
                title: "Regions",
                minItems: 1,
                maxItems: 2,
                items: {
                  anyOf: [
                    { const: "eu", title: "Europe" },
                    { const: "us", title: "America" },
                    { const: "ap", title: "Asia" },
                  ],
                },
              },
            },
          },
        }),
      );
      await report(client, sessionId, { op: "elicit-form", ...result });
      break;
    }
    case "elicit-url": {
      const result = await attempt(() =>
        client.request("elicitation/create", {
          sessionId,
          mode: "url",
          message: "Sign in to the issue tracker",
          elicitationId: "login-1",
          url: rest[0] ?? "https://tracker.example/login?state=abc",
        }),
      );
      if (result.ok && result.result?.action === "accept")
        await client.notify("elicitation/complete", { elicitationId: "login-1" });
      await report(client, sessionId, { op: "elicit-url", ...result });
      break;
    }
    case "shell": {
      // A command the agent runs itself, as claude-agent-acp and codex-acp do: to a client that offers
      // `_meta.terminal_output`, its output streams in tool call `_meta` (terminal_info, terminal_output pieces,
      // terminal_exit) with the terminal embedded in the content; to others, the whole output as text at the end.
      const live = state.clientCapabilities?._meta?.terminal_output === true;
      const command = rest.join(" ");
      const toolCallId = `shell-${randomUUID()}`;
      await update(client, sessionId, {
        sessionUpdate: "tool_call",
        toolCallId,
        title: command,
        kind: "execute",
        status: "in_progress",
        rawInput: { command },
        ...(live
          ? {
              content: [{ type: "terminal", terminalId: toolCallId }],
              _meta: { terminal_info: { terminal_id: toolCallId } },
            }
          : {}),
      });
      const child = spawn("/bin/sh", ["-c", command], { cwd: entry.cwd, stdio: ["ignore", "pipe", "pipe"] });
      let all = "";
      let sent = Promise.resolve();
      const piece = (data) => {
        all += data;
        if (live)
          sent = sent.then(() =>
            update(client, sessionId, {
              sessionUpdate: "tool_call_update",
              toolCallId,
              _meta: { terminal_output: { terminal_id: toolCallId, data } },
            }),
          );
      };
      child.stdout.setEncoding("utf8").on("data", piece);
      child.stderr.setEncoding("utf8").on("data", piece);
      const [code, signal] = await new Promise((resolve) => child.on("close", (...end) => resolve(end)));
      await sent;
      await update(client, sessionId, {
        sessionUpdate: "tool_call_update",
        toolCallId,
        status: code === 0 ? "completed" : "failed",
        ...(live
          ? { _meta: { terminal_exit: { terminal_id: toolCallId, exit_code: code, signal } } }
          : { content: [{ type: "content", content: { type: "text", text: all } }] }),
      });
      await say(client, sessionId, `ran ${command}`);
      break;
    }
    case "locate": {
      // A finished read of PATH at LINE: a tool call with `locations`, for following the agent in an editor.
      const [path, line] = rest;
      await update(client, sessionId, {
        sessionUpdate: "tool_call",
        toolCallId: `locate-${randomUUID()}`,
        title: `Read ${path}`,
        kind: "read",
        status: "completed",
        locations: [{ path, ...(line ? { line: Number(line) } : {}) }],
      });
      await say(client, sessionId, "located");
      break;
    }
    case "whoami":
      await report(client, sessionId, {
        authenticatedWith: state.authenticatedWith ?? null,
        clientCapabilities: state.clientCapabilities ?? null,
      });
      break;
    default:
      await say(client, sessionId, `You said: ${text}`);
  }
  return { stopReason: "end_turn" };
}

acp
  .agent({ name: "zc-pane-sdk-test-agent" })
  .onRequest("initialize", (ctx) => {
    state.clientCapabilities = ctx.params.clientCapabilities;
    return {
      protocolVersion: acp.PROTOCOL_VERSION,
      agentInfo: { name: "zc-pane-sdk-test-agent", title: "SDK test agent", version: "2.4.0-test" },
      agentCapabilities: {
        loadSession: false,
        promptCapabilities: { embeddedContext: true },
        sessionCapabilities: { close: {} },
        ...(storeFile
          ? { loadSession: true, sessionCapabilities: { close: {}, resume: {}, list: {}, delete: {} } }
          : {}),
        ...(loadFails ? { loadSession: true } : {}),
        ...(mcpHttp ? { mcpCapabilities: { http: true, sse: false } } : {}),
      },
      authMethods: authMethods(),
    };
  })
  .onRequest("authenticate", (ctx) => {
    const { methodId } = ctx.params;
    if (methodId === ENV_METHOD) {
      if (!process.env[ENV_VAR]) throw acp.RequestError.authRequired(undefined, `${ENV_VAR} is not set`);
      state.authenticatedWith = ENV_METHOD;
      return {};
    }
    if (methodId === AGENT_METHOD) {
      state.authenticatedWith = AGENT_METHOD;
      return {};
    }
    throw acp.RequestError.invalidParams(undefined, `unknown auth method ${methodId}`);
  })
  .onRequest("session/new", (ctx) => {
    if (authNever || (requireAuth && !state.authenticatedWith)) throw acp.RequestError.authRequired();
    const sessionId = randomUUID();
    const settings = initialSettings();
    state.sessions.set(sessionId, { cwd: ctx.params.cwd, ...structuredClone(settings) });
    receiveMcpServers(sessionId, ctx.params.mcpServers);
    return { sessionId, ...settings };
  })
  .onRequest("session/load", (ctx) => {
    if (loadFails) throw acp.RequestError.internalError();
    return restore(ctx, true);
  })
  .onRequest("session/resume", (ctx) => restore(ctx, false))
  .onRequest("session/list", (ctx) => ({
    sessions: stored()
      .filter((entry) => !ctx.params.cwd || entry.cwd === ctx.params.cwd)
      .map(({ sessionId, cwd, title, updatedAt }) => ({ sessionId, cwd, title, updatedAt })),
  }))
  .onRequest("session/delete", (ctx) => {
    const sessions = stored();
    if (!sessions.some((entry) => entry.sessionId === ctx.params.sessionId))
      throw acp.RequestError.sessionNotFound(ctx.params.sessionId);
    saveStored(sessions.filter((entry) => entry.sessionId !== ctx.params.sessionId));
    return {};
  })
  .onRequest("session/close", (ctx) => {
    session(ctx);
    state.sessions.delete(ctx.params.sessionId);
    return {};
  })
  .onRequest("session/set_mode", async (ctx) => {
    const entry = session(ctx);
    if (!entry.modes?.availableModes.some((mode) => mode.id === ctx.params.modeId))
      throw acp.RequestError.invalidParams(undefined, `no mode ${ctx.params.modeId}`);
    entry.modes.currentModeId = ctx.params.modeId;
    await update(ctx.client, ctx.params.sessionId, {
      sessionUpdate: "current_mode_update",
      currentModeId: ctx.params.modeId,
    });
    return {};
  })
  .onRequest("session/set_config_option", (ctx) => {
    const entry = session(ctx);
    const option = entry.configOptions?.find((candidate) => candidate.id === ctx.params.configId);
    if (!option) throw acp.RequestError.invalidParams(undefined, `no config option ${ctx.params.configId}`);
    if (option.type === "boolean") {
      if (ctx.params.type !== "boolean" || typeof ctx.params.value !== "boolean")
        throw acp.RequestError.invalidParams(undefined, `${option.id} takes type "boolean" and true or false`);
      option.currentValue = ctx.params.value;
      return { configOptions: entry.configOptions };
    }
    const values = option.options.flatMap((value) =>
      value.group ? value.options.map((inner) => inner.value) : [value.value],
    );
    if (!values.includes(ctx.params.value))
      throw acp.RequestError.invalidParams(undefined, `no value ${ctx.params.value}`);
    option.currentValue = ctx.params.value;
    return { configOptions: entry.configOptions };
  })
  // Removed from the spec (so not a typed method of the SDK): registered as an extension with a raw parser.
  .onRequest(
    "session/set_model",
    (params) => params,
    (ctx) => {
      const entry = session(ctx);
      if (!entry.models?.availableModels.some((model) => model.modelId === ctx.params.modelId))
        throw acp.RequestError.invalidParams(undefined, `no model ${ctx.params.modelId}`);
      entry.models.currentModelId = ctx.params.modelId;
      return {};
    },
  )
  .onRequest("session/prompt", (ctx) => runPrompt(ctx))
  .onNotification("session/cancel", () => {})
  .connect(acp.ndJsonStream(Writable.toWeb(process.stdout), Readable.toWeb(process.stdin)));
