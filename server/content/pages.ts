/**
 * The legal pages (decision 050): the terms of service and the privacy policy, kept in `legal_pages`, written in
 * Markdown in the console. Every read names the tag `legal`, which the table's trigger sends on each change.
 */
import { eq } from "drizzle-orm";
import type { SessionUser } from "#common/access.ts";
import { AppError } from "#common/errors.ts";
import { MESSAGES } from "#common/messages.ts";
import type { LegalPageInput } from "#common/schemas/content.ts";
import { requireAdmin } from "../access.ts";
import { dependsOn, pageTags } from "../cache/page-tags.ts";
import type { Database } from "../db/client.ts";
import { legalPages } from "../db/schema.ts";
import { renderMarkdown } from "../markdown.ts";

/** The only pages there are: a name from a URL is looked up among these. */
export const LEGAL_PAGE_NAMES = ["terms-of-service", "privacy-policy"] as const;
export type LegalPageName = (typeof LEGAL_PAGE_NAMES)[number];

export type LegalPage = {
  name: LegalPageName;
  title: string;
  description: string;
  /** The date of the last change, YYYY-MM-DD. */
  updated: string;
  html: string;
};

export function isLegalPageName(name: string): name is LegalPageName {
  return (LEGAL_PAGE_NAMES as readonly string[]).includes(name);
}

export function legalPageService(db: Database) {
  async function read(name: LegalPageName) {
    const [page] = await db.select().from(legalPages).where(eq(legalPages.name, name));
    return page;
  }

  return {
    async findPage(name: string): Promise<LegalPage | undefined> {
      dependsOn(pageTags.legal);
      if (!isLegalPageName(name)) return undefined;
      const page = await read(name);
      return (
        page && {
          name,
          title: page.title,
          description: page.description,
          updated: page.updated,
          html: renderMarkdown(page.body),
        }
      );
    },

    /** A page as its form edits it (admins). */
    async getPageForAdmin(user: SessionUser | null, name: string) {
      requireAdmin(user);
      const page = isLegalPageName(name) ? await read(name) : undefined;
      if (!page) throw new AppError("not-found", MESSAGES.page.notFound);
      return page;
    },

    async updatePage(user: SessionUser | null, name: string, input: LegalPageInput): Promise<void> {
      requireAdmin(user);
      if (!isLegalPageName(name)) throw new AppError("not-found", MESSAGES.page.notFound);
      await db
        .insert(legalPages)
        .values({ name, ...input })
        .onConflictDoUpdate({ target: legalPages.name, set: { ...input, updatedAt: new Date() } });
    },
  };
}

export type LegalPageService = ReturnType<typeof legalPageService>;
