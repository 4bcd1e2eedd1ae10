/**
 * /admin/featuring (admins): paid featuring (decision 040). What is for sale and at what price, how many tools may be
 * featured at once, free grants, the featured calendar, the revenue by month and product, and every payment with its
 * Stripe ids.
 */
import { Form } from "react-router";
import {
  amountInput,
  OFFER_KINDS,
  offerName,
  type OfferKind,
  purchaseName,
  SPONSOR_PURCHASE,
} from "#common/featuring.ts";
import { grantInput, offerInput, placesInput } from "#common/schemas/featuring.ts";
import { pageQuery } from "#common/schemas/lists.ts";
import { sponsorshipPath, toolPath } from "#common/page-paths.ts";
import type { Offer, PurchaseView } from "#server/payments/featuring.ts";
import { EmptyState } from "../components/empty-state.tsx";
import { Field } from "../components/form.tsx";
import { Link } from "../components/link.tsx";
import { ActionButton, ActionResult, Badge, type ModerationResult, SectionHeader } from "../components/moderation.tsx";
import { Pager } from "../components/pager.tsx";
import { keptValues, parseSearchParams } from "../forms.ts";
import { moderated, moderationFailure, unknownAction } from "../moderation.ts";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/admin-featuring";
import { currentWords, say } from "#common/i18n/say.ts";
import { useT, useWords } from "../i18n.tsx";

const featuringQuery = pageQuery.pick({ cursor: true });

