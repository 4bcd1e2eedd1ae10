/** The newsletter's digest: what it holds, how it escapes, docs/product.md §7's 'verified X days ago', the command line and /admin/newsletter. */
import { mkdtempSync, openAsBlob, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, inject, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { slugify } from "#common/slugify.ts";
import { type Database, openDatabase } from "#server/db/client.ts";
import { type UserRow, users } from "#server/db/schema.ts";
import { renderMarkdown } from "#server/markdown.ts";
import { digestToolsQuery, toolsVerifiedDaysAgoQuery } from "#server/newsletter/service.ts";
import { DIGEST_MAX_TOOLS } from "#common/constants.ts";
import { insertCategory, insertTool, insertTools } from "../factories.ts";
import { npmRun } from "../setup/commands.ts";
import { databaseKinds, explainMainPlan } from "../setup/database.ts";
import { useTestApp } from "../setup/fixtures.ts";
import { type Client, createClient } from "../setup/forms.ts";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const NOW = new Date("2026-03-15T12:00:00.000Z");
const ago = (days: number, hours = 0) => new Date(NOW.getTime() - days * DAY - hours * HOUR);

/** `npm run newsletter -- <args>`, as an operator runs it, on the given environment. */
const runNewsletter = (args: string[], env: Record<string, string>) =>
  npmRun("newsletter", args, { SITE_URL: "https://tools.example.com", LOG_LEVEL: "silent", ...env });

describe.each(databaseKinds)("newsletter digest on %s", (kind) => {
  const { database, app } = useTestApp(kind);

  beforeEach(() => database.reset());

  const digest = (days = 7, now = NOW) => app.services.newsletter.buildDigest({ days, now });

  describe("the digest", () => {
    it("holds exactly the live tools verified in the last 7 days, oldest verification first", async () => {
      const category = await insertCategory(database.db, { label: "Analytics" });
      const fresh = await insertTool(database.db, {
        name: "Fresh",
        verifiedAt: ago(1),
        categories: [category.id],
        shortDesc: "Counts visits",
      });
      await insertTool(database.db, { name: "Almost a week", verifiedAt: ago(6, 23) });
      await insertTool(database.db, { name: "Exactly a week", verifiedAt: ago(7) });
      await insertTool(database.db, { name: "Eight days", verifiedAt: ago(8) });
      await insertTool(database.db, { name: "Unverified", isVerified: false, verifiedAt: ago(2) });
      await insertTool(database.db, { name: "Switched off", isActive: false, verifiedAt: ago(2) });
      await insertTool(database.db, { name: "Later than now", verifiedAt: new Date(NOW.getTime() + HOUR) });

      const result = await digest();
      expect(result.tools.map((tool) => tool.name)).toEqual(["Almost a week", "Fresh"]);
      expect(result).toMatchObject({ days: 7, from: "2026-03-08T12:00:00.000Z", to: NOW.toISOString() });
      const shown = result.tools[1]!;
      expect(shown).toMatchObject({
        slug: fresh.slug,
        url: `http://localhost:3000/tool/${fresh.slug}`,
        shortDesc: "Counts visits",
        website: fresh.website,
        categories: ["Analytics"],
      });

      expect(result.intro).toBe("2 new tools joined Indie Tools from 8 March 2026 to 15 March 2026.");
      expect(result.markdown).toContain(
        `## [Fresh](http://localhost:3000/tool/${fresh.slug})\n\n*Analytics*\n\nCounts visits\n\n[Visit the website](${fresh.website})`,
      );
      expect(result.markdown.indexOf("Almost a week")).toBeLessThan(result.markdown.indexOf("Fresh"));
      expect(result.html).toContain(`<a href="http://localhost:3000/tool/${fresh.slug}" style="`);
      expect(result.html).toContain(`<a href="${fresh.website}" style="`);
      // Only inline styles, so that e-mail services keep them; every link absolute.
      expect(result.html).not.toMatch(/<style|class=/);
      for (const [, href] of result.html.matchAll(/(?:href|src)="([^"]+)"/g)) expect(href).toMatch(/^https?:\/\//);
    });

    it("makes a logo kept by the site an absolute address", async () => {
      await insertTool(database.db, { name: "With logo", verifiedAt: ago(1), logo: "/files/tools/t1/logo.webp" });
      const [tool] = (await digest()).tools;
      expect(tool!.logo).toBe("http://localhost:3000/files/tools/t1/logo.webp");
      expect((await digest()).html).toContain('<img src="http://localhost:3000/files/tools/t1/logo.webp" alt=""');
    });

    it("escapes what makers typed, in HTML and in Markdown", async () => {
      const category = await insertCategory(database.db, { label: "<b>Dev</b> & *ops*" });
      await insertTool(database.db, {
        name: "<script>alert(1)</script>",
        shortDesc: "**bold** _italic_ [a link](https://evil.example.com) `code` <img src=x onerror=alert(1)> &amp;",
        verifiedAt: ago(1),
        categories: [category.id],
      });
      await insertTool(database.db, {
        name: "- 1. # not a list",
        shortDesc: "1. not a list either",
        verifiedAt: ago(2),
      });
      const { html, markdown } = await digest();

      expect(html).not.toContain("<script>");
      expect(html).not.toContain("<img src=x");
      expect(html).not.toContain("<b>Dev</b>");
      expect(html).toContain("&#60;script&#62;alert(1)&#60;/script&#62;");
      expect(html).toContain("&#60;b&#62;Dev&#60;/b&#62; &#38; *ops*");

      expect(markdown).toContain("## [\\<script\\>alert(1)\\</script\\>](http://localhost:3000/tool/");
      expect(markdown).toContain(
        "\\*\\*bold\\*\\* \\_italic\\_ \\[a link\\](https://evil.example.com) \\`code\\` \\<img src=x onerror=alert(1)\\> \\&amp;",
      );
      // Rendered as the site renders Markdown, the user's text stays text: no emphasis, code, link, HTML or list of theirs.
      const rendered = renderMarkdown(markdown);
      expect(rendered).not.toMatch(/<strong>|<em>bold|<code>|<ol|<ul|<script|<img|>a link<\/a>/);
      expect(rendered).toMatch(
        /<p>\*\*bold\*\* _italic_ \[a link\]\(.*\) `code` &lt;img src=x onerror=alert\(1\)&gt; &amp;amp;<\/p>/,
      );
      expect(rendered).toContain("- 1. # not a list</a></h2>");
      expect(rendered).toContain("<p>1. not a list either</p>");
    });

    it("shows a busy week's most viewed tools, in the order they joined, and says how many joined in all", async () => {
      await insertTools(database.db, DIGEST_MAX_TOOLS + 10, new Date("2026-03-10T00:00:00Z"), { verifiedAt: ago(2) });
      // The first ten, the newest, were viewed least: they are left out.
      await database.db.execute(sql`update tools set views = 100 + (regexp_replace(name, '[^0-9]', '', 'g'))::int`);
      const result = await digest();
      expect(result.tools).toHaveLength(DIGEST_MAX_TOOLS);
      expect(result.tools.map((tool) => tool.name)).not.toContain("Bulk tool 0");
      expect(result.tools.map((tool) => tool.name)).toContain(`Bulk tool ${DIGEST_MAX_TOOLS + 9}`);
      expect(result.intro).toBe(
        `${DIGEST_MAX_TOOLS + 10} new tools joined Indie Tools from 8 March 2026 to 15 March 2026. Here are the ${DIGEST_MAX_TOOLS} most viewed.`,
      );
    });

    it("says there were no new tools in an empty week", async () => {
      await insertTool(database.db, { name: "Old", verifiedAt: ago(30) });
      const result = await digest();
      expect(result.tools).toEqual([]);
      expect(result.markdown).toBe(
        "# New on Indie Tools\n\nThere were no new tools on Indie Tools from 8 March 2026 to 15 March 2026.\n",
      );
      expect(result.html).toContain("There were no new tools on Indie Tools from 8 March 2026 to 15 March 2026.");
    });

    it("reads a range of tools_verified_at_idx", async () => {
      await insertTools(database.db, 300);
      await database.db.execute(sql`analyze tools`);
      expect(await explainMainPlan(database.db, digestToolsQuery(database.db, ago(7), NOW))).toContain(
        "tools_verified_at_idx",
      );
      expect(
        await explainMainPlan(
          database.db,
          toolsVerifiedDaysAgoQuery(database.db, { earliest: 7, latest: 14, now: NOW, isFollowUpDue: true }),
        ),
      ).toContain("tools_verified_at_idx");
    });
  });

  describe("tools verified exactly X days ago (docs/product.md §7)", () => {
    it("takes the whole UTC day, X days before today's, and nothing around it", async () => {
      // NOW is 15 March: 7 days ago is 8 March.
      await insertTool(database.db, { name: "First moment", verifiedAt: new Date("2026-03-08T00:00:00.000Z") });
      await insertTool(database.db, { name: "Last moment", verifiedAt: new Date("2026-03-08T23:59:59.999Z") });
      await insertTool(database.db, { name: "Day before", verifiedAt: new Date("2026-03-07T23:59:59.999Z") });
      await insertTool(database.db, { name: "Day after", verifiedAt: new Date("2026-03-09T00:00:00.000Z") });
      await insertTool(database.db, {
        name: "Switched off",
        isActive: false,
        verifiedAt: new Date("2026-03-08T10:00:00.000Z"),
      });
      await insertTool(database.db, {
        name: "Unverified",
        isVerified: false,
        verifiedAt: new Date("2026-03-08T10:00:00.000Z"),
      });

      const names = async (days: number, now = NOW) =>
        (await app.services.newsletter.listToolsVerifiedDaysAgo(days, now)).map((tool) => tool.name);
      expect(await names(7)).toEqual(["First moment", "Last moment"]);
      expect(await names(6)).toEqual(["Day after"]);
      expect(await names(8)).toEqual(["Day before"]);
      // Any time of today counts as the same day.
      expect(await names(7, new Date("2026-03-15T00:00:00.000Z"))).toEqual(["First moment", "Last moment"]);
      expect(await names(7, new Date("2026-03-15T23:59:59.999Z"))).toEqual(["First moment", "Last moment"]);
      expect(await names(0, new Date("2026-03-08T05:00:00.000Z"))).toEqual(["First moment", "Last moment"]);
    });
  });

  describe("npm run newsletter", () => {
    let dataDir: string | undefined;
    afterAll(() => {
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    /** A database of the kind under test that the script can open: on PostgreSQL this file's own fresh database, on PGlite a new data folder. */
    async function prepareDatabase(fill: (db: Database) => Promise<void>): Promise<Record<string, string>> {
      if (kind === "postgres") {
        await fill(database.db);
        return { DATABASE_URL: database.url };
      }
      dataDir = mkdtempSync(path.join(os.tmpdir(), "indie-tools-newsletter-"));
      const handle = await openDatabase({ dataDir, loadDataDir: await openAsBlob(inject("pgliteTemplate")) });
      try {
        await fill(handle.db);
      } finally {
        await handle.close();
      }
      return { DATA_DIR: dataDir, DATABASE_URL: "", SEED_DEMO: "false" };
    }

    it("prints the digest of the last 7 days in Markdown, a separator, then HTML", async () => {
      const env = await prepareDatabase(async (db) => {
        await insertTool(db, { name: "Shiny <new> tool", verifiedAt: new Date(Date.now() - DAY) });
        await insertTool(db, { name: "Old tool", verifiedAt: new Date(Date.now() - 10 * DAY) });
      });
      const { code, stdout, stderr } = await runNewsletter(["--days", "7"], env);
      expect(stderr).toBe("");
      expect(code).toBe(0);
      const [markdown, html] = stdout.split(/\n=+ HTML =+\n\n/);
      expect(markdown).toMatch(/^# New on Indie Tools\n\nOne new tool joined Indie Tools from /);
      expect(markdown).toContain("## [Shiny \\<new\\> tool](https://tools.example.com/tool/shiny-new-tool-");
      expect(html).toContain("Shiny &#60;new&#62; tool</a></h2>");
      expect(stdout).not.toContain("Old tool");

      const htmlOnly = await runNewsletter(["--days", "7", "--format", "html"], env);
      expect(htmlOnly.code).toBe(0);
      expect(htmlOnly.stdout.trim()).toBe(html!.trim());
    });

    it.each([[["--days", "0"]], [["--days", "abc"]], [["--format", "pdf"]], [["--weeks", "2"]]])(
      "refuses %j with its usage and exit code 1",
      async (args) => {
        const { code, stdout, stderr } = await runNewsletter(args, {
          DATABASE_URL: "postgres://nobody@127.0.0.1:1/none",
        });
        expect(code).toBe(1);
        expect(stdout).toBe("");
        expect(stderr).toContain("Usage: npm run newsletter -- [--days <1-90>] [--format markdown|html]");
      },
    );
  });

  describe("/admin/newsletter", () => {
    type Person = { client: Client; record: UserRow };

    /** Registers through /register (signed in from then on), then gives the role directly, as `npm run admin` would. */
    async function register(username: string, role: UserRow["role"] = "guest"): Promise<Person> {
      const client = createClient(app.request);
      const response = await client.postSolved("/register", {
        username,
        email: `${slugify(username)}@example.com`,
        password: "long-enough",
      });
      expect(response.status).toBe(302);
      const [record] = await database.db
        .update(users)
        .set({ role })
        .where(eq(users.email, `${slugify(username)}@example.com`))
        .returning();
      return { client, record: record! };
    }

    it("sends a visitor to sign in, refuses guests and verifiers, and shows admins the digest", async () => {
      const visitor = await createClient(app.request).request("/admin/newsletter?days=7");
      expect(visitor.status).toBe(302);
      expect(visitor.headers.get("location")).toBe(
        `/login?redirectTo=${encodeURIComponent("/admin/newsletter?days=7")}`,
      );

      const guest = await register("Gus Guest");
      expect((await guest.client.request("/admin/newsletter")).status).toBe(403);
      const verifier = await register("Vera Verifier", "verifier");
      const refused = await verifier.client.request("/admin/newsletter");
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain("Only admins can do this");
      expect(await (await verifier.client.request("/admin")).text()).not.toContain('href="/admin/newsletter"');

      const admin = await register("Ada Admin", "admin");
      expect(await (await admin.client.request("/admin")).text()).toContain('href="/admin/newsletter"');
    });

    it("shows an admin the tools, the Markdown and the HTML to copy, and a preview that renders no HTML of theirs", async () => {
      const admin = await register("Ada Admin", "admin");
      const category = await insertCategory(database.db, { label: "Privacy" });
      const tool = await insertTool(database.db, {
        name: "<script>alert(1)</script>",
        shortDesc: "Private **stats**",
        verifiedAt: new Date(Date.now() - DAY),
        categories: [category.id],
      });
      await insertTool(database.db, { name: "Too old", verifiedAt: new Date(Date.now() - 9 * DAY) });

      const response = await admin.client.request("/admin/newsletter");
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain("<title>Newsletter digest | Indie Tools</title>");
      expect(html).toContain('<meta name="robots" content="noindex"/>');
      expect(html).toMatch(/<input[^>]*name="days"[^>]*value="7"/);
      expect(html).toContain("1 tool verified in the last 7 days");
      expect(html).toContain(`href="/tool/${tool.slug}"`);
      expect(html).not.toContain("Too old");
      // The texts are read-only textareas; the Copy buttons need JavaScript and appear only once the page is hydrated.
      expect(html).toMatch(/<textarea[^>]*id="digest-markdown"[^>]*readOnly=""/);
      expect(html).toMatch(/<textarea[^>]*id="digest-html"[^>]*readOnly=""/);
      expect(html).toContain("## [\\&lt;script\\&gt;alert(1)\\&lt;/script\\&gt;](http://localhost:3000/tool/");
      expect(html).toContain("&lt;h2 style=");
      expect(html).not.toContain('data-testid="copy-digest-markdown"');
      // The preview is drawn from the data: the tool's name is text, and nothing of the HTML text is inserted as HTML.
      expect(html).toContain('data-testid="digest-preview"');
      expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
      expect(html).not.toContain("<script>alert(1)");
      expect(html).not.toContain('<h2 style="');
      expect(html).toContain("Private **stats**");
    });

    it("keeps a bad number of days in the form, with what is wrong with it", async () => {
      const admin = await register("Ada Admin", "admin");
      for (const days of ["0", "91", "abc", ""]) {
        const response = await admin.client.request(`/admin/newsletter?days=${days}`);
        expect(response.status).toBe(400);
        const html = await response.text();
        expect(html).toContain("Choose a number of days from 1 to 90");
        expect(html).toMatch(new RegExp(`<input[^>]*name="days"[^>]*value="${days}"`));
        expect(html).not.toContain('id="digest-markdown"');
      }
      const wider = await (await admin.client.request("/admin/newsletter?days=90")).text();
      expect(wider).toContain("0 tools verified in the last 90 days");
      expect(wider).toContain("There were no new tools on Indie Tools");
    });
  });
});
