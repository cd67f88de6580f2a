import { mkdir, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { exportSlug, exportTranscript } from "../../src/state/local-commands.js";
import { PaneStore } from "../../src/state/pane-store.js";

describe("/export's default file name", () => {
  let root: string | undefined;
  afterEach(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  it("stays inside the directory whatever the agent's session id holds", async () => {
    root = await mkdtemp(join(tmpdir(), "zc-export-"));
    const cwd = join(root, "a", "b", "session");
    await mkdir(cwd, { recursive: true });
    const store = new PaneStore();
    const path = await exportTranscript(store, cwd, "/../../x/../../evil", "");
    expect(path).toBeDefined();
    expect(dirname(path!)).toBe(cwd);
    expect(await readdir(cwd)).toHaveLength(1);
    expect(await readdir(join(root, "a"))).toEqual(["b"]);
  });

  it("keeps only letters, digits, - and _ of the id, and names an id with none of them 'pane'", () => {
    expect(exportSlug("0b6f2a0e-5f1d-4c1e")).toBe("0b6f2a0e");
    expect(exportSlug("../..\u001b]0;x\u0007/ab")).toBe("0xab");
    expect(exportSlug("/../..")).toBe("pane");
    expect(exportSlug(undefined)).toBe("pane");
  });
});
