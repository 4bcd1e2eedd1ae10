/**
 * Every bundle of every language's catalogue, for the server, and the language of the request being served: pages,
 * answers and errors are written in it (`say`), e-mails in their reader's. The request's store also gathers the
 * bundles its page read, which the page names for the browser to load (app/entry.server.tsx). The store is shared by
 * the server's two bundles (the server's own and React Router's), which each hold a copy of this module.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { Bundle } from "#common/i18n/bundles.ts";
import enConsole from "#common/i18n/compiled/en-console.js";
import enServer from "#common/i18n/compiled/en-server.js";
import enPages from "#common/i18n/compiled/en-pages.js";
import enShell from "#common/i18n/compiled/en-shell.js";
import esConsole from "#common/i18n/compiled/es-console.js";
import esServer from "#common/i18n/compiled/es-server.js";
import esPages from "#common/i18n/compiled/es-pages.js";
import esShell from "#common/i18n/compiled/es-shell.js";
import frConsole from "#common/i18n/compiled/fr-console.js";
import frServer from "#common/i18n/compiled/fr-server.js";
import frPages from "#common/i18n/compiled/fr-pages.js";
import frShell from "#common/i18n/compiled/fr-shell.js";
import { readLocaleFrom } from "#common/i18n/say.ts";
import { holdMessages, watchBundles } from "#common/i18n/words.ts";
import type { Locale } from "#common/locales.ts";

const CATALOGUES = {
  en: { shell: enShell, pages: enPages, console: enConsole, server: enServer },
  fr: { shell: frShell, pages: frPages, console: frConsole, server: frServer },
  es: { shell: esShell, pages: esPages, console: esConsole, server: esServer },
} as const;
for (const [locale, bundles] of Object.entries(CATALOGUES)) {
  for (const [bundle, messages] of Object.entries(bundles)) holdMessages(locale as Locale, bundle as Bundle, messages);
}

type RequestWords = { locale: Locale; bundles: Set<Bundle> };

const STORE = Symbol.for("indie-tools.request-locale");
const requestStore: AsyncLocalStorage<RequestWords> = ((globalThis as Record<symbol, unknown>)[STORE] ??=
  new AsyncLocalStorage<RequestWords>()) as AsyncLocalStorage<RequestWords>;
let processLocale: Locale = "en";
readLocaleFrom(() => requestStore.getStore()?.locale ?? processLocale);
watchBundles({ read: (bundle) => requestStore.getStore()?.bundles.add(bundle) });

/**
 * The language of what this process says outside any request, in its jobs and its commands: the site's default
 * (DEFAULT_LOCALE), set once at start. English until then.
 */
export function speakByDefault(locale: Locale) {
  processLocale = locale;
}

/** The language of the request being served (its page's, or the one its client accepts); undefined outside a request. */
export function requestLocale(): Locale | undefined {
  return requestStore.getStore()?.locale;
}

/** The bundles of the catalogue the request being served has read so far. */
export function requestBundles(): ReadonlySet<Bundle> {
  return requestStore.getStore()?.bundles ?? new Set();
}

/** Runs `work` in `locale`: every message it says is in that language. */
export function inLocale<Result>(locale: Locale, work: () => Result): Result {
  return requestStore.run({ locale, bundles: new Set() }, work);
}

export { wordsFor } from "#common/i18n/words.ts";
