import { describe, expect, it } from "vitest";
import { resolveConnection } from "../../src/config/connection.js";
import { agentProgramName, parseAgentCommand } from "../../src/transport/agent-command.js";

const nameOf = (line: string) => agentProgramName(parseAgentCommand(line));

describe("agentProgramName: what an agent is called before initialize names it", () => {
  it("skips env, its options and variable assignments", () => {
    expect(nameOf("env GEMINI_API_KEY=x gemini --acp")).toBe("gemini");
    expect(nameOf("env -i -u HOME --unset=PATH PATH=/bin FOO= /usr/local/bin/gemini --acp")).toBe("gemini");
    expect(nameOf("/usr/bin/env -C /tmp -S 'x' -- codex-acp")).toBe("codex-acp");
    expect(nameOf("env A=1 env B=2 claude-code-acp")).toBe("claude-code-acp");
  });

  it("names a package runner's agent after the package, without scope or version", () => {
    expect(nameOf("npx -y @zed-industries/claude-agent-acp@0.23.1")).toBe("claude-agent-acp");
    expect(nameOf("env NODE_OPTIONS=--x npx --yes @google/gemini-cli --acp")).toBe("gemini-cli");
    expect(nameOf("bunx codex-acp@latest")).toBe("codex-acp");
  });

  it("keeps a plain program's base name, and env alone as env", () => {
    expect(nameOf("/opt/agents/zeroclaw acp")).toBe("zeroclaw");
    expect(nameOf("env")).toBe("env");
  });

  it("is the --agent-cmd connection's agent name (header, index, sessions)", () => {
    const connection = resolveConnection({ agentCmd: "env FOO=1 gemini --acp" }, { env: {}, home: "/nonexistent" });
    expect(connection.kind === "stdio" && connection.agentName).toBe("gemini");
  });
});
