/** Every tool, whatever its state, for admins: a search by name, and the switches of what is live and what is featured. */
import { and, desc, eq, sql } from "drizzle-orm";
import { ADMIN_PAGE_SIZE, type ToolFlag } from "#common/constants.ts";
import type { Cursor } from "#common/cursor.ts";
import { AppError } from "#common/errors.ts";
import type { ToolFlagInput, ToolLicenceInput } from "#common/schemas/moderation.ts";
import { MESSAGES } from "#common/messages.ts";
import type { SessionUser } from "#common/access.ts";
import type { Database } from "../db/client.ts";
import { launches, repositoryFacts, tools } from "../db/schema.ts";
import type { LicenceKind } from "#common/repository.ts";
import { licenceColumns } from "../tools/licences.ts";
import type { Outbox } from "../outbox/effects.ts";
import type { WebhookEvents } from "../webhooks/events.ts";
import { requireAdmin } from "../access.ts";
import { recordAudit } from "../audit/audit.ts";
import { keysetPage } from "../db/keyset.ts";

/** Where a tool stands: live (public), waiting in the queue, refused by a verifier, or switched off by an admin. */
export type ModeratedToolState = "live" | "scheduled" | "waiting" | "rejected" | "switched-off";

export type ModeratedTool = {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  website: string;
  createdAt: string;
  state: ModeratedToolState;
  /** When a verified tool held for its launch day goes live (decision 063); null otherwise. */
  launchesAt: string | null;
  creatorUsername: string | null;
  hasClaimWaiting: boolean;
  flags: Record<ToolFlag, boolean>;
  /** Its licence (decision 060): the expression, its kind, and whether an admin set them (the refresh then leaves them). */
  licence: { text: string | null; kind: LicenceKind | null; isSetByAdmin: boolean };
};

export type ModeratedToolPage = { tools: ModeratedTool[]; nextCursor: string | null };

const columns = {
  id: tools.id,
  name: tools.name,
  slug: tools.slug,
  logo: tools.logo,
  website: tools.website,
  createdAt: tools.createdAt,
  isVerified: tools.isVerified,
  rejectedAt: tools.rejectedAt,
  creatorUsername: tools.creatorUsername,
  hasBeenClaimed: tools.hasBeenClaimed,
  wasClaimedAccepted: tools.wasClaimedAccepted,
  isActive: tools.isActive,
  isFeaturedHome: tools.isFeaturedHome,
  isFeaturedCategory: tools.isFeaturedCategory,
  isFeaturedNL: tools.isFeaturedNL,
  isHomeBoosted: tools.isHomeBoosted,
  licence: tools.licence,
  licenceKind: tools.licenceKind,
  isLicenceSetByAdmin: tools.isLicenceSetByAdmin,
  // The launch it waits for, by the launches' primary key: one row a tool at most.
  launchesAt: sql<string | Date | null>`(select ${launches.launchAt} from ${launches}
    where ${launches.toolId} = ${tools.id} and ${launches.isWaiting})`.as("launches_at"),
};

type Row = typeof tools.$inferSelect;

function stateOf(
  row: Pick<Row, "isActive" | "isVerified" | "rejectedAt">,
  launchesAt: string | null,
): ModeratedToolState {
  if (!row.isActive) return row.isVerified && launchesAt ? "scheduled" : "switched-off";
  if (row.isVerified) return "live";
  return row.rejectedAt ? "rejected" : "waiting";
}

function toModerated(
  row: Pick<Row, Exclude<keyof typeof columns, "launchesAt">> & { launchesAt?: string | Date | null },
): ModeratedTool {
  const launchesAt = row.launchesAt ? new Date(row.launchesAt).toISOString() : null;
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    logo: row.logo,
    website: row.website,
    createdAt: row.createdAt.toISOString(),
    state: stateOf(row, launchesAt),
    launchesAt,
    creatorUsername: row.creatorUsername,
    hasClaimWaiting: row.hasBeenClaimed && !row.wasClaimedAccepted,
    flags: {
      isActive: row.isActive,
      isFeaturedHome: row.isFeaturedHome,
      isFeaturedCategory: row.isFeaturedCategory,
      isFeaturedNL: row.isFeaturedNL,
      isHomeBoosted: row.isHomeBoosted,
    },
    licence: { text: row.licence, kind: row.licenceKind, isSetByAdmin: row.isLicenceSetByAdmin },
  };
}

