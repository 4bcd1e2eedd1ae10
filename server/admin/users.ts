/** Users as admins see them: a list and a search, roles (docs/product.md §6), and disabling an account, which ends its sessions at once. */
import { and, asc, eq, sql } from "drizzle-orm";
import { ADMIN_PAGE_SIZE, type UserRole } from "#common/constants.ts";
import type { Cursor } from "#common/cursor.ts";
import { AppError } from "#common/errors.ts";
import type { RoleChangeInput, UserDisabledInput } from "#common/schemas/moderation.ts";
import { slugify } from "#common/slugify.ts";
import { MESSAGES } from "#common/messages.ts";
import type { TokenSync } from "../auth/token-sync.ts";
import type { Outbox } from "../outbox/effects.ts";
import type { SessionUser } from "#common/access.ts";
import type { Database } from "../db/client.ts";
import { authSessions, users } from "../db/schema.ts";
import { requireAdmin } from "../access.ts";
import { recordAudit } from "../audit/audit.ts";
import { keysetPage } from "../db/keyset.ts";

export type ModeratedUser = {
  id: string;
  username: string;
  slug: string;
  email: string;
  role: UserRole;
  isDisabled: boolean;
  authMethod: string;
  createdAt: string;
};

export type ModeratedUserPage = { users: ModeratedUser[]; nextCursor: string | null };

const columns = {
  id: users.id,
  username: users.username,
  slug: users.slug,
  email: users.email,
  role: users.role,
  isDisabled: users.isDisabled,
  authMethod: users.authMethod,
  createdAt: users.createdAt,
};

type Row = { [K in keyof typeof columns]: (typeof users.$inferSelect)[K] };

function toModerated(row: Row): ModeratedUser {
  return { ...row, role: row.role as UserRole, createdAt: row.createdAt.toISOString() };
}

/**
 * Slugs beginning with `prefix`, as a range of users_slug_key: from the prefix itself to the prefix followed by more
 * 'z's than any slug is long, which also bounds it under collations that weigh hyphens lightly. The LIKE keeps it exact.
 */
const LONGEST_SLUG_TAIL = "z".repeat(255);
function slugStartsWith(prefix: string) {
  // Text without a letter or digit names nobody.
  if (!prefix) return sql`false`;
  return sql`(${users.slug} >= ${prefix} and ${users.slug} <= ${prefix + LONGEST_SLUG_TAIL} and ${users.slug} like ${`${prefix}%`})`;
}

export function adminUsers({ db, outbox, tokenSync }: { db: Database; outbox: Outbox; tokenSync: TokenSync }) {
  return {
    /**
     * Users by slug, one keyset page after `cursor` (its id is the last slug; users_slug_key gives the order).
     * `q` with an '@' finds the user with that e-mail (users_email_key); other text finds usernames that begin with it.
     */
    async listUsers(
      user: SessionUser | null,
      { q, cursor, limit = ADMIN_PAGE_SIZE }: { q?: string; cursor?: Cursor | null; limit?: number } = {},
    ): Promise<ModeratedUserPage> {
      requireAdmin(user);
      const search = q
        ? q.includes("@")
          ? sql`lower(${users.email}) = ${q.toLowerCase()}`
          : slugStartsWith(slugify(q))
        : undefined;
      const rows = await db
        .select(columns)
        .from(users)
        .where(and(search, cursor ? sql`${users.slug} > ${cursor.id}` : undefined))
        .orderBy(asc(users.slug))
        .limit(limit + 1);
      const { items, nextCursor } = keysetPage(rows, limit, (last) => ({ key: 0, id: last.slug }));
      return { users: items.map(toModerated), nextCursor };
    },

    /** Gives a user a role; it applies from their next request. An admin cannot demote themselves, so a site always keeps one. */
    async setUserRole(user: SessionUser | null, { userId, role }: RoleChangeInput): Promise<ModeratedUser> {
      const admin = requireAdmin(user);
      if (userId === admin.id && role !== "admin")
        throw new AppError("invalid-argument", MESSAGES.moderation.ownRole, { role: MESSAGES.moderation.ownRole });
      const updated = await db.transaction(async (tx) => {
        const [before] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId)).for("update");
        const [row] = await tx
          .update(users)
          .set({ role, updatedAt: new Date() })
          .where(eq(users.id, userId))
          .returning(columns);
        if (row && before!.role !== role)
          await recordAudit(tx, admin, {
            kind: "user.role",
            subject: row.email,
            before: { role: before!.role },
            after: { role },
          });
        return row;
      });
      if (!updated) throw new AppError("not-found", MESSAGES.moderation.userNotFound);
      return toModerated(updated);
    },

    /**
     * Disables a user (they cannot sign in again, decision 007) and ends every session they have now; or enables them
     * again, and they may sign in.
     */
    async setUserDisabled(user: SessionUser | null, { userId, disabled }: UserDisabledInput): Promise<ModeratedUser> {
      const admin = requireAdmin(user);
      if (userId === admin.id && disabled) throw new AppError("invalid-argument", MESSAGES.moderation.ownAccount);
      const { updated } = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({ isDisabled: disabled, updatedAt: new Date() })
          .where(eq(users.id, userId))
          .returning({ ...columns, authId: users.authId });
        if (row) await recordAudit(tx, admin, { kind: "user.disabled", subject: row.email, after: { disabled } });
        if (!row || !disabled || !row.authId) return { updated: row };
        const ended = await tx
          .delete(authSessions)
          .where(eq(authSessions.userId, row.authId))
          .returning({ token: authSessions.token });
        await outbox.enqueue(tx, tokenSync.signedOut(ended.map((session) => session.token)));
        return { updated: row };
      });
      outbox.poke();
      if (!updated) throw new AppError("not-found", MESSAGES.moderation.userNotFound);
      const { authId: _authId, ...record } = updated;
      return toModerated(record);
    },
  };
}
