/** /my-tools through the real app: each waiting tool's place in the verification queue and its estimated wait, and the thanks after a submission. */
import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { tools, type UserRow } from "#server/db/schema.ts";
import { insertCategory, insertTool } from "../factories.ts";
import { databaseKinds } from "../setup/database.ts";
import { useTestApp } from "../setup/fixtures.ts";
import { signUpPerson } from "../setup/people.ts";
import { type Client, createClient } from "../setup/forms.ts";

const THANKS = "Thank you! Your tool is in the queue.";

/** The text of each listed tool on /my-tools, by tool name: its state and, when waiting, its place. */
function rowsOf(html: string): Record<string, { state: string; queue: string | null }> {
  const rows: Record<string, { state: string; queue: string | null }> = {};
  for (const [row] of html.matchAll(/<li data-testid="user-tool"[\s\S]*?<\/li>/g)) {
    const name = /<h2[^>]*>(?:<a[^>]*>)?([^<]+)/.exec(row)![1]!;
    const state = /data-testid="tool-state"[^>]*>([^<]+)/.exec(row)![1]!;
    const place = /data-testid="queue-place">([\s\S]*?)<\/span>/.exec(row)?.[1];
    const queue = place === undefined ? null : place.replace(/<!-- -->/g, "").replace(/^ · /, "");
    rows[name] = { state, queue };
  }
  return rows;
}

/** The thanks shown after a submission, as text, or null. */
function thanksOf(html: string): string | null {
  const block = /<div role="status" data-testid="submitted-message"[\s\S]*?<\/div>/.exec(html)?.[0];
  return block
    ? block
        .replace(/<!-- -->/g, "")
        .replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " ")
        .trim()
    : null;
}

describe.each(databaseKinds)("/my-tools queue places on %s", (kind) => {
  const { database, app } = useTestApp(kind);
  let maker: { client: Client; record: UserRow };
  let categoryId: string;

  beforeEach(async () => {
    await database.reset();
    categoryId = (await insertCategory(database.db, { label: "Analytics" })).id;
    maker = await register("Maker");
  });

  const register = (username: string) => signUpPerson(app, database.db, username);

  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

  /** A tool in the queue, sent `minutes` ago by `by` (or by someone else). */
  const waiting = (name: string, minutes: number, by?: UserRow) =>
    insertTool(database.db, {
      name,
      isVerified: false,
      createdAt: minutesAgo(minutes),
      submittedBy: by?.id ?? null,
      creatorUsername: by?.slug ?? null,
      isLinkedToCreator: Boolean(by),
    });

  async function myTools(path = "/my-tools") {
    const response = await maker.client.request(path);
    expect(response.status).toBe(200);
    return response.text();
  }

  it("shows each waiting tool's place and wait, and none for the others", async () => {
    await waiting("Someone's first", 50);
    await waiting("Someone's second", 40);
    await waiting("Mine first", 30, maker.record);
    await waiting("Mine second", 20, maker.record);
    await insertTool(database.db, {
      name: "Mine live",
      createdAt: minutesAgo(60),
      creatorUsername: maker.record.slug,
      isLinkedToCreator: true,
    });
    await insertTool(database.db, {
      name: "Mine rejected",
      isVerified: false,
      rejectedAt: new Date(),
      rejectionReason: "Not a tool",
      createdAt: minutesAgo(70),
      creatorUsername: maker.record.slug,
      isLinkedToCreator: true,
    });
    expect(rowsOf(await myTools())).toEqual({
      "Mine first": { state: "Waiting for verification", queue: "3rd in the queue · about 3 days" },
      "Mine second": { state: "Waiting for verification", queue: "4th in the queue · about 4 days" },
      "Mine live": { state: "Live", queue: null },
      "Mine rejected": { state: "Rejected", queue: null },
    });
  });

  it("moves a tool that skipped the line to the front", async () => {
    await waiting("Someone's first", 50);
    const mine = await waiting("Mine", 30, maker.record);
    await database.db
      .update(tools)
      .set({ hasSkippedLine: true, dateSkippedLine: new Date() })
      .where(eq(tools.id, mine.id));
    expect(rowsOf(await myTools())["Mine"]).toEqual({
      state: "Waiting for verification",
      queue: "1st in the queue · about 1 day",
    });
  });

  it("thanks the maker after a submission through the form, with the tool's place", async () => {
    await waiting("Someone's first", 50);
    const addPage = await (await maker.client.request("/add-tool")).text();
    const toolId = /name="toolId" value="(t[a-z0-9]+)"/.exec(addPage)![1]!;
    const form = new FormData();
    for (const [name, value] of Object.entries({
      toolId,
      intent: "save",
      name: "Counter",
      website: "counter.example",
      shortDesc: "Counts visitors without cookies, for small sites.",
      paymentType: "free",
    }))
      form.append(name, value);
    form.append("categories", categoryId);
    const response = await maker.client.postMultipartSolved("/add-tool", form);
    expect(response.status).toBe(302);
    const location = response.headers.get("location")!;
    expect(location).toBe(`/my-tools?submitted=${toolId}`);
    const html = await myTools(location);
    expect(thanksOf(html)).toBe(`${THANKS} Counter is 2nd in the queue · about 2 days. We e-mail you when it is live.`);
    expect(rowsOf(html)["Counter"]?.queue).toBe("2nd in the queue · about 2 days");
    // Without the parameter, the thanks are not said again.
    expect(thanksOf(await myTools())).toBeNull();
  });

  it("thanks for a submitted tool that is not on the page asked for", async () => {
    const older = await waiting("Older", 30, maker.record);
    await waiting("Newer", 20, maker.record);
    const html = await myTools(`/my-tools?limit=1&submitted=${older.id}`);
    expect(Object.keys(rowsOf(html))).toEqual(["Newer"]);
    expect(thanksOf(html)).toBe(`${THANKS} Older is 1st in the queue · about 1 day. We e-mail you when it is live.`);
  });

  it("says nothing for a tool that is not the user's, not waiting, or not an id", async () => {
    const other = await register("Other");
    const theirs = await waiting("Theirs", 30, other.record);
    const live = await insertTool(database.db, {
      name: "Mine live",
      creatorUsername: maker.record.slug,
      isLinkedToCreator: true,
    });
    for (const submitted of [theirs.id, live.id, "tnosuchtool000000000", "<script>"]) {
      const html = await myTools(`/my-tools?submitted=${encodeURIComponent(submitted)}`);
      expect(thanksOf(html)).toBeNull();
      expect(html).not.toContain("Theirs");
    }
  });

  it("sends a visitor to log in, and back", async () => {
    const response = await createClient(app.request).request("/my-tools?submitted=tabc");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login?redirectTo=%2Fmy-tools%3Fsubmitted%3Dtabc");
  });
});
