/** The navigation bar's search: Enter or the Search button goes to /search/{slugified text}, only when there is text. */
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { slugify } from "#common/slugify.ts";

export function SearchBox({ id, onSearch }: { id: string; onSearch?: () => void }) {
  const [text, setText] = useState("");
  const navigate = useNavigate();

  function submit(event: FormEvent<HTMLFormElement>) {
    // Without JavaScript the form goes to /search?q=..., which the server redirects the same way.
    event.preventDefault();
    const slug = slugify(text);
    if (!slug) return;
    onSearch?.();
    navigate(`/search/${slug}`);
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
        className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none"
      />
      <button type="submit" className="rounded-lg bg-slate-900 px-3 py-2 text-sm font-medium text-white hover:bg-slate-700">
        Search
      </button>
    </form>
  );
}
