/**
 * /admin/sponsors (admins): sponsors (decision 064). Each placement's weekly price, how many weeks ahead it is sold and
 * whether it is on sale; the ads waiting for a review, to approve or reject (a rejection refunds in full); and the
 * calendar of the weeks sold. The revenue from sponsors is /admin/featuring's, beside the featuring's.
 */
import { Form } from "react-router";
import { amountInput } from "#common/featuring.ts";
import { sponsorshipPath } from "#common/page-paths.ts";
import { placementInput, sponsorshipIdParam } from "#common/schemas/sponsors.ts";
import { PLACEMENTS, type Placement, placementName, SPONSOR_MAX_WEEKS_AHEAD } from "#common/sponsors.ts";
import { say } from "#common/i18n/say.ts";
import type { PlacementView } from "#server/payments/sponsors.ts";
import { EmptyState } from "../components/empty-state.tsx";
import { Field } from "../components/form.tsx";
import { Link } from "../components/link.tsx";
import { ActionButton, ActionResult, Badge, type ModerationResult, SectionHeader } from "../components/moderation.tsx";
import { type FormFailure, keptValues } from "../forms.ts";
import { moderated, moderationFailure, unknownAction } from "../moderation.ts";
import { pageMeta } from "../seo.ts";
import { useT, useWords } from "../i18n.tsx";
import type { Route } from "./+types/admin-sponsors";

