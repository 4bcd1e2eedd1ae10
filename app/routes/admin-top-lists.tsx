/** /admin/top-lists (admins only): the technology top-lists in their footer order: reorder, remove, or open one to edit (decision 050). */
import { Form } from "react-router";
import { z } from "#common/zod.ts";
import { postIdParam } from "#common/schemas/content.ts";
import { EmptyState } from "../components/empty-state.tsx";
import { Link } from "../components/link.tsx";
import { ActionResult, type ModerationResult, SectionHeader } from "../components/moderation.tsx";
import { keptValues } from "../forms.ts";
import { moderated, moderationFailure, unknownAction } from "../moderation.ts";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/admin-top-lists";
import { say } from "#common/i18n/say.ts";
import { useT } from "../i18n.tsx";

const moveInput = z.object({ id: postIdParam, direction: z.enum(["up", "down"]) });

export async function loader({ url, context }: Route.LoaderArgs) {
  return { lists: await moderated(context.services.topLists.listForAdmin(context.user), url) };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = keptValues(form, ["intent", "id", "direction"]);
  try {
    switch (values.intent) {
      case "move": {
        const { id, direction } = moveInput.parse(values);
        await context.services.topLists.move(context.user, id, direction);
        return { done: say("adminTopLists.moved") };
      }
      case "remove":
        await context.services.topLists.remove(context.user, postIdParam.parse(values.id));
        return { done: say("adminTopLists.removed") };
      default:
        return unknownAction(values);
    }
  } catch (error) {
    return moderationFailure(error, values, url);
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, ({ t }) => ({
    title: t("admin.topLists"),
    description: t("adminTopLists.description"),
    path: "/admin/top-lists",
    noindex: true,
  }));

export default function AdminTopLists({ loaderData, actionData }: Route.ComponentProps) {
  const { lists } = loaderData;
  const t = useT();
  return (
    <>
      <SectionHeader title={t("admin.topLists")}>{t("adminTopLists.intro")}</SectionHeader>
      <ActionResult result={actionData as ModerationResult | undefined} />
      <p className="mb-6">
        <Link
          to="/admin/top-lists/new"
          className="rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          {t("adminTopLists.add")}
        </Link>
      </p>
      {lists.length > 0 ? (
        <ol className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {lists.map((list, index) => (
            <li key={list.id} data-testid="admin-top-list" className="flex flex-wrap items-center gap-3 p-3">
              <Link
                to={`/admin/top-lists/${list.id}`}
                className="min-w-0 flex-1 font-semibold break-words hover:underline"
              >
                {list.label}
              </Link>
              <Link to={list.path} className="text-sm text-brand-700 hover:underline">
                {list.path}
              </Link>
              {(["up", "down"] as const).map((direction) => (
                <Form method="post" key={direction}>
                  <input type="hidden" name="intent" value="move" />
                  <input type="hidden" name="id" value={list.id} />
                  <input type="hidden" name="direction" value={direction} />
                  <button
                    type="submit"
                    disabled={direction === "up" ? index === 0 : index === lists.length - 1}
                    aria-label={t("adminTopLists.move", { list: list.label, direction })}
                    className="rounded-md border border-slate-300 px-2 py-1 text-sm hover:bg-slate-50 disabled:opacity-40"
                  >
                    {direction === "up" ? "↑" : "↓"}
                  </button>
                </Form>
              ))}
              <Form method="post">
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="id" value={list.id} />
                <button
                  type="submit"
                  aria-label={t("adminTopLists.removeOne", { list: list.label })}
                  className="rounded-md border border-rose-300 px-2 py-1 text-sm text-rose-800 hover:bg-rose-50"
                >
                  {t("adminTopLists.remove")}
                </button>
              </Form>
            </li>
          ))}
        </ol>
      ) : (
        <EmptyState title={t("adminTopLists.empty")}>{t("adminTopLists.emptyHint")}</EmptyState>
      )}
    </>
  );
}
