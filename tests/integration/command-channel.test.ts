/**
 * The operator's commands while the server runs on the embedded database, which serves one process only: each command
 * finds the server's socket in the data folder, runs inside the server, and prints what it would print on its own.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#server/db/client.ts";
import { npmRun } from "../setup/commands.ts";
import { createClient } from "../setup/forms.ts";
import { type ServerProcess, startServerProcess } from "../setup/server-process.ts";

const CSV = `name,website,shortDesc,categories
Channel Analytics,https://channel-analytics.example,Counts visits without cookies on small sites,Analytics
`;

describe("the commands beside a server running on the embedded database", () => {
  let work: string;
  let dataDir: string;
  let server: ServerProcess;
  /** The command as the operator types it in the work folder, on the server's data folder. */
  const command = (script: string, args: string[]) =>
    npmRun(script, args, { DATA_DIR: dataDir, DATABASE_URL: "" }, work);

  beforeAll(async () => {
    work = mkdtempSync(path.join(os.tmpdir(), "indie-tools-channel-"));
    dataDir = path.join(work, "data");
    server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: "" });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it("writes the setup link to its log once it serves, as the site has no admin", async () => {
    const setupLine =
      /This site has no admin yet\. Sign up, then open http:\/\/127\.0\.0\.1:\d+\/setup\/[\w-]{43} within 24 hours/;
    await expect.poll(() => server.output.findIndex((line) => setupLine.test(line))).toBeGreaterThan(-1);
    const serving = server.output.findIndex((line) => line.includes(" is serving at "));
    expect(server.output.findIndex((line) => setupLine.test(line))).toBeGreaterThan(serving);
  });

  it("listens on a socket in the data folder that only its owner may open", () => {
    const socket = statSync(path.join(dataDir, "commands.sock"));
    expect(socket.isSocket()).toBe(true);
    expect(socket.mode & 0o777).toBe(0o600);
  });

  it("gives a role: the new admin opens the console at once", async () => {
    const client = createClient((pathname, init) => fetch(`${server.url}${pathname}`, init), server.url);
    expect(
      (await client.postSolved("/register", { username: "Opal", email: "opal@example.com", password: "long-enough" }))
        .status,
    ).toBe(302);
    expect((await client.request("/admin")).status).not.toBe(200);

    const promoted = await command("admin", ["set-role", "opal@example.com", "admin"]);
    expect(promoted).toEqual({
      code: 0,
      stdout: "opal@example.com (Opal): role changed from guest to admin.\n",
      stderr: "",
    });
    expect((await client.request("/admin")).status).toBe(200);
    expect((await command("admin", ["set-role", "opal@example.com", "admin"])).stdout).toBe(
      "opal@example.com (Opal) already has the role admin; nothing changed.\n",
    );

    const unknown = await command("admin", ["set-role", "nobody@example.com", "admin"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("nobody@example.com");
    const wrong = await command("admin", ["make-me", "admin"]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain("Usage: npm run admin -- set-role");
  });

  it("imports a file of the operator's folder, and the site shows the tool at once", async () => {
    writeFileSync(path.join(work, "tools.csv"), CSV);
    const imported = await command("import", ["tools.csv", "--create-categories"]);
    expect(imported.stderr).toBe("");
    expect(imported.stdout).toMatch(/created 1, updated 0, refused 0/);
    expect(await (await fetch(`${server.url}/tools`)).text()).toContain("Channel Analytics");
    const missing = await command("import", ["nothing.csv"]);
    expect(missing).toMatchObject({ code: 1, stderr: `No such file: ${path.join(work, "nothing.csv")}\n` });
  });

  it("exports to a file of the operator's folder, and prints the newsletter's digest", async () => {
    const exported = await command("export", ["--format", "json", "--out", "catalogue.json"]);
    expect(exported).toMatchObject({ code: 0, stderr: "wrote 1 tool to catalogue.json\n" });
    expect(
      JSON.parse(readFileSync(path.join(work, "catalogue.json"), "utf8")).tools.map(
        (tool: { name: string }) => tool.name,
      ),
    ).toEqual(["Channel Analytics"]);
    const newsletter = await command("newsletter", ["--format", "markdown"]);
    expect(newsletter.code).toBe(0);
    expect(newsletter.stdout).toContain("# ");
    expect((await command("db:migrate", [])).stdout).toMatch(
      /^the embedded database in .* is up to date: \d+ migrations applied\n$/,
    );
  });

  it("backs up the running site, and the backup restores elsewhere; a restore into the running site is refused", async () => {
    const backup = await command("backup", ["--out", "site.tar.gz"]);
    expect(backup.stderr).toBe("");
    expect(backup.stdout).toContain(`stored files of ${dataDir} to ${path.join(work, "site.tar.gz")}`);

    const restored = path.join(work, "restored");
    expect((await command("restore", ["site.tar.gz", "--data-dir", restored])).code).toBe(0);
    const copy = await openDatabase({ dataDir: restored });
    try {
      const tools = await copy.db.query.tools.findMany({ columns: { name: true } });
      expect(tools.map((tool) => tool.name)).toEqual(["Channel Analytics"]);
      const opal = await copy.db.query.users.findFirst({
        where: (users, { eq }) => eq(users.email, "opal@example.com"),
      });
      expect(opal?.role).toBe("admin");
    } finally {
      await copy.close();
    }

    const intoRunning = await command("restore", ["site.tar.gz"]);
    expect(intoRunning.code).toBe(1);
    expect(intoRunning.stderr).toContain(`${dataDir} is not empty`);
  });

  it("runs on its own again once the server has stopped, and the socket is gone", async () => {
    await server.stop();
    expect(existsSync(path.join(dataDir, "commands.sock"))).toBe(false);
    expect((await command("admin", ["set-role", "opal@example.com", "verifier"])).stdout).toBe(
      "opal@example.com (Opal): role changed from admin to verifier.\n",
    );
  });
});
