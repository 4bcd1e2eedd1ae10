/**
 * Public likes and trending (decision 042): a favourite counts as a like once its account is a day old and within its
 * daily limit, the database keeps each tool's count, cached pages follow it, and the trending score is this week's
 * likes and views weighted by age.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { eq, isNull } from "drizzle-orm";
import { LIKES_COUNTED_PER_DAY } from "#common/constants.ts";
import { dailyStats, favorites, tools, users } from "#server/db/schema.ts";
import { METRICS } from "#server/analytics/metrics.ts";
import { trendingScoresStatement } from "#server/favorites/likes.ts";
import { insertTool } from "../factories.ts";
import { databaseKinds, explainAll } from "../setup/database.ts";
import { useTestApp } from "../setup/fixtures.ts";
import { createClient } from "../setup/forms.ts";
import { type Person, signUpPerson } from "../setup/people.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The count a card or a tool page shows beside the heart of the tool named `name`, or null when it shows none. */
function shownLikes(html: string, name: string): number | null {
  const card = html.split('data-testid="tool-card"').find((part) => part.includes(`>${name}</a>`));
  const part = card ? card.split("</article>")[0]! : html;
  const match = /data-testid="like-count">([\d,]+)</.exec(part);
  return match ? Number(match[1]!.replace(/,/g, "")) : null;
}

