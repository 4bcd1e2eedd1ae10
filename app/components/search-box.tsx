/**
 * The navigation bar's search: Enter or the Search button goes to /search/{slugified text}, only when there is text.
 * On a search's results the box holds what was searched, in the page every visitor gets.
 */
import { type FormEvent, useState } from "react";
import { useMatches, useNavigate } from "react-router";
import { slugify } from "#common/slugify.ts";
import { searchPath } from "#common/page-paths.ts";

/** The words of the search whose results are shown (the route's slug, its hyphens as spaces); empty elsewhere. */
function useSearchedWords(): string {
  const search = useMatches().find((match) => match.id === "routes/search");
  return search?.params.text?.replaceAll("-", " ") ?? "";
}

export function SearchBox({ id, onSearch }: { id: string; onSearch?: () => void }) {
  const searched = useSearchedWords();
  // What the person typed on this page; a navigation to other results, or away from them, shows what that page is about.
  const [typed, setTyped] = useState<{ on: string; text: string } | null>(null);
  const text = typed?.on === searched ? typed.text : searched;
  const setText = (next: string) => setTyped({ on: searched, text: next });
  const navigate = useNavigate();

  function submit(event: FormEvent<HTMLFormElement>) {
    // Without JavaScript the form goes to /search?q=..., which the server redirects the same way.
    event.preventDefault();
    const slug = slugify(text);
    if (!slug) return;
    onSearch?.();
    setTyped(null);
    navigate(searchPath(slug));
  }

  return (
    <form role="search" action="/search" method="get" onSubmit={submit} className="flex w-full items-center gap-2">
      <label htmlFor={id} className="sr-only">
        Search tools
      </label>
      <input
        id={id}
        name="q"
        type="search"
        required
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Search tools, e.g. analytics"
        className="search-input"
      />
      <button type="submit" className="search-button">
        Search
      </button>
    </form>
  );
}
