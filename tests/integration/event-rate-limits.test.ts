/** The analytics events' limit per address holds across app processes: each adds its counts to the database once a second. */
import { describe, expect, it } from "vitest";
import { createTestApp } from "../setup/app.ts";
import { databaseKinds } from "../setup/database.ts";
import { useTestDatabase } from "../setup/fixtures.ts";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

describe.each(databaseKinds)("the events' rate limit on %s", (kind) => {
  const database = useTestDatabase(kind);

  it("refuses, in both of two apps, an address that went over the limit by sending to both", async () => {
    const env = { TRUST_PROXY: "true" };
    const [first, second] = await Promise.all([createTestApp(database, env), createTestApp(database, env)]);
    const send = (app: typeof first, address: string, index: number) =>
      app.request("/api/event", {
        method: "POST",
        headers: { "content-type": "text/plain", "user-agent": CHROME, "x-forwarded-for": address },
        body: JSON.stringify({ n: "pageview", u: `http://localhost:3000/page-${index}`, d: "localhost", r: null }),
      });
    // 120 events in a minute from one address, as many as are allowed, 70 to one app and 50 to the other: each is
    // taken, whenever the apps add their counts to the database (once a second on their own).
    const statuses: number[] = [];
    for (let index = 0; index < 70; index++) statuses.push((await send(first, "198.51.100.7", index)).status);
    for (let index = 0; index < 50; index++) statuses.push((await send(second, "198.51.100.7", index)).status);
    expect(statuses.every((status) => status === 202)).toBe(true);

    // One more to each app: 122 in all, over the limit, though each app has counted fewer than 120. Once both have
    // added their counts (here at once), each learns the total it finds there, so a sender gets at most one more
    // sync's worth of events through in each app.
    await Promise.all([first.services.analytics.flush(), second.services.analytics.flush()]);
    for (const app of [first, second]) await send(app, "198.51.100.7", 199);
    await Promise.all([first.services.analytics.flush(), second.services.analytics.flush()]);
    const refused = await send(first, "198.51.100.7", 200);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error: { code: "resource-exhausted", message: expect.any(String) } });
    expect((await send(second, "198.51.100.7", 201)).status).toBe(429);
    // Another address is not held back.
    expect((await send(first, "198.51.100.8", 202)).status).toBe(202);
    await Promise.all([first.services.analytics.close(), second.services.analytics.close()]);
  });
});
