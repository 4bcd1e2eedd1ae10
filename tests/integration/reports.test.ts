/**
 * Problem reports (docs/decisions/024-problem-reports.md) through the real HTTP routes: anyone reports from a tool's page,
 * limited per address; verifiers and admins read and answer them in the console and on the tool's page; the tool page
 * stays in the page cache for visitors.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { asc, count, eq, sql } from "drizzle-orm";
import { ADMIN_PAGE_SIZE, MAX_REPORT_TEXT_LENGTH } from "#common/constants.ts";
import { MESSAGES } from "#common/messages.ts";
import { slugify } from "#common/slugify.ts";
import { outbox, toolReports, tools, type UserRow, users } from "#server/db/schema.ts";
import { openReportsQuery } from "#server/reports/reports.ts";
import { insertTool } from "../factories.ts";
import { PERSON } from "../setup/agents.ts";
import { createTestApp } from "../setup/app.ts";
import { databaseKinds, explainMainPlan } from "../setup/database.ts";
import { useTestApp } from "../setup/fixtures.ts";
import { type Client, createClient } from "../setup/forms.ts";

type Role = "visitor" | "guest" | "other" | "creator" | "verifier" | "admin";
const ROLES: Role[] = ["visitor", "guest", "other", "creator", "verifier", "admin"];
/** Reading and answering reports: verifiers and admins. */
const MODERATORS: Record<Role, "sign-in" | "refused" | "done"> = {
  visitor: "sign-in",
  guest: "refused",
  other: "refused",
  creator: "refused",
  verifier: "done",
  admin: "done",
};

const THANKS = "Thanks, your report was sent.";

/** The HTML of `text` as React writes it in a page. */
const escaped = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

