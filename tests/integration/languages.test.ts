/**
 * The site in English, French and Spanish (decision 053), through the real app on each database: every page in each
 * language, with its lang, its alternates and its canonical address; the sitemap's alternates; the page cache per
 * language; the home page's negotiation; a site whose default language is not English.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { follows, tools, users } from "#server/db/schema.ts";
import { insertCategory, insertTool, insertUser, toolInput } from "../factories.ts";
import { PERSON } from "../setup/agents.ts";
import { createTestApp } from "../setup/app.ts";
import { createClient } from "../setup/forms.ts";
import { databaseKinds } from "../setup/database.ts";
import { useTestApp } from "../setup/fixtures.ts";
import { signUpPerson } from "../setup/people.ts";
import { startSmtpReceiver } from "../setup/smtp.ts";
import { expectWellFormedXml } from "../setup/xml.ts";

const SITE = "http://localhost:3000";

/** The page's language, canonical address and alternates, as its HTML says them. */
function languageTags(html: string) {
  return {
    lang: /<html lang="([^"]+)"/.exec(html)?.[1],
    canonical: /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1],
    alternates: [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g)].map(
      ([, lang, href]) => `${lang} ${href}`,
    ),
  };
}

describe.each(databaseKinds)("languages on %s", (kind) => {
  const { database, app } = useTestApp(kind, { LOCALES: "en,fr,es" });

  beforeEach(() => database.reset());

  const get = (path: string, headers: Record<string, string> = {}) =>
    app.request(path, { headers: { ...PERSON, ...headers } });

  it("serves every page in each language, with its lang, the alternates of the others and its own canonical address", async () => {
    const category = await insertCategory(database.db, { label: "Analytics", slug: "analytics" });
    const tool = await insertTool(database.db, { name: "Beacon", categories: [category.id] });
    for (const path of ["/", "/tools", "/categories", `/category/${category.slug}`, `/tool/${tool.slug}`]) {
      for (const [locale, prefix] of [
        ["en", ""],
        ["fr", "/fr"],
        ["es", "/es"],
      ] as const) {
        const address = path === "/" ? prefix || "/" : `${prefix}${path}`;
        const response = await get(address);
        expect([address, response.status]).toEqual([address, 200]);
        const tags = languageTags(await response.text());
        const own = (other: string) => `${SITE}${path === "/" ? other || "/" : `${other}${path}`}`;
        expect(tags).toEqual({
          lang: locale,
          canonical: own(prefix),
          alternates: [`en ${own("")}`, `fr ${own("/fr")}`, `es ${own("/es")}`, `x-default ${own("")}`],
        });
      }
    }
  });

  it("writes the interface in the page's language, and keeps its links, forms and assets in it", async () => {
    await insertTool(database.db, { name: "Beacon" });
    const french = await (await get("/fr")).text();
    expect(french).toContain(">Derniers outils ajoutés</h2>");
    expect(french).toContain('aria-label="Principale"');
    expect(french).toMatch(/href="\/fr\/tool\/beacon[^"]*"/);
    expect(french).toContain('action="/fr/search"');
    expect(french).toContain('"basename":"/fr"');
    const spanish = await (await get("/es/tools")).text();
    expect(spanish).toContain("Añade tu herramienta");
    const english = await (await get("/")).text();
    expect(english).toContain(">Last added tools</h2>");
    expect(english).toMatch(/href="\/tool\/beacon[^"]*"/);
    // The switcher leads to the same page in each other language.
    expect(french).toContain('<a href="/" hrefLang="en" lang="en"');
    expect(await (await get("/es/tools?sort=name")).text()).toContain(
      '<a href="/fr/tools?sort=name" hrefLang="fr" lang="fr"',
    );
  });

  it("writes a tool's like count as the page's language writes numbers", async () => {
    const tool = await insertTool(database.db, { name: "Loved", likes: 1204 });
    expect(await (await get(`/fr/tool/${tool.slug}`)).text()).toContain('data-testid="like-count">1\u202f204</span>');
    expect(await (await get(`/tool/${tool.slug}`)).text()).toContain('data-testid="like-count">1,204</span>');
  });

  it("heads each language's home page with its own tagline, and an admin's tagline in each language in that language only", async () => {
    const heading = (html: string) => [
      /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1],
      /<title>([^<]*)<\/title>/.exec(html)?.[1],
    ];
    expect(heading(await (await get("/")).text())).toEqual([
      "The Best Tools for Indie Developers",
      "Indie Tools: The Best Tools for Indie Developers",
    ]);
    expect(heading(await (await get("/fr")).text())).toEqual([
      "Les meilleurs outils pour les développeurs indépendants",
      "Indie Tools: Les meilleurs outils pour les développeurs indépendants",
    ]);
    expect(heading(await (await get("/es")).text())).toEqual([
      "Las mejores herramientas para desarrolladores independientes",
      "Indie Tools: Las mejores herramientas para desarrolladores independientes",
    ]);

    const admin = await signUpPerson(app, database.db, "Adam", { role: "admin" });
    const form = await (await admin.client.request("/fr/admin/settings")).text();
    expect(form).toContain("Slogan (Español)");
    expect(form).toContain('placeholder="Las mejores herramientas para desarrolladores independientes"');
    const values = new FormData();
    for (const [name, value] of Object.entries({
      intent: "save",
      siteName: "Indie Tools",
      tagline_fr: "Des outils pour les indés",
      tagline_en: "",
      tagline_es: "",
    }))
      values.set(name, value);
    expect((await admin.client.postMultipart("/admin/settings", values)).status).toBe(200);
    expect(heading(await (await get("/fr")).text())[0]).toBe("Des outils pour les indés");
    expect(heading(await (await get("/")).text())[0]).toBe("The Best Tools for Indie Developers");
    expect(heading(await (await get("/es")).text())[0]).toBe(
      "Las mejores herramientas para desarrolladores independientes",
    );
  });

  it("links structured data, link previews and feeds to the page's own language", async () => {
    const category = await insertCategory(database.db, { label: "Analytics", slug: "analytics" });
    const tool = await insertTool(database.db, { name: "Beacon", categories: [category.id], verifiedAt: new Date() });
    const french = await (await get(`/fr/category/${category.slug}`)).text();
    expect(french).toContain('<meta property="og:locale" content="fr_FR"/>');
    expect(french).toContain('<meta property="og:locale:alternate" content="en_GB"/>');
    // The breadcrumbs and the list lead to the French pages.
    expect(french).toContain(`"item":"${SITE}/fr/categories"`);
    expect(french).toContain(`"url":"${SITE}/fr/tool/${tool.slug}"`);
    expect(french).not.toContain(`"url":"${SITE}/tool/`);
    // The feeds of the page are French, titled in French, and lead to French pages.
    expect(french).toContain(`href="${SITE}/fr/category/analytics/rss.xml"`);
    expect(french).toContain('type="application/rss+xml" title="Nouveaux outils" href="/fr/rss.xml"');
    const feed = await (await get("/fr/category/analytics/rss.xml")).text();
    expect(feed).toContain("<title>Indie Tools : nouveaux outils dans Analytics</title>");
    expect(feed).toContain("<language>fr</language>");
    expect(feed).toContain(`<link>${SITE}/fr/tool/${tool.slug}</link>`);
    const json = (await (await get("/es/feed.json")).json()) as {
      title: string;
      language: string;
      items: { url: string }[];
    };
    expect([json.title, json.language, json.items[0]!.url]).toEqual([
      "Indie Tools: herramientas nuevas",
      "es",
      `${SITE}/es/tool/${tool.slug}`,
    ]);
    expect((await get("/fr/tag/nothing/rss.xml")).status).toBe(404);
    // English stays where it was.
    expect(await (await get("/rss.xml")).text()).toContain("<title>Indie Tools: new tools</title>");
    // The link preview's words are French: its own image, under the French prefix.
    const image = /<meta property="og:image" content="([^"]+)"/.exec(french)![1]!;
    expect(image).toMatch(new RegExp(`^${SITE}/fr/og/category/analytics\\.png\\?v=[0-9a-f]{8}$`));
    const englishImage = /<meta property="og:image" content="([^"]+)"/.exec(
      await (await get(`/category/${category.slug}`)).text(),
    )![1]!;
    expect(new URL(englishImage).search).not.toBe(new URL(image).search);
    const drawn = await get(new URL(image).pathname + new URL(image).search);
    expect(drawn.status).toBe(302);
    expect(drawn.headers.get("cache-control")).toBe("public, max-age=86400");
  });

  it("runs the console in the moderator's language: its sections, its answers and its refusals, with its own bundle", async () => {
    const admin = await signUpPerson(app, database.db, "Ada", { role: "admin" });
    const queued = await insertTool(database.db, { name: "Queued", isVerified: false, verifiedAt: null });
    const page = await admin.client.request("/fr/admin");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("File de vérification");
    expect(html).toContain("1 outil attend");
    expect(html).toMatch(/<nav aria-label="Modération"/);
    // The console's words are a bundle of their own, which no other page names.
    expect(/<meta name="i18n-bundles" content="([^"]*)"/.exec(html)![1]!.split(" ")).toContain("console");
    expect(/<meta name="i18n-bundles" content="([^"]*)"/.exec(await (await get("/fr/tools")).text())![1]).not.toContain(
      "console",
    );
    // An action answers in the page's language, and so does a refusal.
    const verified = await admin.client.post("/fr/admin?index", { intent: "verify", toolId: queued.id });
    expect(await verified.text()).toContain("Queued est en ligne. Son créateur a reçu le lien par e-mail.");
    const refused = await admin.client.post("/es/admin?index", { intent: "reject", toolId: queued.id, reason: "" });
    expect(await refused.text()).toContain("Di por qué se rechaza la herramienta: el creador lo leerá");
    expect(await (await admin.client.request("/es/admin/categories")).text()).toContain("Añadir una categoría");
    expect(await (await admin.client.request("/admin/categories")).text()).toContain("Add a category");
  });

  it("answers an address in no offered language with the default language's 404, and a missing page in its own language", async () => {
    expect((await get("/de/tools")).status).toBe(404);
    const missing = await get("/fr/tool/nothing-here");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Page introuvable");
    expect((await get("/fr/")).status).toBe(200);
  });

  it("keeps each language's copy of a page in the cache, and a write drops every one of them", async () => {
    const tool = await insertTool(database.db, { name: "Cached" });
    for (const path of [`/tool/${tool.slug}`, `/fr/tool/${tool.slug}`, `/es/tool/${tool.slug}`])
      expect([path, (await get(path)).headers.get("x-cache")]).toEqual([path, "miss"]);
    for (const path of [`/tool/${tool.slug}`, `/fr/tool/${tool.slug}`, `/es/tool/${tool.slug}`])
      expect([path, (await get(path)).headers.get("x-cache")]).toEqual([path, "hit"]);
    expect(await (await get(`/fr/tool/${tool.slug}`)).text()).toContain('lang="fr"');
    await database.db.update(tools).set({ shortDesc: "Changed words" }).where(eq(tools.id, tool.id));
    for (const path of [`/tool/${tool.slug}`, `/fr/tool/${tool.slug}`, `/es/tool/${tool.slug}`]) {
      const response = await get(path);
      expect([path, response.headers.get("x-cache")]).toEqual([path, "miss"]);
      expect(await response.text()).toContain("Changed words");
    }
  });

  it("lists every page of the sitemap in each language, each naming the others and x-default", async () => {
    await insertCategory(database.db, { label: "Analytics", slug: "analytics" });
    const xml = await (await get("/sitemaps/pages.xml")).text();
    expectWellFormedXml(xml);
    const urls = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, body]) => body!);
    const locs = urls.map((body) => /<loc>([^<]+)<\/loc>/.exec(body)![1]);
    expect(locs).toEqual(
      expect.arrayContaining([
        `${SITE}/tools`,
        `${SITE}/fr/tools`,
        `${SITE}/es/tools`,
        `${SITE}/fr`,
        `${SITE}/fr/category/analytics`,
      ]),
    );
    const frenchTools = urls.find((body) => body.includes(`<loc>${SITE}/fr/tools</loc>`))!;
    expect(
      [...frenchTools.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map(
        ([, lang, href]) => `${lang} ${href}`,
      ),
    ).toEqual([`en ${SITE}/tools`, `fr ${SITE}/fr/tools`, `es ${SITE}/es/tools`, `x-default ${SITE}/tools`]);
  });

  it("answers a form in its page's language: refusals, field messages and the page it goes on to", async () => {
    const client = createClient(app.request);
    const signedUp = await client.postSolved("/fr/register", {
      username: "ada",
      email: "ada@example.com",
      password: "analytical",
    });
    expect([signedUp.status, signedUp.headers.get("location")]).toEqual([302, "/fr/welcome"]);
    const welcome = await (await client.request("/fr/welcome")).text();
    expect(welcome).toContain("Bienvenue, ada !");
    const login = (path: string, fields: Record<string, string>) =>
      createClient(app.request).post(path, {
        intent: "password",
        email: "ada@example.com",
        password: "analytical",
        ...fields,
      });
    for (const [path, fields, message] of [
      ["/fr/login", { email: "bad" }, "Format d&#x27;e-mail incorrect"],
      ["/fr/login", { password: "wrong-password" }, "Mot de passe incorrect"],
      ["/es/login", { email: "nobody@example.com" }, "Contraseña incorrecta"],
      ["/login", { password: "wrong-password" }, "Incorrect password"],
    ] as const) {
      const html = await (await login(path, fields)).text();
      expect([path, html.includes(message)]).toEqual([path, true]);
    }
    const weak = await createClient(app.request).postSolved("/es/register", {
      username: "bob",
      email: "bob@example.com",
      password: "123",
    });
    expect(await weak.text()).toContain("La contraseña debe tener al menos 6 caracteres");
    const signedIn = await login("/fr/login", { redirectTo: "/my-favorites" });
    expect([signedIn.status, signedIn.headers.get("location")]).toEqual([302, "/fr/my-favorites"]);
  });

  it("answers the API's errors in the language its client accepts, saying that they vary by it", async () => {
    const ask = (path: string, language?: string) =>
      app.request(path, { headers: language ? { "accept-language": language } : {} });
    const french = await ask("/api/v1/tools?category=Not!A!Slug", "fr-FR,fr;q=0.9");
    expect(french.status).toBe(400);
    expect(((await french.json()) as { error: { message: string } }).error.message).toBe(
      "category doit être l'adresse d'une catégorie, comme design (voir /api/v1/categories)",
    );
    expect(french.headers.get("vary")).toContain("Accept-Language");
    const spanish = await ask("/api/v1/nothing", "es");
    expect([spanish.status, ((await spanish.json()) as { error: { message: string } }).error.message]).toEqual([
      404,
      "Este punto de acceso de la API no existe",
    ]);
    for (const language of [undefined, "de", "en-US"]) {
      expect(
        ((await (await ask("/api/v1/nothing", language)).json()) as { error: { message: string } }).error.message,
      ).toBe("No such API endpoint");
    }
    // A successful answer is the same in every language.
    expect((await ask("/api/v1/tools", "fr")).headers.get("vary") ?? "").not.toContain("Accept-Language");
  });

  it("counts a French page's view as its page's: the tool's views and the search", async () => {
    const tool = await insertTool(database.db, { name: "Counted" });
    const view = (path: string) =>
      app.request("/api/event", {
        method: "POST",
        headers: { "content-type": "text/plain", "user-agent": PERSON["user-agent"] },
        body: JSON.stringify({ n: "pageview", u: `${SITE}${path}`, d: "localhost", r: null, p: { results: 1 } }),
      });
    expect((await view(`/fr/tool/${tool.slug}`)).status).toBe(202);
    expect((await view(`/es/tool/${tool.slug}`)).status).toBe(202);
    const [row] = await database.db.select({ views: tools.views }).from(tools).where(eq(tools.id, tool.id));
    expect(row!.views).toBe(2);
  });

  describe("e-mails in their reader's language", () => {
    let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
    let mailing: Awaited<ReturnType<typeof createTestApp>>;
    beforeAll(async () => {
      smtp = await startSmtpReceiver();
      mailing = await createTestApp(database, { LOCALES: "en,fr,es", SMTP_URL: smtp.url });
    });
    afterAll(() => smtp.close());
    beforeEach(() => {
      smtp.mails.length = 0;
    });

    it("writes a person's e-mails in the language of the page they signed up on, whichever page asks for them", async () => {
      await createClient(mailing.request).postSolved("/fr/register", {
        username: "ada",
        email: "ada@example.com",
        password: "analytical",
      });
      // The sign-up asks her, in French, to confirm her address.
      expect((await smtp.waitForMail("ada@example.com")).subject).toBe("Confirmez votre adresse pour Indie Tools");
      await createClient(mailing.request).post("/login", { intent: "link", email: "ada@example.com" });
      expect((await smtp.waitForMail("ada@example.com")).subject).toBe("Votre lien de connexion à Indie Tools");
      smtp.mails.length = 0;
      await createClient(mailing.request).post("/es/forgot-password", { email: "ada@example.com" });
      const reset = await smtp.waitForMail("ada@example.com");
      expect(reset.subject).toBe("Réinitialisez votre mot de passe Indie Tools");
      expect(reset.text).toContain("Le lien sert une seule fois, pendant une heure.");
    });

    it("writes them in the language the person chose on their profile, and refuses a language the site has not", async () => {
      const client = createClient(mailing.request);
      await client.postSolved("/register", { username: "bob", email: "bob@example.com", password: "analytical" });
      expect((await smtp.waitForMail("bob@example.com")).subject).toBe("Confirm your address for Indie Tools");
      const profile = { intent: "profile", username: "bob", bio: "", socialProfiles: "" };
      const refused = await client.post("/edit-profile", { ...profile, locale: "de" });
      expect(await refused.text()).toContain("Choose one of the site&#x27;s languages");
      const saved = await client.post("/fr/edit-profile", { ...profile, locale: "es" });
      expect(await saved.text()).toContain("Votre profil est enregistré.");
      await createClient(mailing.request).post("/fr/forgot-password", { email: "bob@example.com" });
      expect((await smtp.waitForMail("bob@example.com")).subject).toBe("Restablece tu contraseña de Indie Tools");
    });

    it("writes them in the language of the page that asks for a person who never chose one", async () => {
      await insertUserWithPassword();
      await createClient(mailing.request).post("/es/forgot-password", { email: "cy@example.com" });
      expect((await smtp.waitForMail("cy@example.com")).subject).toBe("Restablece tu contraseña de Indie Tools");
    });

    it("writes a maker's mails about their tool in their language, whoever acts, and the weekly mails in each reader's", async () => {
      const DAY_MS = 24 * 60 * 60 * 1000;
      const longAgo = new Date(Date.now() - 30 * DAY_MS);
      const marie = await insertUser(database.db, {
        username: "Marie",
        email: "marie@example.com",
        locale: "fr",
        createdAt: longAgo,
      });
      const vera = await insertUser(database.db, { username: "Vera", role: "verifier", locale: "es" });
      const reader = await insertUser(
        database.db,
        { username: "Ramon", email: "ramon@example.com", locale: "es", createdAt: longAgo },
        { confirmed: true },
      );
      const category = await insertCategory(database.db, { label: "Analytics" });
      const tool = await mailing.services.lifecycle.submitTool(marie.session, toolInput(category.id));
      const received = await smtp.waitForMail("marie@example.com", { subject: "Nous avons bien reçu Counter" });
      expect(received.text).toContain("http://localhost:3000/fr/my-tools");
      // A Spanish verifier lists it: the mail is Marie's, in French.
      await mailing.services.lifecycle.verifyTool(vera.session, tool.id, { linkSubmitter: true });
      const live = await smtp.waitForMail("marie@example.com", { subject: "Counter est en ligne" });
      expect(live.text).toContain(`http://localhost:3000/fr/tool/${tool.slug}`);
      expect(live.text).toContain("Il est lié à votre compte");
      // A Spanish reader's review: Marie reads of it in French.
      await mailing.services.reviews.saveReview(reader.session, tool.slug, { rating: 4, body: "Muy útil" });
      const review = await smtp.waitForMail("marie@example.com", { subject: "Un nouvel avis sur Counter" });
      expect(review.text).toContain("Quelqu'un a noté Counter 4 sur 5 :");
      expect(review.text).toContain("Muy útil");

      // Ramon follows the category: his weekly mail is in Spanish, with its links and its way out in Spanish.
      const now = new Date();
      await database.db
        .insert(follows)
        .values({ userId: reader.id, kind: "category", value: category.id, createdAt: now });
      await database.db
        .update(users)
        .set({ followDigestDueAt: new Date(now.getTime() + DAY_MS) })
        .where(eq(users.id, reader.id));
      expect(await mailing.services.follows.sendFollowDigests(new Date(now.getTime() + DAY_MS + 60_000))).toBe(1);
      await mailing.services.outbox.drain();
      const digest = await smtp.waitForMail("ramon@example.com", {
        subject: "Novedades en lo que sigues en Indie Tools",
      });
      expect(digest.text).toContain("Una herramienta nueva en Analytics");
      expect(digest.text).toContain(`http://localhost:3000/es/tool/${tool.slug}`);
      expect(digest.text).toContain("Darse de baja: http://localhost:3000/es/unsubscribe?list=follows");
    });

    /** A person whose record names no language, as every account made before languages. */
    async function insertUserWithPassword() {
      await createClient(mailing.request).postSolved("/register", {
        username: "cy",
        email: "cy@example.com",
        password: "analytical",
      });
      // The sign-up's own mail, which asks to confirm the address, comes first.
      expect((await smtp.waitForMail("cy@example.com")).subject).toBe("Confirm your address for Indie Tools");
      await database.db.update(users).set({ locale: null });
    }
  });

  describe("the home page's negotiation", () => {
    it("sends a first visit to / to the language its browser prefers, once, in a redirect nobody keeps", async () => {
      const sent = await get("/?ref=hn", { "accept-language": "fr-CA,fr;q=0.9,en;q=0.5" });
      expect([
        sent.status,
        sent.headers.get("location"),
        sent.headers.get("cache-control"),
        sent.headers.get("vary"),
      ]).toEqual([302, "/fr?ref=hn", "private, no-store", "Accept-Language, Cookie"]);
      expect((await get("/", { "accept-language": "es" })).headers.get("location")).toBe("/es");
      // English, or a language the site does not offer: the page itself, which says it varies by the header.
      for (const header of ["en-GB,en", "de-DE,de", ""]) {
        const page = await get("/", header ? { "accept-language": header } : {});
        expect([header, page.status, page.headers.get("vary")]).toEqual([
          header,
          200,
          "Accept-Encoding, Accept-Language",
        ]);
        expect(page.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate, s-maxage=60");
      }
    });

    it("leaves a person who chose a language, or who comes from another page of the site, where they asked to be", async () => {
      for (const headers of [{ cookie: "locale=en" }, { referer: `${SITE}/fr/tools` }] as Record<string, string>[]) {
        const page = await get("/", { "accept-language": "fr", ...headers });
        expect(page.status).toBe(200);
        // Kept by that browser alone: a shared cache must not give it to the next French visitor.
        expect([page.headers.get("cache-control"), page.headers.get("cdn-cache-control")]).toEqual([
          "private, no-cache",
          null,
        ]);
      }
      // Another site's link is a first visit.
      expect((await get("/", { "accept-language": "fr", referer: "https://news.example/item" })).status).toBe(302);
      // No other address is ever redirected.
      expect((await get("/tools", { "accept-language": "fr" })).status).toBe(200);
    });
  });

  it("speaks one language, with no alternates, switcher or redirect, when the site offers one", async () => {
    const english = await createTestApp(database);
    const page = await english.request("/", { headers: { ...PERSON, "accept-language": "fr" } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(languageTags(html)).toEqual({ lang: "en", canonical: `${SITE}/`, alternates: [] });
    expect(html).not.toContain('hrefLang="fr"');
    expect((await english.request("/fr/tools", { headers: PERSON })).status).toBe(404);
  });

  it("serves the default language at the site's own paths when it is not English", async () => {
    const french = await createTestApp(database, { LOCALES: "fr,en", DEFAULT_LOCALE: "fr" });
    const home = await (await french.request("/", { headers: PERSON })).text();
    expect(languageTags(home)).toEqual({
      lang: "fr",
      canonical: `${SITE}/`,
      alternates: [`fr ${SITE}/`, `en ${SITE}/en`, `x-default ${SITE}/`],
    });
    const tools = await (await french.request("/en/tools", { headers: PERSON })).text();
    expect(languageTags(tools).lang).toBe("en");
    expect(tools).toContain('"basename":"/en"');
  });
});
