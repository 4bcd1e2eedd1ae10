/** The compiled server (build/server/main.js) as its own process, as `npm run serve` runs it, for tests of what crosses processes. */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../scripts/bench-lib.ts";
import { BUILD_DIR } from "./build-dir.ts";
import { waitUntil } from "./wait.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

export type ServerProcess = {
  url: string;
  output: string[];
  /** SIGTERMs the process (if it still runs) and resolves once it has exited. */
  stop(): Promise<void>;
  /** Sends the process a signal, and returns at once. */
  signal(name: NodeJS.Signals): void;
  /** Resolves when the process exits, with its exit code (null when a signal ended it). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends `signal` (SIGKILL: the process dies at once, as in a crash) and waits for the process to exit. */
  kill(signal: NodeJS.Signals): Promise<void>;
};

/**
 * Starts the compiled server with `env` on a free port of 127.0.0.1 and resolves once it answers /healthz. NODE_ENV is
 * left to the server's own config (Vitest sets it to "test" in this process).
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const main = path.join(BUILD_DIR, "server/main.js");
  if (!existsSync(main)) throw new Error("No compiled server: run `npm run build` (npm test does it first)");
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { NODE_ENV: _testEnv, ...inherited } = process.env;
  // A data folder of its own unless the test gives one: the server keeps files there even on PostgreSQL, and the
  // project's own ./data is the operator's (tests/setup/clean-tree.ts checks that no test writes into the tree).
  const ownDataDir = env.DATA_DIR ? null : mkdtempSync(path.join(os.tmpdir(), "indie-tools-server-"));
  const child: ChildProcess = spawn(process.execPath, [main], {
    cwd: ROOT,
    // No reference address for the link check, as in createTestApp: no name resolves here, and a run would pause on it.
    env: {
      ...inherited,
      HOST: "127.0.0.1",
      PORT: String(port),
      SITE_URL: url,
      LOG_LEVEL: "info",
      SEED_DEMO: "false",
      LINK_CHECK_REFERENCE_URL: "",
      // The least work the proof of work may ask, as in createTestApp.
      ALTCHA_MAX_NUMBER: "1000",
      ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    stream?.setEncoding("utf8");
    stream?.on("data", (chunk: string) => output.push(...chunk.split("\n").filter(Boolean)));
  }
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => {
      if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
      resolve({ code, signal });
    }),
  );
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };
  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  const isAnswering = await waitUntil(
    async () => {
      if (child.exitCode !== null)
        throw new Error(`the server exited with code ${child.exitCode}:\n${output.join("\n")}`);
      // Not listening yet: no answer.
      return (await fetch(`${url}/healthz`).catch(() => undefined))?.status === 200;
    },
    { timeoutMs: 30_000, intervalMs: 100 },
  );
  if (!isAnswering) {
    await stop();
    throw new Error(`the server did not answer within 30 s:\n${output.join("\n")}`);
  }
  return { url, output, stop, signal: (name) => void child.kill(name), exited, kill };
}
