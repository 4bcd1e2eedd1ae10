import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { rateLimits, tools, users } from "#server/db/schema.ts";
import { LIMITS } from "#server/auth/rate-limit.ts";
import { insertCategory, insertTool } from "../factories.ts";
import { smallLogoUrl } from "#common/logo-sizes.ts";
import { databaseKinds } from "../setup/database.ts";
import { useTestApp } from "../setup/fixtures.ts";
import { type Client, createClient } from "../setup/forms.ts";

describe.each(databaseKinds)("the tool form on %s", (kind) => {
  const { database, app } = useTestApp(kind, { UPLOAD_MAX_MB: "0.2" });
  let categoryId: string;
  let maker: Client;

  beforeEach(async () => {
    await database.reset();
    categoryId = (await insertCategory(database.db, { label: "Analytics" })).id;
    maker = await signUp("Maker", "maker@example.com");
  });

  async function signUp(username: string, email: string) {
    const client = createClient(app.request);
    await client.postSolved("/register", { username, email, password: "long-enough" });
    return client;
  }

  async function reservedId(client: Client) {
    const html = await (await client.request("/add-tool")).text();
    return /name="toolId" value="(t[a-z0-9]+)"/.exec(html)![1]!;
  }

  function toolForm(toolId: string, change: Record<string, string | Blob> = {}) {
    const form = new FormData();
    const fields: Record<string, string | Blob> = {
      toolId,
      intent: "save",
      name: "Counter",
      website: "counter.example",
      shortDesc: "Counts visitors without cookies, for small sites.",
      longDesc: "It **counts**.",
      tags: "analytics, privacy",
      paymentType: "freemium",
      ...change,
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append("categories", categoryId);
    form.append("pros", "Tiny script");
    return form;
  }

  /** The image files stored for a tool id. */
  function storedFiles(toolId: string): string[] {
    const folder = path.join(app.filesDir, "tools", toolId);
    return existsSync(folder) ? readdirSync(folder) : [];
  }

  async function submissionsCounted(email: string) {
    const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const [row] = await database.db
      .select({ count: rateLimits.count })
      .from(rateLimits)
      .where(eq(rateLimits.key, `submit:${user!.id}`));
    return row?.count ?? 0;
  }

  const png = async (width = 600, height = 400) =>
    new Blob([
      await sharp({ create: { width, height, channels: 3, background: "#7c3aed" } })
        .png()
        .toBuffer(),
    ]);

  it("sends a visitor to log in, and back", async () => {
    const response = await createClient(app.request).request("/add-tool");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login?redirectTo=%2Fadd-tool");
  });

  it("submits a tool without JavaScript, its logo a PNG named .jpg, into the queue", async () => {
    const toolId = await reservedId(maker);
    const form = toolForm(toolId);
    form.append("logo", await png(), "logo.jpg");
    const response = await maker.postMultipartSolved("/add-tool", form);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/my-tools?submitted=${toolId}`);
    const [tool] = await database.db.select().from(tools).where(eq(tools.id, toolId));
    expect(tool).toMatchObject({
      name: "Counter",
      website: "https://counter.example",
      isVerified: false,
      tags: ["analytics", "privacy"],
      pros: ["Tiny script"],
      paymentType: "freemium",
    });
    expect(tool!.logo).toMatch(new RegExp(`^/files/tools/${toolId}/[A-Za-z0-9_-]{12}\\.256\\.webp$`));
    const stored = path.join(app.filesDir, tool!.logo!.replace("/files/", ""));
    expect((await sharp(readFileSync(stored)).metadata()).width).toBeLessThanOrEqual(256);
    // The image never changes under its name: kept a year, as its 96 px twin; the tool's snapshot, which changes, a minute.
    for (const url of [tool!.logo!, smallLogoUrl(tool!.logo!)!]) {
      const served = await app.request(url);
      expect(served.status, url).toBe(200);
      expect(served.headers.get("cache-control"), url).toBe("public, max-age=31536000, immutable");
    }
    expect(
      (await sharp(readFileSync(path.join(app.filesDir, smallLogoUrl(tool!.logo!)!.replace("/files/", "")))).metadata())
        .width,
    ).toBe(96);
  });

  it.each([
    [
      "an HTML file named .png",
      () => new Blob(["<html><script>alert(1)</script></html>"]),
      "logo.png",
      "This file is not an image we accept: use PNG, JPEG, WebP, GIF or SVG",
    ],
    [
      "a file over the size limit",
      async () => new Blob([new Uint8Array(300_000)]),
      "big.png",
      "The image is too large: at most 0 MB",
    ],
  ])("refuses %s with a message, and keeps what was typed", async (_name, file, fileName, message) => {
    const toolId = await reservedId(maker);
    const form = toolForm(toolId, { name: "Kept Name" });
    form.append("logo", await file(), fileName);
    const response = await maker.postMultipartSolved("/add-tool", form);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(message);
    expect(html).toContain('value="Kept Name"');
    expect(await database.db.select().from(tools)).toHaveLength(0);
    expect(storedFiles(toolId)).toEqual([]);
  });

  describe("stores a file sent with the form only once the submission is allowed", () => {
    it("stores nothing, and counts no submission, for an invalid form", async () => {
      const toolId = await reservedId(maker);
      const form = toolForm(toolId, { shortDesc: "short" });
      form.append("logo", await png(), "logo.png");
      const response = await maker.postMultipartSolved("/add-tool", form);
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("Say what the tool does in at least 20 characters");
      expect(storedFiles(toolId)).toEqual([]);
      expect(await submissionsCounted("maker@example.com")).toBe(0);
    });

    it("stores nothing for a maker over the submission limit", async () => {
      const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, "maker@example.com"));
      await database.db
        .insert(rateLimits)
        .values({ key: `submit:${user!.id}`, count: LIMITS.submissionsPerUser.max, windowStart: new Date() });
      const toolId = await reservedId(maker);
      const form = toolForm(toolId);
      form.append("logo", await png(), "logo.png");
      form.append("largeImage", await png(2000, 1000), "shot.png");
      const response = await maker.postMultipartSolved("/add-tool", form);
      expect(response.status).toBe(429);
      expect(await response.text()).toContain("Too many requests, try again later");
      expect(storedFiles(toolId)).toEqual([]);
      expect(await database.db.select().from(tools)).toHaveLength(0);
      // Counted once, by the service, for this refused attempt.
      expect(await submissionsCounted("maker@example.com")).toBe(LIMITS.submissionsPerUser.max + 1);
    });

    it("stores nothing for a website already listed, nor for an edit by someone who may not", async () => {
      await insertTool(database.db, { name: "Counter", website: "https://counter.example" });
      const toolId = await reservedId(maker);
      const form = toolForm(toolId);
      form.append("logo", await png(), "logo.png");
      expect((await maker.postMultipartSolved("/add-tool", form)).status).toBe(409);
      expect(storedFiles(toolId)).toEqual([]);

      const theirs = await insertTool(database.db, { name: "Theirs", website: "https://theirs.example" });
      const edit = toolForm(theirs.id, { name: "Hijacked", website: "theirs.example" });
      edit.append("logo", await png(), "logo.png");
      expect((await maker.postMultipart(`/edit-tool/${theirs.id}`, edit)).status).toBe(403);
      expect(storedFiles(theirs.id)).toEqual([]);
    });

    it("counts one submission for one allowed submit, files and all", async () => {
      const toolId = await reservedId(maker);
      const form = toolForm(toolId);
      form.append("logo", await png(), "logo.png");
      expect((await maker.postMultipartSolved("/add-tool", form)).status).toBe(302);
      // The logo and its 96 px twin.
      expect(storedFiles(toolId)).toHaveLength(2);
      expect(await submissionsCounted("maker@example.com")).toBe(1);
    });
  });

  it("never lets an SVG's script reach a page", async () => {
    const toolId = await reservedId(maker);
    const form = toolForm(toolId);
    form.append(
      "logo",
      new Blob([
        '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><script>alert(1)</script><rect width="64" height="64"/></svg>',
      ]),
      "logo.svg",
    );
    expect((await maker.postMultipartSolved("/add-tool", form)).status).toBe(302);
    const [tool] = await database.db.select().from(tools).where(eq(tools.id, toolId));
    const served = await app.request(tool!.logo!);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(Buffer.from(await served.arrayBuffer()).toString("latin1")).not.toContain("script");
  });

  it("shows inline messages for bad fields", async () => {
    const toolId = await reservedId(maker);
    const form = toolForm(toolId, { name: "", website: "javascript:alert(1)", shortDesc: "short" });
    const html = await (await maker.postMultipartSolved("/add-tool", form)).text();
    expect(html).toContain("The name needs at least 2 characters");
    expect(html).toContain("Enter the tool&#x27;s website address, such as https://example.com");
    expect(html).toContain("Say what the tool does in at least 20 characters");
  });

  it("catches a website that is already listed and offers to claim it", async () => {
    const listed = await insertTool(database.db, { name: "Counter", website: "https://www.counter.example" });
    const html = await (await maker.postMultipartSolved("/add-tool", toolForm(await reservedId(maker)))).text();
    expect(html).toContain("Counter is already listed.");
    expect(html).toContain(`href="/tool/${listed.slug}"`);
  });

  it("previews the long description as the tool page will show it", async () => {
    const form = new FormData();
    form.append("intent", "preview");
    form.append("longDesc", "## Why\n\n<script>x</script> **bold**");
    const html = await (await maker.postMultipartSolved("/add-tool", form)).text();
    const preview = /data-testid="long-desc-preview"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1] ?? "";
    expect(preview).toContain("<h2>Why</h2>");
    expect(preview).toContain("&lt;script&gt;x&lt;/script&gt; <strong>bold</strong>");
  });

  describe("uploading ahead, as the page does with JavaScript", () => {
    it("stores an image for a reserved id, for a signed-in user only", async () => {
      const toolId = await reservedId(maker);
      const form = new FormData();
      form.append("file", await png(2000, 1000), "shot.png");
      const response = await maker.postMultipart(`/api/v1/tools/${toolId}/images/largeImage`, form);
      expect(response.status).toBe(200);
      const { url } = (await response.json()) as { url: string };
      expect(existsSync(path.join(app.filesDir, url.replace("/files/", "")))).toBe(true);
      expect((await createClient(app.request).postMultipart(`/api/v1/tools/${toolId}/images/logo`, form)).status).toBe(
        401,
      );

      const html = new FormData();
      html.append("file", new Blob(["<html><script>alert(1)</script></html>"]), "logo.png");
      const refused = await maker.postMultipart(`/api/v1/tools/${toolId}/images/logo`, html);
      expect(refused.status).toBe(400);
      const message = "This file is not an image we accept: use PNG, JPEG, WebP, GIF or SVG";
      expect(await refused.json()).toEqual({ error: { code: "invalid-argument", message, fields: { logo: message } } });
      expect(storedFiles(toolId)).toEqual([url.split("/").pop()]);

      const submit = toolForm(toolId);
      submit.append("largeImageUrl", url);
      expect((await maker.postMultipartSolved("/add-tool", submit)).status).toBe(302);
      const [tool] = await database.db.select().from(tools).where(eq(tools.id, toolId));
      expect(tool!.largeImage).toBe(url);
    });

    it("refuses an upload to someone else's tool, and ignores an address that is not the tool's", async () => {
      const theirs = await insertTool(database.db);
      const form = new FormData();
      form.append("file", await png(), "logo.png");
      expect((await maker.postMultipart(`/api/v1/tools/${theirs.id}/images/logo`, form)).status).toBe(403);
      const toolId = await reservedId(maker);
      const submit = toolForm(toolId);
      submit.append("logoUrl", "https://evil.example/x.webp");
      await maker.postMultipartSolved("/add-tool", submit);
      const [tool] = await database.db.select().from(tools).where(eq(tools.id, toolId));
      expect(tool!.logo).toBeNull();
    });
  });

  describe("editing", () => {
    async function submitted() {
      const toolId = await reservedId(maker);
      await maker.postMultipartSolved("/add-tool", toolForm(toolId));
      return toolId;
    }

    it("is for the submitter, the linked creator, verifiers and admins", async () => {
      const toolId = await submitted();
      const other = await signUp("Other", "other@example.com");
      const verifier = await signUp("Vera", "vera@example.com");
      await database.db.update(users).set({ role: "verifier" }).where(eq(users.email, "vera@example.com"));
      expect((await createClient(app.request).request(`/edit-tool/${toolId}`)).status).toBe(302);
      expect((await other.request(`/edit-tool/${toolId}`)).status).toBe(403);
      expect((await other.postMultipart(`/edit-tool/${toolId}`, toolForm(toolId, { name: "Hijacked" }))).status).toBe(
        403,
      );
      expect((await maker.request(`/edit-tool/${toolId}`)).status).toBe(200);
      expect(
        (await verifier.postMultipart(`/edit-tool/${toolId}`, toolForm(toolId, { name: "Counter Renamed" }))).status,
      ).toBe(302);
      const [tool] = await database.db.select().from(tools).where(eq(tools.id, toolId));
      expect(tool!.name).toBe("Counter Renamed");
    });

    it("answers an unknown id with the spec's message", async () => {
      const response = await maker.request("/edit-tool/tnosuchtool00000000");
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("No tool found with this ID");
    });

    it("shows a tool that is not public to its submitter and verifiers, saying so, and to nobody else", async () => {
      const toolId = await submitted();
      const [tool] = await database.db.select().from(tools).where(eq(tools.id, toolId));
      const page = await maker.request(`/tool/${tool!.slug}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("the tool is waiting for verification");
      expect(html).toContain('<meta name="robots" content="noindex"/>');
      expect(html).not.toContain("Claim this tool");
      const verifier = await signUp("Vera", "vera@example.com");
      await database.db.update(users).set({ role: "verifier" }).where(eq(users.email, "vera@example.com"));
      expect((await verifier.request(`/tool/${tool!.slug}`)).status).toBe(200);
      expect((await (await signUp("Other", "other@example.com")).request(`/tool/${tool!.slug}`)).status).toBe(404);
      expect((await createClient(app.request).request(`/tool/${tool!.slug}`)).status).toBe(404);
      const [after] = await database.db.select().from(tools).where(eq(tools.id, toolId));
      expect(after!.views).toBe(0);
    });

    it("takes the maker's licence, which an edit changes, an API edit keeps, and an admin's licence wins over", async () => {
      const toolId = await reservedId(maker);
      await maker.postMultipartSolved("/add-tool", toolForm(toolId, { licence: "MIT" }));
      const licenceOf = async () =>
        (
          await database.db
            .select({ licence: tools.licence, kind: tools.licenceKind })
            .from(tools)
            .where(eq(tools.id, toolId))
        )[0];
      expect(await licenceOf()).toEqual({ licence: "MIT", kind: "open-source" });
      expect(await (await maker.request(`/edit-tool/${toolId}`)).text()).toContain('value="MIT"');
      await maker.postMultipart(`/edit-tool/${toolId}`, toolForm(toolId, { licence: "AGPL-3.0" }));
      expect(await licenceOf()).toEqual({ licence: "AGPL-3.0-only", kind: "open-source" });
      await database.db
        .update(tools)
        .set({ licence: "LicenseRef-Proprietary", licenceKind: "proprietary", isLicenceSetByAdmin: true })
        .where(eq(tools.id, toolId));
      await maker.postMultipart(`/edit-tool/${toolId}`, toolForm(toolId, { licence: "MIT" }));
      expect(await licenceOf()).toEqual({ licence: "LicenseRef-Proprietary", kind: "proprietary" });
    });

    it("asks the maker to choose the pricing, and picks none for them", async () => {
      const toolId = await reservedId(maker);
      const form = await (await maker.request("/add-tool")).text();
      expect(form).toMatch(/<option value="" disabled="" selected="">Choose how it is paid for<\/option>/);
      const refused = await maker.postMultipartSolved("/add-tool", toolForm(toolId, { paymentType: "" }));
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain("Choose how the tool is paid for");
    });

    it("shows the tool's values in the form", async () => {
      const toolId = await submitted();
      const html = await (await maker.request(`/edit-tool/${toolId}`)).text();
      expect(html).toContain('value="Counter"');
      expect(html).toContain('value="analytics, privacy"');
      expect(html).toContain("Save the changes");
    });
  });
});
