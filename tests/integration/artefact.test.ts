/**
 * The deployable artefact, exactly as the Dockerfile makes it: what `npm run build` wrote, the package files, the
 * content and the migrations, copied to a folder of their own; only the production dependencies installed there
 * (`npm ci --omit=dev --ignore-scripts`, from the npm registry); then `npm run serve` on plain node, on a fresh DATA_DIR.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/bench-lib.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const BUILD_DIR = path.resolve(ROOT, process.env.BUILD_DIR ?? "build");
/** What a deploy copies besides node_modules, as the Dockerfile's runtime stage does: keep the two lists the same. */
const ARTEFACT_PATHS = ["package.json", "package-lock.json", "build", "content", "server/db/migrations"];
const INSTALL_TIMEOUT_MS = 240_000;

describe("the deployable artefact", () => {
  let folder: string;
  let dataDir: string;
  let server: ChildProcess | undefined;
  const output: string[] = [];

  beforeAll(() => {
    if (!existsSync(path.join(BUILD_DIR, "server/main.js"))) throw new Error("No compiled server: run `npm run build` (npm test does it first)");
    folder = mkdtempSync(path.join(os.tmpdir(), "indie-tools-artefact-"));
    dataDir = mkdtempSync(path.join(os.tmpdir(), "indie-tools-artefact-data-"));
    for (const item of ARTEFACT_PATHS) {
      const from = item === "build" ? BUILD_DIR : path.join(ROOT, item);
      mkdirSync(path.dirname(path.join(folder, item)), { recursive: true });
      cpSync(from, path.join(folder, item), { recursive: true });
    }
  });
  afterAll(async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server!.once("exit", resolve));
      process.kill(-server.pid!, "SIGTERM");
      await exited;
    }
    rmSync(folder, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    "installs only the production dependencies, and `npm run serve` serves the home page and /healthz",
    async () => {
      const started = Date.now();
      await promisify(execFile)("npm", ["ci", "--omit=dev", "--ignore-scripts", "--no-audit", "--no-fund"], { cwd: folder, timeout: INSTALL_TIMEOUT_MS });
      const installSeconds = Math.round((Date.now() - started) / 1000);
      // No development tooling came along. (vite, vitest, typescript and drizzle-kit still do: optional peers of
      // better-auth and @react-router/node that the project also has, which npm keeps with --omit=dev.)
      for (const devOnly of ["@react-router/dev", "eslint", "tailwindcss", "s3rver", "playwright-core", "lighthouse", "smtp-server"]) {
        expect(existsSync(path.join(folder, "node_modules", devOnly)), devOnly).toBe(false);
      }

      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const { NODE_ENV: _testEnv, ...inherited } = process.env;
      // Its own process group, so that stopping it reaches node under npm.
      server = spawn("npm", ["run", "serve"], {
        cwd: folder,
        detached: true,
        env: { ...inherited, HOST: "127.0.0.1", PORT: String(port), SITE_URL: url, DATA_DIR: dataDir, AUTH_SECRET: "a-secret-of-the-artefact-test-long-enough" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      for (const stream of [server.stdout, server.stderr]) {
        stream?.setEncoding("utf8");
        stream?.on("data", (chunk: string) => output.push(...chunk.split("\n").filter(Boolean)));
      }
      const deadline = Date.now() + 60_000;
      for (;;) {
        if (server.exitCode !== null) throw new Error(`npm run serve exited with code ${server.exitCode}:\n${output.join("\n")}`);
        const health = await fetch(`${url}/healthz`).catch(() => undefined);
        if (health?.status === 200) break;
        if (Date.now() > deadline) throw new Error(`npm run serve did not answer within 60 s:\n${output.join("\n")}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }

      const home = await fetch(`${url}/`);
      expect(home.status).toBe(200);
      // The demo catalogue, loaded from content/ into the fresh database through the migrations.
      expect(await home.text()).toContain("The Best Tools for Indie Developers");
      expect((await fetch(`${url}/favicon.ico`)).status).toBe(200);
      expect(output.join("\n")).toMatch(/production, React's production build/);
      expect(output.join("\n")).not.toMatch(/WARN|ERROR/);
      process.stdout.write(`artefact: npm ci --omit=dev took ${installSeconds} s\n`);
    },
    INSTALL_TIMEOUT_MS + 90_000,
  );
});
