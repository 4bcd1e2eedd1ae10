/**
 * The navigation bar's search: Enter or the Search button goes to /search/{slugified text}, only when there is text.
 * On a search's results the box holds what was searched, in the page every visitor gets. While a person types, it
 * suggests tools, categories and tags (GET /api/suggest): an ARIA 1.2 combobox, used with the keyboard alone (arrows
 * move, Enter opens the suggestion or searches, Escape closes), and `/` anywhere on the page focuses the box. Without
 * JavaScript it is a plain form.
 */
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useHref, useMatches, useNavigate } from "react-router";
import type { PlainKey, Translate } from "#common/i18n/translate.ts";
import { useT } from "../i18n.tsx";
import { slugify } from "#common/slugify.ts";
import { categoryPath, searchPath, tagPath, toolPath } from "#common/page-paths.ts";
import type { Suggestions } from "#server/http/suggest.ts";
import { ToolLogo } from "./tool-logo.tsx";

/** Where the suggestions come from (server/http/suggest.ts). */
const SUGGEST_PATH = "/api/suggest";
/** Suggestions are asked for once the text has this many characters, and this long after the last key. */
const MIN_SUGGEST_LENGTH = 2;
const SUGGEST_DELAY_MS = 120;

type Option = {
  id: string;
  href: string;
  kind: "tool" | "category" | "tag";
  label: string;
  detail?: string;
  logo?: string | null;
};

/** The words of the search whose results are shown (the route's slug, its hyphens as spaces); empty elsewhere. */
function useSearchedWords(): string {
  const search = useMatches().find((match) => match.id === "routes/search");
  return search?.params.text?.replaceAll("-", " ") ?? "";
}

function optionsOf(suggestions: Suggestions, prefix: string, t: Translate): Option[] {
  return [
    ...suggestions.tools.map((tool) => ({
      id: `${prefix}-tool-${tool.slug}`,
      href: toolPath(tool.slug),
      kind: "tool" as const,
      label: tool.name,
      detail: tool.shortDesc,
      logo: tool.logo,
    })),
    ...suggestions.categories.map((category) => ({
      id: `${prefix}-category-${category.slug}`,
      href: categoryPath(category.slug),
      kind: "category" as const,
      label: category.label,
    })),
    ...suggestions.tags.map((tag) => ({
      id: `${prefix}-tag-${tag.tag}`,
      href: tagPath(tag.tag),
      kind: "tag" as const,
      label: `#${tag.tag}`,
      detail: t("search.tagCount", { count: tag.count }),
    })),
  ];
}

const GROUPS = [
  { kind: "tool", label: "search.groupTools" },
  { kind: "category", label: "search.groupCategories" },
  { kind: "tag", label: "search.groupTags" },
] as const satisfies { kind: Option["kind"]; label: PlainKey }[];

