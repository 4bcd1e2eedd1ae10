/**
 * The site's settings in the console (decision 048): admins only; checked (a poor accent colour, a link without its
 * text, a file that is no image); applied at once to every page, which the page cache drops; and, on PostgreSQL, heard
 * by another process within a second.
 */
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "#common/messages.ts";
import { siteSettings } from "#server/db/schema.ts";
import { createTestApp } from "../setup/app.ts";
import { databaseKinds, openTestDatabase, type TestDatabase } from "../setup/database.ts";
import { useTestApp } from "../setup/fixtures.ts";
import { createClient } from "../setup/forms.ts";
import { type Person, signUpPerson } from "../setup/people.ts";
import { XSS_PAYLOADS } from "../setup/xss-payloads.ts";

const VALID = {
  siteName: "Maker Shelf",
  tagline_en: "Tools that small teams trust",
  accentColor: "#0f766e",
  bannerText: "Launch week: half price",
  bannerUrl: "https://shelf.example/launch",
  newsletterUrl: "https://shelf.example/letter",
  newsletterArchiveUrl: "",
  contactEmail: "hello@shelf.example",
  contactTelegramUrl: "",
  contactXUrl: "https://x.com/shelf",
};
const escaped = (text: string) => text.replaceAll("'", "&#x27;");

