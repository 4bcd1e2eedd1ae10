/**
 * Hydrates the server-rendered page, once the catalogue of its language is loaded: only that one reaches the browser
 * (decision 053). In production the console is silenced first (SPEC section 1), unless the config turns it off.
 */
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import type { Messages } from "#common/i18n/translate.ts";
import { readLocaleFrom } from "#common/i18n/say.ts";
import { holdMessages } from "#common/i18n/words.ts";
import { isLocale, type Locale } from "#common/locales.ts";
import { WordsProvider } from "./i18n.tsx";

if (document.documentElement.dataset.silenceConsole === "true") {
  const quiet = () => {};
  console.log = quiet;
  console.warn = quiet;
  console.error = quiet;
}

/** Each language's compiled catalogue, a chunk of its own. */
const CATALOGUES: Record<Locale, () => Promise<{ default: Messages }>> = {
  en: () => import("#common/i18n/compiled/en.js"),
  fr: () => import("#common/i18n/compiled/fr.js"),
  es: () => import("#common/i18n/compiled/es.js"),
};

const lang = document.documentElement.lang;
const locale: Locale = isLocale(lang) ? lang : "en";
holdMessages(locale, (await CATALOGUES[locale]()).default);
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
