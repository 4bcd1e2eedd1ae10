/**
 * The deployable artefact, made as the Dockerfile's two stages make it, each in an empty folder:
 * - build: the source (less what .dockerignore leaves out), `npm ci --ignore-scripts`, `npm run build`;
 * - runtime: the package files, `npm ci --omit=dev --legacy-peer-deps --ignore-scripts` (from the npm registry), the
 *   build, the content and the migrations; then the operator's commands and `npm run serve` on plain node, on a fresh
 *   DATA_DIR.
 * Keep the steps here and in the Dockerfile the same: no image can be built where the tests run.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/bench-lib.ts";
import { waitUntil } from "../setup/wait.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** What the runtime stage copies besides its node_modules: the Dockerfile's COPY lines. */
const RUNTIME_PATHS = ["build", "content", "server/db/migrations"];
const STEP_TIMEOUT_MS = 240_000;
const run = promisify(execFile);

/** The environment of a step: this process's, less what Vitest and the test setup set for themselves. */
function stepEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { NODE_ENV: _nodeEnv, BUILD_DIR: _buildDir, VITEST: _vitest, ...inherited } = process.env;
  return { ...inherited, ...extra };
}

/**
 * Whether .dockerignore leaves a path (relative to the project, with "/") out of the build stage's `COPY . .`: as
 * Docker matches, each pattern against the whole path from the root, `*` within one name; a folder left out takes
 * everything under it.
 */
