import { describe, expect, it } from "vitest";
import { Header } from "../../../src/ui/app/header.js";
import { renderPane } from "../../helpers/ink.js";

const SESSION = "0b6f0000-0000-4000-8000-000000000001";

describe("Header with session settings", () => {
  it("shows mode, usage, cost and title at 80 columns", () => {
    const pane = renderPane(
      <Header
        header={{ agentName: "demo", sessionId: SESSION, connection: "ready" }}
        settings={{
          modeName: "Code",
          used: 12_000,
          size: 200_000,
          cost: { amount: 0.5, currency: "USD" },
          title: "Fix bug",
        }}
        width={80}
      />,
      { columns: 80 },
    );
    const frame = pane.frame();
    expect(frame).toContain("Code · 12k/200k · $0.50 · ready");
    expect(frame).toContain("Fix bug");
    expect(frame).toContain(SESSION.slice(0, 8));
    pane.unmount();
  });

  it("drops the settings before the session id at 40 columns when there is no room", () => {
    const pane = renderPane(
      <Header
        header={{ agentName: "demo", sessionId: SESSION, connection: "ready" }}
        settings={{ modeName: "Architect mode", used: 120_000, size: 200_000, cost: { amount: 12.5, currency: "EUR" } }}
        width={40}
      />,
      { columns: 40 },
    );
    const frame = pane.frame();
    expect(frame).toContain("ready");
    expect(frame).toContain(SESSION.slice(0, 8));
    expect(frame).not.toContain("120k");
    pane.unmount();
  });
});

describe("what gives way in the header", () => {
  const settings = {
    modeName: "Code",
    used: 1_200,
    size: 200_000,
    cost: { amount: 0.01, currency: "USD" },
    title: "Fix the build",
  };

  it("drops the title first, keeping mode, usage and the session id", () => {
    const pane = renderPane(
      <Header
        header={{ agentName: "SDK test agent", sessionId: SESSION, connection: "ready" }}
        settings={settings}
        width={60}
      />,
      { columns: 60 },
    );
    const frame = pane.frame();
    expect(frame).toContain("Code · 1.2k/200k · $0.01 · ready");
    expect(frame).toContain(SESSION.slice(0, 8));
    expect(frame).not.toContain("Fix the build");
    pane.unmount();
  });

  it("keeps the mode longest", () => {
    const pane = renderPane(
      <Header
        header={{ agentName: "SDK test agent", sessionId: SESSION, connection: "ready" }}
        settings={settings}
        width={40}
      />,
      { columns: 40 },
    );
    const frame = pane.frame();
    expect(frame).toContain("Code · ready");
    expect(frame).toContain(SESSION.slice(0, 8));
    expect(frame).not.toContain("1.2k");
    pane.unmount();
  });
});
