/**
 * The site in French and Spanish in Chromium (decision 053): the switcher keeps the person on the same page, a page
 * hydrates in its language with only its own catalogue loaded, client-side navigation stays in the language, sign-up
 * says the seed's messages in French, and axe finds nothing wrong in any language.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { useBrowserSite } from "../setup/browser-site.ts";
import { seedDemoCatalogue } from "#server/demo/catalogue.ts";
import { axeViolations } from "../setup/axe.ts";
import { gotoHydrated, newContext } from "../setup/browser.ts";

describe("the site in three languages, in Chromium", () => {
  const site = useBrowserSite({ LOCALES: "en,fr,es" });
  let toolPath: string;

  beforeAll(async () => {
    await seedDemoCatalogue(site.database.db, { storage: site.server.storage });
    const [tool] = (await site.server.services.tools.listLatestTools({})).tools;
    toolPath = `/tool/${tool!.slug}`;
  });

  /** A page, with what went wrong in it (uncaught errors, console errors) and the scripts it loaded. */
  async function open(path: string): Promise<{ page: Page; errors: string[]; scripts: string[] }> {
    const page = await (await newContext(site.browser)).newPage();
    const errors: string[] = [];
    const scripts: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    // A refused form answers 400, which Chromium logs as a failed resource: that is the form working, not an error.
    page.on(
      "console",
      (message) =>
        message.type() === "error" &&
        !message.text().startsWith("Failed to load resource") &&
        errors.push(message.text()),
    );
    page.on(
      "request",
      (request) => request.resourceType() === "script" && scripts.push(new URL(request.url()).pathname),
    );
    await gotoHydrated(page, `${site.server.url}${path}`);
    return { page, errors, scripts };
  }

  it("switches a tool page to French and Spanish and back, staying on the same tool, and navigates on in French", async () => {
    const { page, errors } = await open(toolPath);
    const name = await page.locator("h1").innerText();
    const footer = page.getByRole("navigation", { name: "Language" });
    await footer.getByRole("link", { name: "Français" }).click();
    await page.waitForURL(`${site.server.url}/fr${toolPath}`);
    await page.waitForSelector("html[lang=fr][data-hydrated]", { state: "attached" });
    expect(await page.locator("h1").innerText()).toBe(name);
    expect(await page.getByRole("heading", { name: "Avis", exact: true }).count()).toBe(1);
    expect(await page.getByRole("link", { name: "Visiter le site" }).count()).toBe(1);

    // A link of the page is followed by the router, in French.
    await page.getByRole("navigation", { name: "Fil d'Ariane" }).getByRole("link").nth(1).click();
    await page.waitForURL(new RegExp(`^${site.server.url}/fr/category/`));
    await page.locator("summary", { hasText: "Filtres" }).waitFor({ state: "attached" });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("fr");

    await page.getByRole("navigation", { name: "Langue" }).getByRole("link", { name: "Español" }).click();
    await page.waitForURL(new RegExp(`^${site.server.url}/es/category/`));
    await page.getByRole("navigation", { name: "Idioma" }).getByRole("link", { name: "English" }).click();
    await page.waitForURL(new RegExp(`^${site.server.url}/category/`));
    await page.waitForSelector("html[lang=en][data-hydrated]", { state: "attached" });
    expect(errors).toEqual([]);
  });

  it("loads only the words the page needs, in its language, and the rest when a page needs them", async () => {
    const { page, errors, scripts } = await open("/fr");
    const bundles = () =>
      scripts.flatMap((script) => /\/assets\/((?:en|fr|es)-(?:shell|pages|mail))-[\w-]+\.js$/.exec(script)?.[1] ?? []);
    expect(bundles()).toEqual(["fr-shell"]);
    expect(await page.getByRole("heading", { name: "Derniers outils ajoutés" }).count()).toBe(1);
    // A tool page needs the pages' words: the router waits for them, then shows it.
    await page.getByTestId("tool-card").first().locator("h3 a").click();
    await page.waitForURL(new RegExp(`^${site.server.url}/fr/tool/`));
    await page.getByRole("heading", { name: "Avis", exact: true }).waitFor();
    expect(bundles()).toEqual(["fr-shell", "fr-pages"]);
    expect(errors).toEqual([]);
  });

  it("signs a person up in French, with the seed's messages in French, and welcomes them in French", async () => {
    const { page, errors } = await open("/fr/register");
    await page.getByLabel("Nom d'utilisateur").fill("ada");
    await page.getByLabel("E-mail").fill("ada@example");
    await page.getByLabel("Mot de passe").fill("123");
    await page.getByRole("button", { name: "Créer mon compte" }).click();
    await expect.poll(() => page.locator("main").innerText()).toContain("Format d'e-mail incorrect");
    expect(await page.locator("main").innerText()).toContain("Le mot de passe doit contenir au moins 6 caractères");
    // Nothing typed is lost.
    expect(await page.getByLabel("Nom d'utilisateur").inputValue()).toBe("ada");

    await page.getByLabel("E-mail").fill("ada@example.com");
    await page.getByLabel("Mot de passe").fill("long-enough");
    await page.getByRole("button", { name: "Créer mon compte" }).click();
    await page.waitForURL(`${site.server.url}/fr/welcome`);
    await page.getByRole("heading", { level: 1, name: "Bienvenue, ada !" }).waitFor();
    expect(errors).toEqual([]);
  });

  for (const [locale, prefix] of [
    ["fr", "/fr"],
    ["es", "/es"],
  ] as const) {
    it(`finds nothing for axe to fault in ${locale}`, async () => {
      const found: string[] = [];
      for (const path of ["", toolPath, "/tools", "/register", "/categories"]) {
        const { page } = await open(`${prefix}${path}`);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
        found.push(...(await axeViolations(page)).map((violation) => `${prefix}${path}: ${violation}`));
        await page.context().close();
      }
      expect(found).toEqual([]);
    });
  }
});
