/**
 * /welcome: the first step after a sign-up that came from no page in particular. Three ways to start (add a tool,
 * claim one that is listed, follow what interests you) and a way on to the site. Rendered for the person, never cached.
 */
import { useT } from "../i18n.tsx";
import { data, redirect } from "react-router";
import { CONFIRM_EMAIL_INTENT, ConfirmEmailNote } from "../components/confirm-email-note.tsx";
import { Link } from "../components/link.tsx";
import { SearchBox } from "../components/search-box.tsx";
import { loginPath, WELCOME_PATH } from "#common/page-paths.ts";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/welcome";

export async function loader({ context }: Route.LoaderArgs) {
  if (!context.user) throw redirect(loginPath(WELCOME_PATH));
  const { email, isEmailConfirmed } = await context.services.users.getProfileSettings(context.user);
  return { username: context.user.username, email, isEmailConfirmed };
}

/** "Send the link again": the mail that confirms the new account's address. */
export async function action({ request, context }: Route.ActionArgs) {
  if (!context.user) throw redirect(loginPath(WELCOME_PATH));
  const form = await request.formData();
  if (form.get("intent") !== CONFIRM_EMAIL_INTENT) throw data(null, { status: 400 });
  await context.services.confirmations.requestEmailConfirmation(context.user);
  return { confirmationSent: true };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, ({ siteName, t }) => ({
    title: t("welcome.title"),
    description: t("welcome.description", { siteName }),
    path: WELCOME_PATH,
    noindex: true,
  }));

const stepClass = "flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm";
const actionClass =
  "mt-auto inline-flex w-fit items-center rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700";

export default function Welcome({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <main className="mx-auto max-w-5xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
        {t("welcome.heading", { username: loaderData.username })}
      </h1>
      <p className="mt-2 text-lg text-slate-600">{t("welcome.intro")}</p>
      {!loaderData.isEmailConfirmed && (
        <div className="mt-6">
          <ConfirmEmailNote
            email={loaderData.email}
            sent={Boolean(actionData?.confirmationSent)}
            text={t("welcome.confirm", { email: loaderData.email })}
          />
        </div>
      )}
      <ol className="mt-8 grid gap-4 md:grid-cols-3">
        <li className={stepClass}>
          <h2 className="text-lg font-bold text-slate-900">{t("welcome.addTitle")}</h2>
          <p className="text-sm text-slate-600">{t("welcome.addText")}</p>
          <Link to="/add-tool" className={actionClass}>
            {t("welcome.addAction")}
          </Link>
        </li>
        <li className={stepClass}>
          <h2 className="text-lg font-bold text-slate-900">{t("welcome.claimTitle")}</h2>
          <p className="text-sm text-slate-600">{t("welcome.claimText")}</p>
          <div className="mt-auto">
            <SearchBox id="search-welcome" />
          </div>
        </li>
        <li className={stepClass}>
          <h2 className="text-lg font-bold text-slate-900">{t("welcome.followTitle")}</h2>
          <p className="text-sm text-slate-600">{t("welcome.followText")}</p>
          <Link to="/categories" className={actionClass}>
            {t("welcome.followAction")}
          </Link>
        </li>
      </ol>
      <p className="mt-8 text-sm text-slate-600">
        {t("welcome.or")}{" "}
        <Link to="/" className="font-medium text-brand-700 hover:underline">
          {t("welcome.home")}
        </Link>{" "}
        {t("welcome.lookAround")}
      </p>
    </main>
  );
}
