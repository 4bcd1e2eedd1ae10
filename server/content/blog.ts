/** The blog (content/blog/*.md): posts read once per process, newest first, each reached by the slug of its file name. */
import path from "node:path";
import { z } from "#common/zod.ts";
import { renderMarkdown } from "../markdown.ts";
import { CONTENT_DIR } from "../paths.ts";
import { frontmatterDate, frontmatterText, readMarkdownFolder } from "./markdown-files.ts";

const postFrontmatter = z.strictObject({ title: frontmatterText, description: frontmatterText, date: frontmatterDate });

/** A post's address is its file name; anything else in a URL is refused before a lookup. */
const POST_SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export type BlogPostSummary = {
  slug: string;
  title: string;
  description: string;
  /** The publication date, YYYY-MM-DD. */
  date: string;
};

export type BlogPost = BlogPostSummary & { html: string };

let posts: Map<string, BlogPost> | undefined;

// Content changes need a restart, like code: the folder is read and rendered on first use, then kept.
function loadPosts(): Map<string, BlogPost> {
  posts ??= new Map(
    readMarkdownFolder(path.join(CONTENT_DIR, "blog"), postFrontmatter)
      .map(({ name, data, body }): BlogPost => {
        if (!POST_SLUG.test(name)) throw new Error(`content/blog/${name}.md: the file name must be lowercase words joined by hyphens, as it is the post's address`);
        return { slug: name, ...data, html: renderMarkdown(body) };
      })
      // Newest first; the slug orders posts of the same day, so the order never depends on the file system.
      .sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug))
      .map((post) => [post.slug, post]),
  );
  return posts;
}

export const blog = {
  listPosts(): BlogPostSummary[] {
    return [...loadPosts().values()].map(({ slug, title, description, date }) => ({ slug, title, description, date }));
  },

  findPost(slug: string): BlogPost | undefined {
    return POST_SLUG.test(slug) ? loadPosts().get(slug) : undefined;
  },
};
