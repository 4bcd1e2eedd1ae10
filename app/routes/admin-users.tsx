/**
 * /admin/users (admins): every user, searched by name or e-mail; their role (docs/product.md §6), and disabling an account,
 * which signs its owner out at once and keeps them out.
 */
import { Form } from "react-router";
import { Link } from "../components/link.tsx";
import { USER_ROLES } from "#common/constants.ts";
import { moderationSearchQuery, roleChangeInput, userDisabledInput } from "#common/schemas/moderation.ts";
import type { ModeratedUser } from "#server/admin/users.ts";
import { EmptyState } from "../components/empty-state.tsx";
import { ActionButton, ActionResult, Badge, type ModerationResult, SectionHeader } from "../components/moderation.tsx";
import { Pager } from "../components/pager.tsx";
import { keptValues, parseSearchParams } from "../forms.ts";
import { moderated, moderationFailure, unknownAction } from "../moderation.ts";
import { useViewer } from "../session-cache.ts";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/admin-users";
import { profilePath } from "#common/page-paths.ts";
import { say } from "#common/i18n/say.ts";
import { Message, part, useT } from "../i18n.tsx";
import { LongDate } from "../components/long-date.tsx";

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
        return { done: say("adminUsers.roleDone", { user: user.username, role: user.role }) };
      }
      case "disabled": {
        const user = await admin.setUserDisabled(context.user, userDisabledInput.parse(Object.fromEntries(form)));
        return {
          done: user.isDisabled
            ? say("adminUsers.disabledDone", { user: user.username })
            : say("adminUsers.enabledDone", { user: user.username }),
        };
      }
      default:
        return unknownAction(values);
    }
  } catch (error) {
    return moderationFailure(error, values, url);
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, ({ t }) => ({
    title: t("admin.users"),
    description: t("adminUsers.description"),
    path: "/admin/users",
    noindex: true,
  }));

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { page, q } = loaderData;
  const me = useViewer()?.user;
  const result = actionData as ModerationResult | undefined;
  const failure = result && "message" in result ? result : undefined;
  const t = useT();
  return (
    <>
      <SectionHeader title={t("admin.users")}>{t("adminUsers.intro")}</SectionHeader>
      <Form method="get" role="search" aria-label={t("adminUsers.searchHint")} className="mb-6 flex gap-2">
        <label htmlFor="user-search" className="sr-only">
          {t("adminUsers.nameOrEmail")}
        </label>
        <input
          id="user-search"
          name="q"
          type="search"
          defaultValue={q}
          placeholder={t("adminUsers.searchHint")}
          className="w-full max-w-md rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus:border-brand-500 focus:outline-none"
        />
        <button
          type="submit"
          className="rounded-lg bg-slate-900 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-700"
        >
          {t("admin.search")}
        </button>
      </Form>
      <ActionResult result={result} inlineFields={["role"]} />
      {page.users.length > 0 ? (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {page.users.map((user) => (
            <UserRow
              key={user.id}
              user={user}
              isMe={user.id === me?.id}
              roleError={failure?.values.userId === user.id ? failure.fields.role : undefined}
            />
          ))}
        </ul>
      ) : (
        <EmptyState title={q ? t("adminUsers.noMatch", { q }) : t("adminUsers.none")}>
          {q ? t("adminUsers.noMatchHint") : undefined}
        </EmptyState>
      )}
      <Pager nextCursor={page.nextCursor} />
    </>
  );
}

function UserRow({ user, isMe, roleError }: { user: ModeratedUser; isMe: boolean; roleError?: string }) {
  const roleId = `role-${user.id}`;
  const t = useT();
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
            {t("admin.role", { role: user.role })}
          </Badge>
          {user.isDisabled && (
            <Badge tone="rose" testId="user-disabled">
              {t("adminUsers.disabled")}
            </Badge>
          )}
          {isMe && <Badge>{t("adminUsers.you")}</Badge>}
        </div>
        <p className="truncate text-sm text-slate-600">
          <Message
            text={t("adminUsers.line", {
              email: user.email,
              method: user.authMethod === "google" ? "google" : "email",
              day: part("day"),
            })}
            parts={{ day: <LongDate isoDate={user.createdAt.slice(0, 10)} /> }}
          />
        </p>
      </div>
      <Form method="post" className="flex flex-wrap items-center gap-2">
        <input type="hidden" name="userId" value={user.id} />
        <label htmlFor={roleId} className="sr-only">
          {t("adminUsers.roleOf", { user: user.username })}
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
              {t("admin.role", { role })}
            </option>
          ))}
        </select>
        <ActionButton intent="role" subject={user.id} pendingText={t("admin.saving")}>
          {t("adminUsers.changeRole")}
        </ActionButton>
        {roleError && <p className="w-full text-sm text-rose-700">{roleError}</p>}
      </Form>
      {!isMe && (
        <Form method="post">
          <input type="hidden" name="userId" value={user.id} />
          <input type="hidden" name="intent" value="disabled" />
          <ActionButton
            intent="disabled"
            subject={user.id}
            name="disabled"
            value={String(!user.isDisabled)}
            tone={user.isDisabled ? "neutral" : "danger"}
          >
            {user.isDisabled ? t("adminUsers.enable") : t("adminUsers.disable")}
          </ActionButton>
        </Form>
      )}
    </li>
  );
}
