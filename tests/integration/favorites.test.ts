import { beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { PAGE_SIZE } from "#common/constants.ts";
import { favorites, tools as toolsTable, users } from "#server/db/schema.ts";
import { favoriteToolsQuery } from "#server/favorites/queries.ts";
import { userToolsQuery } from "#server/tools/read/user-tools.ts";
import { insertTool, insertTools } from "../factories.ts";
import { databaseKinds, explainMainPlan } from "../setup/database.ts";
import { useTestApp } from "../setup/fixtures.ts";
import { signUpPerson } from "../setup/people.ts";
import { type Client, createClient } from "../setup/forms.ts";

const ORIGIN = "http://localhost:3000";
const NEEDS_ACCOUNT = "Log in to keep your favourite tools";

/** The HTML of the tool card that names `name`. */
function cardOf(html: string, name: string): string {
  const card = html.split('data-testid="tool-card"').find((part) => part.includes(`>${name}</a>`));
  if (!card) throw new Error(`No card for ${name}`);
  return card.split("</article>")[0]!;
}

function cardNames(html: string): string[] {
  return html
    .split('data-testid="tool-card"')
    .slice(1)
    .map((card) => /<h3[^>]*><a[^>]*>([^<]+)<\/a>/.exec(card)?.[1] ?? "");
}

describe.each(databaseKinds)("favourites on %s", (kind) => {
  const { database, app } = useTestApp(kind);

  beforeEach(() => database.reset());

  const signUp = (username: string, role: "guest" | "verifier" | "admin" = "guest") =>
    signUpPerson(app, database.db, username, { role });

  function visitor(): Client {
    return createClient(app.request);
  }

  const api = (client: Client, method: "POST" | "DELETE", toolId: string) =>
    client.request(`/api/v1/tools/${toolId}/favorite`, { method, headers: { origin: ORIGIN } });

  async function favouriteIdsOf(userId: string): Promise<string[]> {
    const rows = await database.db
      .select({ toolId: favorites.toolId })
      .from(favorites)
      .where(eq(favorites.userId, userId));
    return rows.map((row) => row.toolId).sort();
  }

  describe("the JSON API", () => {
    it("adds and removes a favourite, and /my-favorites follows", async () => {
      const ada = await signUp("Ada");
      const tool = await insertTool(database.db, { name: "Plausible" });

      const added = await api(ada.client, "POST", tool.id);
      expect(added.status).toBe(200);
      expect(await added.json()).toMatchObject({ favorited: true, likes: 0 });
      expect(await favouriteIdsOf(ada.id)).toEqual([tool.id]);
      expect(cardNames(await (await ada.client.request("/my-favorites")).text())).toEqual(["Plausible"]);

      const removed = await api(ada.client, "DELETE", tool.id);
      expect(removed.status).toBe(200);
      expect(await removed.json()).toMatchObject({ favorited: false, likes: 0 });
      expect(await favouriteIdsOf(ada.id)).toEqual([]);
      expect(await (await ada.client.request("/my-favorites")).text()).toContain("No favourite yet");
    });

    it("is idempotent: adding twice keeps one favourite and its date, removing twice is fine", async () => {
      const ada = await signUp("Ada");
      const tool = await insertTool(database.db);
      expect((await api(ada.client, "POST", tool.id)).status).toBe(200);
      const [first] = await database.db.select().from(favorites);
      expect((await api(ada.client, "POST", tool.id)).status).toBe(200);
      const rows = await database.db.select().from(favorites);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.createdAt.getTime()).toBe(first!.createdAt.getTime());
      expect(await (await api(ada.client, "DELETE", tool.id)).json()).toMatchObject({ favorited: false, likes: 0 });
      const again = await api(ada.client, "DELETE", tool.id);
      expect(again.status).toBe(200);
      expect(await again.json()).toMatchObject({ favorited: false, likes: 0 });
    });

    it("refuses hidden, unknown and malformed tools with 404, and changes nothing", async () => {
      const ada = await signUp("Ada");
      const unverified = await insertTool(database.db, { isVerified: false });
      const switchedOff = await insertTool(database.db, { isActive: false });
      for (const id of [unverified.id, switchedOff.id, "tdoesnotexist", "not-an-id"]) {
        for (const method of ["POST", "DELETE"] as const) {
          const response = await api(ada.client, method, id);
          expect(response.status, `${method} ${id}`).toBe(404);
          expect(await response.json()).toEqual({
            error: { code: "not-found", message: "No tool found with this ID" },
          });
        }
      }
      expect(await database.db.select().from(favorites)).toEqual([]);
    });

    it("answers 401 'unauthenticated' with a clear message to a visitor", async () => {
      const tool = await insertTool(database.db);
      for (const method of ["POST", "DELETE"] as const) {
        const response = await api(visitor(), method, tool.id);
        expect(response.status).toBe(401);
        expect(await response.json()).toEqual({ error: { code: "unauthenticated", message: NEEDS_ACCOUNT } });
      }
      expect(await database.db.select().from(favorites)).toEqual([]);
    });

    it("refuses a change posted from another site", async () => {
      const ada = await signUp("Ada");
      const tool = await insertTool(database.db);
      const response = await ada.client.request(`/api/v1/tools/${tool.id}/favorite`, {
        method: "POST",
        headers: { origin: "https://evil.example" },
      });
      expect(response.status).toBe(403);
      expect(await favouriteIdsOf(ada.id)).toEqual([]);
    });
  });

  describe("the heart's form (POST /favorites)", () => {
    it("without JavaScript: adds, removes, and goes back to the page it came from", async () => {
      const ada = await signUp("Ada");
      const tool = await insertTool(database.db, { name: "Plausible" });
      const add = await ada.client.post("/favorites", {
        toolId: tool.id,
        intent: "add",
        redirectTo: "/tools?sort=views",
      });
      expect(add.status).toBe(303);
      expect(add.headers.get("location")).toBe("/tools?sort=views");
      expect(await favouriteIdsOf(ada.id)).toEqual([tool.id]);

      const remove = await ada.client.post("/favorites", {
        toolId: tool.id,
        intent: "remove",
        redirectTo: `/tool/${tool.slug}`,
      });
      expect(remove.status).toBe(303);
      expect(remove.headers.get("location")).toBe(`/tool/${tool.slug}`);
      expect(await favouriteIdsOf(ada.id)).toEqual([]);
    });

    it("goes back only to this site", async () => {
      const ada = await signUp("Ada");
      const tool = await insertTool(database.db);
      for (const redirectTo of ["https://evil.example/", "//evil.example", ""]) {
        const response = await ada.client.post("/favorites", { toolId: tool.id, intent: "add", redirectTo });
        expect(response.headers.get("location")).toBe("/");
      }
    });

    it("with JavaScript (a data request with stay): answers the new state without a redirect", async () => {
      const ada = await signUp("Ada");
      const tool = await insertTool(database.db);
      const response = await ada.client.post("/favorites.data", {
        toolId: tool.id,
        intent: "add",
        redirectTo: "/",
        stay: "true",
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("location")).toBeNull();
      expect(await response.text()).toContain("favorited");
      expect(await favouriteIdsOf(ada.id)).toEqual([tool.id]);

      // A refusal comes back as data too, with its message for the heart to show, not as an error page.
      const hidden = await insertTool(database.db, { isVerified: false });
      const refused = await ada.client.post("/favorites.data", {
        toolId: hidden.id,
        intent: "add",
        redirectTo: "/",
        stay: "true",
      });
      expect(refused.status).toBe(404);
      expect(await refused.text()).toContain("No tool found with this ID");
      expect(await favouriteIdsOf(ada.id)).toEqual([tool.id]);
    });

    it("sends a visitor to log in, and back to the page afterwards", async () => {
      const tool = await insertTool(database.db, { name: "Plausible" });
      await signUp("Ada");
      const client = visitor();
      const response = await client.post("/favorites", {
        toolId: tool.id,
        intent: "add",
        redirectTo: `/tool/${tool.slug}`,
      });
      expect(response.status).toBe(303);
      const location = new URL(response.headers.get("location")!, ORIGIN);
      expect(location.pathname).toBe("/login");
      expect(location.searchParams.get("redirectTo")).toBe(`/tool/${tool.slug}`);
      expect(await database.db.select().from(favorites)).toEqual([]);

      // The login page carries the way back, and logging in follows it.
      const login = await client.request(`${location.pathname}${location.search}`);
      expect(await login.text()).toContain(`value="/tool/${tool.slug}"`);
      const signedIn = await client.post("/login", {
        intent: "password",
        email: "ada@example.com",
        password: "long-enough",
        redirectTo: `/tool/${tool.slug}`,
      });
      expect(signedIn.headers.get("location")).toBe(`/tool/${tool.slug}`);
    });

    it("answers a hidden tool with the 404 page, and a bad intent with 400", async () => {
      const ada = await signUp("Ada");
      const hidden = await insertTool(database.db, { isVerified: false });
      const response = await ada.client.post("/favorites", { toolId: hidden.id, intent: "add", redirectTo: "/" });
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("No tool found with this ID");
      const live = await insertTool(database.db);
      const bad = await ada.client.post("/favorites", { toolId: live.id, intent: "toggle", redirectTo: "/" });
      expect(bad.status).toBe(400);
      expect(await database.db.select().from(favorites)).toEqual([]);
    });

    it("sends a visit of /favorites to the list of favourites", async () => {
      const response = await visitor().request("/favorites");
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/my-favorites");
    });
  });

  describe("hearts in the first HTML", () => {
    it("shows the user's favourites pressed on a page rendered for them, the rest not, and gives a visitor the same form", async () => {
      const ada = await signUp("Ada");
      const kept = await insertTool(database.db, { name: "Kept" });
      await insertTool(database.db, { name: "Other" });
      await api(ada.client, "POST", kept.id);

      const home = await (await ada.client.request("/")).text();
      expect(cardOf(home, "Kept")).toMatch(/aria-pressed="true"[^>]*title="Remove from favourites"/);
      expect(cardOf(home, "Other")).toMatch(/aria-pressed="false"[^>]*title="Add to favourites"/);
      // The form works without JavaScript: it posts to /favorites and comes back here.
      expect(cardOf(home, "Kept")).toContain('action="/favorites"');
      expect(cardOf(home, "Kept")).toContain('name="intent" value="remove"');

      const page = await (await ada.client.request(`/tool/${kept.slug}`)).text();
      // A new account's like counts in its own view at once, and the page says when it counts for everyone.
      expect(page).toMatch(
        /aria-pressed="true"[^>]*>.*Remove from favourites<span[^>]*data-testid="like-count">1<\/span><\/button>/s,
      );
      expect(page).toContain("Your like shows to you now, and counts for everyone once your account is a day old.");

      // A visitor's page is the one everyone gets: the same form, nothing pressed; its post leads to the login and back.
      const visitorHome = await (await visitor().request("/")).text();
      expect(cardOf(visitorHome, "Kept")).toMatch(/aria-pressed="false"[^>]*title="Add to favourites"/);
      expect(visitorHome).not.toContain('aria-pressed="true"');
      const post = await visitor().request("/favorites", {
        method: "POST",
        body: new URLSearchParams({ toolId: kept.id, intent: "add", redirectTo: "/?sort=x" }),
      });
      expect([post.status, post.headers.get("location")]).toEqual([303, "/login?redirectTo=%2F%3Fsort%3Dx"]);
    });

    it("does not show one user's favourites to another, nor let them change them", async () => {
      const ada = await signUp("Ada");
      const bob = await signUp("Bob");
      const tool = await insertTool(database.db, { name: "Kept" });
      await api(ada.client, "POST", tool.id);

      expect(cardOf(await (await bob.client.request("/")).text(), "Kept")).toContain('aria-pressed="false"');
      expect(await (await bob.client.request("/my-favorites")).text()).toContain("No favourite yet");
      // Bob's removal is about Bob's favourites only.
      expect((await api(bob.client, "DELETE", tool.id)).status).toBe(200);
      await bob.client.post("/favorites", { toolId: tool.id, intent: "remove", redirectTo: "/" });
      expect(await favouriteIdsOf(ada.id)).toEqual([tool.id]);
      expect(cardNames(await (await ada.client.request("/my-favorites")).text())).toEqual(["Kept"]);
    });
  });

  describe("the role × action matrix", () => {
    const actions = {
      "API POST": (client: Client, toolId: string) => api(client, "POST", toolId),
      "API DELETE": (client: Client, toolId: string) => api(client, "DELETE", toolId),
      "form add": (client: Client, toolId: string) =>
        client.post("/favorites", { toolId, intent: "add", redirectTo: "/tools" }),
      "form remove": (client: Client, toolId: string) =>
        client.post("/favorites", { toolId, intent: "remove", redirectTo: "/tools" }),
    };
    const adds = new Set(["API POST", "form add"]);

    it.each(Object.keys(actions))("%s: a visitor is refused (401 or sent to log in)", async (action) => {
      const tool = await insertTool(database.db);
      const response = await actions[action as keyof typeof actions](visitor(), tool.id);
      if (action.startsWith("API")) {
        expect(response.status).toBe(401);
      } else {
        expect(response.status).toBe(303);
        expect(response.headers.get("location")).toBe("/login?redirectTo=%2Ftools");
      }
      expect(await database.db.select().from(favorites)).toEqual([]);
    });

    it.each(Object.keys(actions))("%s: each role changes its own favourites and never the guest's", async (action) => {
      const guest = await signUp("Guest");
      const people = {
        guest,
        "another guest": await signUp("Other"),
        verifier: await signUp("Verifier", "verifier"),
        admin: await signUp("Admin", "admin"),
      };
      const tool = await insertTool(database.db);
      const isAdd = adds.has(action);
      for (const [role, person] of Object.entries(people)) {
        // Before an add nobody has the tool; before a remove everybody has it.
        await database.db.delete(favorites);
        if (!isAdd)
          await database.db
            .insert(favorites)
            .values(Object.values(people).map((someone) => ({ userId: someone.id, toolId: tool.id })));

        const response = await actions[action as keyof typeof actions](person.client, tool.id);
        expect(response.status, role).toBe(action.startsWith("API") ? 200 : 303);
        expect(await favouriteIdsOf(person.id), role).toEqual(isAdd ? [tool.id] : []);
        for (const other of Object.values(people).filter((someone) => someone !== person)) {
          expect(await favouriteIdsOf(other.id), `${role} → ${other.slug}`).toEqual(isAdd ? [] : [tool.id]);
        }
      }
    });
  });

  describe("/my-favorites", () => {
    it("lists live favourites, newest favourite first, page by page", async () => {
      const ada = await signUp("Ada");
      const rows = await insertTools(database.db, PAGE_SIZE + 3);
      const hidden = await insertTool(database.db, { name: "Hidden", isVerified: false });
      // Favourited in the reverse order of the tools' own dates, so the list follows the favourites' dates.
      const base = Date.UTC(2026, 2, 1);
      await database.db
        .insert(favorites)
        .values([
          ...rows.map((row, index) => ({ userId: ada.id, toolId: row.id, createdAt: new Date(base + index * 1000) })),
          { userId: ada.id, toolId: hidden.id, createdAt: new Date(base + 10_000_000) },
        ]);

      const first = await (await ada.client.request("/my-favorites")).text();
      const firstNames = cardNames(first);
      expect(firstNames).toHaveLength(PAGE_SIZE);
      expect(firstNames[0]).toBe(`Bulk tool ${PAGE_SIZE + 2}`);
      expect(firstNames).not.toContain("Hidden");
      // Every card on the page is a favourite: every heart is pressed.
      expect(first.match(/aria-pressed="true"/g)).toHaveLength(PAGE_SIZE);
      const next = /href="(\/my-favorites\?cursor=[^"]+)"/.exec(first)?.[1];
      expect(next).toBeDefined();

      const second = await (await ada.client.request(next!.replaceAll("&amp;", "&"))).text();
      expect(cardNames(second)).toEqual(["Bulk tool 2", "Bulk tool 1", "Bulk tool 0"]);
      expect(second).not.toMatch(/rel="next"/);
      expect(new Set([...firstNames, ...cardNames(second)]).size).toBe(PAGE_SIZE + 3);
    });

    it("keeps ties in order across pages (same date: by tool id)", async () => {
      const ada = await signUp("Ada");
      const rows = await insertTools(database.db, 5);
      const at = new Date(Date.UTC(2026, 2, 1));
      await database.db
        .insert(favorites)
        .values(rows.map((row) => ({ userId: ada.id, toolId: row.id, createdAt: at })));
      const user = { id: ada.id, slug: ada.slug, username: "Ada", role: "guest" as const };
      const seen: string[] = [];
      let page = await app.services.favorites.listFavoriteTools(user, { limit: 2 });
      seen.push(...page.tools.map((tool) => tool.id));
      while (page.nextCursor) {
        const [key, id] = page.nextCursor.split(".");
        page = await app.services.favorites.listFavoriteTools(user, {
          limit: 2,
          cursor: { key: Number(key), id: id! },
        });
        seen.push(...page.tools.map((tool) => tool.id));
      }
      expect(seen).toEqual(
        rows
          .map((row) => row.id)
          .sort()
          .reverse(),
      );
    });

    it("has an empty state with a way to the tools", async () => {
      const ada = await signUp("Ada");
      const html = await (await ada.client.request("/my-favorites")).text();
      expect(html).toContain("No favourite yet");
      expect(html).toMatch(/<a[^>]*href="\/tools"[^>]*>Browse the tools<\/a>/);
      expect(html).toContain("<title>My favourites | ");
      expect(html).toContain('content="noindex"');
    });

    it("sends a visitor to log in and back", async () => {
      const response = await visitor().request("/my-favorites");
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/login?redirectTo=%2Fmy-favorites");
    });

    it("rejects a forged page link with 400", async () => {
      const ada = await signUp("Ada");
      expect((await ada.client.request("/my-favorites?cursor=garbage")).status).toBe(400);
    });

    it("is in the Profile menu, with My tools", async () => {
      const ada = await signUp("Ada");
      const html = await (await ada.client.request("/")).text();
      const menu = html.slice(html.indexOf('data-testid="profile-menu"'));
      expect(menu.indexOf('href="/profile/ada"')).toBeGreaterThan(0);
      expect(menu.indexOf('href="/my-tools"')).toBeGreaterThan(menu.indexOf('href="/profile/ada"'));
      expect(menu.indexOf('href="/my-favorites"')).toBeGreaterThan(menu.indexOf('href="/my-tools"'));
      expect(menu.indexOf(">Logout<")).toBeGreaterThan(menu.indexOf('href="/my-favorites"'));
    });
  });

  describe("/my-tools", () => {
    it("lists the user's tools with their state; only a live one links to its page", async () => {
      const ada = await signUp("Ada");
      const day = (n: number) => new Date(Date.UTC(2026, 0, n));
      const live = await insertTool(database.db, {
        name: "Live one",
        creatorUsername: ada.slug,
        isLinkedToCreator: true,
        createdAt: day(5),
      });
      await insertTool(database.db, {
        name: "Waiting one",
        creatorUsername: ada.slug,
        isVerified: false,
        createdAt: day(4),
      });
      await insertTool(database.db, { name: "Off one", creatorUsername: ada.slug, isActive: false, createdAt: day(3) });
      await insertTool(database.db, {
        name: "Claimed one",
        creatorUsername: ada.slug,
        hasBeenClaimed: true,
        createdAt: day(2),
      });
      const rejected = await insertTool(database.db, {
        name: "Turned down",
        creatorUsername: ada.slug,
        isVerified: false,
        createdAt: day(1),
      });
      await database.db
        .update(toolsTable)
        .set({ rejectedAt: day(6), rejectionReason: "The website does not answer" })
        .where(eq(toolsTable.id, rejected.id));
      await insertTool(database.db, {
        name: "Accepted claim",
        creatorUsername: ada.slug,
        hasBeenClaimed: true,
        wasClaimedAccepted: true,
        createdAt: new Date(Date.UTC(2025, 11, 31)),
      });
      await insertTool(database.db, { name: "Someone else's", creatorUsername: "bob" });

      const html = await (await ada.client.request("/my-tools")).text();
      const rows = html.split('data-testid="user-tool"').slice(1);
      const states = rows.map((row) => [
        /<h2[^>]*>(?:<a[^>]*>)?([^<]+)/.exec(row)?.[1],
        /data-testid="tool-state"[^>]*>([^<]+)/.exec(row)?.[1],
      ]);
      expect(states).toEqual([
        ["Live one", "Live"],
        ["Waiting one", "Waiting for verification"],
        ["Off one", "Switched off"],
        ["Claimed one", "Claim pending"],
        ["Turned down", "Rejected"],
        ["Accepted claim", "Live"],
      ]);
      expect(rows[0]).toContain(`href="/tool/${live.slug}"`);
      for (const row of rows.slice(1, 5)) expect(row).not.toContain('href="/tool/');
      expect(rows[4]).toMatch(/Reason: (<!-- -->)?The website does not answer/);
      expect(html).toContain("<title>My tools | ");
    });

    it("pages through many tools", async () => {
      const ada = await signUp("Ada");
      await insertTools(database.db, PAGE_SIZE + 2, undefined, { creatorUsername: ada.slug });
      const first = await (await ada.client.request("/my-tools")).text();
      expect(first.split('data-testid="user-tool"')).toHaveLength(PAGE_SIZE + 1);
      const next = /href="(\/my-tools\?cursor=[^"]+)"/.exec(first)?.[1];
      const second = await (await ada.client.request(next!)).text();
      const names = second
        .split('data-testid="user-tool"')
        .slice(1)
        .map((row) => /<a[^>]*>([^<]+)/.exec(row)?.[1]);
      expect(names).toEqual([`Bulk tool ${PAGE_SIZE}`, `Bulk tool ${PAGE_SIZE + 1}`]);
    });

    it("has an empty state with a way to add a tool", async () => {
      const ada = await signUp("Ada");
      const html = await (await ada.client.request("/my-tools")).text();
      expect(html).toContain("You have no tool here yet");
      expect(html).toMatch(/<a[^>]*href="\/add-tool"[^>]*>Add your tool<\/a>/);
    });

    it("sends a visitor to log in and back", async () => {
      const response = await visitor().request("/my-tools");
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/login?redirectTo=%2Fmy-tools");
    });
  });

  describe("query plans", () => {
    beforeEach(async () => {
      const rows = await insertTools(database.db, 300);
      for (let index = 0; index < 20; index++) {
        const id = `u${index}`;
        await database.db.insert(users).values({ id, email: `${id}@example.com`, username: id, slug: id });
        await database.db.insert(favorites).values(
          rows.slice(0, 200).map((row, at) => ({
            userId: id,
            toolId: row.id,
            createdAt: new Date(Date.UTC(2026, 0, 1) - at * 1000),
          })),
        );
      }
      await database.db.execute(sql`analyze favorites`);
      await database.db.execute(sql`analyze tools`);
    });

    it.each([
      ["the first page", null],
      ["a later page", { key: Date.UTC(2026, 0, 1) - 50_000, id: "tzzzz" }],
    ])("reads %s of favourites in order from favorites_user_created_idx", async (_, cursor) => {
      const text = await explainMainPlan(database.db, favoriteToolsQuery(database.db, "u3", cursor, PAGE_SIZE + 1));
      expect(text).toContain("favorites_user_created_idx");
      // Rows come from the index in the page's order, ties on the date broken by tool id: nothing is sorted.
      expect(text).not.toMatch(/Sort/);
      if (cursor) expect(text).toMatch(/Index Cond: .*created_at/);
      // Each favourite finds its tool by primary key.
      expect(text).toContain("tools_pkey");
    });

    it("finds a user's tools through the indexes of their slug and of their submissions", async () => {
      const text = await explainMainPlan(
        database.db,
        userToolsQuery(database.db, { id: "u3", slug: "u3" }, null, PAGE_SIZE + 1),
      );
      expect(text).toContain("tools_creator_username_idx");
      expect(text).toContain("tools_submitted_by_idx");
    });
  });
});
