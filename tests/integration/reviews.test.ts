/**
 * Reviews of tools (decision 043): one per person and tool, edited and deleted by its author, replied to once by the
 * maker, voted helpful once per person, reported by anyone, and moderated by verifiers and admins; the tool's rating
 * follows its live reviews, and the tool page, its reviews page, its feed, the API and the JSON-LD show them.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { and, eq, like, not } from "drizzle-orm";
import { REVIEWS_PER_DAY } from "#common/constants.ts";
import { outbox, reviews, tools } from "#server/db/schema.ts";
import { toolReviewsQuery } from "#server/reviews/reviews.ts";
import { insertTool } from "../factories.ts";
import { databaseKinds, explainMainPlan } from "../setup/database.ts";
import { useTestApp } from "../setup/fixtures.ts";
import { type Client, createClient } from "../setup/forms.ts";
import { type Person, signUpPerson } from "../setup/people.ts";
import { XSS_PAYLOADS } from "../setup/xss-payloads.ts";

function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}

describe.each(databaseKinds)("reviews on %s", (kind) => {
  const { database, app } = useTestApp(kind);

  beforeEach(() => database.reset());

  /** A person whose account is `ageDays` old (old enough, by default, for their reviews to go live at once). */
  const signUp = (
    username: string,
    { ageDays = 2, role = "guest" }: { ageDays?: number; role?: "guest" | "verifier" | "admin" } = {},
  ) => signUpPerson(app, database.db, username, { ageDays, role });

  /** A live tool whose maker (linked by an accepted claim) is `maker`. */
  async function toolMadeBy(maker: Person | null, name = "Plausible") {
    return insertTool(database.db, {
      name,
      ...(maker ? { creatorUsername: maker.slug, isLinkedToCreator: true } : {}),
    });
  }

  const review = (person: Person | Client, slug: string, fields: Record<string, string>) =>
    ("client" in person ? person.client : person).postSolved(`/tool/${slug}/review`, fields);

  const ratingOf = async (toolId: string) => {
    const [row] = await database.db
      .select({ count: tools.reviewCount, sum: tools.ratingSum, counts: tools.ratingCounts })
      .from(tools)
      .where(eq(tools.id, toolId));
    return row!;
  };

  /** The mails written to `email` about reviews: not the sign-up's, which asks every new account to confirm it. */
  const mailsTo = async (email: string) =>
    (
      await database.db
        .select({ payload: outbox.payload })
        .from(outbox)
        .where(and(eq(outbox.channel, "mail"), not(like(outbox.key, "confirm-email:%"))))
    )
      .map((row) => row.payload as { to: string; subject: string; text: string })
      .filter((mail) => mail.to === email);

  it("takes one review per person and tool, which its author edits and deletes; the tool's rating follows", async () => {
    const tool = await toolMadeBy(null);
    const ada = await signUp("Ada");
    const bob = await signUp("Bob");
    const written = await review(ada, tool.slug, { rating: "4", body: "Clear charts, no cookie banner." });
    expect(written.status).toBe(303);
    expect(written.headers.get("location")).toBe(`/tool/${tool.slug}/review?saved=live`);
    await review(bob, tool.slug, { rating: "2" });
    expect(await ratingOf(tool.id)).toEqual({ count: 2, sum: 6, counts: [0, 1, 0, 1, 0] });

    // Writing again changes the one review.
    expect((await review(ada, tool.slug, { rating: "5", body: "Even better after a month." })).status).toBe(303);
    expect(await database.db.select().from(reviews).where(eq(reviews.userId, ada.id))).toHaveLength(1);
    expect(await ratingOf(tool.id)).toEqual({ count: 2, sum: 7, counts: [0, 1, 0, 0, 1] });
    const form = await (await ada.client.request(`/tool/${tool.slug}/review`)).text();
    expect(form).toContain("Even better after a month.");
    expect(form).toContain("Save my review");

    const page = await (await createClient(app.request).request(`/tool/${tool.slug}`)).text();
    expect(page).toContain('data-testid="rating-average">3.5<');
    expect(page).toContain("Even better after a month.");

    expect((await ada.client.post(`/tool/${tool.slug}/review`, { intent: "delete" })).status).toBe(303);
    expect(await ratingOf(tool.id)).toEqual({ count: 1, sum: 2, counts: [0, 1, 0, 0, 0] });
    const deletedAgain = await ada.client.post(`/tool/${tool.slug}/review`, { intent: "delete" });
    expect(deletedAgain.status).toBe(404);
  });

  it("refuses a rating out of 1 to 5, words too long, and a review without the anti-spam check, keeping what was typed", async () => {
    const tool = await toolMadeBy(null);
    const ada = await signUp("Ada");
    for (const rating of ["0", "6", "4.5", "", "five"]) {
      const refused = await review(ada, tool.slug, { rating, body: "Kept words" });
      expect(refused.status, rating).toBe(400);
      expect(await refused.text()).toContain("Kept words");
    }
    expect((await review(ada, tool.slug, { rating: "3", body: "x".repeat(2001) })).status).toBe(400);
    expect((await ada.client.post(`/tool/${tool.slug}/review`, { rating: "3" })).status).toBe(400);
    expect((await review(ada, tool.slug, { rating: "3", homepage: "http://spam.example" })).status).toBe(400);
    expect(await database.db.select().from(reviews)).toEqual([]);
  });

  it("asks a visitor to sign in, refuses the maker's own review, and keeps every role's one review", async () => {
    const maker = await signUp("Maker");
    const tool = await toolMadeBy(maker);
    const visitor = createClient(app.request);
    const asked = await visitor.request(`/tool/${tool.slug}/review`);
    expect(asked.status).toBe(302);
    expect(asked.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(`/tool/${tool.slug}/review`)}`);
    expect((await visitor.post(`/tool/${tool.slug}/review`, { rating: "5" })).status).toBe(302);

    expect((await maker.client.request(`/tool/${tool.slug}/review`)).status).toBe(403);
    // The maker is not offered the form: the tool page and its reviews' page, rendered for them, have no link to it.
    for (const path of [`/tool/${tool.slug}`, `/tool/${tool.slug}/reviews`]) {
      expect(await (await maker.client.request(path)).text(), path).not.toContain('data-testid="write-review"');
      expect(await (await visitor.request(path)).text(), path).toContain('data-testid="write-review"');
    }
    const own = await review(maker, tool.slug, { rating: "5" });
    expect(own.status).toBe(403);
    expect(await own.text()).toContain("You cannot review your own tool");

    for (const [name, role] of [
      ["Guest", "guest"],
      ["Verifier", "verifier"],
      ["Admin", "admin"],
    ] as const) {
      const person = await signUp(name, { role });
      expect((await review(person, tool.slug, { rating: "4" })).status, role).toBe(303);
    }
    expect((await ratingOf(tool.id)).count).toBe(3);
    // A tool that is not live cannot be reviewed.
    const hidden = await insertTool(database.db, { name: "Hidden", isActive: false });
    expect((await review(await signUp("Eve"), hidden.slug, { rating: "4" })).status).toBe(404);
  });

  it("holds a new account's review, one with a link, and one from a disposable address for a moderator; approving tells the maker", async () => {
    const maker = await signUp("Maker");
    const tool = await toolMadeBy(maker);
    const young = await signUp("Young", { ageDays: 0 });
    const linker = await signUp("Linker");
    expect((await review(young, tool.slug, { rating: "5", body: "Great" })).headers.get("location")).toBe(
      `/tool/${tool.slug}/review?saved=waiting`,
    );
    expect(
      (await review(linker, tool.slug, { rating: "1", body: "Use mine instead: www.spam.example" })).headers.get(
        "location",
      ),
    ).toBe(`/tool/${tool.slug}/review?saved=waiting`);
    expect(await ratingOf(tool.id)).toMatchObject({ count: 0 });
    const page = await (await createClient(app.request).request(`/tool/${tool.slug}/reviews`)).text();
    expect(page).not.toContain("Great");
    expect(page).toContain("No review yet");
    expect(await mailsTo("maker@example.com")).toEqual([]);

    // Neither visitors nor guests moderate.
    const [waiting] = await database.db.select().from(reviews).where(eq(reviews.userId, young.id));
    const approve = { intent: "approve", reviewId: waiting!.id, reason: "" };
    expect((await createClient(app.request).post("/admin/reviews", approve)).status).toBe(302);
    expect((await linker.client.post("/admin/reviews", approve)).status).toBe(403);
    const verifier = await signUp("Vera", { role: "verifier" });
    const queue = await (await verifier.client.request("/admin/reviews")).text();
    expect(queue).toContain("Great");
    expect(queue).toContain("Use mine instead: www.spam.example");

    expect((await verifier.client.post("/admin/reviews", approve)).status).toBe(200);
    expect(await ratingOf(tool.id)).toMatchObject({ count: 1, sum: 5 });
    await app.services.outbox.drain();
    const [mail] = await mailsTo("maker@example.com");
    expect(mail?.subject).toBe("A new review of Plausible");
    expect(mail?.text).toContain(`/reviews/${waiting!.id}/reply`);
    // Approving twice is refused: it no longer waits.
    expect((await verifier.client.post("/admin/reviews", approve)).status).toBe(409);
  });

  it(`refuses the ${REVIEWS_PER_DAY + 1}th new review of a day, while edits go on`, async () => {
    const listed = await Promise.all(
      Array.from({ length: REVIEWS_PER_DAY + 1 }, (_, index) => insertTool(database.db, { name: `Reviewed ${index}` })),
    );
    const ada = await signUp("Ada");
    for (const tool of listed.slice(0, REVIEWS_PER_DAY))
      expect((await review(ada, tool.slug, { rating: "3" })).status).toBe(303);
    const refused = await review(ada, listed.at(-1)!.slug, { rating: "3" });
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain(`You can write ${REVIEWS_PER_DAY} reviews a day`);
    expect((await review(ada, listed[0]!.slug, { rating: "4" })).status).toBe(303);
  });

  it("lets the maker reply once, and nobody else", async () => {
    const maker = await signUp("Maker");
    const tool = await toolMadeBy(maker);
    const ada = await signUp("Ada");
    await review(ada, tool.slug, { rating: "4", body: "Nice" });
    const [written] = await database.db.select().from(reviews);
    const path = `/reviews/${written!.id}/reply`;

    expect((await createClient(app.request).request(path)).status).toBe(302);
    expect((await ada.client.request(path)).status).toBe(403);
    expect((await ada.client.post(path, { reply: "I am not the maker" })).status).toBe(403);
    const admin = await signUp("Admin", { role: "admin" });
    expect((await admin.client.post(path, { reply: "Admins do not reply for makers" })).status).toBe(403);

    expect((await maker.client.request(path)).status).toBe(200);
    expect((await maker.client.post(path, { reply: "" })).status).toBe(400);
    const replied = await maker.client.post(path, { reply: `Thank you, Ada! ${XSS_PAYLOADS[1]}` });
    expect(replied.status).toBe(303);
    expect(replied.headers.get("location")).toBe(`/tool/${tool.slug}/reviews`);
    expect((await maker.client.post(path, { reply: "Twice" })).status).toBe(409);
    const page = await (await createClient(app.request).request(`/tool/${tool.slug}/reviews`)).text();
    expect(page).toContain("Thank you, Ada!");
    // A reply is words: its markup is written as text.
    expect(page).not.toContain(XSS_PAYLOADS[1]);
    expect(page).toContain("&lt;img src=x onerror=");
    expect(page).not.toContain("Twice");
  });

  it("counts one helpful vote per person, never the author's own, and orders by it", async () => {
    const tool = await toolMadeBy(null);
    const [ada, bob, cy] = [await signUp("Ada"), await signUp("Bob"), await signUp("Cy")];
    await review(ada, tool.slug, { rating: "4", body: "First" });
    await review(bob, tool.slug, { rating: "5", body: "Second" });
    const byAuthor = Object.fromEntries((await database.db.select().from(reviews)).map((row) => [row.userId, row.id]));
    const vote = (person: Person, id: string) =>
      person.client.post(`/reviews/${id}/helpful`, { redirectTo: `/tool/${tool.slug}/reviews`, stay: "true" });

    expect(await (await vote(cy, byAuthor[ada.id]!)).json()).toEqual({ helpful: 1 });
    expect(await (await vote(cy, byAuthor[ada.id]!)).json()).toEqual({ helpful: 1 });
    expect(await (await vote(bob, byAuthor[ada.id]!)).json()).toEqual({ helpful: 2 });
    const own = await vote(ada, byAuthor[ada.id]!);
    expect(own.status).toBe(403);
    expect(await own.json()).toEqual({ message: "You cannot vote for your own review" });
    // A visitor is sent to sign in; without JavaScript the vote goes back to the page.
    expect(
      (await createClient(app.request).post(`/reviews/${byAuthor[ada.id]}/helpful`, { redirectTo: "/" })).headers.get(
        "location",
      ),
    ).toBe("/login?redirectTo=%2F");
    const plain = await cy.client.post(`/reviews/${byAuthor[bob.id]}/helpful`, {
      redirectTo: `/tool/${tool.slug}/reviews`,
    });
    expect(plain.status).toBe(303);
    expect(plain.headers.get("location")).toBe(`/tool/${tool.slug}/reviews`);

    const newest = await app.services.reviews.listToolReviews(tool.id);
    expect(newest.reviews.map((item) => item.body)).toEqual(["Second", "First"]);
    const helpful = await app.services.reviews.listToolReviews(tool.id, { sort: "helpful" });
    expect(helpful.reviews.map((item) => [item.body, item.helpful])).toEqual([
      ["First", 2],
      ["Second", 1],
    ]);
  });

  it("takes reports from anyone; a hidden review leaves the rating and its author is told why, and a restored one comes back", async () => {
    const tool = await toolMadeBy(null);
    const ada = await signUp("Ada");
    const bob = await signUp("Bob");
    await review(ada, tool.slug, { rating: "1", body: "Rude words" });
    await review(bob, tool.slug, { rating: "5", body: "Fair words" });
    const [rude] = await database.db.select().from(reviews).where(eq(reviews.userId, ada.id));
    const visitor = createClient(app.request);
    expect((await visitor.request(`/reviews/${rude!.id}/report`)).status).toBe(200);
    const sent = await visitor.post(`/reviews/${rude!.id}/report`, { reason: "Insults the maker" });
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain("your report was sent");

    const verifier = await signUp("Vera", { role: "verifier" });
    const reported = await (await verifier.client.request("/admin/reviews?list=reported")).text();
    expect(reported).toContain("Rude words");
    expect(reported).toContain("Insults the maker");
    // Hiding needs a reason.
    expect(
      (await verifier.client.post("/admin/reviews", { intent: "hide", reviewId: rude!.id, reason: "" })).status,
    ).toBe(400);
    expect(
      (
        await verifier.client.post("/admin/reviews", {
          intent: "hide",
          reviewId: rude!.id,
          reason: "Insults are not reviews",
        })
      ).status,
    ).toBe(200);
    expect(await ratingOf(tool.id)).toMatchObject({ count: 1, sum: 5 });
    const page = await (await visitor.request(`/tool/${tool.slug}`)).text();
    expect(page).not.toContain("Rude words");
    expect(page).toContain('data-testid="rating-average">5.0<');
    await app.services.outbox.drain();
    expect((await mailsTo("ada@example.com")).map((mail) => mail.text)).toEqual([
      expect.stringContaining("Insults are not reviews"),
    ]);
    // Its author can no longer change it, only delete it.
    expect((await review(ada, tool.slug, { rating: "5", body: "Nicer now" })).status).toBe(409);
    // A hidden review cannot be reported or voted for.
    expect((await visitor.post(`/reviews/${rude!.id}/report`, { reason: "again" })).status).toBe(409);

    expect(
      (
        await verifier.client.post("/admin/reviews", {
          intent: "restore",
          reviewId: rude!.id,
          reason: "On a second look it is fair",
        })
      ).status,
    ).toBe(200);
    expect(await ratingOf(tool.id)).toMatchObject({ count: 2, sum: 6 });
    await app.services.outbox.drain();
    expect(await mailsTo("ada@example.com")).toHaveLength(2);
  });

  it("puts aggregateRating and the reviews in the tool page's JSON-LD only once a public review supports them", async () => {
    const tool = await toolMadeBy(null);
    const visitor = createClient(app.request);
    const software = async () =>
      jsonLdOf(await (await visitor.request(`/tool/${tool.slug}`)).text()).find(
        (script) => script["@type"] === "SoftwareApplication",
      )!;
    expect(await software()).not.toHaveProperty("aggregateRating");
    expect(await software()).not.toHaveProperty("review");

    const young = await signUp("Young", { ageDays: 0 });
    await review(young, tool.slug, { rating: "1", body: "Waiting" });
    expect(await software()).not.toHaveProperty("aggregateRating");

    const ada = await signUp("Ada");
    await review(ada, tool.slug, { rating: "4", body: "Good" });
    const ld = await software();
    expect(ld.aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 4,
      reviewCount: 1,
      bestRating: 5,
      worstRating: 1,
    });
    expect(ld.review).toEqual([
      expect.objectContaining({
        "@type": "Review",
        reviewBody: "Good",
        reviewRating: expect.objectContaining({ ratingValue: 4 }),
      }),
    ]);

    await ada.client.post(`/tool/${tool.slug}/review`, { intent: "delete" });
    expect(await software()).not.toHaveProperty("aggregateRating");
  });

  it("serves the reviews in the API, paged, and in the tool's reviews feed", async () => {
    const tool = await toolMadeBy(null);
    for (const name of ["Ada", "Bob", "Cy"])
      await review(await signUp(name), tool.slug, { rating: "5", body: `By ${name}` });
    const first = (await (await app.request(`/api/v1/tools/${tool.id}/reviews?limit=2`)).json()) as {
      items: { body: string; author: { username: string } }[];
      nextCursor: string;
    };
    expect(first.items.map((item) => item.body)).toEqual(["By Cy", "By Bob"]);
    const second = (await (
      await app.request(`/api/v1/tools/${tool.id}/reviews?limit=2&cursor=${first.nextCursor}`)
    ).json()) as { items: { body: string }[]; nextCursor: null };
    expect(second).toEqual({ items: [expect.objectContaining({ body: "By Ada" })], nextCursor: null });
    expect((await app.request(`/api/v1/tools/${tool.id}/reviews?sort=best`)).status).toBe(400);
    expect((await app.request("/api/v1/tools/tnothing/reviews")).status).toBe(404);
    const tool2 = (await (await app.request(`/api/v1/tools/${tool.id}`)).json()) as { rating: unknown };
    expect(tool2.rating).toEqual({ count: 3, average: 5, counts: [0, 0, 0, 0, 3] });
    const openapi = (await (await app.request("/api/v1/openapi.json")).json()) as { paths: Record<string, unknown> };
    expect(openapi.paths).toHaveProperty("/tools/{id}/reviews");

    const feed = await app.request(`/tool/${tool.slug}/reviews/rss.xml`);
    expect(feed.headers.get("content-type")).toContain("application/rss+xml");
    const xml = await feed.text();
    expect(xml).toContain("<title>Ada rated Plausible 5 out of 5</title>");
    expect(xml).toContain("By Bob");
  });

  it("drops the cached tool page and reviews page when a review is written, and shows a typed script as text", async () => {
    const tool = await toolMadeBy(null);
    const visitor = createClient(app.request);
    for (let round = 0; round < 2; round++) {
      await visitor.request(`/tool/${tool.slug}`);
      await visitor.request(`/tool/${tool.slug}/reviews`);
    }
    const ada = await signUp("Ada");
    // Each payload in the words: the review waits for a moderator when it looks like a link, so a moderator approves.
    await review(ada, tool.slug, { rating: "3", body: `Fine ${XSS_PAYLOADS.join(" ")}` });
    const [written] = await database.db.select().from(reviews);
    if (written!.status === "waiting")
      await app.services.reviews.moderateReview(
        { id: "admin", slug: "admin", username: "Admin", role: "admin" },
        { reviewId: written!.id, action: "approve", reason: "" },
      );
    const reviewsPage = await (await visitor.request(`/tool/${tool.slug}/reviews`)).text();
    expect(reviewsPage).toContain("Fine ");
    for (const payload of XSS_PAYLOADS.filter((text) => /[<>"]/.test(text))) expect(reviewsPage).not.toContain(payload);
    expect(reviewsPage).toContain("&lt;script&gt;alert(&#x27;xss&#x27;)&lt;/script&gt;");
    expect(await (await visitor.request(`/tool/${tool.slug}`)).text()).toContain('data-testid="rating-average">3.0<');
  });

  it("reads a tool's reviews in either order from its own index, a later page by seeking", async () => {
    for (const sort of ["newest", "helpful"] as const) {
      const plan = await explainMainPlan(
        database.db,
        toolReviewsQuery(database.db, "tsome", sort, { key: 5, id: "rzzz" }, 11),
      );
      expect(plan, sort).toContain(sort === "newest" ? "reviews_live_newest_idx" : "reviews_live_helpful_idx");
      expect(plan, sort).not.toMatch(/Sort/);
    }
  });
});
