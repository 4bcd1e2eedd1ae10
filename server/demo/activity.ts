/**
 * What a fresh directory shows of its features beside the demo catalogue (./catalogue.ts), so that each works on the
 * first visit: the open-source tools' repositories as a dated snapshot (content/catalogue/repositories.json), likes
 * from a few demo visitors (so trending and the leaderboards mean something), launches today, last week and to come,
 * and a few deals. Everything here is the demo's own and says so: the visitors are named "Demo visitor", the deals are
 * marked as examples, the repositories' figures carry the day they were taken, and the hourly refresh replaces them
 * once GitHub answers. Loaded once, with the catalogue, into an empty database.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { z } from "#common/zod.ts";
import { createId } from "#common/ids.ts";
import { CONTENT_DIR } from "../paths.ts";
import type { Database } from "../db/client.ts";
import { deals, favorites, launches, repositoryFacts, tools, users } from "../db/schema.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

const repositorySnapshot = z.object({
  takenOn: z.iso.date(),
  repositories: z.array(
    z.object({
      tool: z.string().min(1),
      url: z.url({ protocol: /^https$/ }),
      stars: z.number().int().min(0),
      forks: z.number().int().min(0),
      /** Commits in the days before the snapshot: its health is known; otherwise none is shown until the refresh. */
      active: z.boolean(),
    }),
  ),
});

/** How many demo visitors like the demo's tools, and which tools each likes: a spread, the featured ones most. */
const DEMO_VISITORS = 12;
/** The demo's launches by name: today's, last week's, and two held for days to come (decision 063). */
const LAUNCHED_TODAY = ["Dub", "Polar", "Cal.com"];
const LAUNCHED_LAST_WEEK = ["Coolify", "Excalidraw", "Penpot"];
const COMING = [
  { name: "Skeleton", inDays: 3 },
  { name: "Wave", inDays: 6 },
];
/** The demo's deals: examples, which say so, for a month. */
const DEALS = ["Plausible Analytics", "Umami", "Lucide"];
const DEMO_DEAL_DAYS = 30;

/** The start of the UTC day holding `at`. */
const dayStart = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));

export async function seedDemoActivity(db: Database, { now = new Date() }: { now?: Date } = {}): Promise<void> {
  const rows = await db
    .select({ id: tools.id, name: tools.name, licence: tools.licence, isHomeBoosted: tools.isHomeBoosted })
    .from(tools);
  const byName = new Map(rows.map((row) => [row.name, row]));
  const idOf = (name: string) => {
    const found = byName.get(name);
    if (!found) throw new Error(`The demo's activity names ${name}, which the demo catalogue does not have`);
    return found.id;
  };
  const snapshot = repositorySnapshot.parse(
    JSON.parse(readFileSync(path.join(CONTENT_DIR, "catalogue", "repositories.json"), "utf8")),
  );
  const takenAt = new Date(`${snapshot.takenOn}T12:00:00Z`);
  const today = dayStart(now);

  await db.transaction(async (tx) => {
    // The repositories, as read on the snapshot's day: a tool's repository gets its facts' row (pending) from the
    // tools' trigger, which the snapshot fills.
    for (const repository of snapshot.repositories) {
      const toolId = idOf(repository.tool);
      await tx.update(tools).set({ repositoryUrl: repository.url }).where(eq(tools.id, toolId));
      const facts = {
        url: repository.url,
        state: "read" as const,
        stars: repository.stars,
        forks: repository.forks,
        isArchived: false,
        licence: byName.get(repository.tool)!.licence,
        lastCommitAt: repository.active ? new Date(takenAt.getTime() - DAY_MS) : null,
        firstReadAt: takenAt,
        checkedAt: takenAt,
      };
      await tx
        .insert(repositoryFacts)
        .values({ toolId, ...facts })
        .onConflictDoUpdate({ target: repositoryFacts.toolId, set: facts });
    }

    // Demo visitors, whose accounts sign in nowhere (no auth account), and their likes over the last six days.
    const visitors = Array.from({ length: DEMO_VISITORS }, (_, index) => ({
      id: createId("u", now),
      email: `demo-visitor-${index + 1}@demo.invalid`,
      username: `Demo visitor ${index + 1}`,
      slug: `demo-visitor-${index + 1}`,
      bio: "A visitor of the demo catalogue: the likes a fresh directory shows are theirs.",
      createdAt: new Date(now.getTime() - 30 * DAY_MS),
    }));
    await tx.insert(users).values(visitors);
    const likes = visitors.flatMap((visitor, person) =>
      rows.flatMap((tool, index) => {
        // The featured tools and the demo's launches draw the most likes, 4 to 11 each as their place says (7 is prime
        // to the 12 visitors: each tool's first few visitors in its own order); the others one or two.
        const isPopular =
          tool.isHomeBoosted || LAUNCHED_TODAY.includes(tool.name) || LAUNCHED_LAST_WEEK.includes(tool.name);
        const likes = isPopular
          ? (person * 7 + index * 3) % DEMO_VISITORS < 4 + (index % 8)
          : (index * 7 + person * 5) % 11 === 0;
        if (!likes) return [];
        const at = new Date(now.getTime() - ((index + person) % 6) * DAY_MS - person * 60_000);
        return [{ userId: visitor.id, toolId: tool.id, createdAt: at, countedAt: at }];
      }),
    );
    await tx.insert(favorites).values(likes);

    // Launches: today's, last week's (whose winners the daily job fixes), and two tools held until their day.
    await tx.insert(launches).values([
      ...LAUNCHED_TODAY.map((name) => ({ toolId: idOf(name), launchAt: today })),
      ...LAUNCHED_LAST_WEEK.map((name, index) => ({
        toolId: idOf(name),
        launchAt: new Date(today.getTime() - (7 + index) * DAY_MS),
      })),
      ...COMING.map(({ name, inDays }) => ({
        toolId: idOf(name),
        launchAt: new Date(today.getTime() + inDays * DAY_MS),
        isWaiting: true,
      })),
    ]);
    await tx
      .update(tools)
      .set({ isActive: false })
      .where(
        inArray(
          tools.id,
          COMING.map(({ name }) => idOf(name)),
        ),
      );

    await tx.insert(deals).values(
      DEALS.map((name) => ({
        toolId: idOf(name),
        code: "DEMO20",
        offer: "20% off the first year: an example deal of the demo catalogue",
        endsAt: new Date(today.getTime() + DEMO_DEAL_DAYS * DAY_MS - 1),
      })),
    );
  });
}
