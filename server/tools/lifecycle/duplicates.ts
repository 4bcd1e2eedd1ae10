/**
 * One tool listed twice (decision 022): what a submission is compared with, the likely duplicates that stop it, the
 * possible ones shown to verifiers beside a queued tool, and a verifier's merge of a queued submission into the listed
 * tool, which turns its submitter into a claim request.
 */
import { and, eq, sql } from "drizzle-orm";
import type { SessionUser } from "#common/access.ts";
import { AppError } from "#common/errors.ts";
import { MESSAGES } from "#common/messages.ts";
import { toolPath } from "#common/page-paths.ts";
import { canonicalWebsite, registrableDomain } from "#common/tool-input.ts";
import { recordAudit } from "../../audit/audit.ts";
import { requireModerator } from "../../access.ts";
import type { Database, Transaction } from "../../db/client.ts";
import { tools, users } from "../../db/schema.ts";
import { claimerEmailMatches, getTool, type LifecycleDependencies } from "./shared.ts";
import { makerMails } from "./maker-mails.ts";

/**
 * Registrable domains where the path, not the host, says which tool it is (a repository, a package, a store's page):
 * two tools there are the same only when their canonical websites are. Hosts that give each user a subdomain
 * (github.io, vercel.app, netlify.app...) need no entry: tldts' private suffixes already make each its own domain.
 */
export const PATH_IDENTIFIED_DOMAINS: ReadonlySet<string> = new Set([
  "github.com",
  "gitlab.com",
  "bitbucket.org",
  "codeberg.org",
  "sourceforge.net",
  "npmjs.com",
  "pypi.org",
  "crates.io",
  "google.com",
  "apple.com",
  "microsoft.com",
  "mozilla.org",
  "wordpress.org",
  "figma.com",
  "notion.so",
  "huggingface.co",
  "producthunt.com",
  "gumroad.com",
]);

/** On a domain where the path tells tools apart, a name at least this similar still makes a likely duplicate. */
export const SAME_NAME_THRESHOLD = 0.8;
/** A name at least this similar (pg_trgm's similarity, 0 to 1) to another tool's is a possible duplicate. */
export const SIMILAR_NAME_THRESHOLD = 0.45;
/** How many possible duplicates a queued tool shows at most. */
export const POSSIBLE_DUPLICATES_SHOWN = 5;

/** The columns a website is compared by, kept on every tool row (tools_canonical_website_idx, tools_registrable_domain_idx). */
export function websiteKeys(website: string): { canonicalWebsite: string; registrableDomain: string } {
  return { canonicalWebsite: canonicalWebsite(website) ?? "", registrableDomain: registrableDomain(website) ?? "" };
}

/** The registrable domain when two tools on it are one tool; null on a host where the path tells tools apart. */
function sameToolDomain(domain: string): string | null {
  return domain && !PATH_IDENTIFIED_DOMAINS.has(domain) ? domain : null;
}

/** The tools (not refused) on the same canonical website, or the same registrable domain unless the path tells tools apart. */
function onSameSite(keys: { canonicalWebsite: string; registrableDomain: string }) {
  const domain = sameToolDomain(keys.registrableDomain);
  return sql`(${tools.canonicalWebsite} = ${keys.canonicalWebsite}${domain ? sql` or ${tools.registrableDomain} = ${domain}` : sql``})`;
}

/** The likeliest tool that `tool` duplicates, through tools_canonical_website_idx and tools_registrable_domain_idx. */
export function likelyDuplicateQuery(
  db: Database | Transaction,
  { name, website }: { name: string; website: string },
  exceptId?: string,
) {
  const keys = websiteKeys(website);
  const nearlySameName = sql`(${tools.registrableDomain} = ${keys.registrableDomain} and similarity(lower(${tools.name}), ${name.toLowerCase()}) >= ${SAME_NAME_THRESHOLD})`;
  return db
    .select({ slug: tools.slug, name: tools.name, isLive: sql<boolean>`(${tools.isVerified} and ${tools.isActive})` })
    .from(tools)
    .where(
      and(
        sql`(${onSameSite(keys)} or ${nearlySameName})`,
        sql`${tools.rejectedAt} is null`,
        exceptId ? sql`${tools.id} <> ${exceptId}` : undefined,
      ),
    )
    .orderBy(sql`${tools.isVerified} desc`, tools.createdAt)
    .limit(1);
}

/**
 * Refuses a tool that is already there (a likely duplicate): the same canonical website; the same registrable domain;
 * or, on a domain where the path tells tools apart, a nearly equal name. A live one is offered to claim, one waiting for
 * its verification is said to be submitted already. A refused tool stops nothing: its maker or another may send it better.
 */
export async function refuseLikelyDuplicate(
  db: Database,
  tool: { name: string; website: string },
  exceptId?: string,
): Promise<void> {
  const [found] = await likelyDuplicateQuery(db, tool, exceptId);
  if (!found) return;
  // The form offers the maker to claim the listed tool instead: its address travels beside the message.
  if (found.isLive)
    throw new AppError("aborted", MESSAGES.tool.alreadyListed, {
      website: `${found.name} is already listed.`,
      listedTool: toolPath(found.slug),
    });
  throw new AppError("aborted", MESSAGES.tool.alreadySubmitted, {
    website: `${found.name} was already submitted: it waits for a verifier.`,
  });
}

export type PossibleDuplicate = {
  id: string;
  name: string;
  slug: string;
  website: string;
  isLive: boolean;
  /** Same canonical website or registrable domain: a likely duplicate; otherwise only the name is similar. */
  isSameSite: boolean;
};