describe.each(databaseKinds)("the site's settings on %s", (kind) => {
  const { database, app } = useTestApp(kind);
  let admin: Person;

  beforeEach(async () => {
    await database.reset();
    // Emptied by the reset, which tells no process: this one reads the defaults again.
    await app.services.settings.start();
    admin = await signUpPerson(app, database.db, "Adam", { role: "admin" });
  });

  const home = async () => (await createClient(app.request).request("/")).text();
  const save = (fields: Record<string, string>, files: Record<string, Blob> = {}) => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ intent: "save", ...fields })) form.set(name, value);
    for (const [name, file] of Object.entries(files)) form.set(name, file, `${name}.png`);
    return admin.client.postMultipart("/admin/settings", form);
  };

  it("lets an admin rename the site and change its look, and every page shows it at once", async () => {
    const before = await home();
    expect(before).toContain("The Best Tools for Indie Developers");
    expect(await home()).toBe(before);
    const saved = await save(VALID);
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain(MESSAGES.settings.saved);

    const after = await home();
    expect(after).toContain("<title>Maker Shelf: Tools that small teams trust</title>");
    expect(after).toContain(">Tools that small teams trust</h1>");
    expect(after).toContain('href="https://shelf.example/launch"');
    expect(after).toContain("Launch week: half price");
    expect(after).toContain("--color-brand-600:#0f766e;");
    expect(after).toContain('href="https://x.com/shelf"');
    expect(after).toContain("mailto:hello@shelf.example");
    // The footer's heading "Top Indie Tools" names the kind of tools, not the site.
    expect(after.replace("Top Indie Tools", "")).not.toContain("Indie Tools");
    // The form shows what is saved.
    expect(await (await admin.client.request("/admin/settings")).text()).toContain('value="Maker Shelf"');

    // An empty banner is no banner.
    await save({ ...VALID, bannerText: "", bannerUrl: "" });
    expect(await home()).not.toContain('aria-label="Announcement"');

    const reset = new FormData();
    reset.set("intent", "reset");
    expect((await admin.client.postMultipart("/admin/settings", reset)).status).toBe(200);
    expect(await home()).toContain("The Best Tools for Indie Developers");
  });

  it("reads a tagline saved before taglines had a language as the default language's, unless it was the seed's own words", async () => {
    for (const [saved, shown] of [
      ["Old words of ours", "Old words of ours"],
      ["The Best Tools for Indie Developers", "The Best Tools for Indie Developers"],
    ] as const) {
      await database.db.delete(siteSettings);
      await database.db
        .insert(siteSettings)
        .values({ id: 1, values: { siteName: "Maker Shelf", tagline: saved }, updatedAt: new Date() });
      await app.services.settings.start();
      expect(await home()).toContain(`>${shown}</h1>`);
      expect(app.services.settings.current().tagline_en).toBe(
        saved === shown && saved !== "The Best Tools for Indie Developers" ? saved : "",
      );
    }
  });

  it.each([
    [
      "an accent too light for white",
      { accentColor: "#facc15" },
      "accentColor",
      MESSAGES.settings.accentTooLight("1.5"),
    ],
    [
      "an accent too dark for the dark theme",
      { accentColor: "#1e1b4b" },
      "accentColor",
      MESSAGES.settings.accentTooDark("3.5"),
    ],
    ["a colour that is not one", { accentColor: "purple" }, "accentColor", MESSAGES.settings.badColor],
    [
      "a banner link without its text",
      { bannerText: "", bannerUrl: "https://shelf.example" },
      "bannerUrl",
      MESSAGES.settings.bannerLinkWithoutText,
    ],
    [
      "a link that is not a web address",
      { contactXUrl: "javascript:alert(1)" },
      "contactXUrl",
      MESSAGES.settings.badUrl,
    ],
    ["no name", { siteName: "  " }, "siteName", MESSAGES.settings.siteNameRequired],
  ])(
    "refuses %s, says why beside the field, keeps what was typed and changes nothing",
    async (_, change, field, message) => {
      const refused = await save({ ...VALID, ...change });
      expect(refused.status).toBe(400);
      const html = await refused.text();
      expect(html).toContain(`id="field-${field}-error"`);
      expect(html).toContain(escaped(message));
      expect(html).toContain('value="Tools that small teams trust"');
      expect(await home()).toContain("The Best Tools for Indie Developers");
    },
  );

  it("keeps an uploaded logo and favicon as resized images, refuses a file that is none, and goes back to the defaults", async () => {
    const png = new Blob(
      [
        new Uint8Array(
          await sharp({ create: { width: 600, height: 600, channels: 3, background: "#0f766e" } })
            .png()
            .toBuffer(),
        ),
      ],
      { type: "image/png" },
    );
    expect((await save(VALID, { logo: png, favicon: png })).status).toBe(200);
    const page = await home();
    const logo = /<img src="(\/files\/site\/logo-[\w-]+\.webp)"/.exec(page)?.[1];
    const favicon = /<link rel="icon" href="(\/files\/site\/favicon-[\w-]+\.webp)"/.exec(page)?.[1];
    expect(logo).toBeTruthy();
    expect(favicon).toBeTruthy();
    const stored = await app.request(logo!);
    expect(stored.status).toBe(200);
    expect((await sharp(Buffer.from(await stored.arrayBuffer())).metadata()).width).toBe(256);

    const notAnImage = await save(VALID, { logo: new Blob(["<svg onload=alert(1)"], { type: "image/png" }) });
    expect(notAnImage.status).toBe(400);
    expect(await notAnImage.text()).toContain('id="field-logo-error"');
    expect(await home()).toContain(logo!);

    expect((await save({ ...VALID, "remove-logo": "on", "remove-favicon": "on" })).status).toBe(200);
    const plain = await home();
    expect(plain).not.toContain(logo!);
    expect(plain).toContain('<link rel="icon" href="/favicon.svg"');
  });

  it("never runs what an admin types as HTML", async () => {
    for (const payload of XSS_PAYLOADS.slice(0, 4)) {
      expect(
        (
          await save({
            ...VALID,
            siteName: payload.slice(0, 60),
            tagline_en: payload.slice(0, 120),
            bannerText: payload.slice(0, 200),
          })
        ).status,
      ).toBe(200);
      const page = await home();
      expect(page).not.toMatch(/<script>alert|<img src=x onerror|<svg onload/i);
    }
  });

  it("is for admins only: a visitor is asked to sign in, and a guest or a verifier gets a 403 and changes nothing", async () => {
    const visitor = createClient(app.request);
    expect((await visitor.request("/admin/settings")).headers.get("location")).toBe(
      `/login?redirectTo=${encodeURIComponent("/admin/settings")}`,
    );
    const form = new FormData();
    for (const [name, value] of Object.entries({ intent: "save", ...VALID })) form.set(name, value);
    expect((await visitor.postMultipart("/admin/settings", form)).status).toBe(302);
    for (const [name, role] of [
      ["Gus", "guest"],
      ["Vera", "verifier"],
    ] as const) {
      const person = await signUpPerson(app, database.db, name, { role });
      expect((await person.client.request("/admin/settings")).status).toBe(403);
      expect((await person.client.postMultipart("/admin/settings", form)).status).toBe(403);
    }
    expect(await home()).toContain("The Best Tools for Indie Developers");
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("a setting changed in one process, on PostgreSQL", () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase("postgres");
  });
  afterAll(() => database.close());

  it("reaches another process within a second, which drops the pages it kept", async () => {
    const [first, second] = [await createTestApp(database), await createTestApp(database)];
    const admin = await signUpPerson(first, database.db, "Adam", { role: "admin" });
    // The second process keeps its home page.
    const visitor = createClient((path, init) =>
      second.app.fetch(new Request(new URL(path, "http://localhost:3000"), init)),
    );
    expect(await (await visitor.request("/")).text()).toContain("The Best Tools for Indie Developers");
    expect(second.pageCache!.size().pages).toBeGreaterThan(0);

    const form = new FormData();
    for (const [name, value] of Object.entries({ intent: "save", ...VALID })) form.set(name, value);
    const started = Date.now();
    expect((await admin.client.postMultipart("/admin/settings", form)).status).toBe(200);
    await expect
      .poll(async () => (await (await visitor.request("/")).text()).includes("Tools that small teams trust"), {
        timeout: 1000,
        interval: 20,
      })
      .toBe(true);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(second.services.settings.current().siteName).toBe("Maker Shelf");
  });
});
