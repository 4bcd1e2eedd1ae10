/** Migrates one embedded database once per run and saves it as a template: each test file then starts from a copy in about a second. */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "#server/db/client.ts";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "indie-tools-template-"));
  const handle = await openDatabase({});
  await handle.migrate();
  const dump = await handle.dump();
  const file = path.join(dir, "template.tar.gz");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide("pgliteTemplate", file);
  return () => rmSync(dir, { recursive: true, force: true });
}
