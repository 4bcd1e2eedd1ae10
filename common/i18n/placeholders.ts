/**
 * What a message takes: its placeholders, each with the kind of value it formats, read from its ICU MessageFormat text.
 * The compiler types each message's values from the English text (scripts/compile-messages.ts), and a test holds every
 * other language to the same placeholders.
 */
import { parse, type Token } from "@messageformat/parser";

/** "number" for a plural, selectordinal or number; "date" for a date or time; "choice" for a select; "text" otherwise. */
export type PlaceholderKind = "number" | "date" | "choice" | "text";

export function placeholdersOf(message: string): Map<string, PlaceholderKind> {
  const found = new Map<string, PlaceholderKind>();
  const visit = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === "argument") {
        if (!found.has(token.arg)) found.set(token.arg, "text");
      } else if (token.type === "function") {
        found.set(
          token.arg,
          token.key === "date" || token.key === "time" ? "date" : token.key === "number" ? "number" : "text",
        );
      } else if (token.type === "plural" || token.type === "selectordinal" || token.type === "select") {
        found.set(token.arg, token.type === "select" ? "choice" : "number");
        for (const branch of token.cases) visit(branch.tokens);
      }
    }
  };
  visit(parse(message, { strict: false }));
  return found;
}

/** The categories each plural or ordinal of a message names ("one", "other", "=0"...), for the tests. */
export function pluralCases(message: string): { type: "cardinal" | "ordinal"; cases: string[] }[] {
  const cases: { type: "cardinal" | "ordinal"; cases: string[] }[] = [];
  const visit = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === "plural" || token.type === "selectordinal" || token.type === "select") {
        if (token.type !== "select")
          cases.push({
            type: token.type === "plural" ? "cardinal" : "ordinal",
            cases: token.cases.map((branch) => branch.key),
          });
        for (const branch of token.cases) visit(branch.tokens);
      }
    }
  };
  visit(parse(message, { strict: false }));
  return cases;
}
