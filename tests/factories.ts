/** Test data made through the same row builders the seed and the app use. */
import { createId } from "#common/ids.ts";
import { slugify } from "#common/slugify.ts";
import type { ToolInput } from "#common/tool-input.ts";
import type { Database } from "#server/db/client.ts";
import { authUsers, categories, dailyStats, tools, users } from "#server/db/schema.ts";
import { buildToolRow, type ToolRowInput } from "#server/tools/lifecycle/rows.ts";

let sequence = 0;

export async function insertCategory(db: Database, overrides: Partial<typeof categories.$inferInsert> = {}) {
  sequence++;
  const label = overrides.label ?? `Category ${sequence}`;
  const [row] = await db
    .insert(categories)
    .values({
      id: createId("c"),
      label,
      slug: slugify(label),
      description: `About ${label}`,
      color: "#DDD6FE",
      ...overrides,
    })
    .returning();
  return row!;
}

/** A live (active, verified) tool unless the overrides say otherwise. */
export async function insertTool(db: Database, overrides: Partial<ToolRowInput> = {}) {
  sequence++;
  const row = buildToolRow({
    name: `Tool ${sequence}`,
    website: `https://tool-${sequence}.example`,
    shortDesc: `The tool number ${sequence}`,
    isVerified: true,
    ...overrides,
  });
  const [inserted] = await db.insert(tools).values(row).returning();
  return inserted!;
}

/** Many live tools at once, one minute apart, newest first from `start`. */
export async function insertTools(
  db: Database,
  count: number,
  start = new Date("2026-01-01T00:00:00Z"),
  overrides: Partial<ToolRowInput> = {},
) {
  const rows = Array.from({ length: count }, (_, index) =>
    buildToolRow({
      name: `Bulk tool ${index}`,
      website: `https://bulk-${index}.example`,
      isVerified: true,
      createdAt: new Date(start.getTime() - index * 60_000),
      ...overrides,
    }),
  );
  for (let index = 0; index < rows.length; index += 500) await db.insert(tools).values(rows.slice(index, index + 500));
  return rows;
}

/**
 * A user record (no auth account: enough for services that take the session's user), and that user as a session sees
 * them. `confirmed` gives it an auth account whose address is confirmed, as the newsletter needs (decision 057).
 */
export async function insertUser(
  db: Database,
  overrides: Partial<typeof users.$inferInsert> = {},
  { confirmed = false }: { confirmed?: boolean } = {},
) {
  sequence++;
  const username = overrides.username ?? `User ${sequence}`;
  const email = overrides.email ?? `user${sequence}@example.com`;
  const authId = confirmed
    ? (
        await db
          .insert(authUsers)
          .values({ id: `auth-${createId("u")}`, name: username, email, emailVerified: true })
          .returning()
      )[0]!.id
    : undefined;
  const [row] = await db
    .insert(users)
    .values({
      id: createId("u"),
      email,
      username,
      slug: slugify(username),
      ...(authId ? { authId } : {}),
      ...overrides,
    })
    .returning();
  const user = row!;
  return {
    ...user,
    session: {
      id: user.id,
      slug: user.slug,
      username: user.username,
      role: user.role as "guest" | "verifier" | "admin",
    },
  };
}

/** One day's count of a metric (server/analytics/metrics.ts says what subject and detail hold), as the event writer keeps it. */
export async function insertDailyStat(
  db: Database,
  row: { metric: string; subject?: string; detail?: string; day: string; count: number },
) {
  const [inserted] = await db.insert(dailyStats).values(row).returning();
  return inserted!;
}

/** A valid submission of the tool form, in the category `categoryId`, with `change` on top. */
export function toolInput(categoryId: string, change: Partial<ToolInput> = {}): ToolInput {
  return {
    name: "Counter",
    website: "https://counter.example",
    shortDesc: "Counts visitors without cookies, for small sites.",
    longDesc: "",
    categories: [categoryId],
    tags: ["analytics"],
    paymentType: "free",
    repository: null,
    licence: null,
    isSelfHostable: false,
    pros: [],
    cons: [],
    faq: [],
    ...change,
  };
}
