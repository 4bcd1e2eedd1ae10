/**
 * Hydrates the server-rendered page, once the bundles of its language's catalogue that the page was written with are
 * loaded: only those reach the browser, and a page met later that needs another waits for it (decision 053). In
 * production the console is silenced first (docs/product.md §1), unless the config turns it off.
 */
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import type { BROWSER_BUNDLES } from "#common/i18n/bundles.ts";
import { readLocaleFrom } from "#common/i18n/say.ts";
import type { Messages } from "#common/i18n/translate.ts";
import { holdMessages, watchBundles } from "#common/i18n/words.ts";
import { isLocale, type Locale } from "#common/locales.ts";
import { WordsProvider } from "./i18n.tsx";

if (document.documentElement.dataset.silenceConsole === "true") {
  const quiet = () => {};
  console.log = quiet;
  console.warn = quiet;
  console.error = quiet;
}

type BrowserBundle = (typeof BROWSER_BUNDLES)[number];
type Loader = () => Promise<{ default: Partial<Messages> }>;

/** Each bundle of each language's compiled catalogue, a chunk of its own. */
const CATALOGUES: Record<Locale, Record<BrowserBundle, Loader>> = {
  en: {
    shell: () => import("#common/i18n/compiled/en-shell.js"),
    pages: () => import("#common/i18n/compiled/en-pages.js"),
    console: () => import("#common/i18n/compiled/en-console.js"),
  },
  fr: {
    shell: () => import("#common/i18n/compiled/fr-shell.js"),
    pages: () => import("#common/i18n/compiled/fr-pages.js"),
    console: () => import("#common/i18n/compiled/fr-console.js"),
  },
  es: {
    shell: () => import("#common/i18n/compiled/es-shell.js"),
    pages: () => import("#common/i18n/compiled/es-pages.js"),
    console: () => import("#common/i18n/compiled/es-console.js"),
  },
};

async function load(locale: Locale, bundle: string) {
  const loader = CATALOGUES[locale][bundle as BrowserBundle];
  if (!loader) throw new Error(`No ${bundle} bundle of the ${locale} catalogue reaches the browser`);
  holdMessages(locale, bundle as BrowserBundle, (await loader()).default);
}

const lang = document.documentElement.lang;
const locale: Locale = isLocale(lang) ? lang : "en";
const written =
  document.querySelector<HTMLMetaElement>('meta[name="i18n-bundles"]')?.content.split(" ").filter(Boolean) ?? [];
await Promise.all(
  ["shell", ...written]
    .filter((bundle, index, all) => all.indexOf(bundle) === index)
    .map((bundle) => load(locale, bundle)),
);
watchBundles({ load });
readLocaleFrom(() => locale);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <WordsProvider locale={locale}>
        <HydratedRouter />
      </WordsProvider>
    </StrictMode>,
  );
});