/**
 * The tools a queued one may duplicate, likeliest first: those on the same site, then those with a similar name on
 * another (the trigram index tools_name_trgm_idx answers the `%`, after `similarity_threshold` is set for the query).
 */
export async function listPossibleDuplicates(
  db: Database,
  tool: { id: string; name: string; canonicalWebsite: string; registrableDomain: string },
): Promise<PossibleDuplicate[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.similarity_threshold', ${String(SIMILAR_NAME_THRESHOLD)}, true)`);
    return possibleDuplicatesQuery(tx, tool);
  });
}

/** The query of listPossibleDuplicates; its `%` uses pg_trgm.similarity_threshold, which the caller sets. */
export function possibleDuplicatesQuery(
  db: Database | Transaction,
  tool: { id: string; name: string; canonicalWebsite: string; registrableDomain: string },
) {
  const name = tool.name.toLowerCase();
  const sameSite = onSameSite(tool);
  return db
    .select({
      id: tools.id,
      name: tools.name,
      slug: tools.slug,
      website: tools.website,
      isLive: sql<boolean>`(${tools.isVerified} and ${tools.isActive})`,
      isSameSite: sql<boolean>`${sameSite}`,
    })
    .from(tools)
    .where(
      sql`${tools.id} <> ${tool.id} and ${tools.rejectedAt} is null and (${sameSite} or lower(${tools.name}) % ${name})`,
    )
    .orderBy(sql`${sameSite} desc`, sql`similarity(lower(${tools.name}), ${name}) desc`, tools.id)
    .limit(POSSIBLE_DUPLICATES_SHOWN);
}

/** Gives the rows made before these columns existed their website keys (run after the migrations, at start). */
export async function backfillWebsiteKeys(db: Database | Transaction): Promise<number> {
  let count = 0;
  for (;;) {
    const rows = await db
      .select({ id: tools.id, website: tools.website })
      .from(tools)
      .where(eq(tools.registrableDomain, ""))
      .limit(500);
    const keyed = rows.filter((row) => websiteKeys(row.website).registrableDomain);
    for (const row of keyed) await db.update(tools).set(websiteKeys(row.website)).where(eq(tools.id, row.id));
    count += keyed.length;
    if (rows.length < 500 || keyed.length === 0) return count;
  }
}

/** What became of a merged submission's submitter. */
export type MergeOutcome = "claim-requested" | "already-theirs" | "claimed-by-another" | "no-submitter";

export function toolDuplicates({
  db,
  outbox,
  readers,
  writeSnapshot,
  now: clock,
}: Omit<LifecycleDependencies, "limiter">) {
  return {
    /**
     * A verifier merges the queued submission `queuedId` into the live tool `listedId`: the submission is removed, and
     * its submitter asks to claim the listed tool, unless it is theirs already or someone else claimed or made it.
     * Nothing else is carried over. The submitter is e-mailed what happened.
     */
    async mergeIntoListing(
      user: SessionUser | null,
      queuedId: string,
      listedId: string,
    ): Promise<{ listed: { name: string; slug: string }; outcome: MergeOutcome }> {
      const moderator = requireModerator(user, MESSAGES.access.notAllowed);
      const queued = await getTool(db, queuedId);
      if (queued.isVerified) throw new AppError("aborted", MESSAGES.tool.alreadyVerified);
      const listed = await getTool(db, listedId);
      if (listed.id === queued.id || !listed.isVerified || !listed.isActive)
        throw new AppError("aborted", MESSAGES.moderation.mergeIntoLiveTool);
      const now = clock();
      const outcome = await db.transaction(async (tx) => {
        const [removed] = await tx
          .delete(tools)
          .where(and(eq(tools.id, queued.id), eq(tools.isVerified, false)))
          .returning({ id: tools.id });
        if (!removed) throw new AppError("aborted", MESSAGES.tool.alreadyVerified);
        await recordAudit(tx, moderator, {
          kind: "tool.merged",
          toolId: listed.id,
          subject: queued.name,
          before: { id: queued.id, name: queued.name, website: queued.website },
          after: { into: listed.name },
        });
        const [submitter] = queued.submittedBy
          ? await tx
              .select({ id: users.id, slug: users.slug })
              .from(users)
              .where(eq(users.id, queued.submittedBy))
              .limit(1)
          : [];
        if (!submitter) return "no-submitter" as const;
        let outcome: MergeOutcome;
        if (listed.creatorUsername === submitter.slug || listed.claimedBy === submitter.id) outcome = "already-theirs";
        else if (listed.hasBeenClaimed || listed.isLinkedToCreator) outcome = "claimed-by-another";
        else {
          const [claimed] = await tx
            .update(tools)
            .set({
              hasBeenClaimed: true,
              creatorUsername: submitter.slug,
              claimedBy: submitter.id,
              isClaimLikelyGenuine: await claimerEmailMatches(tx, submitter.id, listed.websiteDomain),
              updatedAt: now,
            })
            .where(and(eq(tools.id, listed.id), eq(tools.hasBeenClaimed, false), eq(tools.isLinkedToCreator, false)))
            .returning({ id: tools.id });
          outcome = claimed ? "claim-requested" : "claimed-by-another";
        }
        await outbox.enqueue(
          tx,
          await makerMails(readers).merged(tx, submitter.id, queued, listed, outcome, `tool-merged:${queued.id}`),
        );
        return outcome;
      });
      outbox.poke();
      await writeSnapshot(queued.id);
      return { listed: { name: listed.name, slug: listed.slug }, outcome };
    },
  };
}
