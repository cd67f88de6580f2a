import { afterEach, describe, expect, it, vi } from "vitest";
import {
  decideAuthMethod,
  describeAuthMethod,
  missingAuthVars,
  terminalLoginHelp,
  type AuthMethodInfo,
} from "../../src/client/auth.js";
import { ClientError } from "../../src/client/errors.js";
import type { AuthMethod } from "../../src/protocol/index.js";
import { resultsOf, startSdkAgent, text, type StartedSdkAgent } from "../helpers/sdk-agent/start.js";

const KEY = "TEST_AGENT_API_KEY";
let started: StartedSdkAgent | undefined;

afterEach(async () => {
  await started?.client.dispose();
  started = undefined;
});

async function start(options: Parameters<typeof startSdkAgent>[0] = {}) {
  started = await startSdkAgent({ flags: ["--auth"], ...options });
  return started;
}

async function whoami(agent: StartedSdkAgent, sessionId: string) {
  await agent.client.prompt(sessionId, text("whoami"));
  return resultsOf(agent.events, sessionId)[0] as {
    authenticatedWith: string | null;
    clientCapabilities: Record<string, unknown>;
  };
}

describe("authentication against the scripted SDK agent", () => {
  it("reads the agent's methods, env_var included, and is not offered a terminal login it cannot run", async () => {
    const { client } = await start();
    expect(client.agent.authMethods).toEqual([
      {
        id: "test-api-key",
        name: `Use ${KEY}`,
        description: `Requires setting the \`${KEY}\` environment variable.`,
        type: "env_var",
        vars: [{ name: KEY, label: "Test API key", optional: false }],
        args: [],
        env: {},
      },
      {
        id: "browser-login",
        name: "Log in with a browser",
        description: "Opens a browser to sign in",
        type: "agent",
        vars: [],
        args: [],
        env: {},
      },
    ]);
  });

  it("with the env var set: authenticate with the env_var method, then session/new succeeds", async () => {
    const agent = await start({ env: { [KEY]: "sk-test" }, client: { auth: { env: { [KEY]: "sk-test" } } } });
    const session = await agent.client.newSession({ cwd: process.cwd() });
    expect(agent.client.authenticatedWith).toBe("test-api-key");
    const who = await whoami(agent, session.sessionId);
    expect(who.authenticatedWith).toBe("test-api-key");
    // We do not advertise terminal logins (the SDK fills in the default `false`).
    expect((who.clientCapabilities.auth as { terminal?: boolean } | undefined)?.terminal ?? false).toBe(false);
  });

  it("without a usable method: fails with a message listing the methods and what each needs", async () => {
    const { client } = await start({ client: { auth: { env: {} } } });
    const failure = await client.newSession({ cwd: process.cwd() }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ClientError);
    expect((failure as ClientError).code).toBe("auth-required");
    const message = (failure as ClientError).message;
    expect(message).toContain("zc-pane-sdk-test-agent requires authentication");
    expect(message).toContain(`test-api-key (Use ${KEY}): set $${KEY}, then try again`);
    expect(message).toContain(
      "browser-login (Log in with a browser): the agent signs in by itself (it may open a browser): pass --auth browser-login",
    );
    expect(message).toContain("Pick one with --auth METHOD_ID.");
    expect(client.authenticatedWith).toBeUndefined();
  });

  it("--auth picks the method, even when an env_var method would also work", async () => {
    const agent = await start({
      env: { [KEY]: "sk-test" },
      client: { auth: { methodId: "browser-login", env: { [KEY]: "sk-test" } } },
    });
    const session = await agent.client.newSession({ cwd: process.cwd() });
    expect((await whoami(agent, session.sessionId)).authenticatedWith).toBe("browser-login");
  });

  it("--auth with an env_var method whose variable is not set fails before authenticate, naming the variable", async () => {
    const { client } = await start({ client: { auth: { methodId: "test-api-key", env: {} } } });
    await expect(client.newSession({ cwd: process.cwd() })).rejects.toThrow(`--auth test-api-key needs $${KEY} set`);
    expect(client.authenticatedWith).toBeUndefined();
  });

  it("--auth with an unknown id lists the methods", async () => {
    const { client } = await start({ client: { auth: { methodId: "sso", env: {} } } });
    await expect(client.newSession({ cwd: process.cwd() })).rejects.toThrow(
      /--auth sso: zc-pane-sdk-test-agent offers no such authentication method\. Its methods:\n {2}test-api-key/,
    );
  });

  it("asks the pane's picker when nothing else decided, and fails cleanly when the user declines", async () => {
    const chooser = vi.fn(
      async (methods: readonly AuthMethodInfo[]) => methods.find((method) => method.type === "agent")?.id,
    );
    const agent = await start({ client: { auth: { env: {}, chooseAuthMethod: chooser } } });
    const session = await agent.client.newSession({ cwd: process.cwd() });
    expect(chooser).toHaveBeenCalledTimes(1);
    expect(chooser.mock.calls[0]![0].map((method) => method.id)).toEqual(["test-api-key", "browser-login"]);
    expect((await whoami(agent, session.sessionId)).authenticatedWith).toBe("browser-login");
    await agent.client.dispose();

    const declined = await start({ client: { auth: { env: {}, chooseAuthMethod: async () => undefined } } });
    await expect(declined.client.newSession({ cwd: process.cwd() })).rejects.toThrow(
      /requires authentication\. Its methods:/,
    );
  });

  it("retries session/new once: an agent still asking after authenticate is an error, not a loop", async () => {
    const { client } = await start({
      flags: ["--auth-never"],
      client: { auth: { methodId: "browser-login", env: {} } },
    });
    await expect(client.newSession({ cwd: process.cwd() })).rejects.toThrow(
      'zc-pane-sdk-test-agent still requires authentication after authenticate with "browser-login"',
    );
  });

  it("needs nothing from an agent that does not ask", async () => {
    const chooser = vi.fn(async () => undefined);
    started = await startSdkAgent({ client: { auth: { chooseAuthMethod: chooser } } });
    await started.client.newSession({ cwd: process.cwd() });
    expect(chooser).not.toHaveBeenCalled();
    expect(started.client.authenticatedWith).toBeUndefined();
  });

  it("authenticate() refuses a method the agent did not offer", async () => {
    const { client } = await start();
    await expect(client.authenticate("nope")).rejects.toThrow(/offers no authentication method "nope"/);
  });
});

