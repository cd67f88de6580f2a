import * as z from "zod";
import { lenient } from "../protocol/index.js";
import type { AuthMethod } from "../protocol/index.js";

/**
 * An authentication method the agent offered in `initialize`, in the shape zc-pane works with.
 * `type` is `agent` (the agent signs in by itself when sent `authenticate`; the default when absent),
 * `env_var` (credentials in environment variables the agent reads), `terminal` (the user runs the agent
 * interactively to log in; never sent to `authenticate`), or a newer type kept as-is.
 */
export interface AuthMethodInfo {
  readonly id: string;
  readonly name: string;
  readonly description?: string;
  readonly type: string;
  /** `env_var`: the variables the agent reads; `optional` ones need not be set. */
  readonly vars: readonly AuthEnvVar[];
  /** `env_var`: where to get the credentials. */
  readonly link?: string;
  /** `terminal`: arguments to append to the agent's command line for the login run. */
  readonly args: readonly string[];
  /** `terminal`: environment for the login run. */
  readonly env: Readonly<Record<string, string>>;
}

/** One variable of an `env_var` method. */
export interface AuthEnvVar {
  readonly name: string;
  readonly label?: string;
  readonly optional: boolean;
}

/**
 * The `env_var` and `terminal` extras. They are not in SDK 2.4.0's stable schema: `env_var` is the unstable
 * `AuthMethodEnvVar` (`vars: [{name, label?, secret?, optional?}]`, what codex-acp sends for
 * `openai-api-key`), with the single `varName` of the first draft accepted too. Lenient: a malformed extra
 * reads as absent, and the method is still listed.
 */
const AuthExtrasSchema = z.looseObject({
  vars: lenient(
    z.array(
      z.looseObject({
        name: z.string().min(1),
        label: lenient(z.string().nullable()),
        optional: lenient(z.boolean().nullable()),
      }),
    ),
  ),
  varName: lenient(z.string().min(1)),
  link: lenient(z.string().nullable()),
  args: lenient(z.array(z.string()).nullable()),
  env: lenient(z.record(z.string(), z.string()).nullable()),
});

/** Builds {@link AuthMethodInfo} from a method of the `initialize` result. */
export function describeAuthMethod(method: AuthMethod): AuthMethodInfo {
  const extras = AuthExtrasSchema.safeParse(method);
  const value = extras.success ? extras.data : {};
  const vars: AuthEnvVar[] = (value.vars ?? []).map((variable) => ({
    name: variable.name,
    ...(variable.label ? { label: variable.label } : {}),
    optional: variable.optional === true,
  }));
  if (vars.length === 0 && value.varName) vars.push({ name: value.varName, optional: false });
  return {
    id: method.id,
    name: method.name,
    ...(method.description ? { description: method.description } : {}),
    type: method.type ?? "agent",
    vars,
    ...(value.link ? { link: value.link } : {}),
    args: value.args ?? [],
    env: value.env ?? {},
  };
}

/** Variables an `env_var` method needs that are not set (empty counts as not set); `[]` for other types. */
export function missingAuthVars(method: AuthMethodInfo, env: NodeJS.ProcessEnv = process.env): string[] {
  if (method.type !== "env_var") return [];
  return method.vars.filter((variable) => !variable.optional && !env[variable.name]).map((variable) => variable.name);
}

/** How the client picks and runs an authentication method when `session/new` says one is required. */
export interface AuthOptions {
  /** `--auth METHOD_ID`: use this method, or fail saying why it cannot be used. */
  readonly methodId?: string;
  /**
   * Asks the user (the pane's picker). Called with every method the agent offered, only when neither
   * `methodId` nor a usable `env_var` method decided; resolves with the chosen id, or undefined when the user
   * declined. {@link missingAuthVars} says what an `env_var` method still needs, to show it greyed out.
   */
  readonly chooseAuthMethod?: (methods: readonly AuthMethodInfo[]) => Promise<string | undefined>;
  /** Where `env_var` methods look for their variables; the agent inherited the same environment. Default: `process.env`. */
  readonly env?: NodeJS.ProcessEnv;
  /** The agent's command line, to tell the user what to run for a `terminal` login. */
  readonly agentCommand?: { readonly command: string; readonly args: readonly string[] };
}

/** The method to send in `authenticate`, or why there is none (a message listing the methods). */
export type AuthDecision =
  | { readonly kind: "authenticate"; readonly method: AuthMethodInfo }
  | { readonly kind: "fail"; readonly message: string };

