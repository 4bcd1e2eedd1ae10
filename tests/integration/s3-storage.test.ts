/**
 * Files in an S3-compatible bucket (a real s3rver on 127.0.0.1): uploads go there through the app and are read from
 * the bucket's public address, snapshots are written, read and removed there, the daily clean-up lists and removes
 * unused images there, and a tool page still renders from the database when its snapshot is gone.
 */
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createId } from "#common/ids.ts";
import { parseConfig } from "#server/config.ts";
import { tools } from "#server/db/schema.ts";
import { seedDemoCatalogue } from "#server/demo/catalogue.ts";
import { s3FileStorage } from "#server/storage/s3.ts";
import { toolSnapshotKey } from "#server/tools/read/snapshots.ts";
import { insertCategory, insertTool, insertUser } from "../factories.ts";
import { databaseKinds } from "../setup/database.ts";
import { useResource, useTestApp } from "../setup/fixtures.ts";
import { type Client, createClient } from "../setup/forms.ts";
import { startTestBucket, type TestBucket } from "../setup/s3.ts";
import { smallLogoUrl } from "#common/logo-sizes.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(databaseKinds)("files in an S3 bucket, on %s", (kind) => {
  const bucket = useResource(() => startTestBucket());
  const { database, app } = useTestApp(kind, () => bucket.env);
  let publicUrl: string;
  let image: Blob;

  beforeAll(async () => {
    publicUrl = `${bucket.endpoint}/${bucket.bucket}`;
    image = new Blob([
      new Uint8Array(
        await sharp({ create: { width: 400, height: 300, channels: 3, background: "#0ea5e9" } })
          .png()
          .toBuffer(),
      ),
    ]);
  });
  beforeEach(async () => {
    await database.reset();
    // The bucket outlives each test's database: it starts empty too.
    for await (const file of app.storage.list("tools")) await app.storage.remove(file.key);
  });

  async function signUp(username: string, email: string): Promise<Client> {
    const client = createClient(app.request);
    await client.postSolved("/register", { username, email, password: "long-enough" });
    return client;
  }

  async function uploadLogo(client: Client, toolId: string): Promise<string> {
    const form = new FormData();
    form.append("file", image, "logo.png");
    const response = await client.postMultipart(`/api/v1/tools/${toolId}/images/logo`, form);
    expect(response.status).toBe(200);
    return ((await response.json()) as { url: string }).url;
  }

  it("stores the demo catalogue's logos in the bucket at seed time, served from it", async () => {
    await seedDemoCatalogue(database.db, { storage: app.storage });
    const [stripe] = await database.db.select({ logo: tools.logo }).from(tools).where(eq(tools.name, "Stripe"));
    expect(stripe?.logo).toMatch(
      new RegExp(`^${publicUrl.replaceAll(".", "\\.")}/tools/t[a-z0-9]+/[A-Za-z0-9_-]{12}\\.256\\.webp$`),
    );
    const served = await fetch(stripe!.logo!);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await sharp(new Uint8Array(await served.arrayBuffer())).metadata()).width).toBe(256);
    const small = await fetch(smallLogoUrl(stripe!.logo!)!);
    expect((await sharp(new Uint8Array(await small.arrayBuffer())).metadata()).width).toBe(96);
  });

  it("stores an upload in the bucket, read from the bucket's public address, and saves the tool with it", async () => {
    const maker = await signUp("Maker", "maker@example.com");
    const html = await (await maker.request("/add-tool")).text();
    const toolId = /name="toolId" value="(t[a-z0-9]+)"/.exec(html)![1]!;
    const url = await uploadLogo(maker, toolId);
    expect(url).toMatch(
      new RegExp(`^${publicUrl.replaceAll(".", "\\.")}/tools/${toolId}/[A-Za-z0-9_-]{12}\\.256\\.webp$`),
    );

    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect((await sharp(new Uint8Array(await served.arrayBuffer())).metadata()).format).toBe("webp");
    // The app keeps no copy of its own: /files is not served when the files are in a bucket.
    expect((await app.request(url.slice(publicUrl.length).replace(/^/, "/files"))).status).toBe(404);

    const categoryId = (await insertCategory(database.db, { label: "Analytics" })).id;
    const form = new FormData();
    for (const [name, value] of Object.entries({
      toolId,
      intent: "save",
      name: "Counter",
      website: "counter.example",
      shortDesc: "Counts visitors without cookies, for small sites.",
      longDesc: "It counts.",
      tags: "analytics",
      paymentType: "free",
      categories: categoryId,
      pros: "Tiny",
      logoUrl: url,
    })) {
      form.append(name, value);
    }
    expect((await maker.postMultipartSolved("/add-tool", form)).status).toBe(302);
    const [tool] = await database.db.select().from(tools).where(eq(tools.id, toolId));
    expect(tool!.logo).toBe(url);
  });

  it("ignores an image address that only starts like the bucket's", async () => {
    const toolId = createId("t");
    const { imageUploads } = app.services;
    expect(imageUploads.isToolImageUrl(toolId, `${publicUrl}/tools/${toolId}/abcdefghijkl.webp`)).toBe(true);
    expect(
      imageUploads.isToolImageUrl(
        toolId,
        `${publicUrl.replace("127.0.0.1", "127x0x0x1")}/tools/${toolId}/abcdefghijkl.webp`,
      ),
    ).toBe(false);
    expect(imageUploads.isToolImageUrl(toolId, `${publicUrl}/tools/${toolId}/abcdefghijkl.webp?x`)).toBe(false);
    expect(imageUploads.isToolImageUrl(toolId, `${publicUrl}/tools/${createId("t")}/abcdefghijkl.webp`)).toBe(false);
  });

  it("writes a live tool's snapshot to the bucket, readable across origins, and removes it when the tool goes off", async () => {
    const tool = await insertTool(database.db);
    await app.services.tools.writeToolSnapshot(tool.id);
    const snapshotUrl = `${publicUrl}/${toolSnapshotKey(tool.id)}`;
    const read = await fetch(snapshotUrl, { headers: { origin: "https://tools.example.com" } });
    expect(read.status).toBe(200);
    expect(read.headers.get("access-control-allow-origin")).toBeTruthy();
    expect(await read.json()).toMatchObject({ id: tool.id, slug: tool.slug, name: tool.name });

    await database.db.update(tools).set({ isVerified: false }).where(eq(tools.id, tool.id));
    await app.services.tools.writeToolSnapshot(tool.id);
    expect((await fetch(snapshotUrl)).status).toBe(404);
  });

  it("tells the browser where the files are, and lets it read them there", async () => {
    const home = await app.request("/");
    expect(await home.text()).toContain(`data-files-url="${publicUrl}"`);
    const policy = home.headers.get("content-security-policy") ?? "";
    expect(policy).toMatch(new RegExp(`connect-src 'self' ${bucket.endpoint.replaceAll(".", "\\.")}(;|$)`));
    expect(policy).toContain(`img-src 'self' data: https: ${bucket.endpoint}`);
  });

  it("renders a tool page from the database when its snapshot cannot be read", async () => {
    const tool = await insertTool(database.db, { name: "Snapshotless" });
    await app.services.tools.writeToolSnapshot(tool.id);
    await app.storage.remove(toolSnapshotKey(tool.id));
    expect((await fetch(`${publicUrl}/${toolSnapshotKey(tool.id)}`)).status).toBe(404);
    const page = await app.request(`/tool/${tool.slug}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Snapshotless");
    // What the browser asks the server for when its snapshot read failed (React Router's data request).
    const data = await app.request(`/tool/${tool.slug}.data`);
    expect(data.status).toBe(200);
    expect(await data.text()).toContain("Snapshotless");
  });

  it("lists the bucket for the daily clean-up: unused images go, shown images and snapshots stay", async () => {
    const maker = await insertUser(database.db, { username: "Maker" });
    const tool = await insertTool(database.db, { submittedBy: maker.id });
    const bytes = new Uint8Array(await image.arrayBuffer());
    async function upload(toolId: string) {
      const uploaded = await app.services.imageUploads.uploadToolImage(maker.session, toolId, "logo", bytes);
      if (!uploaded.ok) throw new Error(`refused: ${uploaded.message}`);
      return uploaded.url;
    }
    const shown = await upload(tool.id);
    const replaced = await upload(tool.id);
    const abandoned = await upload(createId("t"));
    await database.db.update(tools).set({ logo: shown }).where(eq(tools.id, tool.id));
    await app.services.tools.writeToolSnapshot(tool.id);

    // A file's age is read from the bucket's clock: "now" is when the bucket says the last one was written.
    let written = 0;
    for await (const file of app.storage.list("tools")) written = Math.max(written, file.modifiedAt.getTime());
    // Everything is younger than a day: nothing goes yet.
    expect(await app.services.imageUploads.removeUnusedImages(new Date(written))).toBe(0);
    // Two days later, the replaced and the abandoned logos go, each with its small twin; the shown one keeps its own.
    expect(await app.services.imageUploads.removeUnusedImages(new Date(written + 2 * DAY_MS))).toBe(4);
    expect((await fetch(shown)).status).toBe(200);
    expect((await fetch(smallLogoUrl(shown)!)).status).toBe(200);
    expect((await fetch(replaced)).status).toBe(404);
    expect((await fetch(smallLogoUrl(replaced)!)).status).toBe(404);
    expect((await fetch(abandoned)).status).toBe(404);
    expect((await fetch(`${publicUrl}/${toolSnapshotKey(tool.id)}`)).status).toBe(200);
  });
});

describe("the S3 storage on its own", () => {
  let bucket: TestBucket;
  beforeAll(async () => {
    bucket = await startTestBucket("check-bucket");
  });
  afterAll(() => bucket.close());

  it("lists page after page, and only the keys under the folder", async () => {
    const config = parseConfig(bucket.env);
    if (config.storage.kind !== "s3") throw new Error("the S3 settings were not taken");
    // Pages of 7 keys, so 40 keys take 6 listing requests, each continuing where the last stopped.
    const storage = s3FileStorage(config.storage, { listPageSize: 7 });
    const keys = Array.from({ length: 40 }, (_, index) => `many/k${String(index).padStart(4, "0")}.json`);
    await Promise.all(keys.map((key) => storage.write(key, "{}", "application/json")));
    await storage.write("manyother/x.json", "{}", "application/json");
    const listed: string[] = [];
    for await (const file of storage.list("many")) listed.push(file.key);
    expect(listed.sort()).toEqual(keys);
  });

  it("checks that the bucket answers, and says so when it does not", async () => {
    const config = parseConfig(bucket.env);
    if (config.storage.kind !== "s3") throw new Error("the S3 settings were not taken");
    await expect(s3FileStorage(config.storage).check()).resolves.toBeUndefined();
    await expect(s3FileStorage({ ...config.storage, bucket: "no-such-bucket" }).check()).rejects.toThrow(
      /no-such-bucket .* answered 404/,
    );
    await expect(
      s3FileStorage({ ...config.storage, accessKeyId: "UNKNOWN" }).write("x/y.json", "{}", "application/json"),
    ).rejects.toThrow(/storing x\/y\.json in the bucket check-bucket answered 403 InvalidAccessKeyId/);
  });
});
