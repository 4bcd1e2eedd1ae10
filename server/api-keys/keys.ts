/**
 * Personal API keys (docs/decisions/028-personal-api-keys.md): a signed-in user makes named keys that may read, or read
 * and write, and revokes them; admins see and revoke every key. A request to /api/v1 that sends one acts as the key's
 * user, with their role, so every service's own rules apply (server/http/api-keys.ts).
 */
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, isNull, or, sql } from "drizzle-orm";
import { isAdmin, type SessionUser } from "#common/access.ts";
import { ADMIN_PAGE_SIZE, API_KEY_PREFIX, type ApiKeyScope, MAX_API_KEYS_PER_USER } from "#common/constants.ts";
import type { Cursor } from "#common/cursor.ts";
import { AppError } from "#common/errors.ts";
import { createId } from "#common/ids.ts";
import { MESSAGES } from "#common/messages.ts";
import type { CreateApiKeyInput, RevokeApiKeyInput } from "#common/schemas/api-keys.ts";
import { bearerToken } from "#common/schemas/api-keys.ts";
import { requireAdmin, requireSignedIn } from "../access.ts";
import { recordAudit } from "../audit/audit.ts";
import { toSessionUser } from "../auth/account-shared.ts";
import { LIMITS, type LimitState, type RateLimiter } from "../auth/rate-limit.ts";
import type { Database } from "../db/client.ts";
import { apiKeys, users } from "../db/schema.ts";
import { keysetPage, seekAfter } from "../db/keyset.ts";

/** How often a key's last use is written at most: a busy key's reads do not each write. */
const LAST_USE_EVERY_MS = 60_000;
/** How many characters of a key are kept in clear to recognise it: the prefix and 4 more. */
const SHOWN_LENGTH = API_KEY_PREFIX.length + 4;

/** A key as its owner and the admins see it: never its token. */
export type ApiKeyView = {
  id: string;
  name: string;
  prefix: string;
  scope: ApiKeyScope;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};
/** A key in the admins' list, with its owner. */
export type ApiKeyWithOwner = ApiKeyView & { owner: { username: string; slug: string } };

/** Who a keyed request is, and what its key may do. */
export type KeyedRequester = { user: SessionUser; key: { id: string; scope: ApiKeyScope } };

const viewColumns = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  scope: apiKeys.scope,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
};

