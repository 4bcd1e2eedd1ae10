/**
 * No test writes into the working tree: the files git sees, ignored ones included, are the same after a project's
 * tests as before them. A backup or an export left at the project's root once committed the site's auth secret.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Every path git reports, untracked and ignored ones included; a folder git does not know is one line. */
function treeState(): Set<string> {
  const output = execFileSync("git", ["status", "--porcelain", "--ignored=matching"], {
    cwd: ROOT,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return new Set(output.split("\n").filter(Boolean));
}

export default function setup() {
  // Not a checkout (a copy of the files alone): nothing to compare.
  try {
    execFileSync("git", ["rev-parse", "--is-inside-work-tree"], { cwd: ROOT, stdio: "ignore" });
  } catch {
    return;
  }
  const before = treeState();
  return () => {
    const written = [...treeState()].filter((line) => !before.has(line));
    if (written.length === 0) return;
    // Vitest reports an error of a global teardown without failing the run: the exit code says it.
    process.exitCode = 1;
    throw new Error(`The tests wrote into the working tree:\n${written.join("\n")}`);
  };
}
