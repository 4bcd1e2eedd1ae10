/**
 * `npm run import` and `npm run export` as an operator runs them (the compiled commands on plain node, each on an
 * embedded database in a folder of its own): a CSV file with its own column names is tried, imported, exported as JSON
 * and CSV, and the exports imported into fresh folders give the same catalogue; a malformed file is refused, with a
 * message and a failing status, and nothing is written.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { npmRun } from "../setup/commands.ts";

const CSV = `Title,Link,Blurb,Section,Labels,Price
Acme Analytics,https://www.acme.example/?utm_source=news,Privacy-first analytics for small sites,Analytics,"privacy, web",freemium
Beta Mail,https://beta-mail.example/app/,Sends your newsletters without the fuss,Email,newsletter,paid
Too Short,https://short.example,Tiny,Analytics,,free
Acme Again,http://acme.example,Another listing of the same analytics tool,Analytics,,free
`;
const MAP = "name=Title,website=Link,shortDesc=Blurb,categories=Section,tags=Labels,paymentType=Price";

/** A catalogue export's tools, in the order of their websites (tools added at the same moment come in either order). */
const toolsOfJson = (text: string) =>
  (JSON.parse(text) as { tools: { website: string }[] }).tools.sort((a, b) => a.website.localeCompare(b.website));
const toolsOfCsv = (text: string) =>
  (parse(text, { columns: true }) as { website: string }[]).sort((a, b) => a.website.localeCompare(b.website));

describe("npm run import and npm run export", () => {
  let work: string;
  const file = (name: string) => path.join(work, name);
  /** The commands on the data folder `folder` of the work folder, never on a PostgreSQL the environment names. */
  const command = (script: "import" | "export", folder: string, args: string[]) =>
    npmRun(script, args, { DATA_DIR: file(folder), DATABASE_URL: "" });

  beforeAll(() => {
    work = mkdtempSync(path.join(os.tmpdir(), "indie-tools-import-"));
    writeFileSync(file("tools.csv"), CSV);
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it("tries a CSV file row by row, imports it, and exports JSON and CSV that import into fresh folders as the same catalogue", async () => {
    const dryRun = await command("import", "data", [
      file("tools.csv"),
      "--map",
      MAP,
      "--create-categories",
      "--dry-run",
    ]);
    expect(dryRun.stderr).toBe("");
    expect(dryRun.code).toBe(0);
    const lines = dryRun.stdout.trim().split("\n");
    expect(lines[0]).toBe(
      "columns: name=Title, website=Link, shortDesc=Blurb, categories=Section, tags=Labels, paymentType=Price",
    );
    expect(lines.filter((line) => line.startsWith("line "))).toEqual([
      "line 2: create: Acme Analytics (acme.example)",
      "line 3: create: Beta Mail (beta-mail.example/app)",
      "line 4: refuse: Too Short (short.example): Say what the tool does in at least 20 characters",
      "line 5: refuse: Acme Again (acme.example): The same website is on line 2, which is imported instead",
    ]);
    expect(lines.at(-1)).toMatch(/^dry run, nothing written: would create 2, update 0, refused 2 \([\d.]+ s\)$/);
    expect((await command("export", "data", ["--format", "json"])).stdout).toContain('"tools": []');

    const imported = await command("import", "data", [file("tools.csv"), "--map", MAP, "--create-categories"]);
    expect(imported.code).toBe(0);
    // An import lists only the rows it left out, then the counts.
    expect(
      imported.stdout
        .split("\n")
        .filter((line) => line.startsWith("line "))
        .map((line) => line.split(":")[0]),
    ).toEqual(["line 4", "line 5"]);
    expect(imported.stdout).toMatch(
      /category Email \(email\): create\ncreated 2, updated 0, refused 2 \([\d.]+ s\)\n$/,
    );

    // The same file again changes nothing; with one description changed, that row updates the tool it made.
    const again = await command("import", "data", [file("tools.csv"), "--map", MAP, "--dry-run"]);
    expect(again.stdout).toContain(
      "line 2: unchanged: Acme Analytics (acme.example)\nline 3: unchanged: Beta Mail (beta-mail.example/app)\n",
    );
    expect(again.stdout).toMatch(/would create 0, update 0, unchanged 2, refused 2/);
    writeFileSync(file("changed.csv"), CSV.replace("without the fuss", "without any fuss"));
    const changedDryRun = await command("import", "data", [file("changed.csv"), "--map", MAP, "--dry-run"]);
    expect(changedDryRun.stdout).toContain(
      "line 2: unchanged: Acme Analytics (acme.example)\nline 3: update: Beta Mail (beta-mail.example/app): short description\n",
    );
    const changed = await command("import", "data", [file("changed.csv"), "--map", MAP]);
    expect(changed.stdout).toMatch(/created 0, updated 1, unchanged 1, refused 2/);

    for (const format of ["json", "csv"]) {
      const exported = await command("export", "data", ["--format", format, "--out", file(`catalogue.${format}`)]);
      expect(exported).toMatchObject({
        code: 0,
        stdout: "",
        stderr: `wrote 2 tools to ${file(`catalogue.${format}`)}\n`,
      });
    }
    const json = readFileSync(file("catalogue.json"), "utf8");
    const csv = readFileSync(file("catalogue.csv"), "utf8");
    expect(toolsOfJson(json).map((tool) => tool.website)).toEqual([
      "https://beta-mail.example/app/",
      "https://www.acme.example",
    ]);

    // The JSON export brings its categories; the CSV export names them, so they are created.
    const fromJson = await command("import", "from-json", [file("catalogue.json")]);
    expect(fromJson.stdout).toMatch(/created 2, updated 0, refused 0/);
    const { exportedAt: _exportedAt, tools: _tools, ...catalogue } = JSON.parse(json) as Record<string, unknown>;
    const jsonAgain = (await command("export", "from-json", ["--format", "json"])).stdout;
    expect(JSON.parse(jsonAgain)).toMatchObject(catalogue);
    expect(toolsOfJson(jsonAgain)).toEqual(toolsOfJson(json));

    const fromCsv = await command("import", "from-csv", [file("catalogue.csv"), "--create-categories"]);
    expect(fromCsv.stdout).toMatch(/created 2, updated 0, refused 0/);
    expect(toolsOfCsv((await command("export", "from-csv", ["--format", "csv"])).stdout)).toEqual(toolsOfCsv(csv));
    // Thirteen commands, each a node process that opens its database.
  }, 180_000);

  it.each([
    [
      "a CSV file whose quote is never closed",
      "bad.csv",
      'Title,Link\n"Acme,https://acme.example\n',
      "The CSV file cannot be read at line 2: a quoted value is never closed",
    ],
    [
      "a JSON file that is not an export",
      "bad.json",
      '{"tools": [',
      "This JSON file is not a catalogue exported by Indie Tools",
    ],
  ])("refuses %s with a message and a failing status, and writes nothing", async (_case, name, text, message) => {
    writeFileSync(file(name), text);
    const result = await command("import", `never-${name}`, [file(name)]);
    expect(result).toEqual({ code: 1, stdout: "", stderr: `${message}\n` });
    expect(existsSync(file(`never-${name}`))).toBe(false);
  });
});
