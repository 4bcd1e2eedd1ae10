/** Fills a database with a large synthetic catalogue of live tools, so the benchmark measures pages at a realistic scale. */
import { count, getTableColumns, type SQL, sql } from "drizzle-orm";
import { PAYMENT_TYPES } from "#common/constants.ts";
import { createId } from "#common/ids.ts";
import { slugify } from "#common/slugify.ts";
import { addWeeks, mondayOf, PLACEMENTS } from "#common/sponsors.ts";
import { PAGE_CACHE_CHANNEL } from "#server/cache/invalidation.ts";
import { openDatabase, rowsOf, type Transaction } from "#server/db/client.ts";
import {
  categories,
  facetCounts,
  repositoryFacts,
  repositoryHistory,
  deals,
  launches,
  purchases,
  searches,
  sponsorPlacements,
  sponsorships,
  sponsorWeeks,
  tools,
  toolTerms,
  users,
} from "#server/db/schema.ts";
import { rebuildLiveCounts } from "#server/catalogue/import.ts";
import { readDemoCatalogue } from "#server/demo/catalogue.ts";
import { buildToolRow, type NewToolRow } from "#server/tools/lifecycle/rows.ts";
import { licenceColumns } from "#server/tools/licences.ts";
import { RISING_DAMPING } from "#common/repository.ts";
import {
  chooseDatabase,
  databaseOptions,
  describeDatabase,
  FIRST_WORDS,
  intFlag,
  LONG_TAIL_PREFIX,
  parseFlags,
  SECOND_WORDS,
  seconds,
  shunnedTag,
  TAGS,
} from "./bench-lib.ts";

/** One tool in this many belongs to a maker, whose profile lists it. */
const MAKER_EVERY = 20;
/** Tools per maker made. */
const TOOLS_PER_MAKER = 1000;
/** Tools of each tag of the long tail, about. */
const LONG_TAIL_TOOLS = 40;
/** Search texts recorded, as people's searches would have left them. */
const SEARCH_TEXTS = 2000;
/** How many weeks each placement is sold in the seed, from the current one: the rest of /advertise's weeks are free. */
const SPONSORED_WEEKS = 4;

const USAGE = `Usage: npm run bench:seed -- [--tools 100000] [--database-url postgres://...] [--data-dir ./data/bench] [--reset] [--batch 1000]

Inserts N synthetic live tools (and the categories, when there are none) into PostgreSQL when
--database-url or DATABASE_URL is given, else into an embedded PGlite in --data-dir (default ./data/bench), with a
maker for every thousand tools (each linked to one tool in ${MAKER_EVERY}) and the most searched texts. Tags are
common ones (each category shuns one of them: filters that match nothing together) and a long tail of a few dozen
tools each. One tool in two has a GitHub repository, with a licence, facts read within the last two days and this
year's weekly history.
--reset deletes every tool first.`;

const values = parseFlags(
  { ...databaseOptions, tools: { type: "string" }, batch: { type: "string" }, reset: { type: "boolean" } },
  USAGE,
);
const toolCount = intFlag("tools", values.tools, 100_000, { min: 0 });
// About 20 parameters a row: 1,000 rows stay well under PostgreSQL's 65,535 parameters a statement.
const batchSize = intFlag("batch", values.batch, 1_000);
const target = chooseDatabase(values);