export function SearchBox({
  id,
  onSearch,
  focusOnSlash = false,
}: {
  id: string;
  onSearch?: () => void;
  focusOnSlash?: boolean;
}) {
  const searched = useSearchedWords();
  const t = useT();
  const searchAction = useHref("/search");
  // What the person typed on this page; a navigation to other results, or away from them, shows what that page is about.
  const [typed, setTyped] = useState<{ on: string; text: string } | null>(null);
  const text = typed?.on === searched ? typed.text : searched;
  const [options, setOptions] = useState<Option[]>([]);
  const [isOpen, setIsOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const listId = `${useId()}-suggestions`;

  // `/` focuses the box, unless the person is typing somewhere else.
  useEffect(() => {
    if (!focusOnSlash) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) return;
      if (target && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))) return;
      event.preventDefault();
      input.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [focusOnSlash]);

  // The suggestions for what is typed, asked a moment after the last key; an answer that comes late is dropped.
  const query = slugify(typed?.on === searched ? typed.text : "");
  useEffect(() => {
    if (query.length < MIN_SUGGEST_LENGTH) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`${SUGGEST_PATH}?q=${encodeURIComponent(query)}`, { signal: controller.signal })
        .then((response) => (response.ok ? (response.json() as Promise<Suggestions>) : null))
        .then((suggestions) => {
          if (!suggestions) return;
          setOptions(optionsOf(suggestions, listId, t));
          setActive(-1);
        })
        .catch(() => {});
    }, SUGGEST_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, listId, t]);

  const shown = query.length >= MIN_SUGGEST_LENGTH ? options : [];
  const isExpanded = isOpen && shown.length > 0;

  function setText(next: string) {
    setTyped({ on: searched, text: next });
    setIsOpen(true);
  }

  function go(href: string) {
    setIsOpen(false);
    setTyped(null);
    onSearch?.();
    navigate(href);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    // Without JavaScript the form goes to /search?q=..., which the server redirects the same way.
    event.preventDefault();
    if (isExpanded && active >= 0) return go(shown[active]!.href);
    const slug = slugify(text);
    if (!slug) return;
    go(searchPath(slug));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (shown.length === 0) return;
      event.preventDefault();
      setIsOpen(true);
      // Down from the box to the first suggestion and on, past the last back to the box (-1); up the other way.
      const last = shown.length - 1;
      if (event.key === "ArrowDown") setActive((current) => (!isExpanded ? 0 : current >= last ? -1 : current + 1));
      else setActive((current) => (!isExpanded ? last : current <= -1 ? last : current - 1));
    } else if (event.key === "Escape") {
      if (isExpanded) {
        event.preventDefault();
        setIsOpen(false);
        setActive(-1);
      }
    }
  }

  return (
    <form
      role="search"
      action={searchAction}
      method="get"
      onSubmit={submit}
      className="relative flex w-full items-center gap-2"
    >
      <label htmlFor={id} className="sr-only">
        {t("search.label")}
      </label>
      <input
        ref={input}
        id={id}
        name="q"
        type="search"
        required
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => setIsOpen(false)}
        onFocus={() => setIsOpen(true)}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={isExpanded}
        aria-controls={listId}
        aria-activedescendant={isExpanded && active >= 0 ? shown[active]!.id : undefined}
        autoComplete="off"
        placeholder={t("search.placeholder")}
        className="search-input"
      />
      <button type="submit" className="search-button">
        {t("search.submit")}
      </button>
      <div
        id={listId}
        role="listbox"
        aria-label={t("search.suggestions")}
        hidden={!isExpanded}
        data-testid="suggestions"
        className="absolute top-full right-0 left-0 z-50 mt-1 max-h-[70vh] overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
      >
        {GROUPS.map((group) => {
          const members = shown.filter((option) => option.kind === group.kind);
          if (members.length === 0) return null;
          return (
            <div key={group.kind} role="group" aria-labelledby={`${listId}-${group.kind}`}>
              <div
                id={`${listId}-${group.kind}`}
                role="presentation"
                className="px-2 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase"
              >
                {t(group.label)}
              </div>
              {members.map((option) => {
                const index = shown.indexOf(option);
                return (
                  <div
                    key={option.id}
                    id={option.id}
                    role="option"
                    aria-selected={index === active}
                    // Chosen before the box loses focus, which would close the list first.
                    onMouseDown={(event) => {
                      event.preventDefault();
                      go(option.href);
                    }}
                    onMouseEnter={() => setActive(index)}
                    className={`flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm ${index === active ? "bg-slate-100" : ""}`}
                  >
                    {option.kind === "tool" && (
                      <span aria-hidden="true" className="shrink-0">
                        <ToolLogo
                          name={option.label}
                          logo={option.logo ?? null}
                          size={24}
                          className="h-6 w-6 rounded"
                        />
                      </span>
                    )}
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium text-slate-900">{option.label}</span>
                      {option.detail && <span className="block truncate text-xs text-slate-500">{option.detail}</span>}
                    </span>
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
    </form>
  );
}
