import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
    setupFiles: ["test/setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Real child processes and tmux sessions: keep parallelism modest on a 2-core machine.
    maxWorkers: 2,
  },
});
