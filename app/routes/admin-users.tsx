/**
 * /admin/users (admins): every user, searched by name or e-mail; their role (SPEC section 6), and disabling an account,
 * which signs its owner out at once and keeps them out.
 */
import { Form } from "react-router";
import { Link } from "../components/link.tsx";
import { USER_ROLES } from "#common/constants.ts";
import { moderationSearchQuery, roleChangeInput, userDisabledInput } from "#common/schemas/moderation.ts";
import type { ModeratedUser } from "#server/admin/users.ts";
import { EmptyState } from "../components/empty-state.tsx";
import { LongDate } from "../components/long-date.tsx";
import { ActionButton, ActionResult, Badge, type ModerationResult, SectionHeader } from "../components/moderation.tsx";
import { Pager } from "../components/pager.tsx";
import { keptValues, parseSearchParams } from "../forms.ts";
import { moderated, moderationFailure, unknownAction } from "../moderation.ts";
import { useViewer } from "../session-cache.ts";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/admin-users";
import { profilePath } from "#common/page-paths.ts";

export async function loader({ url, context }: Route.LoaderArgs) {
  const query = parseSearchParams(moderationSearchQuery, url);
  const page = await moderated(context.services.admin.listUsers(context.user, query), url);
  return { page, q: query.q ?? "" };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = keptValues(form, ["intent", "userId", "role", "disabled"]);
  const { admin } = context.services;
  try {
    switch (values.intent) {
      case "role": {
        const user = await admin.setUserRole(context.user, roleChangeInput.parse(Object.fromEntries(form)));
        return { done: `${user.username} is now ${ROLE_LABELS[user.role].toLowerCase()}.` };
      }
      case "disabled": {
        const user = await admin.setUserDisabled(context.user, userDisabledInput.parse(Object.fromEntries(form)));
        return { done: user.isDisabled ? `${user.username} is disabled and signed out.` : `${user.username} can sign in again.` };
      }
      default:
        return unknownAction(values);
    }
  } catch (error) {
    return moderationFailure(error, values, url);
  }
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { title: "Users", description: "Every user: roles, and disabling an account.", path: "/admin/users", noindex: true });

const ROLE_LABELS: Record<ModeratedUser["role"], string> = { guest: "A guest", verifier: "A verifier", admin: "An admin" };

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { page, q } = loaderData;
  const me = useViewer()?.user;
  const result = actionData as ModerationResult | undefined;
  const failure = result && "message" in result ? result : undefined;
  return (
    <>
      <SectionHeader title="Users">By address. Verifiers run the queue and claims; admins run everything.</SectionHeader>
      <Form method="get" role="search" className="mb-6 flex gap-2">
        <label htmlFor="user-search" className="sr-only">
          Username or e-mail
        </label>
        <input
          id="user-search"
          name="q"
          type="search"
          defaultValue={q}
          placeholder="Start of a username, or a whole e-mail"
          className="w-full max-w-md rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus:border-brand-500 focus:outline-none"
        />
        <button type="submit" className="rounded-lg bg-slate-900 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-700">
          Search
        </button>
      </Form>
      <ActionResult result={result} inlineFields={["role"]} />
      {page.users.length > 0 ? (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {page.users.map((user) => (
            <UserRow key={user.id} user={user} isMe={user.id === me?.id} roleError={failure?.values.userId === user.id ? failure.fields.role : undefined} />
          ))}
        </ul>
      ) : (
        <EmptyState title={q ? `No user matches “${q}”` : "No user yet"}>{q ? "Try the start of their username, or their whole e-mail." : undefined}</EmptyState>
      )}
      <Pager nextCursor={page.nextCursor} />
    </>
  );
}

function UserRow({ user, isMe, roleError }: { user: ModeratedUser; isMe: boolean; roleError?: string }) {
  const roleId = `role-${user.id}`;
  return (
    <li data-testid="admin-user" className="flex flex-wrap items-center gap-4 p-4">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="font-semibold">
            <Link to={profilePath(user.slug)} className="hover:text-brand-700 hover:underline">
              {user.username}
            </Link>
          </h2>
          <Badge tone={user.role === "guest" ? "slate" : "sky"} testId="user-role">
            {user.role}
          </Badge>
          {user.isDisabled && (
            <Badge tone="rose" testId="user-disabled">
              Disabled
            </Badge>
          )}
          {isMe && <Badge>You</Badge>}
        </div>
        <p className="truncate text-sm text-slate-600">
          {user.email} · {user.authMethod === "google" ? "Google" : "E-mail"} · joined <LongDate isoDate={user.createdAt.slice(0, 10)} />
        </p>
      </div>
      <Form method="post" className="flex flex-wrap items-center gap-2">
        <input type="hidden" name="userId" value={user.id} />
        <label htmlFor={roleId} className="sr-only">
          Role of {user.username}
        </label>
        <select
          id={roleId}
          name="role"
          defaultValue={user.role}
          aria-invalid={roleError ? true : undefined}
          className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm"
        >
          {USER_ROLES.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </select>
        <ActionButton intent="role" subject={user.id} pendingText="Saving…">
          Change role
        </ActionButton>
        {roleError && <p className="w-full text-sm text-rose-700">{roleError}</p>}
      </Form>
      {!isMe && (
        <Form method="post">
          <input type="hidden" name="userId" value={user.id} />
          <input type="hidden" name="intent" value="disabled" />
          <ActionButton intent="disabled" subject={user.id} name="disabled" value={String(!user.isDisabled)} tone={user.isDisabled ? "neutral" : "danger"}>
            {user.isDisabled ? "Enable" : "Disable"}
          </ActionButton>
        </Form>
      )}
    </li>
  );
}
