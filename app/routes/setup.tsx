/**
 * /setup/{token}: the one-time link a start writes to the log while the site has no admin (decision 047). Opening it
 * only asks; the signed-in person who presses the button becomes the admin, and every setup link stops working.
 */
import { useT } from "../i18n.tsx";
import { data, Form, redirect } from "react-router";
import { MESSAGES } from "#common/messages.ts";
import { setupTokenParam } from "#common/schemas/profiles.ts";
import { loginPath, withRedirectTo } from "#common/page-paths.ts";
import { FormMessage, SubmitButton } from "../components/form.tsx";
import { Link } from "../components/link.tsx";
import { formFailure } from "../forms.ts";
import { useRootData } from "../root-data.ts";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/setup";

function tokenOf(params: { token?: string }): string {
  const token = setupTokenParam.safeParse(params.token);
  if (!token.success) throw data(MESSAGES.setup.invalid, { status: 404 });
  return token.data;
}

export async function loader({ params, context, url }: Route.LoaderArgs) {
  const token = tokenOf(params);
  const state = await context.services.setup.checkSetupLink(token);
  if (state === "has-admin") throw data(MESSAGES.setup.hasAdmin, { status: 410 });
  if (state === "invalid") throw data(MESSAGES.setup.invalid, { status: 404 });
  return { username: context.user?.username ?? null, here: url.pathname };
}

export async function action({ params, context, url }: Route.ActionArgs) {
  const token = tokenOf(params);
  if (!context.user) throw redirect(loginPath(url.pathname));
  try {
    await context.services.setup.useSetupLink(context.user, token);
  } catch (error) {
    return formFailure(error, {});
  }
  return redirect("/admin");
}

export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta(matches, ({ t }) => ({
    title: t("setup.title"),
    description: t("setup.description"),
    path: `/setup/${params.token}`,
    noindex: true,
  }));

export default function Setup({ loaderData, actionData }: Route.ComponentProps) {
  const { siteName } = useRootData().config;
  const { username, here } = loaderData;
  const t = useT();
  return (
    <main className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{t("setup.heading", { siteName })}</h1>
      <p className="mt-4 text-slate-700">{t("setup.intro")}</p>
      {username ? (
        <Form method="post" className="mt-6 space-y-4">
          <FormMessage message={actionData?.message} />
          <p className="text-slate-700">
            {t("setup.signedInAs")} <strong>{username}</strong>. {t("setup.once")}
          </p>
          <SubmitButton pendingText={t("setup.pending")}>{t("setup.title")}</SubmitButton>
        </Form>
      ) : (
        <div className="mt-6 space-y-4">
          <p className="text-slate-700">{t("setup.signFirst")}</p>
          <p className="flex gap-3">
            <Link
              to={withRedirectTo("/register", here)}
              className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
            >
              {t("nav.signUp")}
            </Link>
            <Link
              to={loginPath(here)}
              className="rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50"
            >
              {t("nav.logIn")}
            </Link>
          </p>
        </div>
      )}
    </main>
  );
}
