/** Reads of user profiles: the public profile page (with what only its owner sees) and the owner's settings. */
import { hasConfirmedEmail } from "../auth/email-confirmation.ts";
import { isLocale, type Locale } from "#common/locales.ts";
import { and, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { PAGE_SIZE } from "#common/constants.ts";
import type { Cursor } from "#common/cursor.ts";
import { AppError } from "#common/errors.ts";
import { MESSAGES } from "#common/messages.ts";
import type { SessionUser } from "#common/access.ts";
import type { Database } from "../db/client.ts";
import { authAccounts, type Payment, type SocialProfile, tools, userSlugRedirects, users } from "../db/schema.ts";
import {
  afterCursor,
  isPublicTool,
  toCard,
  toolCardColumns,
  type ToolCardRow,
  type ToolPage,
} from "../tools/read/queries.ts";
import { dependsOn, pageTags } from "../cache/page-tags.ts";
import { keysetPage } from "../db/keyset.ts";

/**
 * The tools that are a user's: those whose creator is their slug, unless that is only a claim still waiting for its
 * answer (docs/product.md §4: a claim sets the creator at once, the link comes when it is accepted).
 */
export function toolsOwnedBy(slug: string): SQL {
  return and(eq(tools.creatorUsername, slug), sql`not (${tools.hasBeenClaimed} and not ${tools.wasClaimedAccepted})`)!;
}

/**
 * The tools a user may have featured, or skip the line (decision 040): theirs, and those they submitted while no maker
 * is linked to them (a submission waiting for its verifier has none yet). A claim still waiting gives nothing.
 */
export function toolsFeaturableBy(user: Pick<SessionUser, "id" | "slug">): SQL {
  return or(
    toolsOwnedBy(user.slug),
    and(
      eq(tools.submittedBy, user.id),
      sql`not ${tools.isLinkedToCreator} and not (${tools.hasBeenClaimed} and not ${tools.wasClaimedAccepted})`,
    ),
  )!;
}

/** What anyone sees of a user. */
export type PublicProfile = {
  username: string;
  slug: string;
  bio: string;
  socialProfiles: SocialProfile[];
  isSolo: boolean;
  createdAt: string;
};

/** A payment-list entry as the owner reads it, with the name of the tool it is about. */
export type PaymentEntry = Payment & { toolName: string | null };

/** A tool the owner may ask to feature. */
export type FeaturableTool = { id: string; name: string; isLive: boolean };

/** What only the profile's owner sees: the boosts they were granted, their payments list, and their tools for the request form. */
export type OwnerView = { boosts: number; payments: PaymentEntry[]; tools: FeaturableTool[] };

export type ProfileLookup =
  | { kind: "profile"; profile: PublicProfile; tools: ToolPage; owner: OwnerView | null }
  /** The slug was the user's former address: their current one. */
  | { kind: "moved"; slug: string };

/** The owner's editable settings (/edit-profile). */
export type ProfileSettings = {
  username: string;
  slug: string;
  email: string;
  bio: string;
  socialProfiles: SocialProfile[];
  hasSubscribedToNewsletter: boolean;
  isSolo: boolean;
  authMethod: string;
  /** Whether the account has a password to change; a Google-only account has none. */
  hasPassword: boolean;
  /** The language of their e-mails; null for the site's default. */
  locale: Locale | null;
  /** Whether their address is confirmed: the newsletter goes to a confirmed one only (decision 057). */
  isEmailConfirmed: boolean;
};

export function userQueries(db: Database) {
  async function listOwnerTools(slug: string): Promise<FeaturableTool[]> {
    const rows = await db
      .select({ id: tools.id, name: tools.name, isLive: sql<boolean>`${isPublicTool}` })
      .from(tools)
      .where(and(toolsOwnedBy(slug), eq(tools.isActive, true)))
      .orderBy(tools.name);
    return rows.map((row) => ({ ...row, isLive: Boolean(row.isLive) }));
  }

  return {
    /**
     * A profile by its slug (docs/product.md §7: users by slug): the user, their live tools newest first (one keyset page),
     * and for the owner alone their boosts, payments and tools. A former slug answers where the user is now.
     */
    async findProfileBySlug(
      slug: string,
      viewer: SessionUser | null,
      { cursor, limit = PAGE_SIZE }: { cursor?: Cursor | null; limit?: number } = {},
    ): Promise<ProfileLookup | undefined> {
      dependsOn(pageTags.profile(slug));
      const [record] = await db.select().from(users).where(eq(users.slug, slug)).limit(1);
      if (!record) {
        const [moved] = await db
          .select({ slug: users.slug })
          .from(userSlugRedirects)
          .innerJoin(users, eq(users.id, userSlugRedirects.userId))
          .where(eq(userSlugRedirects.oldSlug, slug))
          .limit(1);
        return moved ? { kind: "moved", slug: moved.slug } : undefined;
      }

      const rows: ToolCardRow[] = await db
        .select(toolCardColumns)
        .from(tools)
        .where(and(isPublicTool, toolsOwnedBy(record.slug), cursor ? afterCursor(cursor) : undefined))
        .orderBy(desc(tools.createdAt), desc(tools.id))
        .limit(limit + 1);
      const { items, nextCursor } = keysetPage(rows, limit, (last) => ({ key: last.createdAt.getTime(), id: last.id }));
      const toolPage: ToolPage = { tools: items.map(toCard), nextCursor };

      let owner: OwnerView | null = null;
      if (viewer?.id === record.id) {
        const ownTools = await listOwnerTools(record.slug);
        const names = new Map(ownTools.map((tool) => [tool.id, tool.name]));
        const missing = record.payments
          .map((entry) => entry.toolId)
          .filter((id): id is string => Boolean(id) && !names.has(id!));
        if (missing.length) {
          const more = await db
            .select({ id: tools.id, name: tools.name })
            .from(tools)
            .where(sql`${tools.id} = any(${`{${missing.join(",")}}`}::text[])`);
          for (const tool of more) names.set(tool.id, tool.name);
        }
        owner = {
          boosts: record.boosts,
          payments: record.payments
            .map((entry) => ({ ...entry, toolName: entry.toolId ? (names.get(entry.toolId) ?? null) : null }))
            .sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
          tools: ownTools,
        };
      }

      return {
        kind: "profile",
        profile: {
          username: record.username,
          slug: record.slug,
          bio: record.bio,
          // Saved links were checked (common/schemas/profiles.ts); only http(s) ones ever leave here, whatever the table holds.
          socialProfiles: record.socialProfiles.filter((social) => /^https?:\/\//i.test(social.url)),
          isSolo: record.isSolo,
          createdAt: record.createdAt.toISOString(),
        },
        tools: toolPage,
        owner,
      };
    },

    /** The signed-in user's settings for /edit-profile. */
    async getProfileSettings(user: SessionUser): Promise<ProfileSettings> {
      const [found] = await db
        .select({ record: users, isEmailConfirmed: sql<boolean>`${hasConfirmedEmail}` })
        .from(users)
        .where(eq(users.id, user.id))
        .limit(1);
      if (!found) throw new AppError("not-found", MESSAGES.auth.recordNotFound);
      const { record } = found;
      const [credential] = record.authId
        ? await db
            .select({ id: authAccounts.id })
            .from(authAccounts)
            .where(and(eq(authAccounts.userId, record.authId), eq(authAccounts.providerId, "credential")))
            .limit(1)
        : [];
      return {
        username: record.username,
        slug: record.slug,
        email: record.email,
        bio: record.bio,
        socialProfiles: record.socialProfiles,
        hasSubscribedToNewsletter: record.hasSubscribedToNewsletter,
        isSolo: record.isSolo,
        authMethod: record.authMethod,
        hasPassword: Boolean(credential),
        locale: isLocale(record.locale) ? record.locale : null,
        isEmailConfirmed: Boolean(found.isEmailConfirmed),
      };
    },
  };
}

export type UserQueries = ReturnType<typeof userQueries>;
