import { defineConfig } from "vitest/config";
import { LongestFirstSequencer } from "./tests/setup/sequencer.ts";

export default defineConfig({
  test: {
    // Both cores: most files wait on a database, a socket or a timer, so two at once take about two thirds of the time
    // one at a time does (vitest's default here is the cores less one, so one).
    maxWorkers: 2,
    // The longest integration files start first, so that none keeps one worker busy alone at the end.
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          sequence: { groupOrder: 0 },
          include: [
            "common/**/*.test.ts",
            "server/**/*.test.ts",
            "app/**/*.test.ts",
            "eslint/**/*.test.ts",
            "tests/setup/**/*.test.ts",
            "docs/**/*.test.ts",
          ],
          environment: "node",
          globalSetup: ["tests/setup/clean-tree.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          sequence: { groupOrder: 0 },
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          // A worker keeps the modules it loaded from one file to the next (the app, its build, the test set-up): a file
          // opens its own database and app, and nothing a test reads lives in a module's state, so only the loading is
          // shared. Loaded again for each file, it took about 1.8 s a file.
          isolate: false,
          globalSetup: ["tests/setup/global-database.ts", "tests/setup/clean-tree.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          // After the other projects, not beside them: browser and server timing must not compete with them for 2 cores.
          sequence: { groupOrder: 1 },
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          // As the integration files: the modules are loaded once, each file's database, server and browser are its own.
          isolate: false,
          globalSetup: ["tests/setup/global-database.ts", "tests/setup/clean-tree.ts"],
          // One browser and one server per file; files run one after the other so they do not fight for the 2 cores.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 90_000,
        },
      },
    ],
    setupFiles: ["tests/setup/catalogues.ts", "tests/setup/fail-on-console-error.ts", "tests/setup/print-app-log.ts"],
  },
});
