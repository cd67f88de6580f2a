import { accessSync, constants, mkdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { AgentRegistryError, buildAgentRegistry, type AgentRegistry } from "../../config/agents.js";
import { ConfigFileError, configFilePath, loadConfigFile } from "../../config/config-file.js";
import { stateDir } from "../../config/paths.js";
import { fail, ok, type Check } from "./check.js";

/**
 * The config file: absent (fine), valid, or broken. A broken file is reported here once; the agent checks
 * then go on with the built-in registry, so one typo does not hide every other finding.
 */
export function configCheck(
  env: NodeJS.ProcessEnv,
  home: string,
): { readonly check: Check; readonly registry: AgentRegistry } {
  const path = configFilePath(env, home);
  try {
    const loaded = loadConfigFile(path);
    const registry = buildAgentRegistry(loaded.config, path, { configFound: loaded.found, home });
    if (!loaded.found) return { check: ok("config", "config file", `none at ${path}: built-in agents only`), registry };
    const names = Object.keys(loaded.config.agents ?? {});
    const agents =
      names.length > 0
        ? `${names.length} agent ${names.length === 1 ? "entry" : "entries"} (${names.join(", ")})`
        : "no agent entries";
    const fallback = registry.defaultAgent !== undefined ? `, defaultAgent ${registry.defaultAgent}` : "";
    return { check: ok("config", "config file", `${path}: ${agents}${fallback}`), registry };
  } catch (error) {
    if (!(error instanceof ConfigFileError || error instanceof AgentRegistryError)) throw error;
    return {
      check: fail(
        "config",
        "config file",
        error.message,
        "fix the field named above, or move the file aside to use the defaults",
      ),
      registry: buildAgentRegistry({}, path, { configFound: true, home }),
    };
  }
}

/** The session directory: it must exist and be readable, since the agent works (and reads files) there. */
export function cwdCheck(cwd: string): Check {
  try {
    if (!statSync(cwd).isDirectory())
      return fail("cwd", "directory", `${cwd} is not a directory`, "pass --cwd DIR with a directory");
    accessSync(cwd, constants.R_OK | constants.X_OK);
    return ok("cwd", "directory", `${cwd} exists and is readable`);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT")
      return fail("cwd", "directory", `${cwd} does not exist`, "pass --cwd DIR with an existing directory");
    return fail(
      "cwd",
      "directory",
      `${cwd} cannot be read (${code ?? (error as Error).message})`,
      `fix its permissions (chmod u+rx ${cwd}) or pass --cwd DIR`,
    );
  }
}

/** Where sessions, transcripts and logs go (design.md §5): created if needed, and really written to. */
export function stateDirCheck(env: NodeJS.ProcessEnv): Check {
  const dir = stateDir(env);
  const probe = join(dir, `.doctor-${process.pid}`);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(probe, "");
    rmSync(probe, { force: true });
    return ok("state-dir", "state directory", `${dir} is writable`);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return fail(
      "state-dir",
      "state directory",
      `cannot write to ${dir} (${code}): sessions and transcripts would not be kept`,
      `fix its permissions, or point $XDG_STATE_HOME at a writable directory`,
    );
  }
}