describe.each(databaseKinds)("likes on %s", (kind) => {
  const { database, app } = useTestApp(kind);

  beforeEach(() => database.reset());

  /** A person whose account is `ageDays` old. */
  const signUp = (username: string, ageDays = 2) => signUpPerson(app, database.db, username, { ageDays });

  const heart = (person: Person, toolId: string, intent: "add" | "remove") =>
    person.client.post("/favorites", { toolId, intent, redirectTo: "/", stay: "true" }).then(async (response) => {
      expect(response.status).toBe(200);
      return (await response.json()) as {
        favorited: boolean;
        likes: number;
        isCounted: boolean;
        likesCountFrom: string | null;
      };
    });

  const likesOf = async (toolId: string) =>
    (await database.db.select({ likes: tools.likes }).from(tools).where(eq(tools.id, toolId)))[0]!.likes;

  it("counts an older account's like at once: the cached card and tool page show it, and taking it back takes it off", async () => {
    const tool = await insertTool(database.db, { name: "Plausible" });
    const ada = await signUp("Ada");
    const visitor = createClient(app.request);
    // Both pages are in the cache before the like.
    for (let round = 0; round < 2; round++) {
      expect(shownLikes(await (await visitor.request("/")).text(), "Plausible")).toBeNull();
      await visitor.request(`/tool/${tool.slug}`);
    }
    expect(await heart(ada, tool.id, "add")).toEqual({
      favorited: true,
      likes: 1,
      isCounted: true,
      likesCountFrom: null,
    });
    expect(await likesOf(tool.id)).toBe(1);
    expect(shownLikes(await (await visitor.request("/")).text(), "Plausible")).toBe(1);
    const page = await (await visitor.request(`/tool/${tool.slug}`)).text();
    expect(shownLikes(page, "Plausible")).toBe(1);
    expect(page).toContain('aria-label="Add to favourites, 1 like"');

    // The API's cards carry the count too.
    const api = (await (await visitor.request("/api/v1/tools")).json()) as { items: { name: string; likes: number }[] };
    expect(api.items.find((item) => item.name === "Plausible")?.likes).toBe(1);

    expect(await heart(ada, tool.id, "remove")).toEqual({
      favorited: false,
      likes: 0,
      isCounted: false,
      likesCountFrom: null,
    });
    expect(shownLikes(await (await visitor.request("/")).text(), "Plausible")).toBeNull();
  });

  it("keeps a young account's like and counts it once the account is a day old", async () => {
    const tool = await insertTool(database.db);
    const bob = await signUp("Bob", 0);
    // The public count waits; the answer says the like is Bob's alone for now, and from when it counts.
    const added = await heart(bob, tool.id, "add");
    expect(added).toMatchObject({ favorited: true, likes: 0, isCounted: false });
    const [account] = await database.db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, bob.id));
    expect(added.likesCountFrom).toBe(new Date(account!.createdAt.getTime() + DAY_MS).toISOString());
    // So does Bob's own state, which his hearts read on every page.
    const me = (await (await bob.client.request("/api/me")).json()) as {
      favoriteToolIds: string[];
      waitingLikeIds: string[];
      likesCountFrom: string | null;
    };
    expect(me).toMatchObject({
      favoriteToolIds: [tool.id],
      waitingLikeIds: [tool.id],
      likesCountFrom: added.likesCountFrom,
    });
    const [kept] = await database.db.select().from(favorites);
    expect(kept!.countedAt).toBeNull();
    // Its turn comes at the end of the account's first day, not before.
    expect(await app.services.likes.countWaitingLikes(new Date())).toBe(0);
    expect(await app.services.likes.countWaitingLikes(new Date(Date.now() + DAY_MS - 60_000))).toBe(0);
    expect(await app.services.likes.countWaitingLikes(new Date(Date.now() + DAY_MS + 60_000))).toBe(1);
    expect(await likesOf(tool.id)).toBe(1);
    // Counted once: the next run has nothing to do.
    expect(await app.services.likes.countWaitingLikes(new Date(Date.now() + 2 * DAY_MS))).toBe(0);
    expect(await likesOf(tool.id)).toBe(1);
    // Counted, it is no longer Bob's alone.
    expect(
      ((await (await bob.client.request("/api/me")).json()) as { waitingLikeIds: string[] }).waitingLikeIds,
    ).toEqual([]);
  });

  it("never counts a waiting like taken back", async () => {
    const tool = await insertTool(database.db);
    const bob = await signUp("Bob", 0);
    await heart(bob, tool.id, "add");
    await heart(bob, tool.id, "remove");
    expect(await app.services.likes.countWaitingLikes(new Date(Date.now() + 2 * DAY_MS))).toBe(0);
    expect(await likesOf(tool.id)).toBe(0);
  });

  it(`counts ${LIKES_COUNTED_PER_DAY} likes an account's day, taken back or not; the others wait for the next day`, async () => {
    const listed = await Promise.all(
      Array.from({ length: LIKES_COUNTED_PER_DAY + 1 }, (_, index) =>
        insertTool(database.db, { name: `Liked ${index}` }),
      ),
    );
    const ada = await signUp("Ada");
    for (const tool of listed.slice(0, LIKES_COUNTED_PER_DAY))
      await app.services.favorites.addFavorite(ada.session, tool.id);
    // Taking a like back does not give its place back: hearts pressed again and again count once a day's worth.
    await app.services.favorites.removeFavorite(ada.session, listed[0]!.id);
    expect(await likesOf(listed[0]!.id)).toBe(0);
    expect(await app.services.favorites.addFavorite(ada.session, listed[0]!.id)).toMatchObject({
      favorited: true,
      likes: 0,
    });
    expect(await app.services.favorites.addFavorite(ada.session, listed.at(-1)!.id)).toMatchObject({
      favorited: true,
      likes: 0,
    });
    const waiting = await database.db.select().from(favorites).where(isNull(favorites.countedAt));
    expect(waiting.map((like) => like.toolId).sort()).toEqual([listed[0]!.id, listed.at(-1)!.id].sort());

    expect(await app.services.likes.countWaitingLikes(new Date(Date.now() + 60 * 60_000))).toBe(0);
    expect(await app.services.likes.countWaitingLikes(new Date(Date.now() + DAY_MS + 60_000))).toBe(2);
    const counts = await database.db.select({ likes: tools.likes }).from(tools);
    expect(counts.every((row) => row.likes === 1)).toBe(true);
  });

  it("takes a deleted account's likes off its tools", async () => {
    const tool = await insertTool(database.db);
    const ada = await signUp("Ada");
    const cy = await signUp("Cy");
    await heart(ada, tool.id, "add");
    await heart(cy, tool.id, "add");
    expect(await likesOf(tool.id)).toBe(2);
    await database.db.delete(users).where(eq(users.id, cy.id));
    expect(await likesOf(tool.id)).toBe(1);
  });

  it("lists the most liked tools first, and offers the order on /tools", async () => {
    const [one, three, two] = [
      await insertTool(database.db, { name: "One" }),
      await insertTool(database.db, { name: "Three" }),
      await insertTool(database.db, { name: "Two" }),
    ];
    const people = [await signUp("Ada"), await signUp("Bob"), await signUp("Cy")];
    for (const [tool, count] of [
      [one, 1],
      [three, 3],
      [two, 2],
    ] as const) {
      for (const person of people.slice(0, count)) await app.services.favorites.addFavorite(person.session, tool.id);
    }
    const page = await app.services.tools.listTools({ sort: "likes" });
    expect(page.tools.map((tool) => [tool.name, tool.likes])).toEqual([
      ["Three", 3],
      ["Two", 2],
      ["One", 1],
    ]);
    const html = await (await createClient(app.request).request("/tools?sort=likes")).text();
    expect(html).toContain('<option value="likes" selected="">Most liked</option>');
    expect(html.indexOf(">Three</a>")).toBeLessThan(html.indexOf(">Two</a>"));
    expect(html.indexOf(">Two</a>")).toBeLessThan(html.indexOf(">One</a>"));
  });

  describe("trending", () => {
    const now = new Date("2026-03-10T12:00:00Z");
    const day = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS).toISOString().slice(0, 10);

    /** The tools of the home page's "Trending this week", in order; none when the section is not there. */
    function trendingOnHome(html: string): string[] {
      const section = html.split('data-testid="trending"')[1]?.split("</section>")[0] ?? "";
      return [...section.matchAll(/<h3[^>]*><a[^>]*>([^<]+)<\/a>/g)].map((match) => match[1]!);
    }

    async function viewed(toolId: string, daysAgo: number, count: number) {
      await database.db
        .insert(dailyStats)
        .values({ metric: METRICS.toolView, subject: toolId, detail: "", day: day(daysAgo), count });
    }

    async function liked(toolId: string, daysAgo: number, count: number) {
      for (let index = 0; index < count; index++) {
        const [user] = await database.db
          .insert(users)
          .values({
            id: `u${toolId}${daysAgo}${index}`,
            email: `${toolId}-${daysAgo}-${index}@example.com`,
            username: `p${index}`,
            slug: `p-${toolId}-${daysAgo}-${index}`,
          })
          .returning();
        const countedAt = new Date(now.getTime() - daysAgo * DAY_MS - 60_000);
        await database.db.insert(favorites).values({ userId: user!.id, toolId, createdAt: countedAt, countedAt });
      }
    }

    it("scores this week's views and likes, weighted by age, and lists and shows the trending tools", async () => {
      const viewedToday = await insertTool(database.db, { name: "Viewed today" });
      const likedToday = await insertTool(database.db, { name: "Liked today" });
      const lastMonth = await insertTool(database.db, { name: "Last month" });
      const hidden = await insertTool(database.db, { name: "Hidden", isActive: false });
      await insertTool(database.db, { name: "Quiet" });
      await viewed(viewedToday.id, 0, 100);
      // Two days ago weighs half: 50 points; three likes today weigh 30.
      await viewed(likedToday.id, 2, 100);
      await liked(likedToday.id, 0, 3);
      // A week ago (the eighth day back) no longer counts, and a score it had goes back to 0.
      await viewed(lastMonth.id, 7, 1000);
      await liked(lastMonth.id, 7, 5);
      await database.db.update(tools).set({ trending: 999 }).where(eq(tools.id, lastMonth.id));
      await viewed(hidden.id, 0, 500);

      const visitor = createClient(app.request);
      // Before the job runs, the home page shows the scores as they were: last month's tool alone. It is then kept.
      for (let round = 0; round < 2; round++)
        expect(trendingOnHome(await (await visitor.request("/")).text())).toEqual(["Last month"]);

      expect(await app.services.likes.scoreTrending(now)).toBe(4);
      const scores = Object.fromEntries(
        (await database.db.select({ name: tools.name, trending: tools.trending }).from(tools)).map((row) => [
          row.name,
          row.trending,
        ]),
      );
      expect(scores).toEqual({
        "Viewed today": 10_000,
        "Liked today": 8_000,
        "Last month": 0,
        Hidden: 50_000,
        Quiet: 0,
      });
      // Again with nothing new: nothing changes.
      expect(await app.services.likes.scoreTrending(now)).toBe(0);

      const page = await app.services.tools.listTools({ sort: "trending" });
      expect(page.tools.map((tool) => tool.name).slice(0, 2)).toEqual(["Viewed today", "Liked today"]);
      expect(page.tools.map((tool) => tool.name)).not.toContain("Hidden");

      // The cached home page was dropped by the job: it now shows the section, with the live trending tools only.
      const home = await (await visitor.request("/")).text();
      expect(trendingOnHome(home)).toEqual(["Viewed today", "Liked today"]);
      expect(home).toContain('href="/tools?sort=trending"');

      // A day later the same activity weighs less.
      expect(await app.services.likes.scoreTrending(new Date(now.getTime() + DAY_MS))).toBe(3);
      const later = await database.db
        .select({ trending: tools.trending })
        .from(tools)
        .where(eq(tools.id, viewedToday.id));
      expect(later[0]!.trending).toBe(Math.round(10_000 * 0.5 ** 0.5));
    });

    it("reads only this week's activity and the tools it scored before, through their indexes", async () => {
      const plan = await explainAll(database.db, trendingScoresStatement(day(0)));
      expect(plan).toMatch(/Index (Only )?Scan (using|on) (daily_stats_metric_day_idx|daily_stats_pkey)/);
      expect(plan).toMatch(/Index (Only )?Scan (using|on) favorites_counted_at_idx/);
      expect(plan).toMatch(/Index (Only )?Scan (using|on) tools_trending_idx/);
      expect(plan).not.toMatch(/Seq Scan/);
    });
  });
});
