/**
 * /admin/api-keys: every personal API key, newest first, with its owner, scope and last use (docs/decisions/028). An
 * admin revokes any key, such as one leaked or used to flood the queue.
 */
import { apiKeysPageQuery, revokeApiKeyInput } from "#common/schemas/api-keys.ts";
import { ApiKeyRow } from "../components/api-key-row.tsx";
import { EmptyState } from "../components/empty-state.tsx";
import { ActionResult, type ModerationResult, SectionHeader } from "../components/moderation.tsx";
import { Pager } from "../components/pager.tsx";
import { keptValues, parseSearchParams } from "../forms.ts";
import { moderated, moderationFailure, unknownAction } from "../moderation.ts";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/admin-api-keys";
import { say } from "#common/i18n/say.ts";
import { useT } from "../i18n.tsx";

export async function loader({ url, context }: Route.LoaderArgs) {
  const query = parseSearchParams(apiKeysPageQuery, url);
  return { page: await moderated(context.services.apiKeys.listApiKeys(context.user, { cursor: query.cursor }), url) };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = keptValues(form, ["intent", "keyId"]);
  try {
    switch (values.intent) {
      case "revoke": {
        const key = await context.services.apiKeys.revokeApiKey(
          context.user,
          revokeApiKeyInput.parse(Object.fromEntries(form)),
        );
        return { done: say("adminApiKeys.revoked", { name: key.name }) };
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
    title: t("admin.apiKeys"),
    description: t("adminApiKeys.description"),
    path: "/admin/api-keys",
    noindex: true,
  }));

export default function AdminApiKeys({ loaderData, actionData }: Route.ComponentProps) {
  const { page } = loaderData;
  const t = useT();
  return (
    <>
      <SectionHeader title={t("admin.apiKeys")}>{t("adminApiKeys.intro")}</SectionHeader>
      <ActionResult result={actionData as ModerationResult | undefined} />
      {page.keys.length > 0 ? (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {page.keys.map((key) => (
            <ApiKeyRow key={key.id} apiKey={key} owner={key.owner} />
          ))}
        </ul>
      ) : (
        <EmptyState title={t("adminApiKeys.empty")}>{t("adminApiKeys.emptyHint")}</EmptyState>
      )}
      <Pager nextCursor={page.nextCursor} />
    </>
  );
}