function dockerIgnored(): (relativePath: string) => boolean {
  const patterns = readFileSync(path.join(ROOT, ".dockerignore"), "utf8")
    .split("\n")
    .map((line) => line.trim().replace(/^\/+/, ""))
    .filter((line) => line && !line.startsWith("#"))
    .map((pattern) => new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replaceAll("*", "[^/]*")}$`));
  return (relativePath) => {
    const names = relativePath.split("/");
    return names.some((_, index) => patterns.some((pattern) => pattern.test(names.slice(0, index + 1).join("/"))));
  };
}

describe("the deployable artefact", () => {
  let buildStage: string;
  let runtimeStage: string;
  let dataDir: string;
  let server: ChildProcess | undefined;
  const output: string[] = [];

  beforeAll(() => {
    buildStage = mkdtempSync(path.join(os.tmpdir(), "indie-tools-build-stage-"));
    runtimeStage = mkdtempSync(path.join(os.tmpdir(), "indie-tools-runtime-stage-"));
    dataDir = mkdtempSync(path.join(os.tmpdir(), "indie-tools-artefact-data-"));
    const ignored = dockerIgnored();
    cpSync(ROOT, buildStage, {
      recursive: true,
      filter: (source) => source === ROOT || !ignored(path.relative(ROOT, source).split(path.sep).join("/")),
    });
  });
  // Removing two node_modules folders takes a while on a busy machine.
  afterAll(async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server!.once("exit", resolve));
      process.kill(-server.pid!, "SIGTERM");
      const killLater = setTimeout(() => process.kill(-server!.pid!, "SIGKILL"), 15_000);
      await exited;
      clearTimeout(killLater);
    }
    await Promise.all(
      [buildStage, runtimeStage, dataDir].map((folder) => rm(folder, { recursive: true, force: true })),
    );
  }, 180_000);

  it(
    "builds from the source alone, installs only the production dependencies, and `npm run serve` serves the home page and /healthz",
    async () => {
      const seconds: Record<string, number> = {};
      async function step(name: string, cwd: string, args: string[]) {
        const started = Date.now();
        await run("npm", args, { cwd, env: stepEnv(), timeout: STEP_TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 });
        seconds[name] = Math.round((Date.now() - started) / 1000);
      }
      expect(existsSync(path.join(buildStage, "node_modules")), "the source was copied without its node_modules").toBe(
        false,
      );
      await step("build: npm ci", buildStage, ["ci", "--ignore-scripts", "--no-audit", "--no-fund"]);
      await step("build: npm run build", buildStage, ["run", "build"]);
      expect(existsSync(path.join(buildStage, "build/server/main.js"))).toBe(true);

      for (const file of ["package.json", "package-lock.json"])
        cpSync(path.join(buildStage, file), path.join(runtimeStage, file));
      await step("runtime: npm ci --omit=dev", runtimeStage, [
        "ci",
        "--omit=dev",
        "--legacy-peer-deps",
        "--ignore-scripts",
        "--no-audit",
        "--no-fund",
      ]);
      for (const item of RUNTIME_PATHS) {
        mkdirSync(path.dirname(path.join(runtimeStage, item)), { recursive: true });
        cpSync(path.join(buildStage, item), path.join(runtimeStage, item), { recursive: true });
      }
      // No development tooling came along: not even the optional peers of production packages (vitest, drizzle-kit,
      // typescript), nor a TypeScript runner.
      for (const devOnly of [
        "@react-router/dev",
        "eslint",
        "tailwindcss",
        "s3rver",
        "playwright-core",
        "lighthouse",
        "smtp-server",
        "vite",
        "vitest",
        "typescript",
        "drizzle-kit",
        "tsx",
        "esbuild",
      ]) {
        expect(existsSync(path.join(runtimeStage, "node_modules", devOnly)), devOnly).toBe(false);
      }

      // The operator's commands run there on plain node: the migrations, then a role for an unknown e-mail (refused).
      const commandEnv = stepEnv({ DATA_DIR: dataDir, LOG_LEVEL: "silent" });
      const migrated = await run("npm", ["run", "--silent", "db:migrate"], {
        cwd: runtimeStage,
        env: commandEnv,
        timeout: STEP_TIMEOUT_MS,
      });
      expect(migrated.stdout).toMatch(/is up to date: \d+ migrations applied/);
      const refused = await run("npm", ["run", "--silent", "admin", "--", "set-role", "nobody@example.com", "admin"], {
        cwd: runtimeStage,
        env: commandEnv,
      }).then(
        () => ({ code: 0, stderr: "" }),
        (error: { code: number; stderr: string }) => error,
      );
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain("nobody@example.com");
      const archive = path.join(dataDir, "..", `${path.basename(dataDir)}-backup.tar.gz`);
      const backedUp = await run("npm", ["run", "--silent", "backup", "--", "--out", archive], {
        cwd: runtimeStage,
        env: commandEnv,
      });
      expect(backedUp.stdout).toMatch(/backed up the database/);
      await rm(archive, { force: true });

      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      // Its own process group, so that stopping it reaches node under npm.
      server = spawn("npm", ["run", "serve"], {
        cwd: runtimeStage,
        detached: true,
        env: stepEnv({
          HOST: "127.0.0.1",
          PORT: String(port),
          SITE_URL: url,
          DATA_DIR: dataDir,
          AUTH_SECRET: "a-secret-of-the-artefact-test-long-enough",
        }),
        stdio: ["ignore", "pipe", "pipe"],
      });
      for (const stream of [server.stdout, server.stderr]) {
        stream?.setEncoding("utf8");
        stream?.on("data", (chunk: string) => output.push(...chunk.split("\n").filter(Boolean)));
      }
      const serving = server;
      const isAnswering = await waitUntil(
        async () => {
          if (serving.exitCode !== null)
            throw new Error(`npm run serve exited with code ${serving.exitCode}:\n${output.join("\n")}`);
          return (await fetch(`${url}/healthz`).catch(() => undefined))?.status === 200;
        },
        { timeoutMs: 60_000, intervalMs: 200 },
      );
      if (!isAnswering) throw new Error(`npm run serve did not answer within 60 s:\n${output.join("\n")}`);

      const home = await fetch(`${url}/`);
      expect(home.status).toBe(200);
      // The demo catalogue, loaded from content/ into the fresh database through the migrations.
      expect(await home.text()).toContain("The Best Tools for Indie Developers");
      expect((await fetch(`${url}/favicon.ico`)).status).toBe(200);
      expect(output.join("\n")).toMatch(/production, React's production build/);
      expect(output.join("\n")).not.toMatch(/WARN|ERROR/);
      process.stdout.write(`artefact steps, in seconds: ${JSON.stringify(seconds)}\n`);
    },
    3 * STEP_TIMEOUT_MS + 90_000,
  );
});