function toView(row: {
  id: string;
  name: string;
  prefix: string;
  scope: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scope: row.scope as ApiKeyScope,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** SHA-256 of a token, hex: what is stored and looked up. A 256-bit random token needs no slow hash. */
export function hashApiKey(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Every key with its owner, newest first, from `cursor` on: read through api_keys_created_idx. */
export function apiKeyListQuery(db: Database, cursor: Cursor | null, limit: number) {
  return db
    .select({ ...viewColumns, username: users.username, slug: users.slug })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(seekAfter(cursor, [apiKeys.createdAt, apiKeys.id]))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .limit(limit);
}

export function apiKeyService({ db, limiter, now: clock }: { db: Database; limiter: RateLimiter; now: () => Date }) {
  return {
    /** Makes a key for the signed-in user; its token is in the answer, and nowhere else ever again. */
    async createApiKey(
      user: SessionUser | null,
      input: CreateApiKeyInput,
    ): Promise<{ key: ApiKeyView; token: string }> {
      const owner = requireSignedIn(user);
      const token = `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
      const row = await db.transaction(async (tx) => {
        // The owner's row is locked, so two keys made at once cannot both pass the count.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, owner.id)).for("update");
        const [held] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(apiKeys)
          .where(and(eq(apiKeys.userId, owner.id), isNull(apiKeys.revokedAt)));
        if ((held?.count ?? 0) >= MAX_API_KEYS_PER_USER) throw new AppError("aborted", MESSAGES.apiKey.tooMany);
        const [created] = await tx
          .insert(apiKeys)
          .values({
            id: createId("k"),
            userId: owner.id,
            name: input.name,
            scope: input.scope,
            prefix: token.slice(0, SHOWN_LENGTH),
            tokenHash: hashApiKey(token),
          })
          .returning(viewColumns);
        return created!;
      });
      return { key: toView(row), token };
    },

    /** The signed-in user's keys that still work, newest first (at most MAX_API_KEYS_PER_USER). */
    async listOwnApiKeys(user: SessionUser | null): Promise<ApiKeyView[]> {
      const owner = requireSignedIn(user);
      const rows = await db
        .select(viewColumns)
        .from(apiKeys)
        .where(and(eq(apiKeys.userId, owner.id), isNull(apiKeys.revokedAt)))
        .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
        .limit(MAX_API_KEYS_PER_USER);
      return rows.map(toView);
    },

    /** Revokes a key: its owner's own, or any key for an admin. A revoked key is refused from the next request on. */
    async revokeApiKey(user: SessionUser | null, { keyId }: RevokeApiKeyInput): Promise<ApiKeyView> {
      const revoker = requireSignedIn(user);
      const [key] = await db
        .select({ userId: apiKeys.userId, revokedAt: apiKeys.revokedAt })
        .from(apiKeys)
        .where(eq(apiKeys.id, keyId))
        .limit(1);
      if (!key || key.revokedAt) throw new AppError("not-found", MESSAGES.apiKey.notFound);
      if (key.userId !== revoker.id && !isAdmin(revoker))
        throw new AppError("permission-denied", MESSAGES.access.notAllowed);
      const [revoked] = await db.transaction(async (tx) => {
        const rows = await tx
          .update(apiKeys)
          .set({ revokedAt: clock(), revokedBy: revoker.id })
          .where(and(eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)))
          .returning(viewColumns);
        // An admin revoking another person's key is the trail's; a person revoking their own is not.
        if (rows[0] && key.userId !== revoker.id)
          await recordAudit(tx, revoker, { kind: "api-key.revoked", subject: rows[0].name, after: { keyId } });
        return rows;
      });
      if (!revoked) throw new AppError("not-found", MESSAGES.apiKey.notFound);
      return toView(revoked);
    },

    /** Every key, revoked ones included, newest first, with its owner (/admin/api-keys). */
    async listApiKeys(
      user: SessionUser | null,
      { cursor, limit = ADMIN_PAGE_SIZE }: { cursor?: Cursor | null; limit?: number } = {},
    ) {
      requireAdmin(user);
      const rows = await apiKeyListQuery(db, cursor ?? null, limit + 1);
      const page = keysetPage(rows, limit, (last) => ({ key: last.createdAt.getTime(), id: last.id }));
      const keys: ApiKeyWithOwner[] = page.items.map((row) => ({
        ...toView(row),
        owner: { username: row.username, slug: row.slug },
      }));
      return { keys, nextCursor: page.nextCursor };
    },

    /**
     * Who sends the `Authorization` header `header`: the key's user, as a session would give them, and the key's scope.
     * A header that holds no key of ours, or an unknown or revoked key, or one of a disabled user: 'unauthenticated'.
     * Records the key's use, at most once a minute.
     */
    async authenticateApiKey(header: string, now = clock()): Promise<KeyedRequester> {
      const token = bearerToken(header);
      if (!token) throw new AppError("unauthenticated", MESSAGES.apiKey.malformed);
      const [row] = await db
        .select({
          key: { id: apiKeys.id, scope: apiKeys.scope, revokedAt: apiKeys.revokedAt, lastUsedAt: apiKeys.lastUsedAt },
          user: users,
        })
        .from(apiKeys)
        .innerJoin(users, eq(users.id, apiKeys.userId))
        .where(eq(apiKeys.tokenHash, hashApiKey(token)))
        .limit(1);
      if (!row || row.key.revokedAt || row.user.isDisabled)
        throw new AppError("unauthenticated", MESSAGES.apiKey.unknown);
      const staleBefore = new Date(now.getTime() - LAST_USE_EVERY_MS);
      if (!row.key.lastUsedAt || row.key.lastUsedAt <= staleBefore) {
        // The condition is checked again in the statement: of two requests at once, one writes.
        await db
          .update(apiKeys)
          .set({ lastUsedAt: now })
          .where(
            and(
              eq(apiKeys.id, row.key.id),
              or(isNull(apiKeys.lastUsedAt), sql`${apiKeys.lastUsedAt} <= ${staleBefore.toISOString()}::timestamptz`),
            ),
          );
      }
      return { user: toSessionUser(row.user), key: { id: row.key.id, scope: row.key.scope as ApiKeyScope } };
    },

    /** Counts one request made with the key `keyId` (LIMITS.requestsPerApiKey) and says where the key stands. */
    countKeyedRequest(keyId: string, now = clock()): Promise<LimitState> {
      return limiter.take(`api-key:${keyId}`, LIMITS.requestsPerApiKey, now);
    },
  };
}

export type ApiKeyService = ReturnType<typeof apiKeyService>;
