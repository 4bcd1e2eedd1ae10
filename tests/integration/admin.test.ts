/** The moderation console (/admin) through the real HTTP routes: who may do what, what each page shows, and what each action changes on the public site. */
import { existsSync } from "node:fs";
import path from "node:path";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ADMIN_PAGE_SIZE, FEATURING_REQUEST, type ToolFlag } from "#common/constants.ts";
import { toolSnapshotKey } from "#server/tools/read/snapshots.ts";
import { authSessions, categories, launches, outbox, tools, type UserRow, users } from "#server/db/schema.ts";
import { insertCategory, insertTool, insertTools, insertUser } from "../factories.ts";
import { databaseKinds } from "../setup/database.ts";
import { useTestApp } from "../setup/fixtures.ts";
import { type Person, signUpPerson } from "../setup/people.ts";
import { type Client, createClient } from "../setup/forms.ts";

type Role = "visitor" | "guest" | "other" | "owner" | "verifier" | "admin";
type Outcome = "sign-in" | "refused" | "done";

const ROLES: Role[] = ["visitor", "guest", "other", "owner", "verifier", "admin"];
/** The queue and claims: verifiers and admins (docs/decisions/008-moderation-roles.md). */
const MODERATORS: Record<Role, Outcome> = {
  visitor: "sign-in",
  guest: "refused",
  other: "refused",
  owner: "refused",
  verifier: "done",
  admin: "done",
};
/** Everything else: admins only. */
const ADMINS: Record<Role, Outcome> = {
  visitor: "sign-in",
  guest: "refused",
  other: "refused",
  owner: "refused",
  verifier: "refused",
  admin: "done",
};

/** The address of a page's 'Next page' link. */
function nextPageOf(html: string): string | undefined {
  const link = /<a[^>]*rel="next"[^>]*>/.exec(html)?.[0];
  return link && /href="([^"]+)"/.exec(link)?.[1]?.replaceAll("&amp;", "&");
}

