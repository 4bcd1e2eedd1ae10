/**
 * One tool listed twice, a maker's own submission, and what makers are told (decision 022): through the services and
 * the real HTTP routes, with real mail (SMTP receiver), on each database.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { SessionUser } from "#common/access.ts";
import { createId } from "#common/ids.ts";
import type { ToolInput } from "#common/tool-input.ts";
import { tools, users } from "#server/db/schema.ts";
import { backfillWebsiteKeys } from "#server/tools/lifecycle/duplicates.ts";
import { insertCategory, insertTool, insertUser, toolInput } from "../factories.ts";
import { PERSON } from "../setup/agents.ts";
import { databaseKinds } from "../setup/database.ts";
import { useResource, useTestApp } from "../setup/fixtures.ts";
import { createClient } from "../setup/forms.ts";
import { startSmtpReceiver } from "../setup/smtp.ts";

type Role = "visitor" | "guest" | "submitter" | "creator" | "verifier" | "admin";
const ROLES: Role[] = ["visitor", "guest", "submitter", "creator", "verifier", "admin"];
const MODERATORS_ONLY: Record<Role, string> = {
  visitor: "unauthenticated",
  guest: "permission-denied",
  submitter: "permission-denied",
  creator: "permission-denied",
  verifier: "ok",
  admin: "ok",
};

describe.each(databaseKinds)("duplicates, makers' tools and their mails on %s", (kind) => {
  const smtp = useResource(startSmtpReceiver);
  const { database, app } = useTestApp(kind, () => ({ SMTP_URL: smtp.url }));
  let people: Record<Exclude<Role, "visitor">, Awaited<ReturnType<typeof insertUser>>>;
  let categoryId: string;

  beforeEach(async () => {
    await database.reset();
    smtp.mails.length = 0;
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
  const lifecycle = () => app.services.lifecycle;

  async function codeOf(action: Promise<unknown>): Promise<string> {
    try {
      await action;
      return "ok";
    } catch (error) {
      return (error as { code?: string }).code ?? String(error);
    }
  }

  async function rowOf(id: string) {
    const [row] = await database.db.select().from(tools).where(eq(tools.id, id));
    return row;
  }

  describe("a submission that is likely listed already", () => {
    it("is refused for the same canonical website, however it is written, with a link to claim the listed tool", async () => {
      const listed = await insertTool(database.db, { name: "Counter", website: "https://www.counter.example/" });
      expect(listed).toMatchObject({ canonicalWebsite: "counter.example", registrableDomain: "counter.example" });
      for (const website of [
        "http://counter.example",
        "https://WWW.Counter.example/?utm_source=x",
        "counter.example/",
      ]) {
        await expect(
          lifecycle().submitTool(as("guest"), input({ name: "Another name", website })),
        ).rejects.toMatchObject({
          code: "aborted",
          message: "This tool is already listed",
          fields: { website: "Counter is already listed.", listedTool: `/tool/${listed.slug}` },
        });
      }
    });

    it("is refused on the same registrable domain, but not on a shared host's other sites nor another repository", async () => {
      await insertTool(database.db, { name: "Counter", website: "https://counter.co.uk" });
      await expect(
        lifecycle().submitTool(as("guest"), input({ name: "Counter app", website: "https://app.counter.co.uk/login" })),
      ).rejects.toMatchObject({ message: "This tool is already listed" });

      await insertTool(database.db, { name: "Ada's page", website: "https://ada.github.io" });
      expect(
        await codeOf(
          lifecycle().submitTool(as("guest"), input({ name: "Grace's page", website: "https://grace.github.io" })),
        ),
      ).toBe("ok");

      await insertTool(database.db, { name: "Widgets", website: "https://github.com/ada/widgets" });
      expect(
        await codeOf(
          lifecycle().submitTool(
            as("submitter"),
            input({ name: "Gadgets", website: "https://github.com/grace/gadgets" }),
          ),
        ),
      ).toBe("ok");
      // The same repository, or a nearly equal name on the same code host, is the same tool.
      await expect(
        lifecycle().submitTool(as("creator"), input({ name: "Other", website: "https://github.com/Ada/widgets/" })),
      ).rejects.toMatchObject({ message: "This tool is already listed" });
      await expect(
        lifecycle().submitTool(
          as("creator"),
          input({ name: "Widgets", website: "https://github.com/someone-else/widgets" }),
        ),
      ).rejects.toMatchObject({ message: "This tool is already listed" });
    });

    it("says a tool waiting for verification was already submitted, and lets a refused one be sent again", async () => {
      await lifecycle().submitTool(as("submitter"), input());
      await expect(lifecycle().submitTool(as("guest"), input({ name: "Counting" }))).rejects.toMatchObject({
        code: "aborted",
        message: "This tool was already submitted",
        fields: { website: "Counter was already submitted: it waits for a verifier." },
      });
      const [waiting] = await database.db.select().from(tools);
      await lifecycle().rejectTool(as("verifier"), waiting!.id, "Not ready");
      expect(await codeOf(lifecycle().submitTool(as("guest"), input()))).toBe("ok");
    });

    it("refuses an edit that moves a tool onto another's website, not an edit of its own", async () => {
      await insertTool(database.db, { name: "Listed", website: "https://listed.example" });
      const tool = await lifecycle().submitTool(as("submitter"), input());
      await expect(
        lifecycle().updateTool(as("submitter"), tool.id, input({ website: "https://www.listed.example" })),
      ).rejects.toMatchObject({ message: "This tool is already listed" });
      const updated = await lifecycle().updateTool(
        as("submitter"),
        tool.id,
        input({ website: "https://counter.example/home" }),
      );
      expect(updated).toMatchObject({ canonicalWebsite: "counter.example/home", registrableDomain: "counter.example" });
    });

    it("shows the form's message and the link to claim, over HTTP", async () => {
      const listed = await insertTool(database.db, { name: "Counter", website: "https://counter.example" });
      const maker = createClient(app.request);
      await maker.postSolved("/register", { username: "Maker", email: "maker@example.com", password: "long-enough" });
      const form = new FormData();
      for (const [name, value] of Object.entries({
        toolId: createId("t"),
        name: "Counter",
        website: "www.counter.example/",
        shortDesc: "Counts visitors without cookies, for small sites.",
        categories: categoryId,
      }))
        form.append(name, value);
      const response = await maker.postMultipartSolved("/add-tool", form);
      expect(response.status).toBe(409);
      const html = await response.text();
      expect(html).toContain("This tool is already listed");
      expect(html).toContain(`href="/tool/${listed.slug}"`);
    });
  });

  describe("possible duplicates beside a queued tool", () => {
    it("lists the same site first, then similar names elsewhere, never refused tools", async () => {
      const queued = await insertTool(database.db, {
        name: "Plausible Counter",
        website: "https://plausiblecounter.example",
        isVerified: false,
        submittedBy: people.submitter.id,
      });
      const sameSite = await insertTool(database.db, {
        name: "Something else",
        website: "https://docs.plausiblecounter.example",
      });
      const similar = await insertTool(database.db, {
        name: "Plausible Counter Pro",
        website: "https://other.example",
      });
      await insertTool(database.db, {
        name: "Plausible Counters",
        website: "https://refused.example",
        isVerified: false,
        rejectedAt: new Date(),
      });
      await insertTool(database.db, { name: "Unrelated", website: "https://unrelated.example" });
      const front = await app.services.admin.listQueueFront(as("verifier"));
      const item = front.tools.find((tool) => tool.id === queued.id)!;
      expect(
        item.possibleDuplicates.map((duplicate) => [duplicate.id, duplicate.isSameSite, duplicate.isLive]),
      ).toEqual([
        [sameSite.id, true, true],
        [similar.id, false, true],
      ]);
      const html = await (await signedIn("verifier")).request("/admin").then((response) => response.text());
      expect(html).toContain("Possible duplicates");
      expect(html).toContain("Merge into Something else");
    });
  });

  /** A client signed in as `role` (a session made through the form, then the role given). */
  async function signedIn(role: Exclude<Role, "visitor">) {
    const client = createClient(app.request);
    const email = `${role}-web@example.com`;
    await client.postSolved("/register", { username: `${role} web`, email, password: "long-enough" });
    await database.db
      .update(users)
      .set({ role: role === "verifier" || role === "admin" ? role : "guest" })
      .where(eq(users.email, email));
    return client;
  }

  describe("merging a submission into the listed tool", () => {
    for (const role of ROLES) {
      it(`as ${role}: ${MODERATORS_ONLY[role]}`, async () => {
        const listed = await insertTool(database.db, { name: "Counter", website: "https://counter.example" });
        const queued = await insertTool(database.db, {
          name: "Counter!",
          website: "https://counter-app.example",
          isVerified: false,
          submittedBy: people.submitter.id,
        });
        expect(await codeOf(lifecycle().mergeIntoListing(as(role), queued.id, listed.id))).toBe(MODERATORS_ONLY[role]);
        expect(Boolean(await rowOf(queued.id))).toBe(MODERATORS_ONLY[role] !== "ok");
      });
    }

    it("removes the submission, makes its submitter a claimer and e-mails them", async () => {
      const listed = await insertTool(database.db, { name: "Counter", website: "https://counter.example" });
      const queued = await insertTool(database.db, {
        name: "Counter!",
        website: "https://counter-app.example",
        isVerified: false,
        submittedBy: people.submitter.id,
        longDesc: "Kept nowhere",
      });
      const merged = await lifecycle().mergeIntoListing(as("verifier"), queued.id, listed.id);
      expect(merged.outcome).toBe("claim-requested");
      expect(await rowOf(queued.id)).toBeUndefined();
      expect(await rowOf(listed.id)).toMatchObject({
        hasBeenClaimed: true,
        claimedBy: people.submitter.id,
        creatorUsername: "submitter",
        isLinkedToCreator: false,
        longDesc: "",
      });
      expect((await app.services.admin.listClaims(as("verifier"))).claims.map((claim) => claim.toolId)).toEqual([
        listed.id,
      ]);
      await app.services.outbox.drain();
      await smtp.waitForMail("maker@maker.example", {
        subject: "Counter! is already listed",
        containing: "became a claim",
      });
    });

    it("makes no claim when the tool is already the submitter's, or someone else's", async () => {
      const theirs = await insertTool(database.db, {
        name: "Theirs",
        website: "https://theirs.example",
        creatorUsername: "submitter",
        isLinkedToCreator: true,
      });
      const first = await insertTool(database.db, {
        name: "Theirs 2",
        website: "https://theirs-2.example",
        isVerified: false,
        submittedBy: people.submitter.id,
      });
      expect((await lifecycle().mergeIntoListing(as("admin"), first.id, theirs.id)).outcome).toBe("already-theirs");

      const others = await insertTool(database.db, {
        name: "Others",
        website: "https://others.example",
        creatorUsername: "creator",
        isLinkedToCreator: true,
      });
      const second = await insertTool(database.db, {
        name: "Others 2",
        website: "https://others-2.example",
        isVerified: false,
        submittedBy: people.submitter.id,
      });
      expect((await lifecycle().mergeIntoListing(as("admin"), second.id, others.id)).outcome).toBe(
        "claimed-by-another",
      );
      expect(await rowOf(others.id)).toMatchObject({
        creatorUsername: "creator",
        hasBeenClaimed: false,
        claimedBy: null,
      });
      await app.services.outbox.drain();
      await smtp.waitForMail("maker@maker.example", {
        subject: "Theirs 2 is already listed",
        containing: "which is yours",
      });
      await smtp.waitForMail("maker@maker.example", {
        subject: "Others 2 is already listed",
        containing: "Someone else",
      });
    });

    it("merges only a waiting submission, and only into another live tool", async () => {
      const live = await insertTool(database.db, { name: "Live", website: "https://live.example" });
      const waiting = await insertTool(database.db, {
        name: "Waiting",
        website: "https://waiting.example",
        isVerified: false,
        submittedBy: people.submitter.id,
      });
      const other = await insertTool(database.db, {
        name: "Waiting too",
        website: "https://waiting-too.example",
        isVerified: false,
      });
      await expect(lifecycle().mergeIntoListing(as("verifier"), waiting.id, other.id)).rejects.toMatchObject({
        message: "A submission can only be merged into another tool that is live",
      });
      await expect(lifecycle().mergeIntoListing(as("verifier"), waiting.id, waiting.id)).rejects.toMatchObject({
        code: "aborted",
      });
      await expect(lifecycle().mergeIntoListing(as("verifier"), live.id, other.id)).rejects.toMatchObject({
        message: "This tool is already live",
      });
      expect(await rowOf(waiting.id)).toBeDefined();
    });

    it("works from the queue's form, and refuses a guest's post", async () => {
      const listed = await insertTool(database.db, { name: "Counter", website: "https://counter.example" });
      const queued = await insertTool(database.db, {
        name: "Counter!",
        website: "https://counter-app.example",
        isVerified: false,
        submittedBy: people.submitter.id,
      });
      expect(
        (
          await (
            await signedIn("guest")
          ).post("/admin?index", { intent: "merge", toolId: queued.id, intoToolId: listed.id })
        ).status,
      ).toBe(403);
      const response = await (await signedIn("verifier")).post("/admin?index", {
        intent: "merge",
        toolId: queued.id,
        intoToolId: listed.id,
      });
      expect(await response.text()).toContain("The submission was merged into Counter");
      expect(await rowOf(queued.id)).toBeUndefined();
    });

    it("drops the listed tool's cached page, whose claim button goes", async () => {
      const listed = await insertTool(database.db, { name: "Counter", website: "https://counter.example" });
      const queued = await insertTool(database.db, {
        name: "Counter!",
        website: "https://counter-app.example",
        isVerified: false,
        submittedBy: people.submitter.id,
      });
      await app.request(`/tool/${listed.slug}`, { headers: PERSON });
      const kept = await app.request(`/tool/${listed.slug}`, { headers: PERSON });
      expect([kept.headers.get("x-cache"), (await kept.text()).includes("Claim this tool")]).toEqual(["hit", true]);
      await lifecycle().mergeIntoListing(as("verifier"), queued.id, listed.id);
      const after = await app.request(`/tool/${listed.slug}`, { headers: PERSON });
      expect([after.headers.get("x-cache"), (await after.text()).includes("Claim this tool")]).toEqual(["miss", false]);
    });
  });

  describe("a maker's own submission is theirs", () => {
    it("links a guest's verified submission to them: profile, session cache, figures", async () => {
      const tool = await lifecycle().submitTool(as("submitter"), input());
      await app.request("/profile/submitter", { headers: PERSON });
      const verified = await lifecycle().verifyTool(as("verifier"), tool.id);
      expect(verified).toMatchObject({ creatorUsername: "submitter", isLinkedToCreator: true, hasBeenClaimed: false });
      expect((await app.services.accounts.listUserToolLinks(as("submitter")!)).map((link) => link.id)).toEqual([
        tool.id,
      ]);
      const dashboard = await app.services.stats.getMakerDashboard(as("submitter"), { days: 7, now: new Date() });
      expect(dashboard.tools.map((stats) => stats.id)).toEqual([tool.id]);
      // The cached profile was dropped: it lists the tool now.
      const profile = await app.request("/profile/submitter", { headers: PERSON });
      expect(profile.headers.get("x-cache")).toBe("miss");
      expect(await profile.text()).toContain("Counter");
      await app.services.outbox.drain();
      await smtp.waitForMail("maker@maker.example", { subject: "Counter is live", containing: "It is linked to you" });
      // A claim by someone else is refused: the tool has its maker.
      await expect(lifecycle().askForClaim(as("guest"), tool.id)).rejects.toMatchObject({
        message: "This tool is already claimed",
      });
    });

    it("links no one when the verifier says so, nor a verifier's own submission by default", async () => {
      const declined = await lifecycle().submitTool(as("submitter"), input());
      expect(await lifecycle().verifyTool(as("admin"), declined.id, { linkSubmitter: false })).toMatchObject({
        creatorUsername: null,
        isLinkedToCreator: false,
      });
      const curated = await lifecycle().submitTool(
        as("verifier"),
        input({ name: "Curated", website: "https://curated.example" }),
      );
      expect(await lifecycle().verifyTool(as("admin"), curated.id)).toMatchObject({
        creatorUsername: null,
        isLinkedToCreator: false,
      });
      const chosen = await lifecycle().submitTool(
        as("verifier"),
        input({ name: "Chosen", website: "https://chosen.example" }),
      );
      expect(await lifecycle().verifyTool(as("admin"), chosen.id, { linkSubmitter: true })).toMatchObject({
        creatorUsername: "verifier",
        isLinkedToCreator: true,
      });
    });

    it("follows the queue's box: ticked links, unticked does not", async () => {
      const linked = await lifecycle().submitTool(as("submitter"), input());
      const unlinked = await lifecycle().submitTool(
        as("submitter"),
        input({ name: "Second", website: "https://second.example" }),
      );
      const verifier = await signedIn("verifier");
      const page = await (await verifier.request("/admin")).text();
      expect(page).toContain("Link it to Submitter");
      await verifier.post("/admin?index", { intent: "verify", toolId: linked.id, linkSubmitter: "true" });
      await verifier.post("/admin?index", { intent: "verify", toolId: unlinked.id });
      expect(await rowOf(linked.id)).toMatchObject({ isVerified: true, isLinkedToCreator: true });
      expect(await rowOf(unlinked.id)).toMatchObject({ isVerified: true, isLinkedToCreator: false });
    });

    it("the migration links the submitters of tools verified before, guests only, unclaimed only", async () => {
      const plain = await insertTool(database.db, {
        name: "Plain",
        website: "https://plain.example",
        submittedBy: people.submitter.id,
      });
      const claimed = await insertTool(database.db, {
        name: "Claimed",
        website: "https://claimed.example",
        submittedBy: people.submitter.id,
        hasBeenClaimed: true,
        creatorUsername: "guest",
        claimedBy: people.guest.id,
      });
      const curated = await insertTool(database.db, {
        name: "Curated",
        website: "https://curated.example",
        submittedBy: people.verifier.id,
      });
      const waiting = await insertTool(database.db, {
        name: "Waiting",
        website: "https://waiting.example",
        submittedBy: people.submitter.id,
        isVerified: false,
      });
      const migration = readFileSync(
        path.resolve("server/db/migrations/0021_duplicates_and_changes_requested.sql"),
        "utf8",
      );
      const linking = migration.split("--> statement-breakpoint").at(-1)!;
      expect(linking).toContain('UPDATE "tools"');
      await database.db.execute(sql.raw(linking));
      expect(await rowOf(plain.id)).toMatchObject({ creatorUsername: "submitter", isLinkedToCreator: true });
      expect(await rowOf(claimed.id)).toMatchObject({ creatorUsername: "guest", isLinkedToCreator: false });
      expect(await rowOf(curated.id)).toMatchObject({ creatorUsername: null, isLinkedToCreator: false });
      expect(await rowOf(waiting.id)).toMatchObject({ creatorUsername: null, isLinkedToCreator: false });
    });

    it("gives rows made before the website keys their keys, at start", async () => {
      const old = await insertTool(database.db, { name: "Old", website: "https://www.old.example/app/" });
      await database.db.update(tools).set({ canonicalWebsite: "", registrableDomain: "" }).where(eq(tools.id, old.id));
      expect(await backfillWebsiteKeys(database.db)).toBe(1);
      expect(await rowOf(old.id)).toMatchObject({
        canonicalWebsite: "old.example/app",
        registrableDomain: "old.example",
      });
      expect(await backfillWebsiteKeys(database.db)).toBe(0);
    });
  });

  describe("asking the maker for changes", () => {
    for (const role of ROLES) {
      it(`as ${role}: ${MODERATORS_ONLY[role]}`, async () => {
        const tool = await lifecycle().submitTool(as("submitter"), input());
        await database.db
          .update(tools)
          .set({ creatorUsername: "creator", isLinkedToCreator: true })
          .where(eq(tools.id, tool.id));
        expect(await codeOf(lifecycle().requestChanges(as(role), tool.id, "Add a screenshot"))).toBe(
          MODERATORS_ONLY[role],
        );
      });
    }

    it("takes the tool out of the queue, tells the maker, and puts it back at its place once they edit it", async () => {
      const first = await lifecycle().submitTool(as("submitter"), input());
      const second = await lifecycle().submitTool(
        as("guest"),
        input({ name: "Second", website: "https://second.example" }),
      );
      await expect(lifecycle().requestChanges(as("verifier"), first.id, "  ")).rejects.toMatchObject({
        message: "Say what the maker should change: they read it",
      });
      await lifecycle().requestChanges(as("verifier"), first.id, "Add a screenshot, please.");
      expect((await lifecycle().listQueue(as("verifier"))).map((tool) => tool.id)).toEqual([second.id]);
      expect(await lifecycle().countQueue(as("verifier"))).toBe(1);
      await app.services.outbox.drain();
      const mail = await smtp.waitForMail("maker@maker.example", {
        subject: "Counter: a verifier asks for changes",
        containing: "Add a screenshot, please.",
      });
      expect(mail.text).toContain(`/edit-tool/${first.id}`);

      const mine = await app.services.tools.listUserTools(as("submitter")!);
      expect(mine.tools[0]).toMatchObject({
        id: first.id,
        state: "changes-requested",
        changesRequestedMessage: "Add a screenshot, please.",
        queue: null,
      });
      const maker = createClient(app.request);
      await maker.postSolved("/register", {
        username: "Web maker",
        email: "web-maker@example.com",
        password: "long-enough",
      });
      const [webMaker] = await database.db.select().from(users).where(eq(users.email, "web-maker@example.com"));
      await database.db.update(tools).set({ submittedBy: webMaker!.id }).where(eq(tools.id, first.id));
      expect(await (await maker.request("/my-tools")).text()).toContain("Add a screenshot, please.");
      expect(await (await maker.request(`/edit-tool/${first.id}`)).text()).toContain("A verifier asks for changes");
      expect(await (await maker.request(`/tool/${first.slug}`)).text()).toContain(
        "A verifier asks for changes before listing it: Add a screenshot, please.",
      );

      // A verifier's own edit does not answer the request; the maker's does, and the tool is back ahead of the later one.
      await lifecycle().updateTool(
        as("verifier"),
        first.id,
        input({ shortDesc: "Counts visitors without cookies, for small websites." }),
      );
      expect(await lifecycle().countQueue(as("verifier"))).toBe(1);
      await lifecycle().updateTool(
        { id: webMaker!.id, slug: webMaker!.slug, username: webMaker!.username, role: "guest" },
        first.id,
        input({ shortDesc: "Counts visitors, with a screenshot now." }),
      );
      expect(await rowOf(first.id)).toMatchObject({ changesRequestedAt: null, changesRequestedMessage: null });
      expect((await lifecycle().listQueue(as("verifier"))).map((tool) => tool.id)).toEqual([first.id, second.id]);
    });

    it("works from the queue's form, with its message kept on a refusal", async () => {
      const tool = await lifecycle().submitTool(as("submitter"), input());
      const verifier = await signedIn("verifier");
      const empty = await verifier.post("/admin?index", { intent: "request-changes", toolId: tool.id, message: "" });
      expect(await empty.text()).toContain("Say what the maker should change: they read it");
      const done = await verifier.post("/admin?index", {
        intent: "request-changes",
        toolId: tool.id,
        message: "A clearer description",
      });
      expect(await done.text()).toContain("went back to its maker");
      expect(await rowOf(tool.id)).toMatchObject({ changesRequestedMessage: "A clearer description" });
      expect(
        (
          await (
            await signedIn("guest")
          ).post("/admin?index", { intent: "request-changes", toolId: tool.id, message: "x" })
        ).status,
      ).toBe(403);
    });

    it("ends with a verification or a refusal", async () => {
      const tool = await lifecycle().submitTool(as("submitter"), input());
      await lifecycle().requestChanges(as("verifier"), tool.id, "A clearer description");
      expect(await lifecycle().rejectTool(as("verifier"), tool.id, "Not for makers")).toMatchObject({
        changesRequestedAt: null,
        changesRequestedMessage: null,
      });
      await lifecycle().requestChanges(as("verifier"), tool.id, "A clearer description");
      expect(await lifecycle().verifyTool(as("verifier"), tool.id)).toMatchObject({
        isVerified: true,
        changesRequestedAt: null,
      });
      await expect(lifecycle().requestChanges(as("verifier"), tool.id, "Too late")).rejects.toMatchObject({
        message: "This tool is already live",
      });
    });
  });

  describe("claimers are told", () => {
    it("when their claim is received, accepted and refused", async () => {
      const tool = await insertTool(database.db, { name: "Counter", website: "https://counter.example" });
      await lifecycle().askForClaim(as("guest"), tool.id);
      await app.services.outbox.drain();
      await smtp.waitForMail("guest@other.example", { subject: "We received your claim of Counter" });
      await lifecycle().refuseClaim(as("verifier"), tool.id);
      await app.services.outbox.drain();
      await smtp.waitForMail("guest@other.example", { subject: "Your claim of Counter was not accepted" });
      await lifecycle().askForClaim(as("creator"), tool.id);
      await lifecycle().acceptClaim(as("admin"), tool.id);
      await app.services.outbox.drain();
      await smtp.waitForMail("creator@example.com", { subject: "Counter is yours" });
    });
  });
});
