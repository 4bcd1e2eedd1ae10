/** The daily clean-up of uploaded images: those no tool shows go after a day; those a tool shows, and snapshots, stay. */
import { existsSync, utimesSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { smallLogoUrl } from "#common/logo-sizes.ts";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createId } from "#common/ids.ts";
import { tools } from "#server/db/schema.ts";
import { runDailyJobs } from "#server/jobs.ts";
import { createLogger } from "#server/logger.ts";
import { insertTool, insertUser } from "../factories.ts";
import { databaseKinds } from "../setup/database.ts";
import { useTestApp } from "../setup/fixtures.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(databaseKinds)("unused uploaded images on %s", (kind) => {
  const { database, app } = useTestApp(kind);
  let maker: Awaited<ReturnType<typeof insertUser>>;
  let image: Uint8Array;

  beforeAll(async () => {
    image = new Uint8Array(
      await sharp({ create: { width: 300, height: 300, channels: 3, background: "#7c3aed" } })
        .png()
        .toBuffer(),
    );
  });
  beforeEach(async () => {
    await database.reset();
    maker = await insertUser(database.db, { username: "Maker" });
  });

  /** Uploads as the form does; answers the file's path on disk, its modification time set `ageMs` in the past. */
  async function upload(toolId: string, ageMs: number) {
    const uploaded = await app.services.imageUploads.uploadToolImage(maker.session, toolId, "logo", image);
    if (!uploaded.ok) throw new Error(`refused: ${uploaded.message}`);
    const { url } = uploaded;
    const fileOf = (address: string) => path.join(app.filesDir, address.replace(/^\/files\//, ""));
    const [file, twin] = [fileOf(url), fileOf(smallLogoUrl(url)!)];
    const when = new Date(Date.now() - ageMs);
    utimesSync(file, when, when);
    utimesSync(twin, when, when);
    return { url, file, twin };
  }

  it("deletes a day-old upload for a tool never submitted, and a replaced logo, and keeps the rest", async () => {
    const tool = await insertTool(database.db, { submittedBy: maker.id });
    const shown = await upload(tool.id, 2 * DAY_MS);
    const replaced = await upload(tool.id, 2 * DAY_MS);
    const fresh = await upload(tool.id, 60 * 60 * 1000);
    await database.db.update(tools).set({ logo: shown.url }).where(eq(tools.id, tool.id));
    await app.services.tools.writeToolSnapshot(tool.id);
    const abandoned = await upload(createId("t"), 2 * DAY_MS);

    await runDailyJobs(app.services, createLogger("silent"));
    expect(existsSync(shown.file)).toBe(true);
    expect(existsSync(shown.twin)).toBe(true);
    expect(existsSync(fresh.file)).toBe(true);
    expect(existsSync(replaced.file)).toBe(false);
    expect(existsSync(replaced.twin)).toBe(false);
    expect(existsSync(abandoned.file)).toBe(false);
    expect(existsSync(abandoned.twin)).toBe(false);
    expect(existsSync(path.join(app.filesDir, `tools/${tool.id}/${tool.id}.json`))).toBe(true);
    // The tool page still shows its logo.
    expect((await app.request(shown.url)).status).toBe(200);

    // A second run finds nothing more to delete.
    expect(await app.services.imageUploads.removeUnusedImages()).toBe(0);
  });
});
