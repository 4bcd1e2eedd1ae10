/** The tool lifecycle (docs/product.md §4) through its service, with real mail (SMTP receiver) and a real bot API stand-in. */
import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { SessionUser } from "#common/access.ts";
import { authUsers, tools, users } from "#server/db/schema.ts";
import type { ToolInput } from "#common/tool-input.ts";
import { insertCategory, insertTool, insertUser, toolInput } from "../factories.ts";
import { createTestApp } from "../setup/app.ts";
import { databaseKinds } from "../setup/database.ts";
import { useMailAndBot, useTestApp } from "../setup/fixtures.ts";
import { closedPortUrl } from "../setup/local-http.ts";

type Role = "visitor" | "guest" | "submitter" | "creator" | "verifier" | "admin";

describe.each(databaseKinds)("tool lifecycle on %s", (kind) => {
  const { smtp, bot, env } = useMailAndBot();
  const { database, app } = useTestApp(kind, env);
  let people: Record<Exclude<Role, "visitor">, Awaited<ReturnType<typeof insertUser>>>;
  let categoryId: string;

  beforeEach(async () => {
    await database.reset();
    smtp.mails.length = 0;
    bot.requests.length = 0;
    people = {
      guest: await insertUser(database.db, { username: "Guest", email: "guest@other.example" }),
      submitter: await insertUser(database.db, { username: "Submitter", email: "maker@maker.example" }),
      creator: await insertUser(database.db, { username: "Creator", email: "creator@example.com" }),
      verifier: await insertUser(database.db, { username: "Verifier", role: "verifier" }),
      admin: await insertUser(database.db, { username: "Admin", role: "admin" }),
    };
    categoryId = (await insertCategory(database.db, { label: "Analytics" })).id;
  });

  const as = (role: Role): SessionUser | null => (role === "visitor" ? null : people[role].session);
  const input = (change: Partial<ToolInput> = {}) => toolInput(categoryId, change);

  async function submitted() {
    return app.services.lifecycle.submitTool(as("submitter"), input());
  }

  async function codeOf(action: Promise<unknown>): Promise<string> {
    try {
      await action;
      return "ok";
    } catch (error) {
      return (error as { code?: string }).code ?? String(error);
    }
  }

  describe("submitting", () => {
    it("creates an unverified tool in the queue, tells the admin and e-mails the maker", async () => {
      const tool = await submitted();
      expect(tool).toMatchObject({
        isVerified: false,
        isActive: true,
        submittedBy: people.submitter.id,
        websiteDomain: "counter.example",
        slug: `counter-${tool.id}`,
      });
      expect(tool.keywords).toEqual(["counter"]);
      const [notice] = await bot.waitForRequests(1);
      expect(notice!.url.pathname).toBe("/bot123:abc/sendMessage");
      expect(notice!.url.searchParams.get("text")).toContain("Counter");
      await smtp.waitForMail("maker@maker.example", { subject: "We received Counter", containing: "/my-tools" });
      expect((await app.services.lifecycle.listQueue(as("verifier"))).map((row) => row.id)).toEqual([tool.id]);
    });

    it("refuses a visitor", async () => {
      expect(await codeOf(app.services.lifecycle.submitTool(null, input()))).toBe("unauthenticated");
    });

    it("catches a website that is already listed and points to it", async () => {
      const listed = await insertTool(database.db, { name: "Counter", website: "https://www.counter.example/" });
      await expect(
        app.services.lifecycle.submitTool(as("guest"), input({ website: "https://counter.example/pricing" })),
      ).rejects.toMatchObject({
        code: "aborted",
        message: "This tool is already listed",
        fields: { website: "Counter is already listed.", listedTool: `/tool/${listed.slug}` },
      });
    });
  });

  describe("who may do what", () => {
    const expectations: Record<string, Record<Role, string>> = {
      edit: {
        visitor: "unauthenticated",
        guest: "permission-denied",
        submitter: "ok",
        creator: "ok",
        verifier: "ok",
        admin: "ok",
      },
      verify: {
        visitor: "unauthenticated",
        guest: "permission-denied",
        submitter: "permission-denied",
        creator: "permission-denied",
        verifier: "ok",
        admin: "ok",
      },
      reject: {
        visitor: "unauthenticated",
        guest: "permission-denied",
        submitter: "permission-denied",
        creator: "permission-denied",
        verifier: "ok",
        admin: "ok",
      },
      skipLine: {
        visitor: "unauthenticated",
        guest: "permission-denied",
        submitter: "permission-denied",
        creator: "permission-denied",
        verifier: "permission-denied",
        admin: "ok",
      },
      listQueue: {
        visitor: "unauthenticated",
        guest: "permission-denied",
        submitter: "permission-denied",
        creator: "permission-denied",
        verifier: "ok",
        admin: "ok",
      },
    };

    for (const [action, byRole] of Object.entries(expectations)) {
      for (const [role, expected] of Object.entries(byRole) as [Role, string][]) {
        it(`${action} as ${role}: ${expected}`, async () => {
          const tool = await submitted();
          // The creator is linked to the tool by a verifier's accepted claim in real life; here, directly.
          await database.db
            .update(tools)
            .set({ creatorUsername: people.creator.slug, isLinkedToCreator: true })
            .where(eq(tools.id, tool.id));
          const lifecycle = app.services.lifecycle;
          const run = {
            edit: () =>
              lifecycle.updateTool(
                as(role),
                tool.id,
                input({ shortDesc: "Counts visitors without any cookie at all." }),
              ),
            verify: () => lifecycle.verifyTool(as(role), tool.id),
            reject: () => lifecycle.rejectTool(as(role), tool.id, "Not a tool for makers"),
            skipLine: () => lifecycle.skipWaitingLine(as(role), tool.id),
            listQueue: () => lifecycle.listQueue(as(role)),
          }[action]!;
          expect(await codeOf(run())).toBe(expected);
        });
      }
    }

    const claimExpectations: Record<string, Record<Role, string>> = {
      askForClaim: {
        visitor: "unauthenticated",
        guest: "ok",
        submitter: "ok",
        creator: "aborted",
        verifier: "ok",
        admin: "ok",
      },
      acceptClaim: {
        visitor: "unauthenticated",
        guest: "permission-denied",
        submitter: "permission-denied",
        creator: "permission-denied",
        verifier: "ok",
        admin: "ok",
      },
      refuseClaim: {
        visitor: "unauthenticated",
        guest: "permission-denied",
        submitter: "permission-denied",
        creator: "permission-denied",
        verifier: "ok",
        admin: "ok",
      },
    };
    for (const [action, byRole] of Object.entries(claimExpectations)) {
      for (const [role, expected] of Object.entries(byRole) as [Role, string][]) {
        it(`${action} as ${role}: ${expected}`, async () => {
          // A listed tool: linked to the creator for askForClaim, claimed by the guest for accept and refuse.
          const tool =
            action === "askForClaim"
              ? await insertTool(database.db, {
                  creatorUsername: role === "creator" ? people.creator.slug : null,
                  isLinkedToCreator: role === "creator",
                })
              : await insertTool(database.db, {
                  hasBeenClaimed: true,
                  creatorUsername: people.guest.slug,
                  claimedBy: people.guest.id,
                });
          const lifecycle = app.services.lifecycle;
          const run = {
            askForClaim: () => lifecycle.askForClaim(as(role), tool.id),
            acceptClaim: () => lifecycle.acceptClaim(as(role), tool.id),
            refuseClaim: () => lifecycle.refuseClaim(as(role), tool.id),
          }[action]!;
          expect(await codeOf(run())).toBe(expected);
        });
      }
    }
  });

  describe("the lifecycle", () => {
    it("submit → queue → verify → public, and the submitter is e-mailed the link", async () => {
      const tool = await submitted();
      expect(await app.services.tools.findPublicToolBySlug(tool.slug)).toBeUndefined();
      const verified = await app.services.lifecycle.verifyTool(as("verifier"), tool.id);
      expect(verified).toMatchObject({ isVerified: true, isActive: true });
      expect(verified.verifiedAt).toBeInstanceOf(Date);
      expect(await app.services.tools.findPublicToolBySlug(tool.slug)).toBeDefined();
      expect((await app.request(`/tool/${tool.slug}`)).status).toBe(200);
      await smtp.waitForMail("maker@maker.example", { subject: "Counter is live", containing: `/tool/${tool.slug}` });
      expect(await app.services.lifecycle.listQueue(as("admin"))).toEqual([]);
    });

    it("a rejection takes the tool out of the queue and e-mails the reason", async () => {
      const tool = await submitted();
      await expect(app.services.lifecycle.rejectTool(as("verifier"), tool.id, "  ")).rejects.toMatchObject({
        message: "Say why the tool is refused: the maker reads it",
      });
      await app.services.lifecycle.rejectTool(as("verifier"), tool.id, "This is a course, not a tool.");
      expect(await app.services.lifecycle.listQueue(as("verifier"))).toEqual([]);
      await smtp.waitForMail("maker@maker.example", {
        subject: "Counter was not listed",
        containing: "This is a course, not a tool.",
      });
    });

    it("claim → accept → linked, and the claimer is told; a matching verified domain is flagged", async () => {
      const tool = await insertTool(database.db, { name: "Maker Tool", website: "https://app.maker.example/" });
      // The claimer's address is verified (their auth account says so) and its domain is the website's.
      await database.db
        .insert(authUsers)
        .values({ id: "auth-submitter", name: "Submitter", email: "maker@maker.example", emailVerified: true });
      await database.db.update(users).set({ authId: "auth-submitter" }).where(eq(users.id, people.submitter.id));
      const claimed = await app.services.lifecycle.askForClaim(as("submitter"), tool.id);
      expect(claimed).toMatchObject({
        hasBeenClaimed: true,
        creatorUsername: people.submitter.slug,
        isClaimLikelyGenuine: true,
      });
      expect(await codeOf(app.services.lifecycle.askForClaim(as("guest"), tool.id))).toBe("aborted");
      const accepted = await app.services.lifecycle.acceptClaim(as("admin"), tool.id);
      expect(accepted).toMatchObject({ wasClaimedAccepted: true, isLinkedToCreator: true });
      await smtp.waitForMail("maker@maker.example", {
        subject: "Maker Tool is yours",
        containing: `/tool/${tool.slug}`,
      });
      const html = await (await app.request(`/tool/${tool.slug}`)).text();
      expect(html).toContain(`href="/profile/${people.submitter.slug}"`);
    });

    it("uses the reserved id of the form, and refuses it twice", async () => {
      const id = "t0mwzzzzzzzzzzzzzzz";
      const tool = await app.services.lifecycle.submitTool(as("submitter"), input(), {}, { id });
      expect(tool).toMatchObject({ id, slug: `counter-${id}` });
      expect(
        await codeOf(
          app.services.lifecycle.submitTool(as("submitter"), input({ website: "https://other.example" }), {}, { id }),
        ),
      ).toBe("aborted");
    });

    it("an unverified e-mail or another domain is not flagged as genuine; a refused claim resets", async () => {
      const tool = await insertTool(database.db, { website: "https://maker.example" });
      const claimed = await app.services.lifecycle.askForClaim(as("guest"), tool.id);
      expect(claimed.isClaimLikelyGenuine).toBe(false);
      const refused = await app.services.lifecycle.refuseClaim(as("verifier"), tool.id);
      expect(refused).toMatchObject({ hasBeenClaimed: false, creatorUsername: null, claimedBy: null });
    });

    it("skip line → front of the queue, and the maker sees their place and wait", async () => {
      const first = await app.services.lifecycle.submitTool(
        as("guest"),
        input({ name: "First", website: "https://first.example" }),
      );
      const second = await app.services.lifecycle.submitTool(
        as("submitter"),
        input({ name: "Second", website: "https://second.example" }),
      );
      expect((await app.services.lifecycle.listQueue(as("verifier"))).map((row) => row.name)).toEqual([
        "First",
        "Second",
      ]);
      expect(await app.services.lifecycle.findQueuePlace(second)).toEqual({ place: 2, estimatedHours: 48 });
      const skipped = await app.services.lifecycle.skipWaitingLine(as("admin"), second.id);
      expect(skipped.hasSkippedLine).toBe(true);
      expect(skipped.dateSkippedLine).toBeInstanceOf(Date);
      expect((await app.services.lifecycle.listQueue(as("verifier"))).map((row) => row.name)).toEqual([
        "Second",
        "First",
      ]);
      expect(await app.services.lifecycle.findQueuePlace(skipped)).toEqual({ place: 1, estimatedHours: 24 });
      expect((await app.services.lifecycle.findQueuePlace(first)).place).toBe(2);
    });

    it("editing a live tool keeps it live, and flags a changed name for verifiers", async () => {
      const tool = await submitted();
      await app.services.lifecycle.verifyTool(as("verifier"), tool.id);
      const edited = await app.services.lifecycle.updateTool(as("submitter"), tool.id, input({ name: "Counter Pro" }));
      expect(edited).toMatchObject({ isVerified: true, isActive: true, name: "Counter Pro", hasIdentityChanged: true });
      expect(await codeOf(app.services.lifecycle.updateTool(as("submitter"), "tnosuchtool0000000000", input()))).toBe(
        "not-found",
      );
    });

    it("shows verifiers a live tool whose maker changed its name, until one finds it right", async () => {
      const tool = await submitted();
      await app.services.lifecycle.verifyTool(as("verifier"), tool.id);
      expect(await app.services.lifecycle.listChangedLiveTools(as("verifier"))).toEqual([]);
      await app.services.lifecycle.updateTool(as("submitter"), tool.id, input({ name: "Counter Renamed" }));
      expect((await app.services.lifecycle.listChangedLiveTools(as("verifier"))).map((row) => row.name)).toEqual([
        "Counter Renamed",
      ]);
      expect(await codeOf(app.services.lifecycle.listChangedLiveTools(as("guest")))).toBe("permission-denied");
      expect(await codeOf(app.services.lifecycle.confirmToolIdentity(as("submitter"), tool.id))).toBe(
        "permission-denied",
      );
      await app.services.lifecycle.confirmToolIdentity(as("verifier"), tool.id);
      expect(await app.services.lifecycle.listChangedLiveTools(as("admin"))).toEqual([]);
    });

    it("a failing mail server never undoes the change", async () => {
      const smtpUrl = `smtp://${new URL(await closedPortUrl()).host}`;
      const mailless = await createTestApp(database, { SMTP_URL: smtpUrl });
      const tool = await mailless.services.lifecycle.submitTool(as("submitter"), input());
      const [row] = await database.db.select().from(tools).where(eq(tools.id, tool.id));
      expect(row?.name).toBe("Counter");
    });
  });
});