export async function loader({ url, context }: Route.LoaderArgs) {
  const { sponsors } = context.services;
  const console = await moderated(sponsors.getConsole(context.user), url);
  return { ...console, isPaymentEnabled: sponsors.isPaymentEnabled };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = keptValues(form, ["intent", "kind", "currency", "amount", "weeksAhead", "id"]);
  const fields = Object.fromEntries(form);
  const { sponsors } = context.services;
  try {
    switch (values.intent) {
      case "save-placement": {
        const placement = placementInput.parse(fields);
        await sponsors.savePlacement(context.user, placement);
        return {
          done: say("adminSponsors.placementSaved", {
            placement: placementName(placement.kind),
            onSale: placement.isOnSale ? "yes" : "no",
          }),
        };
      }
      case "approve":
      case "reject": {
        const id = sponsorshipIdParam.parse(values.id);
        await sponsors.reviewSponsorship(context.user, id, values.intent);
        return { done: say(values.intent === "approve" ? "adminSponsors.approved" : "adminSponsors.rejected") };
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
    title: t("admin.sponsors"),
    description: t("adminSponsors.intro"),
    path: "/admin/sponsors",
    noindex: true,
  }));

export default function AdminSponsors({ loaderData, actionData }: Route.ComponentProps) {
  const { placements, review, calendar, isPaymentEnabled } = loaderData;
  const failure = actionData && "fields" in actionData ? (actionData as FormFailure) : undefined;
  const { t, longDate } = useWords();
  return (
    <>
      <SectionHeader title={t("admin.sponsors")}>
        {isPaymentEnabled ? t("adminSponsors.intro") : t("adminFeaturing.introFree")}{" "}
        <Link to="/admin/featuring" className="font-medium text-brand-700 hover:underline">
          {t("adminSponsors.revenue")}
        </Link>
      </SectionHeader>
      <ActionResult
        result={actionData as ModerationResult | undefined}
        inlineFields={["amount", "currency", "weeksAhead"]}
      />

      <h2 className="mb-3 text-xl font-bold tracking-tight">{t("adminSponsors.waiting")}</h2>
      {review.length === 0 ? (
        <EmptyState title={t("adminSponsors.noneWaiting")} />
      ) : (
        <ul className="space-y-3" data-testid="ad-review">
          {review.map((ad) => (
            <li key={ad.id} className="rounded-xl border border-slate-200 bg-white p-4">
              <p className="font-medium">{ad.text}</p>
              <p className="mt-1 text-sm break-all text-slate-600">{ad.url}</p>
              <p className="mt-1 text-sm text-slate-600">
                {ad.placementName} · {ad.weeks.map((week) => longDate(week)).join(", ")} · {ad.price}
                {ad.sponsor ? ` · ${ad.sponsor}` : ""}
              </p>
              <div className="mt-3 flex flex-wrap gap-2">
                <Form method="post">
                  <input type="hidden" name="id" value={ad.id} />
                  <ActionButton intent="approve" subject={ad.id} tone="primary" pendingText={t("admin.saving")}>
                    {t("adminSponsors.approve")}
                  </ActionButton>
                </Form>
                <Form method="post">
                  <input type="hidden" name="id" value={ad.id} />
                  <ActionButton intent="reject" subject={ad.id} tone="danger" pendingText={t("admin.saving")}>
                    {t("adminSponsors.reject")}
                  </ActionButton>
                </Form>
                <Link to={sponsorshipPath(ad.id)} className="self-center text-sm text-brand-700 hover:underline">
                  {t("adminSponsors.open")}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}

      <h2 className="mt-10 mb-3 text-xl font-bold tracking-tight">{t("adminSponsors.calendar")}</h2>
      <div className="overflow-x-auto">
        <table data-testid="sponsor-calendar" className="w-full rounded-xl border border-slate-200 bg-white text-sm">
          <thead className="bg-slate-50 text-left text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">
                {t("adminSponsors.week")}
              </th>
              {PLACEMENTS.map((kind) => (
                <th key={kind} scope="col" className="px-3 py-2 font-semibold">
                  {placementName(kind)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {calendar.map((row) => (
              <tr key={row.week}>
                <th scope="row" className="px-3 py-2 text-left font-medium whitespace-nowrap">
                  {longDate(row.week)}
                </th>
                {PLACEMENTS.map((kind) => {
                  const ad = row.ads[kind];
                  return (
                    <td key={kind} className="px-3 py-2">
                      {ad ? (
                        <Link to={sponsorshipPath(ad.id)} className="text-brand-700 hover:underline">
                          {ad.text}
                        </Link>
                      ) : (
                        <span className="text-slate-500">{t("adminSponsors.unsold")}</span>
                      )}
                      {ad && ad.state !== "approved" && (
                        <span className="ml-1 text-xs text-amber-800">
                          ({t("sponsorship.state", { state: ad.state })})
                        </span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h2 className="mt-10 mb-3 text-xl font-bold tracking-tight">{t("adminSponsors.placements")}</h2>
      <div className="grid gap-4 md:grid-cols-2">
        {placements.map((placement) => (
          <PlacementForm
            key={placement.kind}
            placement={placement}
            failure={
              failure?.values.kind === placement.kind && failure.values.intent === "save-placement"
                ? failure
                : undefined
            }
          />
        ))}
      </div>
    </>
  );
}

function PlacementForm({ placement, failure }: { placement: PlacementView; failure: FormFailure | undefined }) {
  const value = (name: string, fallback: string) => failure?.values[name] ?? fallback;
  const t = useT();
  const kind: Placement = placement.kind;
  return (
    <Form
      method="post"
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-5"
      data-testid={`placement-form-${kind}`}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-lg font-bold tracking-tight">{placement.name}</h3>
        {placement.isOnSale ? (
          <Badge tone="emerald">{t("adminFeaturing.onSale")}</Badge>
        ) : (
          <Badge>{t("adminFeaturing.notForSale")}</Badge>
        )}
      </div>
      <input type="hidden" name="kind" value={kind} />
      <div className="grid grid-cols-2 gap-3">
        <Field
          label={t("adminSponsors.weekPrice")}
          name="amount"
          id={`${kind}-amount`}
          inputMode="decimal"
          defaultValue={value("amount", placement.amount ? amountInput(placement.amount, placement.currency) : "")}
          error={failure?.fields.amount}
        />
        <Field
          label={t("adminFeaturing.currency")}
          name="currency"
          id={`${kind}-currency`}
          defaultValue={value("currency", placement.currency)}
          error={failure?.fields.currency}
          hint={t("adminFeaturing.currencyHint")}
        />
      </div>
      <Field
        label={t("adminSponsors.weeksAhead")}
        name="weeksAhead"
        id={`${kind}-weeksAhead`}
        type="number"
        min={1}
        max={SPONSOR_MAX_WEEKS_AHEAD}
        defaultValue={value("weeksAhead", String(placement.weeksAhead))}
        error={failure?.fields.weeksAhead}
      />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="onSale" value="true" defaultChecked={placement.isOnSale} />{" "}
        {t("adminFeaturing.onSale")}
      </label>
      <ActionButton intent="save-placement" subject={kind} tone="primary" pendingText={t("admin.saving")}>
        {t("admin.save")}
      </ActionButton>
    </Form>
  );
}
