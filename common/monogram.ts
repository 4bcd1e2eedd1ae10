/** The initials a tool without a logo shows instead, on its first category's colour (decision 030). */

/**
 * One or two letters from a name: the first letters of its first two words ("Hacker News": "HN"); of a single word,
 * its first letter and the capital that starts its second part ("ShipFast": "SF"), else its first two letters
 * ("Tally": "Ta"), so that one-word names starting alike still look apart.
 */
export function monogramInitials(name: string): string {
  // Words of letters or digits: "shadcn/ui" and "create-t3-app" split at their marks; "There's" and "Next.js" hold together.
  const words = name.normalize("NFC").match(/[\p{L}\p{N}]+(?:['’.][\p{L}\p{N}]+)*/gu) ?? [];
  const [first, second] = words;
  if (!first) return "?";
  const upper = (text: string) => text.toLocaleUpperCase("en");
  if (second) return upper([...first][0]! + [...second][0]!);
  const letters = [...first];
  if (letters.length === 1) return upper(letters[0]!);
  // "ChatGPT": a capital right after a small letter starts the word's second part.
  const part = letters.findIndex(
    (letter, index) => index > 0 && /\p{Lu}/u.test(letter) && /\p{Ll}/u.test(letters[index - 1]!),
  );
  if (part > 0) return upper(letters[0]! + letters[part]!);
  return upper(letters[0]!) + (/\p{Lu}/u.test(letters[1]!) ? letters[1]! : letters[1]!.toLocaleLowerCase("en"));
}