describe.each(databaseKinds)("problem reports on %s", (kind) => {
  const { database, app } = useTestApp(kind);

  beforeEach(() => database.reset());

  type Person = { client: Client; record: UserRow | null };

  /** Registers through /register (signed in from then on), then gives the role directly, as `npm run admin` would. */
  async function register(username: string, role: UserRow["role"] = "guest"): Promise<Person> {
    const client = createClient(app.request);
    const response = await client.postSolved("/register", {
      username,
      email: `${slugify(username)}@example.com`,
      password: "long-enough",
    });
    expect(response.status).toBe(302);
    const [record] = await database.db
      .update(users)
      .set({ role })
      .where(eq(users.email, `${slugify(username)}@example.com`))
      .returning();
    return { client, record: record! };
  }

  /** One person of each role, and a live tool whose linked creator is the 'creator'. */
  async function everyone() {
    const people: Record<Role, Person> = {
      visitor: { client: createClient(app.request), record: null },
      guest: await register("Guest"),
      other: await register("Other"),
      creator: await register("Creator"),
      verifier: await register("Verifier", "verifier"),
      admin: await register("Admin", "admin"),
    };
    const tool = await insertTool(database.db, {
      name: "Reported Tool",
      submittedBy: people.creator.record!.id,
      creatorUsername: people.creator.record!.slug,
      isLinkedToCreator: true,
    });
    return { people, tool };
  }

  const report = (client: Client, slug: string, fields: Record<string, string>) =>
    client.post(`/tool/${slug}`, { intent: "report", ...fields });

  const reportRows = () => database.db.select().from(toolReports).orderBy(asc(toolReports.id));

  /** An open report on `toolId`, written as the service writes it. */
  async function openReport(toolId: string, text = "The link is dead", createdAt = new Date()) {
    const [row] = await database.db
      .insert(toolReports)
      .values({ toolId, kind: "broken-link", text, createdAt })
      .returning();
    return row!;
  }

  describe("sending a report", () => {
    it("is open to everyone, visitor included, and tells the admin", async () => {
      const { people, tool } = await everyone();
      for (const role of ROLES) {
        const response = await report(people[role].client, tool.slug, {
          kind: "outdated",
          text: `Seen by the ${role}`,
        });
        expect(response.status, role).toBe(200);
        expect(await response.text(), role).toContain(THANKS);
      }
      const rows = await reportRows();
      expect(rows.map((row) => [row.text, row.kind, row.status, row.reporterId])).toEqual(
        ROLES.map((role) => [`Seen by the ${role}`, "outdated", "open", people[role].record?.id ?? null]),
      );
      const notices = await database.db.select().from(outbox).where(eq(outbox.channel, "notice"));
      const reportNotices = notices.filter((notice) => notice.key.startsWith("tool-report:"));
      expect(reportNotices).toHaveLength(ROLES.length);
      // The outbox is read in no particular order: the visitor's notice is among them.
      expect(reportNotices.map((notice) => notice.payload)).toContainEqual(
        expect.objectContaining({
          title: "Problem reported",
          text: "Outdated information on Reported Tool: Seen by the visitor",
        }),
      );
    });

    it("takes a report without details", async () => {
      const tool = await insertTool(database.db);
      const response = await report(createClient(app.request), tool.slug, { kind: "spam" });
      expect(response.status).toBe(200);
      expect((await reportRows()).map((row) => [row.kind, row.text])).toEqual([["spam", ""]]);
    });

    it("refuses an unknown kind, a missing kind, a text too long or not text, and keeps what was typed", async () => {
      const tool = await insertTool(database.db);
      const visitor = createClient(app.request);
      const cases: [Record<string, string>, string][] = [
        [{ kind: "rude", text: "Kept words" }, MESSAGES.report.unknownKind],
        [{ text: "Kept words" }, MESSAGES.report.unknownKind],
        [{ kind: "other", text: `Kept words ${"x".repeat(MAX_REPORT_TEXT_LENGTH)}` }, MESSAGES.report.textTooLong],
        [{ kind: "other", text: "Kept words \u0000" }, MESSAGES.report.unreadableText],
      ];
      for (const [fields, message] of cases) {
        const response = await report(visitor, tool.slug, fields);
        expect(response.status, message).toBe(400);
        const html = await response.text();
        expect(html).toContain(escaped(message));
        expect(html).toContain("Kept words");
        expect(html).not.toContain(THANKS);
        // The disclosure stays open on the refusal.
        expect(html).toMatch(/<details open=""[^>]*data-testid="report-problem"/);
      }
      expect(await reportRows()).toEqual([]);
    });

    it("answers a body that is not a form with a 400 and a message, and writes nothing", async () => {
      const tool = await insertTool(database.db);
      for (const [type, body] of [
        ["application/json", JSON.stringify({ intent: "report", kind: "spam" })],
        ["text/plain", "intent=report&kind=spam"],
      ]) {
        const response = await app.request(`/tool/${tool.slug}`, {
          method: "POST",
          headers: { ...PERSON, origin: "http://localhost:3000", "content-type": type! },
          body,
        });
        expect(response.status, type).toBe(400);
        expect(await response.json()).toEqual({ error: { code: "invalid-argument", message: MESSAGES.page.notAForm } });
      }
      expect(await reportRows()).toEqual([]);
    });

    it("is refused on a tool that is not live, or does not exist", async () => {
      const waiting = await insertTool(database.db, { isVerified: false });
      const off = await insertTool(database.db, { isActive: false });
      const visitor = createClient(app.request);
      for (const slug of [waiting.slug, off.slug, "no-such-tool-t000000000aaaaaaaa"]) {
        const response = await report(visitor, slug, { kind: "spam" });
        expect(response.status, slug).toBe(404);
      }
      expect(await reportRows()).toEqual([]);
    });

    it("is refused from another site", async () => {
      const tool = await insertTool(database.db);
      const foreign = createClient(app.request, "https://evil.example");
      expect((await report(foreign, tool.slug, { kind: "spam" })).status).toBe(403);
      expect(await reportRows()).toEqual([]);
    });

    it("is limited per address: the 11th in an hour is refused, whatever X-Forwarded-For says when no proxy is trusted", async () => {
      const tool = await insertTool(database.db);
      const send = (index: number) =>
        app.request(`/tool/${tool.slug}`, {
          method: "POST",
          headers: {
            ...PERSON,
            origin: "http://localhost:3000",
            "content-type": "application/x-www-form-urlencoded",
            "x-forwarded-for": `203.0.113.${index}`,
          },
          body: new URLSearchParams({ intent: "report", kind: "spam", text: `Report ${index}` }).toString(),
        });
      for (let index = 1; index <= 10; index++) expect((await send(index)).status, `report ${index}`).toBe(200);
      const refused = await send(11);
      expect(refused.status).toBe(429);
      const html = await refused.text();
      expect(html).toContain(escaped(MESSAGES.auth.tooManyRequests));
      expect(html).toContain("Report 11");
      expect(await reportRows()).toHaveLength(10);
    });

    it("behind a trusted proxy, counts each forwarded address on its own", async () => {
      const proxied = await createTestApp(database, { TRUST_PROXY: "true" });
      const [tool, other] = [await insertTool(database.db), await insertTool(database.db)];
      const send = (address: string, slug = tool.slug) =>
        proxied.request(`/tool/${slug}`, {
          method: "POST",
          headers: {
            ...PERSON,
            origin: "http://localhost:3000",
            "content-type": "application/x-www-form-urlencoded",
            "x-forwarded-for": address,
          },
          body: new URLSearchParams({ intent: "report", kind: "spam" }).toString(),
        });
      for (let index = 0; index < 10; index++) expect((await send("198.51.100.1")).status).toBe(200);
      expect((await send("198.51.100.1")).status).toBe(429);
      expect((await send("198.51.100.2")).status).toBe(200);
      // One home's IPv6 /64 is one sender.
      for (let index = 0; index < 10; index++)
        expect((await send(`2001:db8:1:2::${index + 1}`, other.slug)).status).toBe(200);
      expect((await send("2001:db8:1:2::ffff", other.slug)).status).toBe(429);
    });

    it("is limited per tool and day, whatever the addresses: past 20 a flood is refused, and the admins are told once", async () => {
      const proxied = await createTestApp(database, { TRUST_PROXY: "true" });
      const [tool, other] = [await insertTool(database.db, { name: "Flooded" }), await insertTool(database.db)];
      const send = (index: number, slug = tool.slug) =>
        proxied.request(`/tool/${slug}`, {
          method: "POST",
          headers: {
            ...PERSON,
            origin: "http://localhost:3000",
            "content-type": "application/x-www-form-urlencoded",
            "x-forwarded-for": `198.51.100.${index}`,
          },
          body: new URLSearchParams({ intent: "report", kind: "spam", text: `Report ${index}` }).toString(),
        });
      for (let index = 1; index <= 20; index++) expect((await send(index)).status, `report ${index}`).toBe(200);
      for (const index of [21, 22, 23]) {
        const refused = await send(index);
        expect(refused.status).toBe(429);
        const html = await refused.text();
        expect(html).toContain(escaped(MESSAGES.report.toolFlooded));
        // What the person wrote is still in the form.
        expect(html).toContain(`Report ${index}`);
      }
      expect(await reportRows()).toHaveLength(20);
      const floods = await database.db
        .select({ payload: outbox.payload })
        .from(outbox)
        .where(sql`${outbox.key} like 'reports-flooded:%'`);
      expect(floods).toHaveLength(1);
      expect(floods[0]!.payload).toMatchObject({
        title: "Reports flood",
        text: expect.stringMatching(
          /^Reports on Flooded passed 20 today: more are refused until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\.$/,
        ),
      });
      // Another tool is not held back by it.
      expect((await send(24, other.slug)).status).toBe(200);
    });
  });

  describe("the tool page in the page cache", () => {
    it("stays cached for visitors after a report, holds the form, and shows no report", async () => {
      const tool = await insertTool(database.db);
      const path = `/tool/${tool.slug}`;
      const get = () => app.request(path, { headers: PERSON });
      expect((await get()).headers.get("x-cache")).toBe("miss");
      const kept = await get();
      expect(kept.headers.get("x-cache")).toBe("hit");
      const before = await kept.text();
      expect(before).toContain("Report a problem");
      expect(before).toMatch(/<form[^>]*method="post"[^>]*>\s*<input type="hidden" name="intent" value="report"/);

      const posted = await report(createClient(app.request), tool.slug, {
        kind: "broken-link",
        text: "A secret only admins read",
      });
      expect(posted.status).toBe(200);
      expect(posted.headers.get("x-cache")).not.toBe("hit");

      const after = await get();
      expect(after.headers.get("x-cache")).toBe("hit");
      const html = await after.text();
      expect(html).toBe(before);
      expect(html).not.toContain("A secret only admins read");
      expect(html).not.toContain(THANKS);
    });
  });

  describe("reading and answering reports", () => {
    it("lists the open reports for verifiers and admins only, with the text as text, and counts them in the console's navigation", async () => {
      const { people, tool } = await everyone();
      await openReport(tool.id, '<script>alert("x")</script><b>bold</b>');
      for (const role of ROLES) {
        const response = await people[role].client.request("/admin/reports");
        const expected = MODERATORS[role];
        if (expected === "sign-in") {
          expect(response.status, role).toBe(302);
          expect(response.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent("/admin/reports")}`);
        } else if (expected === "refused") {
          expect(response.status, role).toBe(403);
        } else {
          expect(response.status, role).toBe(200);
          const html = await response.text();
          expect(html).toContain(escaped('<script>alert("x")</script><b>bold</b>'));
          expect(html).not.toContain("<b>bold</b>");
          expect(html).toContain("Reported Tool");
          expect(html).toContain("Broken link");
          expect(html).toMatch(/data-testid="admin-count-reports"[^>]*>1</);
        }
      }
    });

    it("shows a tool's open reports on its page to verifiers and admins only, and their counts on /admin/tools", async () => {
      const { people, tool } = await everyone();
      await openReport(tool.id, "Pricing changed last month");
      for (const role of ROLES) {
        const response = await people[role].client.request(`/tool/${tool.slug}`);
        const html = await response.text();
        const isModerator = MODERATORS[role] === "done";
        expect(html.includes("Pricing changed last month"), role).toBe(isModerator);
        expect(html.includes('data-testid="open-reports"'), role).toBe(isModerator);
        if (role !== "visitor") expect(response.headers.get("x-cache"), role).toBe("bypass");
      }
      const list = await (await people.admin.client.request(`/admin/tools?q=${encodeURIComponent("Reported")}`)).text();
      expect(list).toContain("1 open report");
      expect(list).toContain(`href="/admin/reports?tool=${tool.id}"`);
    });

    it.each(["resolve", "dismiss"] as const)(
      "lets verifiers and admins %s a report, once; anyone else is refused",
      async (intent) => {
        const { people, tool } = await everyone();
        const done = intent === "resolve" ? "resolved" : "dismissed";
        for (const role of ROLES) {
          const row = await openReport(tool.id, `For the ${role}`);
          const response = await people[role].client.post("/admin/reports", { intent, reportId: String(row.id) });
          const [after] = await database.db.select().from(toolReports).where(eq(toolReports.id, row.id));
          switch (MODERATORS[role]) {
            case "sign-in":
              expect(response.status, role).toBe(302);
              expect(response.headers.get("location")).toBe(
                `/login?redirectTo=${encodeURIComponent("/admin/reports")}`,
              );
              expect(after!.status).toBe("open");
              break;
            case "refused":
              expect(response.status, role).toBe(403);
              expect(after!.status).toBe("open");
              break;
            case "done": {
              expect(response.status, role).toBe(200);
              expect(await response.text()).toContain(`The report on Reported Tool was ${done}.`);
              expect(after).toMatchObject({ status: done, handledBy: people[role].record!.id });
              expect(after!.handledAt).toBeInstanceOf(Date);
              // Answered once: the second answer says so.
              const again = await people[role].client.post("/admin/reports", {
                intent: intent === "resolve" ? "dismiss" : "resolve",
                reportId: String(row.id),
              });
              expect(again.status).toBe(409);
              expect(await again.text()).toContain(MESSAGES.report.alreadyHandled);
              const [still] = await database.db.select().from(toolReports).where(eq(toolReports.id, row.id));
              expect(still!.status).toBe(done);
            }
          }
        }
      },
    );

    it("refuses an unknown or malformed report id and an unknown action", async () => {
      const admin = await register("Admin", "admin");
      const unknown = await admin.client.post("/admin/reports", { intent: "resolve", reportId: "999999" });
      expect(unknown.status).toBe(404);
      expect(await unknown.text()).toContain(MESSAGES.report.notFound);
      expect(
        (await admin.client.post("/admin/reports", { intent: "dismiss", reportId: "x'; drop table tool_reports" }))
          .status,
      ).toBe(400);
      expect((await admin.client.post("/admin/reports", { intent: "delete", reportId: "1" })).status).toBe(400);
    });

    it("pages the open reports by keyset, oldest first, of every tool or of one, and leaves answered ones out", async () => {
      const admin = await register("Admin", "admin");
      const first = await insertTool(database.db, { name: "First Tool" });
      const second = await insertTool(database.db, { name: "Second Tool" });
      const start = Date.parse("2026-03-01T00:00:00Z");
      const rows = Array.from({ length: ADMIN_PAGE_SIZE + 2 }, (_, index) => ({
        toolId: index % 2 === 0 ? first.id : second.id,
        kind: "other",
        text: `Report number ${index}.`,
        // Two reports share each moment: the id breaks the tie.
        createdAt: new Date(start + Math.floor(index / 2) * 1000),
      }));
      await database.db.insert(toolReports).values(rows);
      await database.db
        .insert(toolReports)
        .values({ toolId: first.id, kind: "spam", text: "Already answered.", status: "resolved" });

      const texts = (html: string) =>
        [...html.matchAll(/data-testid="report-text"[^>]*>([^<]*)</g)].map((match) => match[1]);
      const pageOne = await (await admin.client.request("/admin/reports")).text();
      expect(texts(pageOne)).toEqual(rows.slice(0, ADMIN_PAGE_SIZE).map((row) => row.text));
      const next = /<a[^>]*rel="next"[^>]*href="([^"]+)"|<a[^>]*href="([^"]+)"[^>]*rel="next"/.exec(pageOne);
      const nextPath = (next?.[1] ?? next?.[2])!.replaceAll("&amp;", "&");
      const pageTwo = await (await admin.client.request(nextPath)).text();
      expect(texts(pageTwo)).toEqual(rows.slice(ADMIN_PAGE_SIZE).map((row) => row.text));
      expect(pageTwo).not.toContain("Already answered.");

      const ofSecond = await (await admin.client.request(`/admin/reports?tool=${second.id}`)).text();
      expect(texts(ofSecond)).toEqual(rows.filter((row) => row.toolId === second.id).map((row) => row.text));
      expect(ofSecond.replaceAll("<!-- -->", "")).toContain("Reports on Second Tool only.");
      expect((await admin.client.request("/admin/reports?cursor=1.abc")).status).toBe(400);
      expect((await admin.client.request("/admin/reports?tool=%3Cx%3E")).status).toBe(400);
    });

    it("drops a tool's reports with the tool, and keeps a report when its reporter's account goes", async () => {
      const guest = await register("Guest");
      const tool = await insertTool(database.db);
      expect((await report(guest.client, tool.slug, { kind: "spam" })).status).toBe(200);
      await database.db.delete(users).where(eq(users.id, guest.record!.id));
      expect((await reportRows()).map((row) => row.reporterId)).toEqual([null]);
      await database.db.delete(tools).where(eq(tools.id, tool.id));
      expect(await reportRows()).toEqual([]);
    });
  });

  describe("query plans", () => {
    it("reads the console's pages, a tool's reports and the count through the partial indexes, in order", async () => {
      const tool = await insertTool(database.db);
      const other = await insertTool(database.db);
      const start = Date.parse("2026-01-01T00:00:00Z");
      // 3,000 reports, a third of them open; the one tool has 150, all open: three pages of its own among a thousand.
      const rows = Array.from({ length: 3000 }, (_, index) => {
        const isTool = index % 20 === 0;
        return {
          toolId: isTool ? tool.id : other.id,
          kind: "other",
          status: isTool || index % 3 === 0 ? "open" : "resolved",
          createdAt: new Date(start + index * 1000),
        };
      });
      for (let index = 0; index < rows.length; index += 500)
        await database.db.insert(toolReports).values(rows.slice(index, index + 500));
      await database.db.execute(sql`analyze tool_reports`);

      const later = { key: start + 500_000, id: "500" };
      for (const [query, index] of [
        [openReportsQuery(database.db, { limit: ADMIN_PAGE_SIZE + 1 }), "tool_reports_open_idx"],
        [openReportsQuery(database.db, { cursor: later, limit: ADMIN_PAGE_SIZE + 1 }), "tool_reports_open_idx"],
        [openReportsQuery(database.db, { toolId: tool.id, limit: ADMIN_PAGE_SIZE + 1 }), "tool_reports_tool_open_idx"],
        [
          openReportsQuery(database.db, { toolId: tool.id, cursor: later, limit: ADMIN_PAGE_SIZE + 1 }),
          "tool_reports_tool_open_idx",
        ],
      ] as const) {
        const plan = await explainMainPlan(database.db, query);
        expect(plan, plan).toContain(index);
        expect(plan, plan).not.toMatch(/Seq Scan/);
        // The console's list walks its index in order; one tool's few open reports may be read through its index and sorted.
        if (index === "tool_reports_open_idx") expect(plan, plan).not.toMatch(/Sort/);
      }
      const counted = await explainMainPlan(
        database.db,
        database.db.select({ count: count() }).from(toolReports).where(eq(toolReports.status, "open")),
      );
      expect(counted).toContain("tool_reports_open_idx");
    });
  });
});
