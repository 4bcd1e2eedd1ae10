/** 'Get featured!' as a plain link: /get-featured sends each person where featuring starts for them, with or without JavaScript. */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { type UserRow, users } from "#server/db/schema.ts";
import { insertTool } from "../factories.ts";
import { PERSON } from "../setup/agents.ts";
import { databaseKinds } from "../setup/database.ts";
import { useTestApp } from "../setup/fixtures.ts";
import { createClient } from "../setup/forms.ts";

describe.each(databaseKinds)("/get-featured on %s", (kind) => {
  const { database, app } = useTestApp(kind);

  it("asks a visitor to sign in first, then brings each signed-in role to their own featuring form", async () => {
    const visitor = await app.request("/get-featured", { headers: PERSON });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toBe("/login?redirectTo=%2Fget-featured");

    for (const role of ["guest", "verifier", "admin"] as const) {
      const client = createClient(app.request);
      const email = `${role}@example.com`;
      expect(
        (await client.postSolved("/register", { username: `A ${role}`, email, password: "long-enough" })).status,
      ).toBe(302);
      const [record] = (await database.db.update(users).set({ role }).where(eq(users.email, email)).returning()) as [
        UserRow,
      ];
      const response = await client.request("/get-featured");
      expect(response.status, role).toBe(302);
      expect(response.headers.get("location"), role).toBe(`/profile/${record.slug}?type=boost-tool`);
    }
  });

  it("is a link on the home page, the same for everyone, and no card carries it", async () => {
    await insertTool(database.db, { name: "Rocket", isHomeBoosted: true });
    const html = await (await app.request("/", { headers: PERSON })).text();
    expect(html).toMatch(/<a[^>]*href="\/get-featured"[^>]*>Get featured!<\/a>/);
    expect(html.match(/Get featured!/g)).toHaveLength(1);
  });
});