/**
 * Picks the method: `--auth` if given; else the first `env_var` method whose variables are all set (codex-acp's
 * `openai-api-key` when `$OPENAI_API_KEY` is); else whatever the picker returns. Never a method the user did
 * not choose that would sign in on its own: an `agent` method may open a browser or bill an account.
 */
export async function decideAuthMethod(
  agentName: string,
  methods: readonly AuthMethodInfo[],
  options: AuthOptions = {},
): Promise<AuthDecision> {
  const env = options.env ?? process.env;
  if (methods.length === 0) {
    return {
      kind: "fail",
      message: `${agentName} requires authentication but offers no method zc-pane could use (its authMethods list is empty): sign in with the agent's own command first, then try again`,
    };
  }
  if (options.methodId !== undefined) return checkChoice(agentName, methods, options.methodId, "--auth", options);
  const fromEnv = methods.find(
    (method) => method.type === "env_var" && method.vars.length > 0 && missingAuthVars(method, env).length === 0,
  );
  if (fromEnv) return { kind: "authenticate", method: fromEnv };
  if (options.chooseAuthMethod) {
    const chosen = await options.chooseAuthMethod(methods);
    if (chosen !== undefined) return checkChoice(agentName, methods, chosen, "the chosen method", options);
  }
  return { kind: "fail", message: `${agentName} requires authentication. ${describeAuthMethods(methods, options)}` };
}

function checkChoice(
  agentName: string,
  methods: readonly AuthMethodInfo[],
  id: string,
  label: string,
  options: AuthOptions,
): AuthDecision {
  const method = methods.find((candidate) => candidate.id === id);
  if (!method) {
    return {
      kind: "fail",
      message: `${label} ${id}: ${agentName} offers no such authentication method. ${describeAuthMethods(methods, options)}`,
    };
  }
  if (method.type === "terminal")
    return {
      kind: "fail",
      message: `${label} ${id} is a terminal login, which zc-pane cannot run for you: ${terminalLoginHelp(method, options.agentCommand)}`,
    };
  const missing = missingAuthVars(method, options.env ?? process.env);
  if (missing.length > 0)
    return {
      kind: "fail",
      message: `${label} ${id} needs ${missing.map((name) => `$${name}`).join(" and ")} set in the environment zc-pane starts the agent with`,
    };
  return { kind: "authenticate", method };
}

/** "Its methods: …" with what each needs, and how to pick one; the message of every authentication failure. */
export function describeAuthMethods(methods: readonly AuthMethodInfo[], options: AuthOptions = {}): string {
  const env = options.env ?? process.env;
  const lines = methods.map(
    (method) => `  ${method.id} (${method.name}): ${authMethodNeeds(method, env, options.agentCommand)}`,
  );
  return `Its methods:\n${lines.join("\n")}\nPick one with --auth METHOD_ID.`;
}

/** What a method needs from the user, in one phrase. */
export function authMethodNeeds(
  method: AuthMethodInfo,
  env: NodeJS.ProcessEnv = process.env,
  agentCommand?: AuthOptions["agentCommand"],
): string {
  switch (method.type) {
    case "env_var": {
      const missing = missingAuthVars(method, env);
      const where = method.link ? ` (get one at ${method.link})` : "";
      if (method.vars.length === 0) return "credentials in environment variables the agent did not name";
      if (missing.length === 0)
        return `uses ${method.vars.map((variable) => `$${variable.name}`).join(", ")}, which ${method.vars.length > 1 ? "are" : "is"} set`;
      return `set ${missing.map((name) => `$${name}`).join(" and ")}${where}, then try again`;
    }
    case "terminal":
      return terminalLoginHelp(method, agentCommand);
    case "agent":
      return `the agent signs in by itself (it may open a browser): pass --auth ${method.id}`;
    default:
      return `a "${method.type}" method zc-pane does not know; try --auth ${method.id}`;
  }
}

/**
 * The spec's terminal login re-runs the agent interactively with the method's arguments. zc-pane does not do
 * it itself: inside the pane it needs the terminal Ink owns, and afterwards a new agent process and
 * connection, which belong to the session controller. So we do not advertise `auth.terminal`, and when an
 * agent offers such a method anyway we print the command to run by hand.
 */
export function terminalLoginHelp(method: AuthMethodInfo, agentCommand?: AuthOptions["agentCommand"]): string {
  if (!agentCommand) return "run the agent's login command in a terminal, then try again";
  const env = Object.entries(method.env)
    .map(([name, value]) => `${name}=${quoteWord(value)} `)
    .join("");
  const words = [agentCommand.command, ...agentCommand.args, ...method.args].map(quoteWord).join(" ");
  return `run \`${env}${words}\` in a terminal to log in, then try again`;
}

function quoteWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;
}
