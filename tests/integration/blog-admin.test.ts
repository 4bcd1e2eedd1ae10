/**
 * The blog and the legal pages written in the console (decision 050): a post drafted, published, edited and deleted,
 * with the blog, its page and the sitemap following each step (the page cache drops what changed); the preview; and
 * admins only.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "#common/messages.ts";
import { blogPosts } from "#server/db/schema.ts";
import { databaseKinds } from "../setup/database.ts";
import { useTestApp } from "../setup/fixtures.ts";
import { createClient } from "../setup/forms.ts";
import { type Person, signUpPerson } from "../setup/people.ts";
import { eq } from "drizzle-orm";

const POST = {
  intent: "save",
  title: "Pricing your first product",
  slug: "",
  description: "How to choose a first price, and when to change it.",
  date: "2026-11-20",
  state: "draft",
  body: "## Start higher\n\nMost makers **underprice**. <script>alert(1)</script>",
};
const escaped = (text: string) => text.replaceAll("'", "&#x27;");

describe.each(databaseKinds)("the blog in the console on %s", (kind) => {
  const { database, app } = useTestApp(kind);
  let admin: Person;

  beforeEach(async () => {
    await database.reset();
    // The seed's posts stay (they are the migration's); those a test writes go.
    await database.db.delete(blogPosts).where(eq(blogPosts.slug, "pricing-your-first-product"));
    admin = await signUpPerson(app, database.db, "Adam", { role: "admin" });
  });

  const visitor = () => createClient(app.request);
  const page = async (path: string) => {
    const response = await visitor().request(path);
    return { status: response.status, html: await response.text() };
  };
  const idOf = (location: string | null) => /^\/admin\/posts\/(\d+)\?saved$/.exec(location ?? "")?.[1];

  it("drafts a post, publishes it, edits and deletes it, and the blog, its page and the sitemap follow each step", async () => {
    // The blog is kept in the page cache first.
    expect((await page("/blog")).html).not.toContain("Pricing your first product");
    await page("/sitemaps/pages.xml");

    const created = await admin.client.post("/admin/posts/new", POST);
    expect(created.status).toBe(302);
    const id = idOf(created.headers.get("location"));
    expect(id).toBeTruthy();
    // A draft is nowhere but in the console.
    expect((await page("/blog")).html).not.toContain("Pricing your first product");
    expect((await page("/blog/pricing-your-first-product")).status).toBe(404);
    expect((await page("/sitemaps/pages.xml")).html).not.toContain("pricing-your-first-product");
    expect(await (await admin.client.request("/admin/posts")).text()).toContain("Pricing your first product");

    expect((await admin.client.post(`/admin/posts/${id}`, { ...POST, state: "published" })).status).toBe(302);
    expect((await page("/blog")).html).toContain("Pricing your first product");
    const published = await page("/blog/pricing-your-first-product");
    expect(published.status).toBe(200);
    expect(published.html).toContain("<h2>Start higher</h2>");
    expect(published.html).toContain("<strong>underprice</strong>");
    expect(published.html).not.toContain("<script>alert(1)</script>");
    expect((await page("/sitemaps/pages.xml")).html).toContain("/blog/pricing-your-first-product");

    expect(
      (
        await admin.client.post(`/admin/posts/${id}`, {
          ...POST,
          state: "published",
          title: "Pricing your first product, again",
        })
      ).status,
    ).toBe(302);
    expect((await page("/blog")).html).toContain("Pricing your first product, again");

    expect((await admin.client.post(`/admin/posts/${id}`, { intent: "delete" })).headers.get("location")).toBe(
      "/admin/posts",
    );
    expect((await page("/blog/pricing-your-first-product")).status).toBe(404);
    expect((await page("/blog")).html).not.toContain("Pricing your first product");
    expect((await page("/sitemaps/pages.xml")).html).not.toContain("pricing-your-first-product");
  });

  it("previews the Markdown as the blog will show it, saving nothing", async () => {
    const preview = await admin.client.post("/admin/posts/new", { ...POST, intent: "preview" });
    expect(preview.status).toBe(200);
    const html = await preview.text();
    expect(html).toContain('data-testid="markdown-preview"');
    expect(html).toContain("<h2>Start higher</h2>");
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(await database.db.select().from(blogPosts).where(eq(blogPosts.slug, "pricing-your-first-product"))).toEqual(
      [],
    );
  });

  it("refuses a taken address, a bad date and an empty text beside their fields, keeping what was typed", async () => {
    for (const [change, field, message] of [
      [{ slug: "how-to-launch-your-side-project" }, "slug", MESSAGES.content.slugTaken],
      [{ date: "2026-02-30" }, "date", MESSAGES.content.badDate],
      [{ body: "  " }, "body", MESSAGES.content.bodyRequired],
      [{ slug: "Not A Slug" }, "slug", MESSAGES.content.badSlug],
    ] as const) {
      const refused = await admin.client.post("/admin/posts/new", { ...POST, ...change });
      expect(refused.status).toBeGreaterThanOrEqual(400);
      const html = await refused.text();
      expect(html).toContain(`id="field-${field}-error"`);
      expect(html).toContain(escaped(message));
      expect(html).toContain('value="Pricing your first product"');
    }
  });

  it("edits the terms of service, which its page shows at once", async () => {
    expect((await page("/terms-of-service.html")).html).toContain("Terms of service");
    const saved = await admin.client.post("/admin/pages/terms-of-service", {
      intent: "save",
      title: "Terms of use",
      description: "The rules of this site.",
      updated: "2026-11-27",
      body: "Be **kind**.",
    });
    expect(saved.status).toBe(200);
    const terms = await page("/terms-of-service.html");
    expect(terms.html).toContain("<strong>kind</strong>");
    expect(terms.html).toContain("Terms of use");
    expect((await admin.client.request("/admin/pages/cookie-policy")).status).toBe(404);
  });

  it("is for admins only: a visitor is asked to sign in, and a guest or a verifier gets a 403", async () => {
    const someone = visitor();
    for (const path of ["/admin/posts", "/admin/posts/new", "/admin/pages/privacy-policy"]) {
      expect((await someone.request(path)).headers.get("location")).toBe(
        `/login?redirectTo=${encodeURIComponent(path)}`,
      );
    }
    expect((await someone.post("/admin/posts/new", POST)).status).toBe(302);
    for (const [name, role] of [
      ["Gus", "guest"],
      ["Vera", "verifier"],
    ] as const) {
      const person = await signUpPerson(app, database.db, name, { role });
      for (const path of ["/admin/posts", "/admin/posts/new", "/admin/pages/privacy-policy"])
        expect((await person.client.request(path)).status).toBe(403);
      expect((await person.client.post("/admin/posts/new", POST)).status).toBe(403);
      expect(
        (
          await person.client.post("/admin/pages/privacy-policy", {
            intent: "save",
            title: "Mine",
            description: "Mine now.",
            updated: "2026-11-27",
            body: "Mine.",
          })
        ).status,
      ).toBe(403);
    }
    expect(await database.db.select().from(blogPosts).where(eq(blogPosts.slug, "pricing-your-first-product"))).toEqual(
      [],
    );
    expect((await page("/privacy-policy.html")).html).not.toContain("Mine now.");
  });
});
