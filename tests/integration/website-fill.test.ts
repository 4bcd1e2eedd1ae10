/**
 * "Fill from website" on the tool form, through the real app: the proposal read from a local website and a stand-in
 * of GitHub's API, the images stored like uploads, and the refusals, which leave nothing behind.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { MESSAGES } from "#common/messages.ts";
import { LIMITS } from "#server/auth/rate-limit.ts";
import { rateLimits, tools, users } from "#server/db/schema.ts";
import { insertCategory, insertTool } from "../factories.ts";
import { databaseKinds } from "../setup/database.ts";
import { useResource, useTestApp } from "../setup/fixtures.ts";
import { type Client, createClient } from "../setup/forms.ts";
import { closedPortUrl } from "../setup/local-http.ts";
import { describedPage, type Page, startWebsite } from "../setup/websites.ts";

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");

describe.each(databaseKinds)("Fill from website on %s", (kind) => {
  const site = useResource(() => startWebsite());
  const github = useResource(() => startWebsite());
  const { database, app } = useTestApp(kind, () => ({
    FETCH_ALLOW_PRIVATE_HOSTS: "127.0.0.1",
    GITHUB_API_URL: github.url,
  }));
  let maker: Client;
  let categoryId: string;

  beforeAll(async () => {
    const png = new Uint8Array(
      await sharp({ create: { width: 512, height: 512, channels: 3, background: "#0ea5e9" } })
        .png()
        .toBuffer(),
    );
    const wide = new Uint8Array(
      await sharp({ create: { width: 1200, height: 630, channels: 3, background: "#f97316" } })
        .jpeg()
        .toBuffer(),
    );
    const pages: Record<string, Page> = {
      "/icon.png": { type: "image/png", body: png },
      "/og.png": { type: "image/jpeg", body: wide },
      "/huge": { huge: 50_000_000 },
      "/gone": { status: 404, body: "gone" },
      "/broken": { status: 500, body: "oops" },
      "/slow": { hang: true },
      "/data.json": { type: "application/json", body: "{}" },
      "/avatar.png": { type: "image/png", body: png },
    };
    for (const [path, page] of Object.entries(pages)) site.serve(path, page);
    site.serve("/", { body: describedPage() });
    site.serve("/to-loopback", { redirect: `http://localhost:${site.port}/` });
    github.serve("/repos/indie/counter", {
      type: "application/json",
      body: JSON.stringify({
        full_name: "indie/counter",
        name: "counter",
        html_url: "https://github.com/indie/counter",
        description: "A tiny visitor counter for static sites, with no cookies.",
        stargazers_count: 1234,
        language: "TypeScript",
        license: { spdx_id: "MIT", name: "MIT License" },
        topics: ["analytics", "self-hosted"],
        owner: { avatar_url: `${site.url}/avatar.png` },
      }),
    });
    // A repository whose code is public under a licence that restricts its use: not open source.
    github.serve("/repos/indie/workflows", {
      type: "application/json",
      body: JSON.stringify({
        full_name: "indie/workflows",
        name: "workflows",
        html_url: "https://github.com/indie/workflows",
        description: "Workflow automation you can host yourself.",
        stargazers_count: 90,
        language: "TypeScript",
        license: { spdx_id: "SSPL-1.0", name: "Server Side Public License" },
        topics: ["automation"],
      }),
    });
  });
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

  function fillForm(toolId: string, website: string, typed: Record<string, string> = {}) {
    const form = new FormData();
    for (const [name, value] of Object.entries({
      toolId,
      intent: "fill",
      website,
      name: "",
      shortDesc: "",
      longDesc: "",
      tags: "",
      paymentType: "free",
      ...typed,
    }))
      form.append(name, value);
    form.append("categories", categoryId);
    return form;
  }

  const storedFiles = (toolId: string) => {
    const folder = path.join(app.filesDir, "tools", toolId);
    return existsSync(folder) ? readdirSync(folder) : [];
  };

  it("proposes the name, descriptions, tags, logo and image from the page, keeping what the page does not say", async () => {
    const toolId = await reservedId(maker);
    const response = await maker.postMultipartSolved(
      "/add-tool",
      fillForm(toolId, `${site.url}/`, { tags: "cookieless", paymentType: "freemium" }),
    );
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(MESSAGES.fetch.filled);
    expect(html).toContain('value="Counter"');
    expect(html).toContain(`value="${escapeHtml("Counts visitors without cookies, for small sites.")}"`);
    expect(html).toContain('value="cookieless, analytics, privacy, web"');
    // The page's script is text in a field at most, never markup.
    expect(html).not.toContain("<script>alert(1)</script>");
    // What the page says nothing about stays as typed: the pricing, the category.
    expect(html).toMatch(/<option value="freemium" selected/);
    expect(html).toMatch(new RegExp(`checked="" value="${categoryId}"`));
    // The long description is the page's own first paragraphs, not its navigation or footer, nor the short description again.
    const longDesc = /<textarea[^>]*name="longDesc"[^>]*>([\s\S]*?)<\/textarea>/.exec(html)![1]!;
    expect(longDesc).toBe(
      "Counter shows how many people read your pages, and where they came from, without a cookie banner.\n\nIt runs on a script of one kilobyte, keeps no personal data, and its dashboard fits on one screen.",
    );
    // The form keeps the id its images were stored under.
    expect(html).toContain(`name="toolId" value="${toolId}"`);
    // The logo, its 96 px twin and the large image.
    const files = storedFiles(toolId);
    expect(files).toHaveLength(3);
    const logo = new RegExp(`name="logoUrl" value="(/files/tools/${toolId}/[A-Za-z0-9_-]{12}\\.256\\.webp)"`).exec(
      html,
    )![1]!;
    const largeImage = new RegExp(
      `name="largeImageUrl" value="(/files/tools/${toolId}/[A-Za-z0-9_-]{12}\\.webp)"`,
    ).exec(html)![1]!;
    expect((await sharp(Buffer.from(await (await app.request(logo)).arrayBuffer())).metadata()).width).toBe(256);
    expect((await sharp(Buffer.from(await (await app.request(largeImage)).arrayBuffer())).metadata()).format).toBe(
      "webp",
    );
    // Nothing is submitted: the maker edits, then submits.
    expect(await database.db.select().from(tools)).toHaveLength(0);

    const submit = new FormData();
    for (const [name, value] of Object.entries({
      toolId,
      intent: "save",
      name: "Counter",
      website: `${site.url}/`,
      shortDesc: "Counts visitors without cookies, for small sites.",
      logoUrl: logo,
      largeImageUrl: largeImage,
    }))
      submit.append(name, value);
    submit.append("categories", categoryId);
    const saved = await maker.postMultipartSolved("/add-tool", submit);
    expect(saved.status).toBe(302);
    const [tool] = await database.db.select().from(tools).where(eq(tools.id, toolId));
    expect(tool).toMatchObject({ name: "Counter", logo, largeImage });
  });

  it("proposes the category the page's words point to when none is chosen, and none when they point nowhere", async () => {
    const design = await insertCategory(database.db, { label: "Design and Graphics" });
    const toolId = await reservedId(maker);
    const form = fillForm(toolId, `${site.url}/`);
    form.delete("categories");
    const html = await (await maker.postMultipartSolved("/add-tool", form)).text();
    // "analytics" is in its title and keywords: the Analytics category is checked, Design is not.
    expect(html).toMatch(new RegExp(`checked="" value="${categoryId}"`));
    expect(html).not.toMatch(new RegExp(`checked="" value="${design.id}"`));
    const { proposedCategory } = await import("#server/tools/lifecycle/website-fill.ts");
    const page = {
      title: "Pixels",
      ogTitle: "",
      ogSiteName: "",
      description: "Draw things.",
      ogDescription: "",
      ogImage: null,
      twitterImage: null,
      icons: [],
      keywords: [],
      paragraphs: [],
    };
    expect(proposedCategory(page, [], [{ id: categoryId, label: "Analytics" }])).toBeNull();
    expect(
      proposedCategory(
        { ...page, keywords: ["graphics", "analytics"] },
        [],
        [
          { id: categoryId, label: "Analytics" },
          { id: design.id, label: "Design and Graphics" },
        ],
      ),
    ).toBeNull();
    expect(
      proposedCategory(
        { ...page, paragraphs: ["Design tools for designs."] },
        [],
        [
          { id: categoryId, label: "Analytics" },
          { id: design.id, label: "Design and Graphics" },
        ],
      ),
    ).toBe(design.id);
  });

  it("reads a GitHub repository's stars, licence and language from the API", async () => {
    const toolId = await reservedId(maker);
    const response = await maker.postMultipartSolved("/add-tool", fillForm(toolId, "https://github.com/indie/counter"));
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain('value="counter"');
    expect(html).toContain(
      "On GitHub: [indie/counter](https://github.com/indie/counter), 1,234 stars, MIT licence, written in TypeScript.",
    );
    expect(html).toContain('value="typescript, open-source, analytics, self-hosted"');
    expect(html).toMatch(/<option value="open-source" selected/);
    // The repository field takes the repository, whose facts the site then keeps.
    expect(html).toMatch(/name="repository" value="https:\/\/github.com\/indie\/counter"/);
    // The logo and its small twin.
    expect(storedFiles(toolId)).toHaveLength(2);
    expect(github.requests.at(-1)).toMatchObject({ method: "GET", path: "/repos/indie/counter" });
    expect(github.requests.at(-1)!.headers["user-agent"]).toBe("IndieToolsBot/1.0 (+http://localhost:3000)");
  });

  it("never calls a repository open source when its licence is source-available", async () => {
    const toolId = await reservedId(maker);
    const response = await maker.postMultipartSolved(
      "/add-tool",
      fillForm(toolId, "https://github.com/indie/workflows"),
    );
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain("90 stars, SSPL-1.0 licence (source-available, not open source), written in TypeScript.");
    expect(html).toContain('value="typescript, automation"');
    expect(html).not.toMatch(/<option value="open-source" selected/);
  });

  const refusals: [string, () => Promise<string>, string][] = [
    ["a 50 MB page", async () => `${site.url}/huge`, MESSAGES.fetch.tooLarge(2_000_000)],
    ["a redirect to loopback", async () => `${site.url}/to-loopback`, MESSAGES.fetch.privateAddress],
    ["a private address", async () => "http://10.0.0.1/", MESSAGES.fetch.privateAddress],
    [
      "the cloud metadata address",
      async () => "http://169.254.169.254/latest/meta-data/",
      MESSAGES.fetch.privateAddress,
    ],
    ["an unreachable site", closedPortUrl, MESSAGES.fetch.unreachable],
    ["a 404", async () => `${site.url}/gone`, MESSAGES.fetch.httpError(404)],
    ["a 500", async () => `${site.url}/broken`, MESSAGES.fetch.httpError(500)],
    ["what is not a page", async () => `${site.url}/data.json`, MESSAGES.fetch.notHtml],
    ["what is not a web address", async () => "javascript:alert(1)", MESSAGES.fetch.badAddress],
  ];
  it.each(refusals)(
    "refuses %s with a clear message, keeping what was typed and storing nothing",
    async (_name, address, message) => {
      const toolId = await reservedId(maker);
      const response = await maker.postMultipartSolved(
        "/add-tool",
        fillForm(toolId, await address(), { name: "Kept Name" }),
      );
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain(escapeHtml(message));
      expect(html).toContain('value="Kept Name"');
      expect(storedFiles(toolId)).toEqual([]);
      expect(await database.db.select().from(tools)).toHaveLength(0);
    },
  );

  it("counts each fill against the maker's limit", async () => {
    const toolId = await reservedId(maker);
    const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, "maker@example.com"));
    await database.db
      .insert(rateLimits)
      .values({ key: `website-fill:${user!.id}`, count: LIMITS.websiteFillsPerUser.max, windowStart: new Date() });
    const before = site.requests.length;
    const response = await maker.postMultipartSolved("/add-tool", fillForm(toolId, `${site.url}/`));
    expect(response.status).toBe(429);
    expect(await response.text()).toContain(MESSAGES.auth.tooManyRequests);
    expect(site.requests.length).toBe(before);
  });

  describe("who may fill", () => {
    it("sends a visitor to sign in, reading nothing", async () => {
      const before = site.requests.length;
      const response = await createClient(app.request).postMultipartSolved(
        "/add-tool",
        fillForm("tabc123", `${site.url}/`),
      );
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toMatch(/^\/login/);
      expect(site.requests.length).toBe(before);
    });

    it("lets the creator and a verifier fill an existing tool, and refuses another user", async () => {
      const [owner] = await database.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, "maker@example.com"));
      const tool = await insertTool(database.db, { name: "Mine", submittedBy: owner!.id, categories: [categoryId] });
      const other = await signUp("Other", "other@example.com");
      const verifier = await signUp("Vera", "vera@example.com");
      await database.db.update(users).set({ role: "verifier" }).where(eq(users.email, "vera@example.com"));
      const before = site.requests.length;
      const refused = await other.postMultipart(`/edit-tool/${tool.id}`, fillForm(tool.id, `${site.url}/`));
      expect(refused.status).toBe(403);
      expect(site.requests.length).toBe(before);
      for (const client of [maker, verifier]) {
        const response = await client.postMultipart(`/edit-tool/${tool.id}`, fillForm(tool.id, `${site.url}/`));
        expect(response.status).toBe(200);
        expect(await response.text()).toContain('value="Counter"');
      }
    });
  });
});