export async function loader({ url, context }: Route.LoaderArgs) {
  const query = parseSearchParams(featuringQuery, url);
  const { featuring } = context.services;
  const [settings, calendar, revenue, payments] = await Promise.all([
    moderated(featuring.getSettings(context.user), url),
    moderated(featuring.getCalendar(context.user), url),
    moderated(featuring.getRevenue(context.user), url),
    moderated(featuring.listPurchases(context.user, { cursor: query.cursor }), url),
  ]);
  return { settings, calendar, revenue, payments, isPaymentEnabled: featuring.isPaymentEnabled };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = keptValues(form, ["intent", "kind", "currency", "amount", "days", "places", "toolId"]);
  const fields = Object.fromEntries(form);
  const { featuring } = context.services;
  try {
    switch (values.intent) {
      case "save-offer": {
        const offer = offerInput.parse(fields);
        await featuring.saveOffer(context.user, offer);
        return {
          done: say("adminFeaturing.offerSaved", {
            offer: offerName(offer.kind),
            onSale: offer.isOnSale ? "yes" : "no",
          }),
        };
      }
      case "save-places": {
        const { places } = placesInput.parse(fields);
        await featuring.savePlaces(context.user, { places });
        return { done: say("adminFeaturing.placesSaved", { places }) };
      }
      case "grant": {
        const granted = await featuring.grantFeaturing(context.user, grantInput.parse(fields));
        const { longDate } = currentWords();
        const tool = granted.tool?.name ?? "";
        return {
          done:
            granted.state === "active"
              ? say("adminFeaturing.grantedUntil", { tool, until: longDate(granted.endsAt!.slice(0, 10)) })
              : say("adminFeaturing.grantedBooked", { tool, from: longDate(granted.startsAt!.slice(0, 10)) }),
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
    title: t("admin.featuring"),
    description: t("adminFeaturing.description"),
    path: "/admin/featuring",
    noindex: true,
  }));

type Failure = { message: string; fields: Record<string, string>; values: Record<string, string> };

export default function AdminFeaturing({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, calendar, revenue, payments, isPaymentEnabled } = loaderData;
  const failure = actionData && "fields" in actionData ? (actionData as Failure) : undefined;
  const offers = new Map(settings.offers.map((offer) => [offer.kind, offer]));
  const t = useT();
  return (
    <>
      <SectionHeader title={t("admin.featuring")}>
        {isPaymentEnabled ? t("adminFeaturing.introPaid") : t("adminFeaturing.introFree")}
      </SectionHeader>
      <ActionResult
        result={actionData as ModerationResult | undefined}
        inlineFields={["amount", "currency", "days", "places"]}
      />

      <h2 className="mb-3 text-xl font-bold tracking-tight">{t("adminFeaturing.prices")}</h2>
      <div className="grid gap-4 md:grid-cols-2">
        {OFFER_KINDS.map((kind) => (
          <OfferForm
            key={kind}
            kind={kind}
            offer={offers.get(kind)}
            failure={failure?.values.kind === kind && failure.values.intent === "save-offer" ? failure : undefined}
          />
        ))}
      </div>

      <div className="mt-10 grid gap-4 md:grid-cols-2">
        <Form method="post" className="space-y-3 rounded-xl border border-slate-200 bg-white p-5">
          <h2 className="text-lg font-bold tracking-tight">{t("adminFeaturing.places")}</h2>
          <Field
            label={t("adminFeaturing.placesField")}
            name="places"
            type="number"
            min={1}
            max={100}
            defaultValue={failure?.values.intent === "save-places" ? failure.values.places : String(settings.places)}
            error={failure?.values.intent === "save-places" ? failure.fields.places : undefined}
            hint={t("adminFeaturing.placesHint")}
          />
          <ActionButton intent="save-places" tone="primary" pendingText={t("admin.saving")}>
            {t("admin.save")}
          </ActionButton>
        </Form>
        <Form method="post" className="space-y-3 rounded-xl border border-slate-200 bg-white p-5">
          <h2 className="text-lg font-bold tracking-tight">{t("adminFeaturing.grantTitle")}</h2>
          <Field
            label={t("adminFeaturing.tool")}
            name="toolId"
            id="grant-toolId"
            defaultValue={failure?.values.intent === "grant" ? failure.values.toolId : ""}
            error={failure?.values.intent === "grant" ? failure.fields.toolId : undefined}
            hint={t("adminFeaturing.toolHint")}
          />
          <Field
            label={t("adminFeaturing.days")}
            name="days"
            id="grant-days"
            type="number"
            min={1}
            max={365}
            defaultValue={failure?.values.intent === "grant" ? failure.values.days : "7"}
            error={failure?.values.intent === "grant" ? failure.fields.days : undefined}
          />
          <ActionButton intent="grant" tone="primary" pendingText={t("adminRequests.granting")}>
            {t("adminRequests.grant")}
          </ActionButton>
        </Form>
      </div>

      <h2 className="mt-10 mb-3 text-xl font-bold tracking-tight">{t("adminFeaturing.calendar")}</h2>
      <p className="mb-3 text-sm text-slate-600">
        {t("adminFeaturing.placesTaken", {
          taken: calendar.featurings.filter((entry) => entry.state === "active").length,
          places: calendar.places,
        })}
      </p>
      {calendar.featurings.length > 0 ? (
        <PurchaseTable rows={calendar.featurings} testId="calendar" />
      ) : (
        <EmptyState title={t("adminFeaturing.noneFeatured")}>{t("adminFeaturing.noneFeaturedHint")}</EmptyState>
      )}

      <h2 className="mt-10 mb-3 text-xl font-bold tracking-tight">{t("adminFeaturing.revenue")}</h2>
      {revenue.length > 0 ? (
        <table
          data-testid="revenue"
          className="w-full overflow-hidden rounded-xl border border-slate-200 bg-white text-sm"
        >
          <thead className="bg-slate-50 text-left text-slate-600">
            <tr>
              <th className="px-3 py-2 font-semibold">{t("adminFeaturing.month")}</th>
              <th className="px-3 py-2 font-semibold">{t("adminFeaturing.product")}</th>
              <th className="px-3 py-2 text-right font-semibold">{t("adminFeaturing.payments")}</th>
              <th className="px-3 py-2 text-right font-semibold">{t("adminFeaturing.total")}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {revenue.map((row) => (
              <tr key={`${row.month}-${row.kind}-${row.currency}`}>
                <td className="px-3 py-2">{row.month}</td>
                <td className="px-3 py-2">{purchaseName(row.kind, null)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{row.count}</td>
                <td className="px-3 py-2 text-right tabular-nums">{row.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <EmptyState title={t("adminFeaturing.noRevenue")}>{t("adminFeaturing.noRevenueHint")}</EmptyState>
      )}

      <h2 className="mt-10 mb-3 text-xl font-bold tracking-tight">{t("adminFeaturing.paymentsAndGrants")}</h2>
      {payments.purchases.length > 0 ? (
        <PurchaseTable rows={payments.purchases} testId="payments" withStripe />
      ) : (
        <EmptyState title={t("adminFeaturing.noPayment")}>{t("adminFeaturing.noPaymentHint")}</EmptyState>
      )}
      <Pager nextCursor={payments.nextCursor} />
    </>
  );
}

function OfferForm({
  kind,
  offer,
  failure,
}: {
  kind: OfferKind;
  offer: Offer | undefined;
  failure: Failure | undefined;
}) {
  const value = (name: string, fallback: string) => failure?.values[name] ?? fallback;
  const t = useT();
  return (
    <Form
      method="post"
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-5"
      data-testid={`offer-form-${kind}`}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-lg font-bold tracking-tight">{offerName(kind)}</h3>
        {offer?.isOnSale ? (
          <Badge tone="emerald">{t("adminFeaturing.onSale")}</Badge>
        ) : (
          <Badge>{t("adminFeaturing.notForSale")}</Badge>
        )}
      </div>
      <input type="hidden" name="kind" value={kind} />
      <div className="grid grid-cols-2 gap-3">
        <Field
          label={t("adminFeaturing.price")}
          name="amount"
          id={`${kind}-amount`}
          inputMode="decimal"
          defaultValue={value("amount", offer ? amountInput(offer.amount, offer.currency) : "")}
          error={failure?.fields.amount}
        />
        <Field
          label={t("adminFeaturing.currency")}
          name="currency"
          id={`${kind}-currency`}
          defaultValue={value("currency", offer?.currency ?? "usd")}
          error={failure?.fields.currency}
          hint={t("adminFeaturing.currencyHint")}
        />
      </div>
      {kind === "featured" && (
        <Field
          label={t("adminFeaturing.daysFeatured")}
          name="days"
          id={`${kind}-days`}
          type="number"
          min={1}
          max={365}
          defaultValue={value("days", String(offer?.days ?? 7))}
          error={failure?.fields.days}
        />
      )}
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="onSale" value="true" defaultChecked={offer?.isOnSale ?? false} />{" "}
        {t("adminFeaturing.onSale")}
      </label>
      <ActionButton intent="save-offer" subject={kind} tone="primary" pendingText={t("admin.saving")}>
        {t("admin.save")}
      </ActionButton>
    </Form>
  );
}

const STATE_TONES = {
  active: "emerald",
  booked: "sky",
  paid: "emerald",
  pending: "amber",
  ended: "slate",
  expired: "slate",
  refunding: "amber",
  refunded: "rose",
  disputed: "rose",
} as const;

function PurchaseTable({
  rows,
  testId,
  withStripe = false,
}: {
  rows: PurchaseView[];
  testId: string;
  withStripe?: boolean;
}) {
  const { t, longDate } = useWords();
  const day = (iso: string | null) => (iso ? longDate(iso.slice(0, 10)) : "—");
  return (
    <div className="overflow-x-auto">
      <table data-testid={testId} className="w-full rounded-xl border border-slate-200 bg-white text-sm">
        <thead className="bg-slate-50 text-left text-slate-600">
          <tr>
            <th className="px-3 py-2 font-semibold">{t("adminFeaturing.tool")}</th>
            <th className="px-3 py-2 font-semibold">{t("adminFeaturing.what")}</th>
            <th className="px-3 py-2 font-semibold">{t("adminFeaturing.state")}</th>
            <th className="px-3 py-2 font-semibold">{t("adminFeaturing.from")}</th>
            <th className="px-3 py-2 font-semibold">{t("adminFeaturing.until")}</th>
            <th className="px-3 py-2 text-right font-semibold">{t("adminFeaturing.amount")}</th>
            {withStripe && <th className="px-3 py-2 font-semibold">Stripe</th>}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map((row) => (
            <tr key={row.id}>
              <td className="px-3 py-2">
                {row.kind === SPONSOR_PURCHASE ? (
                  <Link to={sponsorshipPath(row.id)} className="font-medium text-brand-700 hover:underline">
                    {t("adminSponsors.ad")}
                  </Link>
                ) : row.tool ? (
                  <Link to={toolPath(row.tool.slug)} className="font-medium text-brand-700 hover:underline">
                    {row.tool.name}
                  </Link>
                ) : (
                  t("adminFeaturing.deletedTool")
                )}
              </td>
              <td className="px-3 py-2">{row.name}</td>
              <td className="px-3 py-2">
                <Badge tone={STATE_TONES[row.state]}>
                  {t("adminFeaturing.purchaseState", {
                    state: row.state,
                    grant: row.source === "grant" ? "yes" : "no",
                  })}
                </Badge>
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{day(row.startsAt)}</td>
              <td className="px-3 py-2 whitespace-nowrap">
                {row.kind === "skip-line" || row.state === "paid"
                  ? "—"
                  : row.endsAt
                    ? day(row.endsAt)
                    : t("adminFeaturing.untilCancelled")}
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{row.price ?? t("adminFeaturing.free")}</td>
              {withStripe && (
                <td className="px-3 py-2 font-mono text-xs break-all text-slate-600">
                  {[row.stripe.sessionId, row.stripe.paymentIntentId].filter(Boolean).join(" · ") || "—"}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