/** A seeded generator: the same catalogue shape on every run, so two benchmarks compare like with like. */
function mulberry32(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const random = mulberry32(20_250_101);
/** The repositories' own generator: the rest of the catalogue stays what it was before they were seeded. */
const repositoryRandom = mulberry32(20_261_129);

/** Licences as a catalogue of indie tools has them, by weight; null is a repository whose licence GitHub cannot name. */
const LICENCES: [string | null, number][] = [
  ["MIT", 34],
  ["Apache-2.0", 20],
  ["AGPL-3.0", 12],
  ["GPL-3.0", 8],
  ["BSD-3-Clause", 5],
  ["MPL-2.0", 3],
  ["BUSL-1.1", 4],
  ["SSPL-1.0", 2],
  ["Elastic-2.0", 2],
  [null, 10],
];

/** One tool in two has a repository on GitHub, with a licence from LICENCES; some are self-hostable. */
function syntheticRepository(n: number): Partial<NewToolRow> {
  if (repositoryRandom() >= 0.5)
    return { repositoryUrl: null, licence: null, licenceKind: null, selfHostable: null, isLicenceSetByAdmin: false };
  let left = repositoryRandom() * LICENCES.reduce((sum, [, weight]) => sum + weight, 0);
  const [licence] = LICENCES.find(([, weight]) => (left -= weight) < 0) ?? LICENCES[0]!;
  const hosting = repositoryRandom();
  return {
    repositoryUrl: `https://github.com/bench/tool-${n + 1}`,
    ...licenceColumns(licence),
    isLicenceSetByAdmin: false,
    selfHostable: hosting < 0.3 ? "confirmed" : hosting < 0.4 ? "declared" : null,
  };
}

/** Row by row work a bulk load does once at the end instead (migrations 0004 and 0014), and the lists' terms and counts (0033), faster in a few large statements. */
const BULK_LOAD_TRIGGERS = [
  "tools_counts",
  "tools_page_cache_insert",
  "tools_listings_insert",
  "tools_repository_insert",
];
/** Tools whose listing one statement writes at the end. */
const LISTING_CHUNK = 100_000;
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
function pickSome<T>(list: readonly T[], min: number, max: number): T[] {
  const wanted = Math.min(list.length, min + Math.floor(random() * (max - min + 1)));
  const chosen = new Set<T>();
  while (chosen.size < wanted) chosen.add(pick(list));
  return [...chosen];
}

/** The demo catalogue's categories, so synthetic tools spread over the real ones. */
function categoryRows(now: Date) {
  const list = readDemoCatalogue().categories;
  return list.map((category) => ({
    id: createId("c", now),
    label: category.label,
    slug: slugify(category.label),
    description: category.description,
    color: category.color,
    createdAt: now,
    updatedAt: now,
  }));
}

/**
 * A tool's tags: 2 to 4 of the common ones, never the one its categories shun (the tag at a category's own index: a
 * real catalogue's "cms" is rarely "Legal"), so that some filters that look common match nothing together; and one in
 * two tools has a tag of the long tail, a few dozen tools each, as real catalogues do.
 */
function syntheticTags(categoryIndexes: number[], longTail: number): string[] {
  const shunned = new Set(categoryIndexes.map((index) => shunnedTag(index)));
  const tags = pickSome(
    TAGS.filter((tag) => !shunned.has(tag)),
    2,
    4,
  );
  if (random() < 0.5) tags.push(`${LONG_TAIL_PREFIX}${Math.floor(random() * longTail) + 1}`);
  return tags;
}

/** The n-th tool: one a minute back from `now`, with every 50th sharing the previous one's millisecond, so cursors meet ties. */
function syntheticTool(n: number, now: number, categoryIds: string[], makers: string[], longTail: number): NewToolRow {
  const minutesBack = n - Math.floor(n / 50);
  const createdAt = new Date(now - minutesBack * 60_000);
  const name = `${pick(FIRST_WORDS)} ${pick(SECOND_WORDS)} ${n + 1}`;
  const categoryIndexes = pickSome(
    categoryIds.map((_, index) => index),
    1,
    3,
  );
  return buildToolRow({
    name,
    website: `https://tool-${n + 1}.example.com`,
    shortDesc: `${name} helps indie developers ship faster: a synthetic tool made for load tests.`,
    longDesc: `## ${name}\n\nA synthetic tool inserted by \`npm run bench:seed\`. It exists to give the pages a realistic number of rows.`,
    categories: categoryIndexes.map((index) => categoryIds[index]!),
    tags: syntheticTags(categoryIndexes, longTail),
    paymentType: pick(PAYMENT_TYPES),
    views: Math.floor(random() * 5_000),
    clicks: Math.floor(random() * 500),
    // One in a thousand verified and held until its launch day (decision 063).
    isActive: (n + 1) % 1000 !== 0,
    isVerified: true,
    verifiedAt: createdAt,
    isHomeBoosted: random() < 0.001,
    // A few featured at the top of their categories' pages; most categories have none (the costly case to read).
    isFeaturedCategory: random() < 0.00003,
    createdAt,
    ...syntheticRepository(n),
    // Every row names every column: json_populate_recordset gives a column a row leaves out NULL, not its default.
    ...(n % MAKER_EVERY === 0 && makers.length > 0
      ? { creatorUsername: makers[(n / MAKER_EVERY) % makers.length]!, isLinkedToCreator: true }
      : { creatorUsername: null, isLinkedToCreator: false }),
  });
}

/** The makers' accounts (their records; they never sign in), by slug. */
async function insertMakers(db: Transaction, count: number, now: Date): Promise<string[]> {
  const rows = Array.from({ length: count }, (_, index) => {
    const username = `Bench Maker ${index + 1}`;
    return {
      id: createId("u", now),
      email: `maker-${index + 1}@bench.example`,
      username,
      slug: slugify(username),
      createdAt: now,
      updatedAt: now,
    };
  });
  for (let start = 0; start < rows.length; start += 1000)
    await db
      .insert(users)
      .values(rows.slice(start, start + 1000))
      .onConflictDoNothing();
  return rows.map((row) => row.slug);
}

/**
 * Sponsors (decision 064): every placement on sale, and an approved ad in each, running this week and the next few, so
 * that every page measured reads and shows the running ads, and /advertise shows sold and free weeks.
 */
async function insertSponsors(db: Transaction, now: Date) {
  await db
    .insert(sponsorPlacements)
    .values(PLACEMENTS.map((kind) => ({ kind, amount: 4900, currency: "usd", weeksAhead: 12, isOnSale: true })))
    .onConflictDoNothing();
  const weeks = Array.from({ length: SPONSORED_WEEKS }, (_, index) => addWeeks(mondayOf(now), index));
  for (const placement of PLACEMENTS) {
    const id = createId("p", now);
    await db.insert(purchases).values({
      id,
      kind: "sponsor",
      source: "stripe",
      state: "paid",
      amount: 4900 * weeks.length,
      currency: "usd",
      createdAt: now,
      updatedAt: now,
    });
    await db.insert(sponsorships).values({
      id,
      placement,
      weeks,
      endsOn: addWeeks(weeks.at(-1)!, 1),
      text: `Bench Kit: the ${placement} sponsor of the week`,
      url: "https://sponsor.bench.example",
      state: "approved",
      createdAt: now,
      updatedAt: now,
    });
    await db
      .insert(sponsorWeeks)
      .values(weeks.map((week) => ({ placement, week, sponsorshipId: id })))
      .onConflictDoNothing();
  }
}

/** Texts people searched, from the catalogue's words, with how often and how many tools they found. */
async function insertSearches(db: Transaction) {
  const words = [...FIRST_WORDS, ...SECOND_WORDS, ...TAGS].map((word) => slugify(word));
  const rows = Array.from({ length: SEARCH_TEXTS }, (_, index) => {
    const count = 1 + Math.floor(random() ** 3 * 500);
    // Most searches are made by one or two people, so they are not listed; some by many.
    return {
      text: index < words.length ? words[index]! : `${pick(words)}-${pick(words)}-${index}`,
      count,
      resultCount: 1 + Math.floor(random() * 200),
      visitors: Math.ceil(count * random()),
    };
  });
  for (let start = 0; start < rows.length; start += 1000)
    await db
      .insert(searches)
      .values(rows.slice(start, start + 1000))
      .onConflictDoNothing();
}

const columnNames = Object.fromEntries(
  Object.entries(getTableColumns(tools)).map(([key, column]) => [key, column.name]),
);

/**
 * Inserts rows as one JSON parameter that the database unpacks (json_populate_recordset): a thousand rows of twenty
 * columns as twenty thousand parameters cost the client more than the database. Columns left out take their default.
 */
async function insertRows(db: Transaction, rows: NewToolRow[], now: Date) {
  const records = rows.map((row) =>
    Object.fromEntries(Object.entries(row).map(([key, value]) => [columnNames[key]!, value])),
  );
  const names = [...new Set(records.flatMap((record) => Object.keys(record)))];
  const list = sql.join(
    names.map((name) => sql.identifier(name)),
    sql`, `,
  );
  await db.execute(
    sql`insert into ${tools} (${list}, rising) select ${list}, ${risingOf(sql`id`, sql`repository_url`, now)}
      from json_populate_recordset(null::${tools}, ${JSON.stringify(records)}::json)`,
  );
}

/** The stars a synthetic repository has this week (`id` the tool's): five orders of magnitude, from its id's hash. */
const starsOf = (id: SQL) => sql`floor(exp((abs(hashtext(${id})) % 1000) / 100.0))::int`;

/**
 * Rising, as the refresh scores it (common/repository.ts) from the history seeded below: the stars gained since last
 * week's record, which is this week's less (stars / 200 + 1). Computed as the row goes in: an update of every tool
 * with a repository afterwards rewrote half the table and its indexes.
 */
function risingOf(id: SQL, repositoryUrl: SQL, now: Date): SQL {
  const lastWeek = sql`greatest(0, ${starsOf(id)} - (${starsOf(id)} / 200 + 1))`;
  return sql`case when ${repositoryUrl} is not null and extract(week from ${now.toISOString()}::timestamptz at time zone 'UTC') > 1
    then round(10000.0 * greatest(0, ${starsOf(id)} - ${lastWeek}) / (${lastWeek} + ${RISING_DAMPING}))::int else 0 end`;
}

/**
 * Runs `work` with the indexes of `tables` that no constraint needs dropped, then builds them again from their own
 * definitions: a bulk load into forty indexes, six of them GIN, cost the rows four times what a build from the loaded
 * table costs. In the seed's one transaction: a failure leaves them as they were.
 */
async function withIndexesBuiltAfter<T>(db: Transaction, tables: string[], work: () => Promise<T>): Promise<T> {
  const indexes = rowsOf<{ name: string; definition: string }>(
    await db.execute(sql`select i.indexname as name, i.indexdef as definition from pg_indexes i
      where i.schemaname = current_schema() and i.tablename = any(${`{${tables.join(",")}}`}::text[])
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname and c.connamespace = (select oid from pg_namespace where nspname = i.schemaname))`),
  );
  for (const index of indexes) await db.execute(sql`drop index ${sql.identifier(index.name)}`);
  const result = await work();
  await timed("indexes", async () => {
    await db.execute(sql`set local maintenance_work_mem = '256MB'`);
    for (const index of indexes) await db.execute(sql.raw(index.definition));
  });
  return result;
}

/** Where the seed's time goes, phase by phase, printed at the end. */
const phases = new Map<string, number>();
async function timed<T>(phase: string, work: () => Promise<T>): Promise<T> {
  const phaseStarted = performance.now();
  try {
    return await work();
  } finally {
    phases.set(phase, (phases.get(phase) ?? 0) + performance.now() - phaseStarted);
  }
}

const started = performance.now();
const handle = await openDatabase(target.kind === "postgres" ? { url: target.url } : { dataDir: target.dataDir });
try {
  await handle.migrate();
  process.stdout.write(`database ready (${describeDatabase(target)}) in ${seconds(performance.now() - started)}\n`);

  if (values.reset) {
    // Cascade: favourites point at tools.
    await handle.db.execute(sql`truncate table ${tools} cascade`);
    process.stdout.write("deleted every tool (--reset)\n");
  }

  const now = new Date();
  const [existing] = await handle.db.select({ n: count() }).from(categories);
  if ((existing?.n ?? 0) === 0) {
    const rows = categoryRows(now);
    await handle.db.insert(categories).values(rows);
    process.stdout.write(`created ${rows.length} categories\n`);
  }
  // In a stable order, so that each category shuns the same tag on every run.
  const categoryIds = (await handle.db.select({ id: categories.id }).from(categories).orderBy(categories.slug)).map(
    (row) => row.id,
  );
  const longTail = Math.max(1, Math.round(toolCount / (2 * LONG_TAIL_TOOLS)));

  const insertStarted = performance.now();
  let lastReport = insertStarted;
  // One transaction: the per-row triggers that keep the live-tool counts, and the page cache's notices, are switched
  // off while the rows go in, and the counts are rebuilt once at the end. A failure leaves the database as it was.
  await handle.db.transaction(async (tx) => {
    const makers = await insertMakers(tx, Math.max(1, Math.floor(toolCount / TOOLS_PER_MAKER)), now);
    await insertSearches(tx);
    await insertSponsors(tx, now);
    // The lists' indexes and the repositories' are built once the rows are in.
    await withIndexesBuiltAfter(tx, ["tools", "tool_terms", "repository_facts", "repository_history"], async () => {
      for (const trigger of BULK_LOAD_TRIGGERS)
        await tx.execute(sql`alter table ${tools} disable trigger ${sql.identifier(trigger)}`);
      const inserted: string[] = [];
      for (let done = 0; done < toolCount; ) {
        const size = Math.min(batchSize, toolCount - done);
        const batch = Array.from({ length: size }, (_, index) =>
          syntheticTool(done + index, now.getTime(), categoryIds, makers, longTail),
        );
        await timed("rows", () => insertRows(tx, batch, now));
        for (const row of batch) inserted.push(row.id);
        done += size;
        if (performance.now() - lastReport > 2_000 || done === toolCount) {
          lastReport = performance.now();
          const rate = Math.round(done / ((lastReport - insertStarted) / 1000));
          process.stdout.write(
            `  ${done.toLocaleString("en")} / ${toolCount.toLocaleString("en")} tools (${rate.toLocaleString("en")}/s)\n`,
          );
        }
      }
      for (const trigger of BULK_LOAD_TRIGGERS)
        await tx.execute(sql`alter table ${tools} enable trigger ${sql.identifier(trigger)}`);
      // What the counts trigger would have done row by row (migration 0004's backfill), once.
      await timed("counts", () => rebuildLiveCounts(tx));
      // What the listings trigger would have done for each batch (migration 0033), for the new tools only.
      for (let start = 0; start < inserted.length; start += LISTING_CHUNK) {
        const ids = `{${inserted.slice(start, start + LISTING_CHUNK).join(",")}}`;
        await timed("listings", () =>
          tx.execute(
            sql`select apply_tool_listings('{}', array(select l from ${tools} t, tool_listing_of(t) as l where t.id = any(${ids}::text[]) and (l).id is not null))`,
          ),
        );
      }
      // What the repository trigger would have done row by row (migration 0054), with facts as the hourly job would have
      // read them: stars spread over five orders of magnitude, last commits mostly recent but some a year or more old,
      // one in fifty archived, read within the last two days; and this year's weekly history, up to this week.
      for (let start = 0; start < inserted.length; start += LISTING_CHUNK) {
        const ids = `{${inserted.slice(start, start + LISTING_CHUNK).join(",")}}`;
        await timed("repository facts", () =>
          tx.execute(sql`insert into ${repositoryFacts} (tool_id, url, state, stars, forks, is_archived, licence,
            last_commit_at, latest_release_tag, latest_release_at, first_read_at, checked_at)
          select t.id, t.repository_url, 'read', r.stars, r.stars / 8, r.h % 50 = 0, t.licence,
            ${now.toISOString()}::timestamptz - (power((r.h2 % 1000) / 1000.0, 3) * 1500) * interval '1 day',
            case when r.h % 3 > 0 then 'v' || (r.h % 9 + 1) || '.' || (r.h2 % 20) || '.0' end,
            case when r.h % 3 > 0 then ${now.toISOString()}::timestamptz - (power((r.h % 1000) / 1000.0, 2) * 700 + 3) * interval '1 day' end,
            ${now.toISOString()}::timestamptz - interval '330 days',
            ${now.toISOString()}::timestamptz - (r.h2 % 48) * interval '1 hour'
          from ${tools} t
          cross join lateral (select abs(hashtext(t.id)) as h, abs(hashtext(t.id || '/')) as h2) x
          cross join lateral (select x.h, x.h2, ${starsOf(sql`t.id`)} as stars) r
          where t.id = any(${ids}::text[]) and t.repository_url is not null`),
        );
        await timed("repository history", () =>
          tx.execute(sql`insert into ${repositoryHistory} (tool_id, year, stars, forks, commit_days, release_days)
          select f.tool_id, extract(isoyear from ${now.toISOString()}::timestamptz at time zone 'UTC')::smallint,
            array(select greatest(0, f.stars - (weeks.last - g.n) * (f.stars / 200 + 1))::int from generate_series(1, weeks.last) as g(n)),
            array(select greatest(0, f.forks - (weeks.last - g.n) * (f.forks / 200))::int from generate_series(1, weeks.last) as g(n)),
            array(select ((f.last_commit_at at time zone 'UTC')::date - date '2000-01-01')::smallint from generate_series(1, weeks.last)),
            array(select ((f.latest_release_at at time zone 'UTC')::date - date '2000-01-01')::smallint from generate_series(1, weeks.last))
          from ${repositoryFacts} f
          cross join (select extract(week from ${now.toISOString()}::timestamptz at time zone 'UTC')::int as last) weeks
          where f.tool_id = any(${ids}::text[])`),
        );
        // Deals (decision 061): one tool in a hundred has one, ending within the next two months.
        await tx.execute(sql`insert into ${deals} (tool_id, code, offer, ends_at)
          select t.id, 'BENCH' || (abs(hashtext(t.id)) % 1000), 'A month free',
            ${now.toISOString()}::timestamptz + (1 + abs(hashtext(t.id || '#')) % 60) * interval '1 day'
          from ${tools} t where t.id = any(${ids}::text[]) and abs(hashtext(t.id)) % 100 = 0`);
        // Launch days (decision 063): one live tool in a thousand launched on a day its maker chose, the day it went
        // live; and the held tools' days, within the next two months.
        await tx.execute(sql`insert into ${launches} (tool_id, launch_at)
          select t.id, coalesce(t.verified_at, t.created_at)
          from ${tools} t where t.id = any(${ids}::text[]) and t.is_active and abs(hashtext(t.id || '@')) % 1000 = 0`);
        await tx.execute(sql`insert into ${launches} (tool_id, launch_at, is_waiting)
          select t.id, date_trunc('day', ${now.toISOString()}::timestamptz at time zone 'UTC') at time zone 'UTC'
            + (1 + abs(hashtext(t.id)) % 60) * interval '1 day', true
          from ${tools} t where t.id = any(${ids}::text[]) and not t.is_active`);
      }
    });
    // Every cached page of a running server is dropped, as the notices switched off would have done.
    await tx.execute(sql`select pg_notify(${PAGE_CACHE_CHANNEL}, '*')`);
  });
  const insertMs = performance.now() - insertStarted;

  // What autovacuum would do to a settled database: fresh statistics for the planner, and a visibility map
  // so index-only scans skip the heap. Without it the first benchmark measures a freshly loaded table instead.
  const vacuumStarted = performance.now();
  await handle.db.execute(
    sql`vacuum (analyze) ${tools}, ${categories}, ${toolTerms}, ${facetCounts}, ${users}, ${searches}, ${repositoryFacts}, ${repositoryHistory}, ${deals}, ${launches}`,
  );
  const vacuumMs = performance.now() - vacuumStarted;

  const [total] = await handle.db.select({ n: count() }).from(tools);
  process.stdout.write(`  ${[...phases].map(([phase, ms]) => `${phase} ${seconds(ms)}`).join(", ")}\n`);
  process.stdout.write(
    `seeded ${toolCount.toLocaleString("en")} tools in ${seconds(insertMs)}: ${Math.round(toolCount / (insertMs / 1000)).toLocaleString("en")} tools/s ` +
      `(${describeDatabase(target)}); vacuum ${seconds(vacuumMs)}, ${total?.n ?? 0} tools in the table, ${seconds(performance.now() - started)} in all\n`,
  );
} finally {
  // PGlite allows one process per data folder: release it before anything else (the benchmark's server) opens it.
  await handle.close();
}
