/** The technology top-list pages (SPEC section 2), read once from content/top-lists.json. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "#common/zod.ts";
import { renderMarkdown } from "../markdown.ts";
import { CONTENT_DIR } from "../paths.ts";

const topListPage = z.object({
  path: z.string().regex(/^\/top-[a-z0-9-]+$/),
  label: z.string().min(1),
  title: z.string().min(1),
  subtitle: z.string().min(1),
  search: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  image: z.string().optional(),
  sections: z.array(z.object({ heading: z.string().min(1), body: z.string().min(1) })).length(3),
  seo: z.object({ title: z.string().min(1), description: z.string().min(1) }),
});

export type TopListPage = z.infer<typeof topListPage>;
export type TopListLink = Pick<TopListPage, "path" | "label">;

let pages: TopListPage[] | undefined;

function loadPages(): TopListPage[] {
  pages ??= z
    .array(topListPage)
    .parse(JSON.parse(readFileSync(path.join(CONTENT_DIR, "top-lists.json"), "utf8")));
  return pages;
}

export const topLists = {
  /** Path and label of every top-list, in the content file's order: the footer's 'Top Indie Tools' list. */
  listTopListLinks(): TopListLink[] {
    return loadPages().map(({ path, label }) => ({ path, label }));
  },

  /** Every top-list, in the content file's order: the public API's /api/v1/top-lists. */
  listTopLists(): TopListPage[] {
    return loadPages();
  },

  /** One page, its sections rendered from Markdown. */
  findTopList(path: string) {
    const page = loadPages().find((candidate) => candidate.path === path);
    if (!page) return undefined;
    return { ...page, sections: page.sections.map((section) => ({ heading: section.heading, html: renderMarkdown(section.body) })) };
  },
};
