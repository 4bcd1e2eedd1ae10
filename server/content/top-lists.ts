/**
 * The technology top-list pages (docs/product.md §2; decision 050): kept in `top_lists`, written in the console, listed in
 * every page's footer in their order. Reads for the page cache are kept (the footer needs them on every page) under
 * the tag `top-lists`, which the table's trigger sends on each change.
 */
import { asc, eq, sql } from "drizzle-orm";
import type { SessionUser } from "#common/access.ts";
import { AppError } from "#common/errors.ts";
import { MESSAGES } from "#common/messages.ts";
import type { TopListInput } from "#common/schemas/content.ts";
import { requireAdmin } from "../access.ts";
import { recordAudit } from "../audit/audit.ts";
import { type KeptReads, unkeptReads } from "../cache/kept-reads.ts";
import { dependsOn, pageTags } from "../cache/page-tags.ts";
import { type Database, isUniqueViolation } from "../db/client.ts";
import { topLists } from "../db/schema.ts";
import { renderMarkdown } from "../markdown.ts";

export type TopListPage = {
  id: number;
  path: string;
  label: string;
  title: string;
  subtitle: string;
  search: string;
  image?: string;
  sections: { heading: string; body: string }[];
  seo: { title: string; description: string };
};
export type TopListLink = Pick<TopListPage, "path" | "label">;

type Row = typeof topLists.$inferSelect;

function toPage(row: Row): TopListPage {
  return {
    id: row.id,
    path: row.path,
    label: row.label,
    title: row.title,
    subtitle: row.subtitle,
    search: row.search,
    ...(row.image ? { image: row.image } : {}),
    sections: row.sections,
    seo: { title: row.seoTitle, description: row.seoDescription },
  };
}

function toRow(input: TopListInput) {
  const { seoTitle, seoDescription, image, ...rest } = input;
  return { ...rest, image: image || null, seoTitle, seoDescription };
}

export function topListService(db: Database, keptReads: KeptReads = unkeptReads) {
  /** Every top-list, in their order, whole. */
  async function all(): Promise<TopListPage[]> {
    dependsOn(pageTags.topLists);
    const rows = await db.select().from(topLists).orderBy(asc(topLists.position), asc(topLists.id));
    return rows.map(toPage);
  }

  async function withFreePath<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError("aborted", MESSAGES.content.pathTaken, { path: MESSAGES.content.pathTaken });
      throw error;
    }
  }

  return {
    /** Path and label of every top-list, in their order: the footer's 'Top Indie Tools' list. */
    async listTopListLinks(): Promise<TopListLink[]> {
      // Every page's footer: only what it shows, kept between renders.
      return keptReads.read("top-list-links", async () => {
        dependsOn(pageTags.topLists);
        return db
          .select({ path: topLists.path, label: topLists.label })
          .from(topLists)
          .orderBy(asc(topLists.position), asc(topLists.id));
      });
    },

    /** Every top-list, in their order: the public API's /api/v1/top-lists. */
    listTopLists: all,

    /** One page, its sections rendered from Markdown. */
    async findTopList(path: string) {
      dependsOn(pageTags.topLists);
      const [row] = await db.select().from(topLists).where(eq(topLists.path, path));
      if (!row) return undefined;
      const page = toPage(row);
      return {
        ...page,
        sections: page.sections.map((section) => ({ heading: section.heading, html: renderMarkdown(section.body) })),
      };
    },

    /** A new top-list's form, empty (admins). */
    async newTopList(user: SessionUser | null): Promise<TopListInput> {
      requireAdmin(user);
      return {
        path: "",
        label: "",
        title: "",
        subtitle: "",
        search: "",
        image: "",
        sections: [0, 1, 2].map(() => ({ heading: "", body: "" })),
        seoTitle: "",
        seoDescription: "",
      };
    },

    /** Every top-list, for the console (admins). */
    async listForAdmin(user: SessionUser | null): Promise<TopListPage[]> {
      requireAdmin(user);
      return (await db.select().from(topLists).orderBy(asc(topLists.position), asc(topLists.id))).map(toPage);
    },

    async getForAdmin(user: SessionUser | null, id: number): Promise<TopListPage> {
      requireAdmin(user);
      const [row] = await db.select().from(topLists).where(eq(topLists.id, id));
      if (!row) throw new AppError("not-found", MESSAGES.content.topListNotFound);
      return toPage(row);
    },

    /** Adds a top-list, last in the order. */
    async create(user: SessionUser | null, input: TopListInput): Promise<TopListPage> {
      const admin = requireAdmin(user);
      const row = await withFreePath(() =>
        db.transaction(async (tx) => {
          const [created] = await tx
            .insert(topLists)
            .values({
              ...toRow(input),
              position: sql`coalesce((select max(${topLists.position}) from ${topLists}), 0) + 1`,
            })
            .returning();
          await recordAudit(tx, admin, {
            kind: "top-list.created",
            subject: input.path,
            after: { title: input.title, search: input.search },
          });
          return created!;
        }),
      );
      return toPage(row);
    },

    async update(user: SessionUser | null, id: number, input: TopListInput): Promise<TopListPage> {
      const admin = requireAdmin(user);
      const row = await withFreePath(() =>
        db.transaction(async (tx) => {
          const [updated] = await tx
            .update(topLists)
            .set({ ...toRow(input), updatedAt: new Date() })
            .where(eq(topLists.id, id))
            .returning();
          if (updated)
            await recordAudit(tx, admin, {
              kind: "top-list.updated",
              subject: input.path,
              after: { title: input.title, search: input.search },
            });
          return updated;
        }),
      );
      if (!row) throw new AppError("not-found", MESSAGES.content.topListNotFound);
      return toPage(row);
    },

    async remove(user: SessionUser | null, id: number): Promise<void> {
      const admin = requireAdmin(user);
      await db.transaction(async (tx) => {
        const [removed] = await tx.delete(topLists).where(eq(topLists.id, id)).returning();
        if (!removed) throw new AppError("not-found", MESSAGES.content.topListNotFound);
        await recordAudit(tx, admin, {
          kind: "top-list.removed",
          subject: removed.path,
          before: { title: removed.title },
        });
      });
    },

    /** Moves a top-list one place up or down the order, swapping it with its neighbour. */
    async move(user: SessionUser | null, id: number, direction: "up" | "down"): Promise<void> {
      requireAdmin(user);
      await db.transaction(async (tx) => {
        const rows = await tx
          .select({ id: topLists.id, position: topLists.position })
          .from(topLists)
          .orderBy(asc(topLists.position), asc(topLists.id))
          .for("update");
        const index = rows.findIndex((row) => row.id === id);
        if (index === -1) throw new AppError("not-found", MESSAGES.content.topListNotFound);
        const other = rows[direction === "up" ? index - 1 : index + 1];
        if (!other) return;
        // Renumbered in order, so that two lists of the same position never swap in vain.
        const order = rows.map((row) => row.id);
        [order[index], order[order.indexOf(other.id)]] = [other.id, id];
        for (const [position, rowId] of order.entries())
          await tx
            .update(topLists)
            .set({ position: position + 1 })
            .where(eq(topLists.id, rowId));
      });
    },
  };
}

export type TopListService = ReturnType<typeof topListService>;
