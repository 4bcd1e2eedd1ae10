/**
 * The audit trail and the tools' revisions (decision 049): each kind of change a verifier or an admin makes is recorded
 * with the values before and after, records cannot be changed, /admin/audit lists and filters them for admins only,
 * and a tool's history compares two revisions and, for an admin, restores one.
 */
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { createApiKeyInput } from "#common/schemas/api-keys.ts";
import { toolInput } from "#common/tool-input.ts";
import { auditRecords, outbox, toolRevisions } from "#server/db/schema.ts";
import { roleMutations } from "#server/users/mutations.ts";
import { insertCategory } from "../factories.ts";
import { databaseKinds } from "../setup/database.ts";
import { useTestApp } from "../setup/fixtures.ts";
import { createClient } from "../setup/forms.ts";
import { type Person, signUpPerson } from "../setup/people.ts";

describe.each(databaseKinds)("the audit trail on %s", (kind) => {
  const { database, app } = useTestApp(kind);
  let admin: Person;
  let verifier: Person;
  let maker: Person;
  let categoryId: string;

  beforeEach(async () => {
    await database.reset();
    admin = await signUpPerson(app, database.db, "Adam", { role: "admin" });
    verifier = await signUpPerson(app, database.db, "Vera", { role: "verifier" });
    maker = await signUpPerson(app, database.db, "Mia", { role: "guest", ageDays: 30 });
    categoryId = (await insertCategory(database.db, { label: "Analytics" })).id;
  });

  const records = () => database.db.select().from(auditRecords).orderBy(auditRecords.id);
  const input = (name: string, extra: Record<string, unknown> = {}) =>
    toolInput.parse({
      name,
      website: `https://${name.toLowerCase().replace(/\W+/g, "-")}.example`,
      shortDesc: "Counts the visits of small sites",
      categories: [categoryId],
      pros: [],
      cons: [],
      faq: [],
      ...extra,
    });
  const submit = (name: string) => app.services.lifecycle.submitTool(maker.session, input(name));

  it("records each kind of change a verifier or an admin makes, with who and the values before and after", async () => {
    const { services } = app;
    const first = await submit("Plain Counter");
    const second = await submit("Other Counter");
    const third = await submit("Third Counter");
    await services.lifecycle.verifyTool(verifier.session, first.id);
    await services.lifecycle.requestChanges(verifier.session, second.id, "Add a longer description");
    await services.lifecycle.rejectTool(verifier.session, third.id, "Not a tool");
    await services.lifecycle.updateTool(admin.session, first.id, input("Plain Counter Pro"));
    await services.admin.setToolFlag(admin.session, { toolId: first.id, flag: "isActive", value: false });
    await services.admin.setUserRole(admin.session, { userId: maker.id, role: "verifier" });
    await services.admin.setUserDisabled(admin.session, { userId: maker.id, disabled: true });
    await services.admin.createCategory(admin.session, {
      label: "Email",
      slug: "email",
      description: "",
      color: "",
    } as never);
    await services.settings.update(admin.session, { ...services.settings.current(), siteName: "Maker Shelf" });
    const { key } = await services.apiKeys.createApiKey(
      maker.session,
      createApiKeyInput.parse({ name: "Deploy script", scope: "read" }),
    );
    await services.apiKeys.revokeApiKey(admin.session, { keyId: key.id });
    await services.featuring.savePlaces(admin.session, { places: 7 });
    const [failed] = await database.db
      .insert(outbox)
      .values({ key: "mail:lost", channel: "mail", payload: {}, state: "failed", attempts: 8, lastError: "refused" })
      .returning();
    await services.admin.retryDelivery(admin.session, { deliveryId: failed!.id });
    await roleMutations(database.db).setRole({ email: "vera@example.com", role: "admin" });
    // A maker's own edit leaves a revision, and no record.
    await services.lifecycle.updateTool(
      maker.session,
      second.id,
      input("Other Counter", { shortDesc: "Counts the visits of small sites, better" }),
    );

    const kept = await records();
    expect(kept.map((record) => [record.kind, record.actorName, record.subject])).toEqual([
      ["tool.verified", "Vera", "Plain Counter"],
      ["tool.changes-requested", "Vera", "Other Counter"],
      ["tool.refused", "Vera", "Third Counter"],
      ["tool.edited", "Adam", "Plain Counter Pro"],
      ["tool.flag", "Adam", "Plain Counter Pro"],
      ["user.role", "Adam", "mia@example.com"],
      ["user.disabled", "Adam", "mia@example.com"],
      ["category.created", "Adam", "Email"],
      ["settings.updated", "Adam", "the site's settings"],
      ["api-key.revoked", "Adam", "Deploy script"],
      ["featuring.places", "Adam", "featured places"],
      ["delivery.retried", "Adam", "mail mail:lost"],
      ["user.role", "the command line", "vera@example.com"],
    ]);
    const byKind = (name: string) => kept.find((record) => record.kind === name)!;
    expect(byKind("tool.edited")).toMatchObject({
      toolId: first.id,
      before: { name: "Plain Counter", website: "https://plain-counter.example" },
      after: { name: "Plain Counter Pro", website: "https://plain-counter-pro.example" },
    });
    expect(byKind("tool.flag")).toMatchObject({ before: { isActive: true }, after: { isActive: false } });
    expect(byKind("user.role")).toMatchObject({
      actorRole: "admin",
      before: { role: "guest" },
      after: { role: "verifier" },
    });
    expect(byKind("tool.refused").after).toEqual({ reason: "Not a tool" });
    expect(byKind("featuring.places").after).toEqual({ places: 7 });
    expect(byKind("settings.updated")).toMatchObject({
      before: { siteName: "Indie Tools" },
      after: { siteName: "Maker Shelf" },
    });
  });

  it("keeps records as they were written: an update or a delete is refused by the database", async () => {
    await app.services.admin.setUserRole(admin.session, { userId: maker.id, role: "verifier" });
    await expect(database.db.execute(sql`update audit_records set actor_name = 'someone else'`)).rejects.toThrow();
    await expect(database.db.execute(sql`delete from audit_records`)).rejects.toThrow();
    expect((await records()).map((record) => record.actorName)).toEqual(["Adam"]);
  });

  it("lists the records for admins, filtered by kind, person and tool; a visitor signs in, anyone else gets a 403", async () => {
    const tool = await submit("Plain Counter");
    await app.services.lifecycle.verifyTool(verifier.session, tool.id);
    await app.services.admin.setUserRole(admin.session, { userId: maker.id, role: "verifier" });
    const count = async (query: string) =>
      ((await (await admin.client.request(`/admin/audit${query}`)).text()).match(/data-testid="audit-record"/g) ?? [])
        .length;
    expect(await count("")).toBe(2);
    expect(await count("?kind=user.role")).toBe(1);
    expect(await count(`?actor=${verifier.id}`)).toBe(1);
    expect(await count(`?tool=${tool.id}`)).toBe(1);
    expect(await count("?kind=nonsense")).toBe(2);

    expect((await createClient(app.request).request("/admin/audit")).headers.get("location")).toBe(
      `/login?redirectTo=${encodeURIComponent("/admin/audit")}`,
    );
    for (const person of [maker, verifier]) expect((await person.client.request("/admin/audit")).status).toBe(403);
  });

  it("compares a tool's revisions for verifiers and admins, and lets an admin restore one", async () => {
    const tool = await submit("Plain Counter");
    await app.services.lifecycle.updateTool(
      maker.session,
      tool.id,
      input("Plain Counter", { shortDesc: "Counts visits without any cookie at all" }),
    );
    await app.services.lifecycle.updateTool(
      admin.session,
      tool.id,
      input("Vandalised Counter", { shortDesc: "Nothing to see here, move along now" }),
    );
    const revisions = await database.db.select().from(toolRevisions).orderBy(toolRevisions.id);
    expect(revisions.map((revision) => [revision.actorName, revision.values.name])).toEqual([
      ["Mia", "Plain Counter"],
      ["Mia", "Plain Counter"],
      ["Adam", "Vandalised Counter"],
    ]);
    const [, good, bad] = revisions;
    const history = `/admin/tools/${tool.id}/history`;

    const compared = (
      await (await verifier.client.request(`${history}?from=${good!.id}&to=${bad!.id}`)).text()
    ).replaceAll("<!-- -->", "");
    expect(compared).toContain(`From revision ${good!.id} to revision ${bad!.id}`);
    expect(compared).toContain("Counts visits without any cookie at all");
    expect(compared).toContain("Vandalised Counter");
    expect(compared).not.toContain("Restore revision");
    // Only an admin restores.
    const refused = await verifier.client.post(history, { intent: "restore", revision: String(good!.id) });
    expect(refused.status).toBe(403);

    const restored = await admin.client.post(history, { intent: "restore", revision: String(good!.id) });
    expect(restored.status).toBe(200);
    const now = await database.db.query.tools.findFirst({ where: (tools, { eq }) => eq(tools.id, tool.id) });
    expect(now).toMatchObject({ name: "Plain Counter", shortDesc: "Counts visits without any cookie at all" });
    expect((await database.db.select().from(toolRevisions)).length).toBe(4);
    expect((await records()).map((record) => record.kind)).toEqual(["tool.edited", "tool.edited", "tool.restored"]);

    expect((await admin.client.post(history, { intent: "restore", revision: "999999" })).status).toBe(404);
    expect((await maker.client.request(history)).status).toBe(403);
    expect((await createClient(app.request).request(history)).status).toBe(302);
    expect((await admin.client.request("/admin/tools/tnothere/history")).status).toBe(404);
  });
});
