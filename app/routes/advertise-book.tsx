/**
 * /advertise/{placement}: a sponsor books a placement (decision 064): the weeks (only free ones may be chosen), the ad's
 * text and link, and an optional logo; "Pay with Stripe" opens a Checkout session at the operator's weekly price and
 * leads to Stripe's page. A visitor is sent to sign in first. Rendered for the person, never cached.
 */
import { data, Form, redirect } from "react-router";
import { MESSAGES } from "#common/messages.ts";
import { advertisePath, loginPath } from "#common/page-paths.ts";
import { placementField, sponsorBookingInput } from "#common/schemas/sponsors.ts";
import { SPONSOR_TEXT_MAX } from "#common/sponsors.ts";
import { Field, FormMessage, SubmitButton } from "../components/form.tsx";
import { Link } from "../components/link.tsx";
import { formFailure, keptValues, orRefusalPage } from "../forms.ts";
import { useWords } from "../i18n.tsx";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/advertise-book";

function placementOf(param: string | undefined) {
  const placement = placementField.safeParse(param);
  if (!placement.success) throw new Response(MESSAGES.sponsor.notForSale, { status: 404 });
  return placement.data;
}

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const placement = placementOf(params.placement);
  if (!context.user) throw redirect(loginPath(advertisePath(placement)));
  const choices = await orRefusalPage(context.services.sponsors.getBookingChoices(placement));
  return { choices, isCancelled: url.searchParams.get("cancelled") === "1" };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const placement = placementOf(params.placement);
  if (!context.user) throw redirect(loginPath(advertisePath(placement)));
  const form = await request.formData();
  const values = keptValues(form, ["text", "url"]);
  try {
    const input = sponsorBookingInput.parse({
      placement,
      weeks: form.getAll("weeks"),
      text: form.get("text"),
      url: form.get("url"),
    });
    const file = form.get("logo");
    const logo = file instanceof File && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null;
    const started = await context.services.sponsors.startSponsorCheckout(
      { user: context.user, address: context.requester.address },
      input,
      logo,
    );
    if (!started.ok)
      return data(
        { message: started.message, fields: { [started.field]: started.message }, values, weeks: input.weeks },
        { status: 400 },
      );
    // Stripe's hosted page: the price was set here, from the operator's.
    throw redirect(started.url, 303);
  } catch (error) {
    if (error instanceof Response) throw error;
    const failure = formFailure(error, values);
    return data({ ...failure.data, weeks: form.getAll("weeks").map(String) }, failure.init ?? undefined);
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, ({ t }) => ({
    title: t("advertise.bookTitle", { placement: loaderData?.choices.name ?? "" }),
    description: t("advertise.intro"),
    path: advertisePath(loaderData?.choices.kind),
    noindex: true,
  }));

export default function AdvertiseBook({ loaderData, actionData }: Route.ComponentProps) {
  const { choices, isCancelled } = loaderData;
  const { t, longDate } = useWords();
  const fields: Record<string, string> = actionData?.fields ?? {};
  const values: Record<string, string> = actionData?.values ?? {};
  const chosen = new Set(actionData?.weeks ?? []);
  return (
    <main className="mx-auto max-w-2xl px-4 py-10">
      <Link to={advertisePath()} className="text-sm text-brand-700 hover:underline">
        {t("advertise.back")}
      </Link>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900">
        {t("advertise.bookTitle", { placement: choices.name })}
      </h1>
      <p className="mt-2 text-slate-600">
        {t("advertise.perWeek", { price: choices.price })} · {t("advertise.reviewNote")}
      </p>
      {isCancelled && <FormMessage tone="success" message={t("advertise.cancelled")} />}
      <Form method="post" encType="multipart/form-data" className="mt-6 space-y-5" noValidate>
        <FormMessage message={actionData && !Object.keys(fields).length ? actionData.message : undefined} />
        <fieldset aria-describedby={fields.weeks ? "weeks-error" : undefined}>
          <legend className="text-sm font-medium text-slate-800">{t("advertise.weeks")}</legend>
          <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
            {choices.weeks.map((week) => (
              <label
                key={week.week}
                className={`flex items-center gap-2 rounded-lg border px-3 py-2 text-sm ${week.isTaken ? "border-slate-200 bg-slate-100 text-slate-600" : "border-slate-300"}`}
              >
                <input
                  type="checkbox"
                  name="weeks"
                  value={week.week}
                  disabled={week.isTaken}
                  defaultChecked={chosen.has(week.week)}
                />
                {t("advertise.weekOf", { date: longDate(week.week) })}
                {week.isTaken && <span className="ml-auto text-xs">{t("advertise.sold")}</span>}
              </label>
            ))}
          </div>
          {fields.weeks && (
            <p id="weeks-error" className="mt-1 text-sm text-rose-700">
              {fields.weeks}
            </p>
          )}
        </fieldset>
        <Field
          label={t("advertise.text")}
          name="text"
          required
          maxLength={SPONSOR_TEXT_MAX}
          hint={t("advertise.textHint", { max: SPONSOR_TEXT_MAX })}
          defaultValue={values.text ?? ""}
          error={fields.text}
        />
        <Field
          label={t("advertise.url")}
          name="url"
          type="url"
          required
          placeholder="https://"
          defaultValue={values.url ?? ""}
          error={fields.url}
        />
        <Field
          label={t("advertise.logo")}
          name="logo"
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif,image/svg+xml"
          hint={t("advertise.logoHint")}
          error={fields.logo}
        />
        <SubmitButton pendingText={t("advertise.paying")}>{t("advertise.pay")}</SubmitButton>
      </Form>
    </main>
  );
}
