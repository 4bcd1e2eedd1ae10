/**
 * People as tests need them: signed up through the form as a person does (password 'long-enough'), then given a role
 * (as `npm run admin` would), an account of a given age (as time would) and a confirmed address (as its link would) in
 * the database.
 */
import { eq } from "drizzle-orm";
import type { SessionUser } from "#common/access.ts";
import type { Database } from "#server/db/client.ts";
import { authUsers, type UserRow, users } from "#server/db/schema.ts";
import { slugify } from "#common/slugify.ts";
import { type Client, createClient } from "./forms.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** A person signed in through `client`: their user row as the sign-up left it, role given. */
export type Person = {
  client: Client;
  id: string;
  slug: string;
  email: string;
  session: SessionUser;
  record: UserRow;
};

export async function signUpPerson(
  app: { request: (path: string, init?: RequestInit) => Promise<Response> },
  db: Database,
  username: string,
  {
    role = "guest",
    ageDays = 0,
    confirmed = false,
  }: { role?: SessionUser["role"]; ageDays?: number; confirmed?: boolean } = {},
): Promise<Person> {
  const client = createClient(app.request);
  const email = `${slugify(username)}@example.com`;
  const response = await client.postSolved("/register", { username, email, password: "long-enough" });
  if (response.status !== 302) throw new Error(`The sign-up of ${username} answered ${response.status}`);
  const [record] = await db
    .update(users)
    .set({ role, ...(ageDays > 0 ? { createdAt: new Date(Date.now() - ageDays * DAY_MS) } : {}) })
    .where(eq(users.email, email))
    .returning();
  // As the link mailed to confirm the address would (decision 057).
  if (confirmed) await db.update(authUsers).set({ emailVerified: true }).where(eq(authUsers.id, record!.authId!));
  return {
    client,
    id: record!.id,
    slug: record!.slug,
    email,
    session: { id: record!.id, slug: record!.slug, username: record!.username, role },
    record: record!,
  };
}