describe("auth method shapes", () => {
  const raw = (method: Record<string, unknown>) => describeAuthMethod(method as AuthMethod);

  it("reads env_var methods with vars[] or the draft's single varName; untyped methods are agent methods", () => {
    expect(
      raw({
        id: "k",
        name: "Key",
        type: "env_var",
        vars: [{ name: "A" }, { name: "B", optional: true }],
        link: "https://example.com/keys",
      }),
    ).toMatchObject({
      type: "env_var",
      vars: [
        { name: "A", optional: false },
        { name: "B", optional: true },
      ],
      link: "https://example.com/keys",
    });
    expect(raw({ id: "k", name: "Key", type: "env_var", varName: "OPENAI_API_KEY" }).vars).toEqual([
      { name: "OPENAI_API_KEY", optional: false },
    ]);
    expect(raw({ id: "a", name: "Agent" })).toMatchObject({ type: "agent", vars: [] });
    // A malformed extra is dropped; the method is still listed.
    expect(raw({ id: "k", name: "Key", type: "env_var", vars: "OPENAI_API_KEY" })).toMatchObject({ id: "k", vars: [] });
  });

  it("says which variables are missing (empty counts as missing, optional ones never do)", () => {
    const method = raw({
      id: "k",
      name: "Key",
      type: "env_var",
      vars: [{ name: "A" }, { name: "B" }, { name: "C", optional: true }],
    });
    expect(missingAuthVars(method, { A: "1", B: "" })).toEqual(["B"]);
    expect(missingAuthVars(method, { A: "1", B: "2" })).toEqual([]);
  });

  it("picks the first env_var method whose variables are all set, never an agent method on its own", async () => {
    const methods = [
      raw({ id: "login", name: "Login" }),
      raw({ id: "codex", name: "Codex key", type: "env_var", vars: [{ name: "CODEX_API_KEY" }] }),
      raw({ id: "openai-api-key", name: "OpenAI key", type: "env_var", vars: [{ name: "OPENAI_API_KEY" }] }),
    ];
    expect(await decideAuthMethod("codex-acp", methods, { env: { OPENAI_API_KEY: "sk" } })).toMatchObject({
      kind: "authenticate",
      method: { id: "openai-api-key" },
    });
    expect(await decideAuthMethod("codex-acp", methods, { env: {} })).toMatchObject({ kind: "fail" });
    expect(await decideAuthMethod("codex-acp", [], {})).toMatchObject({
      kind: "fail",
      message: expect.stringContaining("offers no method zc-pane could use"),
    });
  });

  it("explains a terminal login with the command to run instead of sending it to authenticate", async () => {
    const method = raw({ id: "term", name: "Log in", type: "terminal", args: ["--login"], env: { MODE: "tty login" } });
    expect(method).toMatchObject({ type: "terminal", args: ["--login"], env: { MODE: "tty login" } });
    const agentCommand = { command: "my-agent", args: ["acp"] };
    expect(terminalLoginHelp(method, agentCommand)).toBe(
      "run `MODE='tty login' my-agent acp --login` in a terminal to log in, then try again",
    );
    const decision = await decideAuthMethod("my-agent", [method], { methodId: "term", agentCommand });
    expect(decision).toEqual({
      kind: "fail",
      message:
        "--auth term is a terminal login, which zc-pane cannot run for you: run `MODE='tty login' my-agent acp --login` in a terminal to log in, then try again",
    });
  });
});
