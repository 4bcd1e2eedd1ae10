/** The navigation bar's search: Enter or the Search button goes to /search/{slugified text}, only when there is text. */
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { slugify } from "#common/slugify.ts";
import { searchPath } from "#common/page-paths.ts";

export function SearchBox({ id, onSearch }: { id: string; onSearch?: () => void }) {
  const [text, setText] = useState("");
  const navigate = useNavigate();

  function submit(event: FormEvent<HTMLFormElement>) {
    // Without JavaScript the form goes to /search?q=..., which the server redirects the same way.
    event.preventDefault();
    const slug = slugify(text);
    if (!slug) return;
    onSearch?.();
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
