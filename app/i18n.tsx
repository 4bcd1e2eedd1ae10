/**
 * The page's language and its words, for every component: `const t = useT(); t("nav.categories")`. The provider is
 * set by app/entry.server.tsx and app/entry.client.tsx, from the language of the page's address (decision 053).
 */
import { createContext, Fragment, type ReactNode, useContext } from "react";
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

/** Stands for the element `name` (a link, a date) inside a message: said as a placeholder's value, then replaced by `Message`. */
// Marked with two characters of Unicode's private use area, which no message and no one's name holds.
export function part(name: string): string {
  return `\uE000${name}\uE001`;
}

/**
 * A message with elements in it, each where its language puts it: `text` says `part(name)` where each of `parts` goes.
 * "Sent by {user} on {day}", said with user=part("user"), and a link to the user as the part "user".
 */
export function Message({ text, parts }: { text: string; parts: Record<string, ReactNode> }) {
  return (
    <>
      {text.split(/\uE000(\w+)\uE001/).map((piece, index) => (
        // Split with its group: every odd piece is a part's name.
        <Fragment key={index}>{index % 2 === 1 ? parts[piece] : piece}</Fragment>
      ))}
    </>
  );
}
