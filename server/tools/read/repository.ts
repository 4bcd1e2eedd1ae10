/** A tool's repository as its page shows it (decision 060): the facts as the hourly job last read them, and the stars by week. */
import { type SQL, sql } from "drizzle-orm";
import { repositoryHealth, type RepositoryView } from "#common/repository.ts";
import { type Database, rowsOf } from "../../db/client.ts";
import { iso, type RepositoryRow } from "../jobs/repository-facts.ts";

/** The tool's repository and its weekly stars: one key lookup in each table. Exported for the query-plan test. */
export function repositoryQuery(toolId: string): SQL {
  return sql`select r.tool_id, r.url, r.state, r.stars, r.forks, r.is_archived, r.last_commit_at,
      r.latest_release_tag, r.latest_release_at, r.checked_at, (
        select json_agg(json_build_object('week', to_char(to_date(h.year || '-' || w, 'IYYY-IW'), 'YYYY-MM-DD'), 'stars', h.stars[w])
          order by h.year, w)
        from repository_history h, generate_subscripts(h.stars, 1) as w
        where h.tool_id = r.tool_id and h.stars[w] is not null
      ) as weeks
    from repository_facts r where r.tool_id = ${toolId}`;
}

/**
 * The tool's repository, or null without one: one key lookup in repository_facts, and the tool's history rows (one a
 * year) unrolled week by week, oldest first.
 */
export async function readRepository(db: Database, toolId: string, now: Date): Promise<RepositoryView | null> {
  const [row] = rowsOf<
    RepositoryRow & { checked_at: Date | string | null; weeks: RepositoryView["starsByWeek"] | null }
  >(await db.execute(repositoryQuery(toolId)));
  if (!row) return null;
  const lastCommitAt = iso(row.last_commit_at);
  return {
    url: row.url,
    state: row.state,
    stars: row.stars,
    forks: row.forks,
    isArchived: row.is_archived,
    lastCommitAt,
    latestRelease:
      row.latest_release_tag && row.latest_release_at
        ? { tag: row.latest_release_tag, publishedAt: iso(row.latest_release_at)! }
        : null,
    checkedAt: iso(row.checked_at),
    // As of when it was read, which the page says beside it: facts of another day judged today would say "unmaintained"
    // of a repository nobody could read for a while, not of one its makers left.
    health:
      row.state === "read"
        ? repositoryHealth(
            { isArchived: row.is_archived, lastCommitAt },
            row.checked_at ? new Date(row.checked_at) : now,
          )
        : null,
    starsByWeek: row.weeks ?? [],
  };
}
