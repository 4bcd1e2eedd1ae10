/**
 * The operator's commands as an operator runs them: `npm run <script> -- <args>`, the compiled command on plain node
 * (a build is needed first, as for every test that starts compiled code).
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const ROOT = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);

/**
 * Runs `npm run <script> -- <args>` (the compiled command), typed in the folder `cwd` (the project's by default);
 * resolves with its output, or with the failure's status and output.
 */
export async function npmRun(script: string, args: string[], env: Record<string, string> = {}, cwd = ROOT) {
  // A data folder of its own unless the test gives one: the project's ./data is the operator's.
  const ownDataDir = env.DATA_DIR ? null : mkdtempSync(path.join(os.tmpdir(), "indie-tools-command-"));
  try {
    const { stdout, stderr } = await run("npm", ["--prefix", ROOT, "run", "--silent", script, "--", ...args], {
      cwd,
      env: { ...process.env, NODE_ENV: "production", ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}), ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  } finally {
    if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
  }
}
