/** The link preview images (decision 035): each public page names its own, made on first request, stored, remade after an edit. */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ogToolImage } from "#common/og-image.ts";
import { drawOgImage } from "#server/og/draw.ts";
import { insertCategory, insertTool, insertUser, toolInput } from "../factories.ts";
import { createTestApp } from "../setup/app.ts";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../setup/database.ts";
import { useTestApp } from "../setup/fixtures.ts";
import { startTestBucket, type TestBucket } from "../setup/s3.ts";

const SITE = "http://localhost:3000";

describe.each(databaseKinds)("link preview images on %s", (kind) => {
  const { database, app } = useTestApp(kind);

  /** The og:image a page names, after checking the card that goes with it. */
  async function ogImageOf(path: string): Promise<string> {
    const html = await (await app.request(path)).text();
    expect(html, path).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    const image = /<meta property="og:image" content="([^"]+)"\/>/.exec(html)?.[1];
    expect(image, path).toMatch(/^http:\/\/localhost:3000\/og\//);
    return image!.replaceAll("&amp;", "&");
  }

  /** Follows the image's address to its stored PNG, checking it is 1200x630. */
  async function fetchImage(url: string): Promise<Buffer> {
    const response = await app.request(url.replace(SITE, ""));
    expect(response.status, url).toBe(302);
    // The redirect is kept a day; the file it leads to, named by its content, a year.
    expect(response.headers.get("cache-control")).toBe("public, max-age=86400");
    const stored = await app.request(response.headers.get("location")!);
    expect(stored.status).toBe(200);
    expect(stored.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(stored.headers.get("content-type")).toBe("image/png");
    const png = Buffer.from(await stored.arrayBuffer());
    const metadata = await sharp(png).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["png", 1200, 630]);
    return png;
  }

  it("gives a tool's page its own image, and a new one after an edit", async () => {
    const category = await insertCategory(database.db, { label: "Preview analytics", color: "#7C3AED" });
    const tool = await insertTool(database.db, {
      name: "Preview Counter",
      shortDesc: "Counts visits.",
      categories: [category.id],
      tags: ["preview"],
    });
    const before = await ogImageOf(`/tool/${tool.slug}`);
    expect(before).toMatch(new RegExp(`/og/tool/${tool.slug}\\.png\\?v=[0-9a-f]{8}$`));
    const first = await fetchImage(before);
    // Asked again, the same version is the same stored file.
    expect((await app.request(before.replace(SITE, ""))).headers.get("location")).toMatch(
      new RegExp(`^/files/og/tool/${tool.id}-[0-9a-f]{8}\\.png$`),
    );

    const admin = await insertUser(database.db, { username: "Preview Admin", role: "admin" });
    await app.services.lifecycle.updateTool(
      admin.session,
      tool.id,
      toolInput(category.id, {
        name: tool.name,
        website: tool.website,
        shortDesc: "Counts visits, privately.",
        tags: ["preview"],
      }),
    );
    const after = await ogImageOf(`/tool/${tool.slug}`);
    expect(after).not.toBe(before);
    const second = await fetchImage(after);
    expect(Buffer.compare(await sharp(first).raw().toBuffer(), await sharp(second).raw().toBuffer())).not.toBe(0);
    // The old address still leads to the current image, but is not kept for long.
    const stale = await app.request(before.replace(SITE, ""));
    expect(stale.headers.get("cache-control")).toBe("public, max-age=3600");
  });

  it("draws a tool's stored logo, and its initials when the logo cannot be read", async () => {
    const red = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#ff0000" } })
      .webp()
      .toBuffer();
    await app.storage.write("logos/preview-red.webp", red, "image/webp");
    const withLogo = await insertTool(database.db, {
      name: "Red Logo",
      shortDesc: "Has a logo.",
      logo: app.storage.publicUrl("logos/preview-red.webp"),
    });
    const drawn = await fetchImage(await ogImageOf(`/tool/${withLogo.slug}`));
    const initials = await drawOgImage(ogToolImage({ ...withLogo, categories: [] }), app.config.SITE_NAME, null);
    expect(Buffer.compare(await sharp(drawn).raw().toBuffer(), await sharp(initials).raw().toBuffer())).not.toBe(0);

    const broken = await insertTool(database.db, {
      name: "Lost Logo",
      shortDesc: "Its logo is gone.",
      logo: "/files/logos/gone.webp",
    });
    await fetchImage(await ogImageOf(`/tool/${broken.slug}`));
    const foreign = await insertTool(database.db, {
      name: "Foreign Logo",
      shortDesc: "Its logo is elsewhere.",
      logo: "https://elsewhere.example/logo.webp",
    });
    await fetchImage(await ogImageOf(`/tool/${foreign.slug}`));
  });

  it("draws hostile and overlong names without failing", async () => {
    const tool = await insertTool(database.db, {
      name: `<script>alert(1)</script> ${"Long ".repeat(30)}`.slice(0, 100),
      shortDesc: `"><img src=x onerror=alert(1)> ${"word ".repeat(40)}`.slice(0, 160),
    });
    await fetchImage(await ogImageOf(`/tool/${tool.slug}`));
  });

  it("gives categories, top-lists and the home page their images, and other pages the home page's", async () => {
    const category = await insertCategory(database.db, { label: "Preview mail", color: "#0EA5E9" });
    await insertTool(database.db, { name: "Preview Mailer", categories: [category.id], tags: ["react"] });
    const categoryImage = await ogImageOf(`/category/${category.slug}`);
    expect(categoryImage).toContain(`/og/category/${category.slug}.png?v=`);
    await fetchImage(categoryImage);
    const topImage = await ogImageOf("/top-react-tools");
    expect(topImage).toContain("/og/top/top-react-tools.png?v=");
    await fetchImage(topImage);
    const home = await ogImageOf("/");
    expect(home).toContain("/og/home.png?v=");
    await fetchImage(home);
    expect(await ogImageOf("/categories")).toBe(home);
  });

  it("answers 404 for a page that does not exist", async () => {
    for (const path of [
      "/og/tool/no-such-tool.png",
      "/og/category/no-such-category.png",
      "/og/top/top-nothing.png",
      "/og/tool/..%2Fsecret.png",
      "/og/tool/x.jpg",
    ]) {
      const response = await app.request(path);
      expect(response.status, path).toBe(404);
    }
    const hidden = await insertTool(database.db, { name: "Not Yet Verified", isVerified: false });
    expect((await app.request(`/og/tool/${hidden.slug}.png`)).status).toBe(404);
  });
});