describe.each(databaseKinds)("moderation console on %s", (kind) => {
  const { database, app } = useTestApp(kind);

  /** Registers through /register (signed in from then on), then gives the role directly, as `npm run admin` would. */
  const register = (username: string, role: Person["session"]["role"] = "guest") =>
    signUpPerson(app, database.db, username, { role });

  const visitor = () => createClient(app.request);

  async function toolRow(id: string) {
    const [row] = await database.db.select().from(tools).where(eq(tools.id, id));
    return row!;
  }

  async function userRow(id: string) {
    const [row] = await database.db.select().from(users).where(eq(users.id, id));
    return row!;
  }

  const snapshotExists = (id: string) => existsSync(path.join(app.filesDir, toolSnapshotKey(id)));

  /** A tool waiting in the queue, submitted by `submitter`. */
  function queuedTool(submitter: UserRow | null, overrides: Parameters<typeof insertTool>[1] = {}) {
    return insertTool(database.db, {
      isVerified: false,
      submittedBy: submitter?.id ?? null,
      creatorUsername: submitter?.slug ?? null,
      isLinkedToCreator: Boolean(submitter),
      ...overrides,
    });
  }

  /** A featuring request as /profile/{slug}?type=boost-tool records it. */
  async function requestFeaturing(owner: Person, toolId: string) {
    const response = await owner.client.post(`/profile/${owner.record.slug}?type=boost-tool`, { toolId });
    expect(response.status).toBe(200);
  }

  describe("who may do what", () => {
    let people: Record<Exclude<Role, "visitor">, Person>;

    beforeAll(async () => {
      await database.reset();
      people = {
        guest: await register("Guest"),
        other: await register("Other Guest"),
        owner: await register("Owner"),
        verifier: await register("Verifier", "verifier"),
        admin: await register("Admin", "admin"),
      };
    });

    const clientOf = (role: Role) => (role === "visitor" ? visitor() : people[role].client);

    type Matrix = {
      page: string;
      who: Record<Role, Outcome>;
      /** Makes what the action works on; `owner` is the person whose thing it is (its submitter, claimer, requester). */
      prepare: (
        owner: Person,
        actor: Role,
      ) => Promise<{ fields: Record<string, string>; changed: () => Promise<boolean> }>;
    };

    let sequence = 0;
    const flagCell = (flag: ToolFlag): Matrix => ({
      page: "/admin/tools",
      who: ADMINS,
      prepare: async (owner) => {
        const tool = await insertTool(database.db, {
          creatorUsername: owner.record.slug,
          isLinkedToCreator: true,
          submittedBy: owner.record.id,
        });
        const before = tool[flag];
        return {
          fields: { intent: "flag", toolId: tool.id, flag, value: String(!before) },
          changed: async () => (await toolRow(tool.id))[flag] !== before,
        };
      },
    });

    const matrix: Record<string, Matrix> = {
      verify: {
        page: "/admin?index",
        who: MODERATORS,
        prepare: async (owner) => {
          const tool = await queuedTool(owner.record);
          return {
            fields: { intent: "verify", toolId: tool.id },
            changed: async () => (await toolRow(tool.id)).isVerified,
          };
        },
      },
      reject: {
        page: "/admin?index",
        who: MODERATORS,
        prepare: async (owner) => {
          const tool = await queuedTool(owner.record);
          return {
            fields: { intent: "reject", toolId: tool.id, reason: "A course, not a tool" },
            changed: async () => (await toolRow(tool.id)).rejectedAt !== null,
          };
        },
      },
      "confirm a live tool's self-hosting": {
        page: "/admin?index",
        who: MODERATORS,
        prepare: async (owner) => {
          const tool = await insertTool(database.db, { submittedBy: owner.record.id, selfHostable: "declared" });
          return {
            fields: { intent: "self-hosting", toolId: tool.id, answer: "confirmed" },
            changed: async () => (await toolRow(tool.id)).selfHostable === "confirmed",
          };
        },
      },
      "refuse a live tool's self-hosting": {
        page: "/admin?index",
        who: MODERATORS,
        prepare: async (owner) => {
          const tool = await insertTool(database.db, { submittedBy: owner.record.id, selfHostable: "declared" });
          return {
            fields: { intent: "self-hosting", toolId: tool.id, answer: "refused" },
            changed: async () => (await toolRow(tool.id)).selfHostable === null,
          };
        },
      },
      "skip the line (queue page)": {
        page: "/admin?index",
        who: ADMINS,
        prepare: async (owner) => {
          const tool = await queuedTool(owner.record);
          return {
            fields: { intent: "skip-line", toolId: tool.id },
            changed: async () => (await toolRow(tool.id)).hasSkippedLine,
          };
        },
      },
      "skip the line (requests page)": {
        page: "/admin/requests",
        who: ADMINS,
        prepare: async (owner) => {
          const tool = await queuedTool(owner.record);
          return {
            fields: { intent: "skip-line", toolId: tool.id },
            changed: async () => (await toolRow(tool.id)).hasSkippedLine,
          };
        },
      },
      "accept a claim": {
        page: "/admin/claims",
        who: MODERATORS,
        prepare: async (owner) => {
          const tool = await insertTool(database.db, {
            hasBeenClaimed: true,
            claimedBy: owner.record.id,
            creatorUsername: owner.record.slug,
          });
          return {
            fields: { intent: "accept", toolId: tool.id },
            changed: async () => (await toolRow(tool.id)).wasClaimedAccepted,
          };
        },
      },
      "refuse a claim": {
        page: "/admin/claims",
        who: MODERATORS,
        prepare: async (owner) => {
          const tool = await insertTool(database.db, {
            hasBeenClaimed: true,
            claimedBy: owner.record.id,
            creatorUsername: owner.record.slug,
          });
          return {
            fields: { intent: "refuse", toolId: tool.id },
            changed: async () => !(await toolRow(tool.id)).hasBeenClaimed,
          };
        },
      },
      "switch a tool off": flagCell("isActive"),
      "feature on the home page (isFeaturedHome)": flagCell("isFeaturedHome"),
      "feature in its category (isFeaturedCategory)": flagCell("isFeaturedCategory"),
      "feature in the newsletter (isFeaturedNL)": flagCell("isFeaturedNL"),
      "boost on the home page (isHomeBoosted)": flagCell("isHomeBoosted"),
      "add a category": {
        page: "/admin/categories",
        who: ADMINS,
        prepare: async () => {
          const slug = `new-category-${++sequence}`;
          return {
            fields: { intent: "create", label: `New category ${sequence}`, slug, color: "#AABBCC", description: "" },
            changed: async () =>
              (await database.db.select().from(categories).where(eq(categories.slug, slug))).length === 1,
          };
        },
      },
      "edit a category": {
        page: "/admin/categories",
        who: ADMINS,
        prepare: async () => {
          const category = await insertCategory(database.db);
          return {
            fields: {
              intent: "update",
              categoryId: category.id,
              label: "Renamed",
              slug: category.slug,
              color: category.color,
              description: "",
            },
            changed: async () =>
              (await database.db.select().from(categories).where(eq(categories.id, category.id)))[0]!.label ===
              "Renamed",
          };
        },
      },
      // The owner's cell: a person tries to change their own role or account.
      "change a role": {
        page: "/admin/users",
        who: ADMINS,
        prepare: async (owner, actor) => {
          const target = actor === "owner" ? owner.record : ((await insertUser(database.db)) as UserRow);
          return {
            fields: { intent: "role", userId: target.id, role: "admin" },
            changed: async () => (await userRow(target.id)).role === "admin",
          };
        },
      },
      "disable a user": {
        page: "/admin/users",
        who: ADMINS,
        prepare: async (owner, actor) => {
          const target = actor === "owner" ? owner.record : ((await insertUser(database.db)) as UserRow);
          return {
            fields: { intent: "disabled", userId: target.id, disabled: "true" },
            changed: async () => (await userRow(target.id)).isDisabled,
          };
        },
      },
      "grant a featuring request": {
        page: "/admin/requests",
        who: ADMINS,
        prepare: async (owner) => {
          const tool = await insertTool(database.db, { creatorUsername: owner.record.slug, isLinkedToCreator: true });
          await requestFeaturing(owner, tool.id);
          const status = async () =>
            (await userRow(owner.record.id)).payments.find((entry) => entry.toolId === tool.id)?.status;
          return {
            fields: { intent: "grant", userId: owner.record.id, toolId: tool.id },
            changed: async () => (await status()) === "granted",
          };
        },
      },
      "refuse a featuring request": {
        page: "/admin/requests",
        who: ADMINS,
        prepare: async (owner) => {
          const tool = await insertTool(database.db, { creatorUsername: owner.record.slug, isLinkedToCreator: true });
          await requestFeaturing(owner, tool.id);
          const status = async () =>
            (await userRow(owner.record.id)).payments.find((entry) => entry.toolId === tool.id)?.status;
          return {
            fields: { intent: "refuse", userId: owner.record.id, toolId: tool.id },
            changed: async () => (await status()) === "refused",
          };
        },
      },
      "retry a failed delivery": {
        page: "/admin/deliveries",
        who: ADMINS,
        prepare: async (owner) => {
          const [failed] = await database.db
            .insert(outbox)
            .values({
              key: `featuring-requested:${owner.record.id}:${++sequence}:notice`,
              channel: "notice",
              payload: { title: "Featuring request", text: "x" },
              state: "failed",
              attempts: 8,
            })
            .returning();
          const state = async () =>
            (await database.db.select().from(outbox).where(eq(outbox.id, failed!.id)))[0]!.state;
          return {
            fields: { intent: "retry", deliveryId: String(failed!.id) },
            changed: async () => (await state()) !== "failed",
          };
        },
      },
    };

    for (const [action, { page, who, prepare }] of Object.entries(matrix)) {
      for (const role of ROLES) {
        const expected = who[role];
        it(`${action} as ${role}: ${expected}`, async () => {
          const { fields, changed } = await prepare(people.owner, role);
          const response = await clientOf(role).post(page, fields);
          if (expected === "sign-in") {
            expect(response.status).toBe(302);
            expect(response.headers.get("location")).toBe(
              `/login?redirectTo=${encodeURIComponent(page.replace("?index", ""))}`,
            );
          } else if (expected === "refused") {
            expect(response.status).toBe(403);
          } else {
            expect(response.status).toBe(200);
            expect(await response.text()).toContain('data-testid="action-done"');
          }
          expect(await changed()).toBe(expected === "done");
        });
      }
    }
  });

  describe("the pages", () => {
    let verifier: Person;
    let admin: Person;
    let maker: Person;

    beforeEach(async () => {
      await database.reset();
      verifier = await register("Vera Verifier", "verifier");
      admin = await register("Ada Admin", "admin");
      maker = await register("Mia Maker");
    });

    const html = async (client: Client, pathname: string, status = 200) => {
      const response = await client.request(pathname);
      expect(response.status).toBe(status);
      return response.text();
    };

    describe("access", () => {
      it("sends a visitor to sign in and back, and gives anyone else who is not a verifier or admin a 403 page", async () => {
        for (const pathname of ["/admin", "/admin/claims", "/admin/users", "/admin/deliveries"]) {
          const response = await visitor().request(pathname);
          expect(response.status).toBe(302);
          expect(response.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(pathname)}`);
        }
        // A mistyped section is a 404 in the console's frame, never the router's own words.
        const unknown = await html(admin.client, "/admin/blog", 404);
        expect(unknown).toContain('data-testid="admin-not-found"');
        expect(unknown).toContain('data-testid="admin-nav"');
        expect(unknown).not.toContain("No route matches");
        expect((await visitor().request("/admin/blog")).headers.get("location")).toBe(
          "/login?redirectTo=%2Fadmin%2Fblog",
        );
        const outside = await html(visitor(), "/no-such-page", 404);
        expect(outside).toContain("There is nothing at this address.");
        expect(outside).not.toContain("No route matches");
        const refused = await html(maker.client, "/admin", 403);
        expect(refused).toContain("Only verifiers and admins can use the moderation console");
        expect(refused).toContain('<meta name="robots" content="noindex"/>');
        await html(maker.client, "/admin/claims", 403);
      });

      it("shows a verifier the queue and claims only; an admin every section, with what waits", async () => {
        await queuedTool(maker.record);
        await insertTool(database.db, {
          hasBeenClaimed: true,
          claimedBy: maker.record.id,
          creatorUsername: maker.record.slug,
        });
        const tool = await insertTool(database.db, { creatorUsername: maker.record.slug, isLinkedToCreator: true });
        await requestFeaturing(maker, tool.id);

        const forVerifier = await html(verifier.client, "/admin");
        expect(forVerifier).toContain('href="/admin/claims"');
        expect(forVerifier).not.toContain('href="/admin/users"');
        expect(forVerifier).toMatch(/data-testid="admin-count-queue"[^>]*>1</);
        expect(forVerifier).toMatch(/data-testid="admin-count-claims"[^>]*>1</);
        for (const pathname of [
          "/admin/tools",
          "/admin/categories",
          "/admin/users",
          "/admin/requests",
          "/admin/deliveries",
        ]) {
          expect(await html(verifier.client, pathname, 403)).toContain("Only admins can do this");
        }
        expect(forVerifier).not.toContain('href="/admin/deliveries"');

        const forAdmin = await html(admin.client, "/admin");
        for (const section of [
          "/admin/tools",
          "/admin/categories",
          "/admin/users",
          "/admin/requests",
          "/admin/deliveries",
        ])
          expect(forAdmin).toContain(`href="${section}"`);
        expect(forAdmin).toMatch(/data-testid="admin-count-requests"[^>]*>1</);
        expect(forAdmin).toMatch(/data-testid="admin-count-deliveries"[^>]*>0</);
        expect(forAdmin).toContain("<title>Verification queue | Indie Tools</title>");
        expect(forAdmin).toContain('<link rel="canonical" href="http://localhost:3000/admin"/>');
      });
    });

    describe("the queue", () => {
      it("lists waiting tools, skipped first then oldest, each with its sender, date, changed-identity flag, preview and actions", async () => {
        const category = await insertCategory(database.db, { label: "Analytics" });
        const older = await queuedTool(maker.record, {
          name: "Older",
          createdAt: new Date("2026-01-01T00:00:00Z"),
          longDesc: "It **counts**.",
          categories: [category.id],
          tags: ["privacy"],
          hasIdentityChanged: true,
        });
        await queuedTool(maker.record, { name: "Newer", createdAt: new Date("2026-02-01T00:00:00Z") });
        await queuedTool(null, {
          name: "Skipper",
          createdAt: new Date("2026-03-01T00:00:00Z"),
          hasSkippedLine: true,
          dateSkippedLine: new Date("2026-03-02T00:00:00Z"),
        });
        await queuedTool(maker.record, { name: "Refused", rejectedAt: new Date(), rejectionReason: "No" });
        await insertTool(database.db, { name: "Already live" });

        const page = await html(verifier.client, "/admin");
        const names = [...page.matchAll(/<h2 class="text-xl font-bold">([^<]+)<\/h2>/g)].map((match) => match[1]);
        expect(names).toEqual(["Skipper", "Older", "Newer"]);
        expect(page).toContain("3 tools are waiting");
        // The console's counter counts the same queue: not the refused tool, nor the live one.
        expect(page).toMatch(/data-testid="admin-count-queue"[^>]*>3</);
        expect(page).toContain(`href="/profile/${maker.record.slug}"`);
        expect(page).toContain("mia-maker@example.com");
        expect(page).toContain('<time dateTime="2026-01-01">1 January 2026</time>');
        expect(page.match(/data-testid="identity-changed"/g)).toHaveLength(1);
        // The preview is the tool page's own presentation.
        expect(page).toContain("Preview as the public page");
        expect(page).toContain("<strong>counts</strong>");
        expect(page).toContain('href="/category/analytics"');
        expect(page).toContain('href="/tag/privacy"');
        expect(page).toContain(`href="/edit-tool/${older.id}"`);
        // Only an admin is offered to move a tool to the front.
        expect(page).not.toContain('value="skip-line"');
        expect(await html(admin.client, "/admin")).toContain('value="skip-line"');
      });

      it("has an empty state", async () => {
        expect(await html(verifier.client, "/admin")).toContain("The queue is empty");
      });

      it("verify makes the tool public, writes its snapshot, and puts it on the home page", async () => {
        const tool = await queuedTool(maker.record, { name: "Fresh Counter" });
        expect((await visitor().request(`/tool/${tool.slug}`)).status).toBe(404);
        const response = await verifier.client.post("/admin?index", { intent: "verify", toolId: tool.id });
        expect(await response.text()).toContain("Fresh Counter is live.");
        expect(await toolRow(tool.id)).toMatchObject({ isVerified: true, isActive: true });
        expect(snapshotExists(tool.id)).toBe(true);
        expect((await visitor().request(`/tool/${tool.slug}`)).status).toBe(200);
        expect(await html(visitor(), "/")).toContain(`href="/tool/${tool.slug}"`);
        expect(await html(verifier.client, "/admin")).toContain("The queue is empty");
      });

      it("verifying a tool held for its launch day says when it goes live, and the console lists it as coming soon", async () => {
        const tool = await queuedTool(maker.record, { name: "Held Counter" });
        const day = new Date(Date.now() + 5 * 24 * 60 * 60 * 1000);
        await database.db.insert(launches).values({ toolId: tool.id, launchAt: day });
        const answer = await (await verifier.client.post("/admin?index", { intent: "verify", toolId: tool.id })).text();
        const longDay = day.toLocaleDateString("en-GB", {
          day: "numeric",
          month: "long",
          year: "numeric",
          timeZone: "UTC",
        });
        expect(answer).toContain(
          `Held Counter is verified. It goes live on ${longDay}, the launch day its maker chose`,
        );
        expect(answer).not.toContain("Held Counter is live.");
        const listed = await html(admin.client, `/admin/tools?q=${encodeURIComponent("Held Counter")}`);
        expect(/data-testid="tool-state"[^>]*>([^<]*)</.exec(listed)?.[1]).toBe("Coming soon");
        expect(listed).toContain(`Launches on ${longDay}`);
      });

      it("asks the verifier about a declared self-hosting, and takes the answer; a live tool's waits in its own section", async () => {
        const confirmed = await queuedTool(maker.record, { name: "Box Counter", selfHostable: "declared" });
        const refused = await queuedTool(maker.record, { name: "Cloud Counter", selfHostable: "declared" });
        const plain = await queuedTool(maker.record, { name: "Plain Counter" });
        const queue = await html(verifier.client, "/admin");
        expect(queue.match(/It can be self-hosted, as its maker says/g)).toHaveLength(2);
        // The box comes ticked; sent ticked it confirms, sent unticked it removes the maker's word.
        await verifier.client.post("/admin?index", {
          intent: "verify",
          toolId: confirmed.id,
          selfHostingAsked: "1",
          selfHostable: "confirmed",
        });
        await verifier.client.post("/admin?index", { intent: "verify", toolId: refused.id, selfHostingAsked: "1" });
        await verifier.client.post("/admin?index", { intent: "verify", toolId: plain.id });
        expect((await toolRow(confirmed.id)).selfHostable).toBe("confirmed");
        expect((await toolRow(refused.id)).selfHostable).toBeNull();
        expect((await toolRow(plain.id)).selfHostable).toBeNull();

        const live = await insertTool(database.db, { name: "Later Counter", selfHostable: "declared" });
        const section = await html(verifier.client, "/admin");
        expect(section).toContain('data-testid="self-hosting-to-check"');
        expect(section).toContain("Later Counter");
        const done = await verifier.client.post("/admin?index", {
          intent: "self-hosting",
          toolId: live.id,
          answer: "confirmed",
        });
        expect(await done.text()).toContain("Later Counter: visitors now read that it can be self-hosted.");
        expect((await toolRow(live.id)).selfHostable).toBe("confirmed");
        expect(await html(verifier.client, "/admin")).not.toContain('data-testid="self-hosting-to-check"');
        const again = await verifier.client.post("/admin?index", {
          intent: "self-hosting",
          toolId: live.id,
          answer: "refused",
        });
        expect(again.status).toBe(409);
      });

      it("reject needs a reason, shown beside the field; with one, the tool leaves the queue", async () => {
        const tool = await queuedTool(maker.record);
        const response = await verifier.client.post("/admin?index", {
          intent: "reject",
          toolId: tool.id,
          reason: "   ",
        });
        expect(response.status).toBe(400);
        const page = await response.text();
        expect(page).toContain(`id="reason-${tool.id}-error"`);
        expect(page).toContain("Say why the tool is refused: the maker reads it");
        expect((await toolRow(tool.id)).rejectedAt).toBeNull();

        await verifier.client.post("/admin?index", {
          intent: "reject",
          toolId: tool.id,
          reason: "This is a course, not a tool.",
        });
        expect(await toolRow(tool.id)).toMatchObject({
          rejectionReason: "This is a course, not a tool.",
          isVerified: false,
        });
        expect(await html(verifier.client, "/admin")).toContain("The queue is empty");
      });

      it("skipping the line moves a tool to the front", async () => {
        await queuedTool(maker.record, { name: "First", createdAt: new Date("2026-01-01T00:00:00Z") });
        const second = await queuedTool(maker.record, { name: "Second", createdAt: new Date("2026-01-02T00:00:00Z") });
        await queuedTool(maker.record, {
          name: "Declined Widget",
          createdAt: new Date("2026-01-03T00:00:00Z"),
          rejectedAt: new Date(),
          rejectionReason: "No",
        });
        const order = async () =>
          [...(await html(admin.client, "/admin")).matchAll(/<h2 class="text-xl font-bold">([^<]+)<\/h2>/g)].map(
            (match) => match[1],
          );
        expect(await order()).toEqual(["First", "Second"]);
        await admin.client.post("/admin?index", { intent: "skip-line", toolId: second.id });
        expect(await order()).toEqual(["Second", "First"]);
        // The requests page lists only the tools still in line.
        const requests = await html(admin.client, "/admin/requests");
        expect(requests.match(/data-testid="waiting-tool"/g)).toHaveLength(1);
        expect(requests).toContain("First");
        // A refused tool is out of the queue, so out of the line too.
        expect(requests).not.toContain("Declined Widget");
      });
    });

    describe("claims", () => {
      it("lists waiting claims with the claimer and the likely-genuine flag first", async () => {
        await insertTool(database.db, {
          name: "Genuine",
          hasBeenClaimed: true,
          claimedBy: maker.record.id,
          creatorUsername: maker.record.slug,
          isClaimLikelyGenuine: true,
        });
        await insertTool(database.db, {
          name: "Doubtful",
          hasBeenClaimed: true,
          claimedBy: maker.record.id,
          creatorUsername: maker.record.slug,
        });
        await insertTool(database.db, {
          name: "Settled",
          hasBeenClaimed: true,
          wasClaimedAccepted: true,
          creatorUsername: maker.record.slug,
        });
        const page = await html(verifier.client, "/admin/claims");
        expect(page.match(/data-testid="claim"/g)).toHaveLength(2);
        expect(page).not.toContain("Settled");
        expect(page.match(/data-testid="likely-genuine"/g)).toHaveLength(1);
        expect(page).toContain("mia-maker@example.com");
        expect(page).toContain(`href="/profile/${maker.record.slug}"`);
      });

      it("has an empty state", async () => {
        expect(await html(verifier.client, "/admin/claims")).toContain("No claim is waiting");
      });

      it("an accepted claim shows the tool on the claimer's profile", async () => {
        // A claim as askForClaim records it (docs/product.md §4): the creator is the claimer's slug, not linked yet.
        const tool = await insertTool(database.db, {
          name: "Claimed Tool",
          hasBeenClaimed: true,
          claimedBy: maker.record.id,
          creatorUsername: maker.record.slug,
        });
        expect(await html(visitor(), `/profile/${maker.record.slug}`)).not.toContain(`href="/tool/${tool.slug}"`);
        const response = await verifier.client.post("/admin/claims", { intent: "accept", toolId: tool.id });
        expect(await response.text()).toContain("The claim of Claimed Tool was accepted");
        expect(await html(visitor(), `/profile/${maker.record.slug}`)).toContain(`href="/tool/${tool.slug}"`);
        expect(await html(verifier.client, "/admin/claims")).toContain("No claim is waiting");
      });
    });

    describe("tools", () => {
      it("searches every tool by name, whatever its state, and pages by keyset", async () => {
        await queuedTool(maker.record, { name: "Plausible Analytics" });
        await insertTool(database.db, { name: "Umami", isActive: false });
        await insertTool(database.db, { name: "Simple Analytics" });
        const found = await html(admin.client, "/admin/tools?q=ANALYTICS");
        expect(found.match(/data-testid="admin-tool"/g)).toHaveLength(2);
        expect(found).toContain("Waiting for verification");
        expect(found).not.toContain("Umami");
        expect(await html(admin.client, "/admin/tools?q=umami")).toContain("Switched off");
        expect(await html(admin.client, "/admin/tools?q=nothing-like-this")).toContain("No tool&#x27;s name contains");

        await insertTools(database.db, ADMIN_PAGE_SIZE + 2);
        const first = await html(admin.client, "/admin/tools");
        expect(first.match(/data-testid="admin-tool"/g)).toHaveLength(ADMIN_PAGE_SIZE);
        const next = nextPageOf(first);
        expect(next).toMatch(/^\/admin\/tools\?cursor=/);
        const second = await html(admin.client, next!);
        expect(second.match(/data-testid="admin-tool"/g)).toHaveLength(5);
      });

      it("switching a tool off removes it from every public list and its snapshot; switching it on brings both back", async () => {
        const category = await insertCategory(database.db, { label: "Design" });
        const tool = await insertTool(database.db, {
          name: "Figment",
          categories: [category.id],
          tags: ["mockups"],
          verifiedAt: new Date(),
        });
        await app.services.tools.writeToolSnapshot(tool.id);
        const publicPages = [
          "/",
          "/tools",
          "/category/design",
          "/tag/mockups",
          "/search/figment",
          "/rss.xml",
          "/api/v1/tools",
        ];
        for (const pathname of publicPages) expect(await html(visitor(), pathname), pathname).toContain(tool.slug);

        await admin.client.post("/admin/tools", { intent: "flag", toolId: tool.id, flag: "isActive", value: "false" });
        // A tag left without live tools has no page any more (404): either way, the tool is not on it.
        for (const pathname of publicPages)
          expect(await (await visitor().request(pathname)).text(), pathname).not.toContain(tool.slug);
        expect((await visitor().request(`/tool/${tool.slug}`)).status).toBe(404);
        expect(snapshotExists(tool.id)).toBe(false);
        expect(await html(admin.client, "/admin/tools?q=figment")).toContain("Switched off");

        await admin.client.post("/admin/tools", { intent: "flag", toolId: tool.id, flag: "isActive", value: "true" });
        expect(await html(visitor(), "/")).toContain(tool.slug);
        expect(snapshotExists(tool.id)).toBe(true);
      });

      it("a home boost shows the tool in the home page's Featured section", async () => {
        const tool = await insertTool(database.db, { name: "Boosted" });
        const featured = async () =>
          (await html(visitor(), "/")).split('id="featured-heading"')[1]!.split("Last added tools")[0]!;
        expect(await featured()).not.toContain(tool.slug);
        const response = await admin.client.post("/admin/tools", {
          intent: "flag",
          toolId: tool.id,
          flag: "isHomeBoosted",
          value: "true",
        });
        expect(await response.text()).toContain("Boosted: boosted on the home page.");
        expect(await featured()).toContain(tool.slug);
      });
    });

    describe("categories", () => {
      it("lists categories by label, and adds one that the footer shows at once", async () => {
        await insertCategory(database.db, { label: "Zebra" });
        await insertCategory(database.db, { label: "Alpha" });
        const list = await html(admin.client, "/admin/categories");
        expect(list.indexOf("Alpha")).toBeLessThan(list.indexOf("Zebra"));

        const response = await admin.client.post("/admin/categories", {
          intent: "create",
          label: "No-code",
          slug: "",
          description: "Build without code",
          color: "#ddd6fe",
        });
        expect(response.status).toBe(200);
        const [created] = await database.db.select().from(categories).where(eq(categories.slug, "no-code"));
        expect(created).toMatchObject({ label: "No-code", color: "#DDD6FE", description: "Build without code" });
        expect(await html(visitor(), "/")).toContain('href="/category/no-code"');
        expect(await html(visitor(), "/category/no-code")).toContain("Build without code");
      });

      it.each([
        [{ slug: "Not A Slug" }, "slug", "A slug is lowercase letters and digits joined by single hyphens"],
        [{ slug: "taken" }, "slug", "Another category already has this slug"],
        [{ color: "purple" }, "color", "A colour is written #RRGGBB"],
        [{ label: "  " }, "label", "Give the category a name"],
      ])("refuses %j with its message beside the field", async (change, field, message) => {
        await insertCategory(database.db, { label: "Taken" });
        const response = await admin.client.post("/admin/categories", {
          intent: "create",
          label: "Fine",
          slug: "fine",
          color: "#AABBCC",
          description: "",
          ...change,
        });
        expect(response.status).toBeGreaterThanOrEqual(400);
        const page = await response.text();
        expect(page).toContain(`id="new-${field}-error"`);
        expect(page).toContain(message);
        expect(await database.db.select().from(categories)).toHaveLength(1);
      });

      it("an edit shows in the footer and on the category page, and keeps the slug unique", async () => {
        const category = await insertCategory(database.db, { label: "Design" });
        await insertCategory(database.db, { label: "Hosting" });
        const tool = await insertTool(database.db, { categories: [category.id] });
        await app.services.tools.writeToolSnapshot(tool.id);
        const refused = await admin.client.post("/admin/categories", {
          intent: "update",
          categoryId: category.id,
          label: "Design",
          slug: "hosting",
          color: "#AABBCC",
        });
        expect(await refused.text()).toContain(`id="${category.id}-slug-error"`);

        await admin.client.post("/admin/categories", {
          intent: "update",
          categoryId: category.id,
          label: "Design tools",
          slug: "design-tools",
          color: "#AABBCC",
          description: "Make it pretty",
        });
        const home = await html(visitor(), "/");
        expect(home).toContain('href="/category/design-tools"');
        expect(home).not.toContain('href="/category/design"');
        expect(await html(visitor(), "/category/design-tools")).toContain("Make it pretty");
        // The tool's snapshot carries its category as it is now.
        expect(await html(visitor(), `/files/${toolSnapshotKey(tool.id)}`)).toContain('"slug":"design-tools"');
      });

      it("a changed slug leaves its old address redirecting to the new one, until another category takes it", async () => {
        const category = await insertCategory(database.db, { label: "Design" });
        const update = (slug: string) =>
          admin.client.post("/admin/categories", {
            intent: "update",
            categoryId: category.id,
            label: "Design",
            slug,
            color: "#AABBCC",
          });
        await update("design-tools");
        await update("ui-design");
        for (const old of ["design", "design-tools"]) {
          const moved = await visitor().request(`/category/${old}?limit=5`);
          expect(moved.status).toBe(301);
          expect(moved.headers.get("location")).toBe("/category/ui-design?limit=5");
          const feed = await visitor().request(`/category/${old}/rss.xml`);
          expect(feed.status).toBe(301);
          expect(feed.headers.get("location")).toBe("/category/ui-design/rss.xml");
        }
        // Taking an old slug back makes it the category's address again, not a redirect to itself.
        await update("design");
        expect((await visitor().request("/category/design")).status).toBe(200);
        expect((await visitor().request("/category/ui-design")).headers.get("location")).toBe("/category/design");
        // A new category may take a freed address: its own page wins over the redirect.
        await update("design-studio");
        const other = await insertCategory(database.db, { label: "Design", slug: "design" });
        expect((await visitor().request("/category/design")).status).toBe(200);
        expect(await html(visitor(), "/category/design")).toContain(
          `href="http://localhost:3000/category/${other.slug}"`,
        );
        expect((await visitor().request("/category/no-such-category")).status).toBe(404);
      });

      it("has an empty state", async () => {
        expect(await html(admin.client, "/admin/categories")).toContain("No category yet");
      });
    });

    describe("users", () => {
      it("lists users by address, searches them by the start of a username or a whole e-mail, and pages by keyset", async () => {
        const page = await html(admin.client, "/admin/users");
        expect(page.match(/data-testid="admin-user"/g)).toHaveLength(3);
        expect(page.indexOf("Ada Admin")).toBeLessThan(page.indexOf("Mia Maker"));
        const byName = await html(admin.client, "/admin/users?q=mi");
        expect(byName.match(/data-testid="admin-user"/g)).toHaveLength(1);
        expect(byName).toContain("mia-maker@example.com");
        expect(
          (await html(admin.client, "/admin/users?q=VERA-VERIFIER@example.com")).match(/data-testid="admin-user"/g),
        ).toHaveLength(1);
        expect(await html(admin.client, "/admin/users?q=nobody")).toContain("No user matches");
        expect(await html(admin.client, "/admin/users?q=%21%21%21")).toContain("No user matches");

        for (let index = 0; index < ADMIN_PAGE_SIZE; index++)
          await insertUser(database.db, { username: `Bulk ${String(index).padStart(2, "0")}` });
        const first = await html(admin.client, "/admin/users");
        expect(first.match(/data-testid="admin-user"/g)).toHaveLength(ADMIN_PAGE_SIZE);
        const next = nextPageOf(first);
        expect(next).toMatch(/^\/admin\/users\?cursor=/);
        const second = await html(admin.client, next!);
        expect(second.match(/data-testid="admin-user"/g)).toHaveLength(3);
        expect(second).toContain("Vera Verifier");
      });

      it("a new role applies from the next request; an admin cannot demote themselves", async () => {
        await html(maker.client, "/admin", 403);
        await admin.client.post("/admin/users", { intent: "role", userId: maker.record.id, role: "verifier" });
        await html(maker.client, "/admin");

        const response = await admin.client.post("/admin/users", {
          intent: "role",
          userId: admin.record.id,
          role: "guest",
        });
        expect(response.status).toBe(400);
        expect(await response.text()).toContain("You cannot take away your own admin role");
        expect((await userRow(admin.record.id)).role).toBe("admin");
        const ownAccount = await admin.client.post("/admin/users", {
          intent: "disabled",
          userId: admin.record.id,
          disabled: "true",
        });
        expect(ownAccount.status).toBe(400);
        expect((await userRow(admin.record.id)).isDisabled).toBe(false);
      });

      it("a disabled user is signed out at once and stays out; enabled again, they can sign in", async () => {
        const sessionsOf = async () =>
          database.db.select().from(authSessions).where(eq(authSessions.userId, maker.record.authId!));
        expect(await html(maker.client, "/my-tools")).toContain("My tools");
        expect(await sessionsOf()).toHaveLength(1);

        await admin.client.post("/admin/users", { intent: "disabled", userId: maker.record.id, disabled: "true" });
        expect(await sessionsOf()).toHaveLength(0);
        const next = await maker.client.request("/my-tools");
        expect(next.status).toBe(302);
        expect(next.headers.get("location")).toContain("/login");
        expect(await html(admin.client, "/admin/users?q=mia")).toContain('data-testid="user-disabled"');
        const login = () =>
          visitor().post("/login", { intent: "password", email: "mia-maker@example.com", password: "long-enough" });
        expect(await (await login()).text()).toContain("The user has been disabled");

        await admin.client.post("/admin/users", { intent: "disabled", userId: maker.record.id, disabled: "false" });
        expect((await login()).status).toBe(302);
      });
    });

    describe("featuring requests", () => {
      it("a granted request features the tool on the home page, adds a boost and reads 'granted'", async () => {
        const tool = await insertTool(database.db, {
          name: "Wants the spotlight",
          creatorUsername: maker.record.slug,
          isLinkedToCreator: true,
        });
        await requestFeaturing(maker, tool.id);
        const page = await html(admin.client, "/admin/requests");
        expect(page.match(/data-testid="featuring-request"/g)).toHaveLength(1);
        expect(page).toContain("Wants the spotlight");
        expect(page).toContain("mia-maker@example.com");
        // Nothing pretends to take money.
        expect(page.split("<main")[1]!.split("</main>")[0]).not.toMatch(/price|\$|€|£|pay now|checkout|buy/i);

        await admin.client.post("/admin/requests", { intent: "grant", userId: maker.record.id, toolId: tool.id });
        const record = await userRow(maker.record.id);
        expect(record.boosts).toBe(1);
        expect(record.payments).toEqual([
          expect.objectContaining({ kind: FEATURING_REQUEST, toolId: tool.id, status: "granted" }),
        ]);
        expect((await toolRow(tool.id)).isHomeBoosted).toBe(true);
        const featured = (await html(visitor(), "/")).split('id="featured-heading"')[1]!.split("Last added tools")[0]!;
        expect(featured).toContain(`href="/tool/${tool.slug}"`);
        expect(await html(visitor(), `/files/${toolSnapshotKey(tool.id)}`)).toContain('"isHomeBoosted":true');
        expect(await html(admin.client, "/admin/requests")).toContain("No request is waiting");
        // Answered once: a second answer is refused and changes nothing.
        const again = await admin.client.post("/admin/requests", {
          intent: "grant",
          userId: maker.record.id,
          toolId: tool.id,
        });
        expect(again.status).toBe(409);
        expect((await userRow(maker.record.id)).boosts).toBe(1);
      });

      it("a refused request reads 'refused' and features nothing", async () => {
        const tool = await insertTool(database.db, { creatorUsername: maker.record.slug, isLinkedToCreator: true });
        await requestFeaturing(maker, tool.id);
        await admin.client.post("/admin/requests", { intent: "refuse", userId: maker.record.id, toolId: tool.id });
        const record = await userRow(maker.record.id);
        expect(record).toMatchObject({ boosts: 0 });
        expect(record.payments[0]?.status).toBe("refused");
        expect((await toolRow(tool.id)).isHomeBoosted).toBe(false);
        expect(await html(maker.client, `/profile/${maker.record.slug}`)).toContain("Refused");
      });

      it("has empty states", async () => {
        const page = await html(admin.client, "/admin/requests");
        expect(page).toContain("No request is waiting");
        expect(page).toContain("No tool waits in line");
      });
    });
  });
});
