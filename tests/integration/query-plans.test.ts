/** The list queries must be answered by an index in list order: a Sort node would mean reading every live tool per page. */
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { PAGE_SIZE } from "#common/constants.ts";
import { rankedSearchQuery, searchCandidatesQuery } from "#server/search/queries.ts";
import { latestToolsQuery } from "#server/tools/read/queries.ts";
import { likelyDuplicateQuery, possibleDuplicatesQuery } from "#server/tools/lifecycle/duplicates.ts";
import { isQueuedTool } from "#server/tools/lifecycle/queue.ts";
import { tools } from "#server/db/schema.ts";
import { outboxStatusQuery } from "#server/system/monitor.ts";
import { insertTools } from "../factories.ts";
import { databaseKinds, explainAll, explainMainPlan } from "../setup/database.ts";
import { mostViewedDueQuery, stalestDueQuery } from "#server/tools/jobs/repository-facts.ts";
import { repositoryQuery } from "#server/tools/read/repository.ts";
import { useTestDatabase } from "../setup/fixtures.ts";

describe.each(databaseKinds)("query plans on %s", (kind) => {
  const database = useTestDatabase(kind);

  beforeAll(async () => {
    await insertTools(database.db, 300);
    await insertTools(database.db, 300, new Date("2025-06-01T00:00:00Z"), {
      name: "Bulk analytics",
      tags: ["analytics"],
    });
    await database.db.execute(sql`analyze tools`);
  });

  it("reads the first page of the latest tools straight from the index", async () => {
    const text = await explainMainPlan(database.db, latestToolsQuery(database.db, null, PAGE_SIZE + 1));
    expect(text).toContain("tools_public_latest_idx");
    expect(text).not.toMatch(/Sort/);
  });

  it("seeks to a later page instead of filtering the rows before it", async () => {
    const text = await explainMainPlan(
      database.db,
      latestToolsQuery(database.db, { key: new Date("2025-12-31T00:00:00Z").getTime(), id: "tzzz" }, PAGE_SIZE + 1),
    );
    expect(text).toContain("tools_public_latest_idx");
    expect(text).toMatch(
      /Index Cond: .*ROW\(tools\.created_at, tools\.id\) < ROW|Index Cond: \(ROW\(created_at, id\) < ROW/,
    );
    expect(text).not.toMatch(/Sort/);
  });

  it("counts and walks the verification queue through tools_queue_idx, whose condition is the queue's", async () => {
    await insertTools(database.db, 40, new Date("2025-03-01T00:00:00Z"), { name: "Waiting tool", isVerified: false });
    await database.db.execute(sql`analyze tools`);
    const count = await explainMainPlan(
      database.db,
      database.db.select({ count: sql`count(*)` }).from(tools).where(isQueuedTool),
    );
    expect(count).toContain("tools_queue_idx");
    expect(count).not.toMatch(/Filter/);
  });

  it.each([
    ["a common word", ["analytics"], "words"],
    ["a word no tool has", ["zzqx"], "words"],
    ["a top-list's exact words", ["analytics"], "exact"],
    ["a typo", ["analytcs"], "similar-names"],
  ] as const)(
    "finds the candidates of %s among a bounded number of tools, through indexes",
    async (_name, words, matches) => {
      const text = await explainAll(database.db, searchCandidatesQuery([...words], matches));
      expect(text).not.toMatch(/Seq Scan/);
      // The newest tools are read and cut, and so is every kind of match.
      const kinds = matches === "words" ? 2 : 1;
      expect(text.match(/Limit/g)?.length).toBeGreaterThanOrEqual(kinds * (matches === "similar-names" ? 2 : 3));
    },
  );

  it("ranks a page among the candidates, read by their ids", async () => {
    const text = await explainMainPlan(
      database.db,
      rankedSearchQuery(database.db, ["analytics"], { candidates: ["t1", "t2", "t3"], limit: PAGE_SIZE }),
    );
    expect(text).not.toMatch(/Seq Scan/);
    expect(text).toMatch(/Index Cond: \(id = ANY/);
  });

  it("finds a submission's likely and possible duplicates through the website keys' and the name's indexes", async () => {
    const likely = await explainMainPlan(
      database.db,
      likelyDuplicateQuery(database.db, { name: "Bulk tool 7", website: "https://www.elsewhere.example/app" }),
    );
    expect(likely).toContain("tools_canonical_website_idx");
    expect(likely).toContain("tools_registrable_domain_idx");
    expect(likely).not.toMatch(/Seq Scan/);
    const possible = await explainMainPlan(
      database.db,
      possibleDuplicatesQuery(database.db, {
        id: "tnone",
        name: "Bulk tool 7",
        canonicalWebsite: "elsewhere.example/app",
        registrableDomain: "elsewhere.example",
      }),
    );
    expect(possible).toContain("tools_name_trgm_idx");
    expect(possible).not.toMatch(/Seq Scan/);
  });

  it("counts the outbox's waiting and failed messages for the system page without reading the delivered ones", async () => {
    await database.db.execute(sql`
      insert into outbox (key, channel, payload, state, delivered_at)
      select 'delivered-' || n, 'mail', '{}'::jsonb, 'delivered', now() from generate_series(1, 3000) n`);
    await database.db.execute(
      sql`insert into outbox (key, channel, payload, state) values ('waiting', 'mail', '{}'::jsonb, 'due'), ('given-up', 'notice', '{}'::jsonb, 'failed')`,
    );
    await database.db.execute(sql`analyze outbox`);
    const text = await explainAll(database.db, outboxStatusQuery(new Date()));
    expect(text).toContain("outbox_due_idx");
    expect(text).toContain("outbox_failed_idx");
    expect(text).not.toMatch(/Seq Scan on outbox/);
  });

  it("reads a tool's repository and its weeks by key, and the refresh's due repositories by index", async () => {
    const repository = await explainAll(database.db, repositoryQuery("t0anything"));
    expect(repository).toContain("repository_facts_pkey");
    expect(repository).toContain("repository_history_tool_id_year_pk");
    expect(repository).not.toMatch(/Seq Scan/);
    const mostViewed = await explainAll(database.db, mostViewedDueQuery(new Date(), 10));
    expect(mostViewed).toContain("tools_public_views_idx");
    expect(mostViewed).not.toMatch(/Seq Scan/);
    const stalest = await explainAll(database.db, stalestDueQuery(new Date(), 10, ["t0a", "t0b"]));
    expect(stalest).toContain("repository_facts_checked_idx");
    expect(stalest).not.toMatch(/Seq Scan/);
  });
});