describe.each(databaseKinds)("link preview images in an S3 bucket, on %s", (kind) => {
  let bucket: TestBucket;
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    bucket = await startTestBucket();
    database = await openTestDatabase(kind);
    app = await createTestApp(database, bucket.env);
  });
  afterAll(async () => {
    await database.close();
    await bucket.close();
  });

  it("stores the image in the bucket, drawing the logo read from there, and leads to it", async () => {
    const red = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#ff0000" } })
      .webp()
      .toBuffer();
    await app.storage.write("tools/preview/logo.webp", red, "image/webp");
    const logo = app.storage.publicUrl("tools/preview/logo.webp");
    expect(logo.startsWith(bucket.endpoint)).toBe(true);
    const tool = await insertTool(database.db, { name: "Bucket Logo", shortDesc: "Its logo is in the bucket.", logo });
    const html = await (await app.request(`/tool/${tool.slug}`)).text();
    const image = /<meta property="og:image" content="([^"]+)"\/>/.exec(html)![1]!.replaceAll("&amp;", "&");
    const redirect = await app.request(image.replace(SITE, ""));
    expect(redirect.status).toBe(302);
    const location = redirect.headers.get("location")!;
    expect(location).toMatch(new RegExp(`^${bucket.endpoint}/${bucket.bucket}/og/tool/${tool.id}-[0-9a-f]{8}\\.png$`));
    const png = Buffer.from(await (await fetch(location)).arrayBuffer());
    const { format, width, height } = await sharp(png).metadata();
    expect([format, width, height]).toEqual(["png", 1200, 630]);
    const initials = await drawOgImage(ogToolImage({ ...tool, categories: [] }), app.config.SITE_NAME, null);
    expect(Buffer.compare(await sharp(png).raw().toBuffer(), await sharp(initials).raw().toBuffer())).not.toBe(0);
  });
});
