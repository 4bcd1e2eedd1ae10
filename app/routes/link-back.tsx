/**
 * /tool/{slug}/link-back: the free way in (decision 062). A maker puts the site's badge on a page of their tool's own
 * website and asks the site to look: found, the tool skips the waiting line, as the operator chose (the front of the
 * queue, or listed at once). For those who may edit the tool; a visitor is sent to sign in, anyone else is refused,
 * and the page is not found while the operator offers no free way in. Rendered for the person, never cached.
 */
import { Form, redirect } from "react-router";
import { LINK_BACK_WATCH_DAYS } from "#common/constants.ts";
import { badgeSnippets } from "#common/badges.ts";
import { linkBackPath, loginPath, MY_TOOLS_PATH } from "#common/page-paths.ts";
import { CopyableText } from "../components/copyable-text.tsx";
import { Field, FormMessage, SubmitButton } from "../components/form.tsx";
import { Link } from "../components/link.tsx";
import { formFailure, keptValues, orRefusalPage } from "../forms.ts";
import { useWords } from "../i18n.tsx";
import { useRootData } from "../root-data.ts";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/link-back";

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!context.user) throw redirect(loginPath(linkBackPath(params.slug)));
  return orRefusalPage(context.services.linkBacks.findLinkBackForm(context.user, params.slug));
}

export async function action({ request, params, context }: Route.ActionArgs) {
  if (!context.user) throw redirect(loginPath(linkBackPath(params.slug)));
  const form = await request.formData();
  try {
    return await context.services.linkBacks.checkLinkBack(context.user, params.slug, {
      pageUrl: form.get("pageUrl") ?? undefined,
    });
  } catch (error) {
    return formFailure(error, keptValues(form, ["pageUrl"]));
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, ({ t }) => ({
    title: t("linkBack.title", { tool: loaderData?.tool.name ?? "" }),
    description: t("linkBack.description"),
    path: loaderData ? linkBackPath(loaderData.tool.slug) : MY_TOOLS_PATH,
    noindex: true,
  }));

export default function LinkBack({ loaderData, actionData }: Route.ComponentProps) {
  const { tool, domain, isQueued, earns, linkBack } = loaderData;
  const { config } = useRootData();
  const { t, longDate } = useWords();
  const failure = actionData && "fields" in actionData ? actionData : undefined;
  const done = actionData && !failure ? actionData.message : undefined;
  const snippets = badgeSnippets({
    siteUrl: config.siteUrl,
    siteName: config.siteName,
    name: tool.name,
    slug: tool.slug,
  });
  const day = (iso: string) => longDate(iso.slice(0, 10));
  return (
    <main className="mx-auto max-w-xl px-4 py-10">
      <Link to={MY_TOOLS_PATH} className="text-sm text-brand-700 hover:underline">
        {t("nav.myTools")}
      </Link>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900">
        {t("linkBack.title", { tool: tool.name })}
      </h1>
      <p className="mt-2 text-slate-600">
        {t(earns === "live" ? "linkBack.introLive" : "linkBack.introSkipLine", { domain })}{" "}
        {t("linkBack.watch", { days: LINK_BACK_WATCH_DAYS })}
      </p>
      {done && <FormMessage tone="success" message={done} />}
      <FormMessage message={failure && !Object.keys(failure.fields).length ? failure.message : undefined} />
      {linkBack && (
        <p className="mt-4 rounded-lg bg-slate-50 p-3 text-sm text-slate-800" data-testid="link-back-state">
          {linkBack.takenBackAt
            ? t("linkBack.wasTakenBack", { date: day(linkBack.takenBackAt) })
            : linkBack.missingSince
              ? t("linkBack.missing", { date: day(linkBack.missingSince) })
              : t("linkBack.found", {
                  page: linkBack.pageUrl,
                  date: day(linkBack.foundAt),
                  until: day(linkBack.watchedUntil),
                })}
        </p>
      )}
      <div className="mt-6">
        <CopyableText id="link-back-badge" label={t("linkBack.code")} text={snippets.html} rows={3} />
      </div>
      {isQueued && !linkBack?.takenBackAt ? (
        <Form method="post" className="mt-6 space-y-4" noValidate>
          <Field
            label={t("linkBack.page")}
            name="pageUrl"
            type="url"
            required
            maxLength={500}
            hint={t("linkBack.pageHint", { domain })}
            defaultValue={failure?.values.pageUrl ?? linkBack?.pageUrl ?? tool.website}
            error={failure?.fields.pageUrl}
          />
          <SubmitButton pendingText={t("linkBack.looking")}>{t("linkBack.look")}</SubmitButton>
        </Form>
      ) : (
        !linkBack && (
          <p className="mt-6 text-sm text-slate-600" data-testid="link-back-not-waiting">
            {t("linkBack.notWaiting")}
          </p>
        )
      )}
    </main>
  );
}
