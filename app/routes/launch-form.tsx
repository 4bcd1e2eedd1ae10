/**
 * /tool/{slug}/launch: the day a tool goes live (decision 063), as those who may edit the tool choose it while the
 * tool waits in the queue or is held for its day. A visitor is sent to sign in; anyone else is refused; the page is not
 * found while the operator offers no launch days. Rendered for the person, never cached.
 */
import { Form, redirect } from "react-router";
import { launchFormPath, loginPath, MY_TOOLS_PATH } from "#common/page-paths.ts";
import { launchInput } from "#common/schemas/launches.ts";
import { LAUNCH_MAX_DAYS } from "#common/constants.ts";
import { Field, FormMessage, SubmitButton } from "../components/form.tsx";
import { Link } from "../components/link.tsx";
import { formFailure, keptValues, orRefusalPage } from "../forms.ts";
import { useWords } from "../i18n.tsx";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/launch-form";

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!context.user) throw redirect(loginPath(launchFormPath(params.slug)));
  return orRefusalPage(context.services.launches.findLaunchForm(context.user, params.slug));
}

export async function action({ request, params, context }: Route.ActionArgs) {
  if (!context.user) throw redirect(loginPath(launchFormPath(params.slug)));
  const form = await request.formData();
  const { launches } = context.services;
  try {
    if (form.get("intent") === "remove") {
      await launches.removeLaunchDay(context.user, params.slug);
      return { saved: null };
    }
    const chosen = await launches.chooseLaunchDay(
      context.user,
      params.slug,
      launchInput.parse({ launchOn: form.get("launchOn") ?? undefined }),
    );
    return { saved: chosen };
  } catch (error) {
    return formFailure(error, keptValues(form, ["launchOn"]));
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, ({ t }) => ({
    title: t("launchForm.title", { name: loaderData?.tool.name ?? "" }),
    description: t("launchForm.description"),
    path: loaderData ? launchFormPath(loaderData.tool.slug) : MY_TOOLS_PATH,
    noindex: true,
  }));

export default function LaunchForm({ loaderData, actionData }: Route.ComponentProps) {
  const { tool, launchOn, mayChoose, isQueued, firstDay, lastDay } = loaderData;
  const { t, longDate } = useWords();
  const failure = actionData && "fields" in actionData ? actionData : undefined;
  const saved = actionData && "saved" in actionData ? actionData.saved : undefined;
  return (
    <main className="mx-auto max-w-xl px-4 py-10">
      <Link to={MY_TOOLS_PATH} className="text-sm text-brand-700 hover:underline">
        {t("nav.myTools")}
      </Link>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900">
        {t("launchForm.title", { name: tool.name })}
      </h1>
      <p className="mt-2 text-slate-600">{t("launchForm.intro", { days: LAUNCH_MAX_DAYS })}</p>
      {saved && (
        <FormMessage
          tone="success"
          message={t("launchForm.saved", { name: saved.name, date: longDate(saved.launchAt.slice(0, 10)) })}
        />
      )}
      <FormMessage message={failure && !Object.keys(failure.fields).length ? failure.message : undefined} />
      {launchOn && (
        <p className="mt-4 rounded-lg bg-slate-50 p-3 text-sm text-slate-800" data-testid="launch-day">
          {t("launchForm.current", { date: longDate(launchOn) })}
        </p>
      )}
      {mayChoose ? (
        <>
          <Form method="post" className="mt-6 space-y-4" noValidate>
            <Field
              key={launchOn ?? ""}
              label={t("launchForm.day")}
              name="launchOn"
              type="date"
              required
              min={firstDay}
              max={lastDay}
              hint={t("launchForm.dayHint")}
              defaultValue={failure?.values.launchOn ?? launchOn ?? firstDay}
              error={failure?.fields.launchOn}
            />
            <SubmitButton pendingText={t("launchForm.saving")}>{t("launchForm.save")}</SubmitButton>
          </Form>
          {launchOn && isQueued && (
            <Form method="post" className="mt-4">
              <input type="hidden" name="intent" value="remove" />
              <button type="submit" className="text-sm font-medium text-brand-700 hover:underline">
                {t("launchForm.remove")}
              </button>
            </Form>
          )}
        </>
      ) : (
        <p className="mt-6 text-sm text-slate-600">{t("launch.alreadyLive")}</p>
      )}
    </main>
  );
}