/** `text` as a LIKE pattern that matches it literally anywhere in a name. */
function containing(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export type AdminToolsDependencies = {
  db: Database;
  writeToolSnapshot: (id: string) => Promise<void>;
  /** `tool.updated` for a change the public sees, written in the change's transaction (decision 029). */
  webhooks: WebhookEvents;
  outbox: Pick<Outbox, "poke">;
};

export function adminTools({ db, writeToolSnapshot, webhooks, outbox }: AdminToolsDependencies) {
  return {
    /**
     * Tools of any state, newest first, whose name contains `q` (the trigram index tools_name_trgm_idx answers the
     * LIKE), one keyset page after `cursor`. Ids begin with their creation time, so the primary key gives the order;
     * the cursor's key is unused (0) and its id is the last tool's.
     */
    async searchTools(
      user: SessionUser | null,
      { q, cursor, limit = ADMIN_PAGE_SIZE }: { q?: string; cursor?: Cursor | null; limit?: number } = {},
    ): Promise<ModeratedToolPage> {
      requireAdmin(user);
      const rows = await db
        .select(columns)
        .from(tools)
        .where(
          and(
            q ? sql`lower(${tools.name}) like ${containing(q)}` : undefined,
            cursor ? sql`${tools.id} < ${cursor.id}` : undefined,
          ),
        )
        .orderBy(desc(tools.id))
        .limit(limit + 1);
      const { items, nextCursor } = keysetPage(rows, limit, (last) => ({ key: 0, id: last.id }));
      return { tools: items.map(toModerated), nextCursor };
    },

    /**
     * Switches one flag of a tool (live or off, featured on the home page, its categories, the newsletter, boosted); its
     * public snapshot follows. A switch that changes a verified tool that is live before or after it (switched off or
     * back on, featured or not) is a `tool.updated`; a flag of a tool in the queue or already off is no one's news.
     */
    async setToolFlag(user: SessionUser | null, { toolId, flag, value }: ToolFlagInput): Promise<ModeratedTool> {
      const admin = requireAdmin(user);
      const updated = await db.transaction(async (tx) => {
        const [before] = await tx
          .select({ isVerified: tools.isVerified, isActive: tools.isActive, value: tools[flag] })
          .from(tools)
          .where(eq(tools.id, toolId))
          .for("update");
        if (!before) throw new AppError("not-found", MESSAGES.tool.notFoundById);
        const [row] = await tx
          .update(tools)
          .set({ [flag]: value, updatedAt: new Date() })
          .where(eq(tools.id, toolId))
          .returning();
        if (before.isVerified && before.value !== value && (before.isActive || row!.isActive))
          await webhooks.enqueue(tx, "tool.updated", { tool: row! });
        if (before.value !== value)
          await recordAudit(tx, admin, {
            kind: "tool.flag",
            toolId,
            subject: row!.name,
            before: { [flag]: before.value },
            after: { [flag]: value },
          });
        return row!;
      });
      outbox.poke();
      // A tool switched off loses its snapshot; one switched back on, or featured, gets it rewritten.
      await writeToolSnapshot(toolId);
      return toModerated(updated);
    },

    /**
     * Sets a tool's licence and its kind by hand (decision 060), kept over the repository's later reads; or, with
     * `fromRepository`, hands it back to the repository: its last read licence, classified, at once.
     */
    async setToolLicence(
      user: SessionUser | null,
      { toolId, licence, kind, fromRepository }: ToolLicenceInput,
    ): Promise<ModeratedTool> {
      const admin = requireAdmin(user);
      const updated = await db.transaction(async (tx) => {
        const [before] = await tx
          .select({ licence: tools.licence, kind: tools.licenceKind, isSetByAdmin: tools.isLicenceSetByAdmin })
          .from(tools)
          .where(eq(tools.id, toolId))
          .for("update");
        if (!before) throw new AppError("not-found", MESSAGES.tool.notFoundById);
        let after: { licence: string | null; licenceKind: LicenceKind | null; isLicenceSetByAdmin: boolean };
        if (fromRepository) {
          const [read] = await tx
            .select({ licence: repositoryFacts.licence })
            .from(repositoryFacts)
            .where(eq(repositoryFacts.toolId, toolId));
          after = { ...licenceColumns(read?.licence), isLicenceSetByAdmin: false };
        } else after = { licence, licenceKind: kind, isLicenceSetByAdmin: true };
        const [row] = await tx
          .update(tools)
          .set({ ...after, updatedAt: new Date() })
          .where(eq(tools.id, toolId))
          .returning();
        await recordAudit(tx, admin, {
          kind: "tool.licence",
          toolId,
          subject: row!.name,
          before: { licence: before.licence, kind: before.kind, isSetByAdmin: before.isSetByAdmin },
          after: { licence: after.licence, kind: after.licenceKind, isSetByAdmin: after.isLicenceSetByAdmin },
        });
        if (row!.isVerified && row!.isActive) await webhooks.enqueue(tx, "tool.updated", { tool: row! });
        return row!;
      });
      outbox.poke();
      await writeToolSnapshot(toolId);
      return toModerated(updated);
    },
  };
}
