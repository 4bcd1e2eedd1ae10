/**
 * The page's language and its words, for every component: `const t = useT(); t("nav.categories")`. The provider is
 * set by app/entry.server.tsx and app/entry.client.tsx, from the language of the page's address (decision 053).
 */
import { createContext, type ReactNode, useContext } from "react";
import type { Translate, Words } from "#common/i18n/translate.ts";
import { wordsFor } from "#common/i18n/words.ts";
import type { Locale } from "#common/locales.ts";

const WordsContext = createContext<Words | null>(null);

export function WordsProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  return <WordsContext.Provider value={wordsFor(locale)}>{children}</WordsContext.Provider>;
}

export function useWords(): Words {
  const words = useContext(WordsContext);
  if (!words) throw new Error("useWords needs a WordsProvider");
  return words;
}

export function useT(): Translate {
  return useWords().t;
}
