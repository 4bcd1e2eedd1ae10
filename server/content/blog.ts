/**
 * The blog (decision 050): posts kept in `blog_posts`, written in Markdown in the console, shown once published,
 * newest first. Every read names the tag `blog`, which the table's trigger sends on each change: the pages that show
 * posts (the blog, a post, the sitemap) are dropped from the page cache then.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { SessionUser } from "#common/access.ts";
import { ADMIN_PAGE_SIZE } from "#common/constants.ts";
import type { Cursor } from "#common/cursor.ts";
import { AppError } from "#common/errors.ts";
import { MESSAGES } from "#common/messages.ts";
import { type BlogPostInput, POST_SLUG } from "#common/schemas/content.ts";
import { requireAdmin } from "../access.ts";
import { dependsOn, pageTags } from "../cache/page-tags.ts";
import { type Database, isUniqueViolation } from "../db/client.ts";
import { blogPosts } from "../db/schema.ts";
import { renderMarkdown } from "../markdown.ts";
import { keysetPage, seekAfter } from "../db/keyset.ts";

export type BlogPostSummary = {
  slug: string;
  title: string;
  description: string;
  /** The publication date, YYYY-MM-DD. */
  date: string;
};

export type BlogPost = BlogPostSummary & { html: string };
export type EditablePost = typeof blogPosts.$inferSelect;

const summaryColumns = {
  slug: blogPosts.slug,
  title: blogPosts.title,
  description: blogPosts.description,
  date: blogPosts.date,
};
const isPublished = eq(blogPosts.state, "published");

export function blogService(db: Database) {
  /** Runs a write whose slug may be another post's: that is the form's message, beside the address. */
  async function withFreeSlug<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError("aborted", MESSAGES.content.slugTaken, { slug: MESSAGES.content.slugTaken });
      throw error;
    }
  }

  return {
    /** The published posts, newest first, a page after `cursor` (the date and slug of the last one shown). */
    async listPosts({
      cursor,
      limit = 50,
    }: {
      cursor?: Cursor<string> | null;
      limit?: number;
    } = {}): Promise<{ posts: BlogPostSummary[]; nextCursor: string | null }> {
      dependsOn(pageTags.blog);
      const rows = await db
        .select(summaryColumns)
        .from(blogPosts)
        .where(and(isPublished, seekAfter(cursor, [blogPosts.date, blogPosts.slug], { keyAs: "as-is" })))
        .orderBy(desc(blogPosts.date), desc(blogPosts.slug))
        .limit(limit + 1);
      const { items, nextCursor } = keysetPage(rows, limit, (last) => ({ key: last.date, id: last.slug }));
      return { posts: items, nextCursor };
    },

    /** Every published post, for the sitemap: a blog is written by hand, so it stays small. */
    async listAllPosts(): Promise<BlogPostSummary[]> {
      dependsOn(pageTags.blog);
      return db
        .select(summaryColumns)
        .from(blogPosts)
        .where(isPublished)
        .orderBy(desc(blogPosts.date), desc(blogPosts.slug));
    },

    /** A published post, rendered. */
    async findPost(slug: string): Promise<BlogPost | undefined> {
      dependsOn(pageTags.blog);
      if (!POST_SLUG.test(slug)) return undefined;
      const [post] = await db
        .select({ ...summaryColumns, body: blogPosts.body })
        .from(blogPosts)
        .where(and(eq(blogPosts.slug, slug), isPublished));
      if (!post) return undefined;
      const { body, ...summary } = post;
      return { ...summary, html: renderMarkdown(body) };
    },

    /** Every post, drafts too, the newest first, a page at a time (admins). */
    async listPostsForAdmin(
      user: SessionUser | null,
      { cursor, limit = ADMIN_PAGE_SIZE }: { cursor?: Cursor | null; limit?: number } = {},
    ) {
      requireAdmin(user);
      const rows = await db
        .select({
          id: blogPosts.id,
          slug: blogPosts.slug,
          title: blogPosts.title,
          state: blogPosts.state,
          date: blogPosts.date,
        })
        .from(blogPosts)
        .where(cursor ? sql`${blogPosts.id} < ${Number(cursor.id)}` : undefined)
        .orderBy(desc(blogPosts.id))
        .limit(limit + 1);
      return keysetPage(rows, limit, (last) => ({ key: 0, id: String(last.id) }));
    },

    /** A new post's form: a draft dated today (admins). */
    async newPost(user: SessionUser | null, today = new Date()) {
      requireAdmin(user);
      return { title: "", slug: "", description: "", date: today.toISOString().slice(0, 10), state: "draft", body: "" };
    },

    /** A post as its form edits it (admins). */
    async getPostForAdmin(user: SessionUser | null, id: number): Promise<EditablePost> {
      requireAdmin(user);
      const [post] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
      if (!post) throw new AppError("not-found", MESSAGES.content.postNotFound);
      return post;
    },

    /** What a post's Markdown looks like on its page, before it is saved (admins). */
    previewPost(user: SessionUser | null, body: string): string {
      requireAdmin(user);
      return renderMarkdown(body);
    },

    async createPost(user: SessionUser | null, input: BlogPostInput): Promise<EditablePost> {
      requireAdmin(user);
      const [created] = await withFreeSlug(() => db.insert(blogPosts).values(input).returning());
      return created!;
    },

    async updatePost(user: SessionUser | null, id: number, input: BlogPostInput): Promise<EditablePost> {
      requireAdmin(user);
      const [updated] = await withFreeSlug(() =>
        db
          .update(blogPosts)
          .set({ ...input, updatedAt: new Date() })
          .where(eq(blogPosts.id, id))
          .returning(),
      );
      if (!updated) throw new AppError("not-found", MESSAGES.content.postNotFound);
      return updated;
    },

    async deletePost(user: SessionUser | null, id: number): Promise<void> {
      requireAdmin(user);
      const [deleted] = await db.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id });
      if (!deleted) throw new AppError("not-found", MESSAGES.content.postNotFound);
    },
  };
}

export type BlogService = ReturnType<typeof blogService>;
