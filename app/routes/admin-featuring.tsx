/**
 * /admin/featuring (admins): paid featuring (decision 040). What is for sale and at what price, how many tools may be
 * featured at once, free grants, the featured calendar, the revenue by month and product, and every payment with its
 * Stripe ids.
 */
import { Form } from "react-router";
import { amountInput, OFFER_KINDS, offerName, type OfferKind, purchaseName } from "#common/featuring.ts";
import { grantInput, offerInput, placesInput } from "#common/schemas/featuring.ts";
import { pageQuery } from "#common/schemas/lists.ts";
import { toolPath } from "#common/page-paths.ts";
import type { Offer, PurchaseView } from "#server/payments/featuring.ts";
import { EmptyState } from "../components/empty-state.tsx";
import { Field } from "../components/form.tsx";
import { Link } from "../components/link.tsx";
import { formatLongDate } from "../components/long-date.tsx";
import { ActionButton, ActionResult, Badge, type ModerationResult, SectionHeader } from "../components/moderation.tsx";
import { Pager } from "../components/pager.tsx";
import { keptValues, parseSearchParams } from "../forms.ts";
import { moderated, moderationFailure, unknownAction } from "../moderation.ts";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/admin-featuring";

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
        return { done: `${offerName(offer.kind)}: saved, ${offer.isOnSale ? "on sale" : "not for sale"}.` };
      }
      case "save-places": {
        const { places } = placesInput.parse(fields);
        await featuring.savePlaces(context.user, { places });
        return { done: `Up to ${places} tool${places === 1 ? "" : "s"} may be featured at once.` };
      }
      case "grant": {
        const granted = await featuring.grantFeaturing(context.user, grantInput.parse(fields));
        return {
          done:
            granted.state === "active"
              ? `${granted.tool?.name} is featured until ${formatLongDate(granted.endsAt!.slice(0, 10))}.`
              : `Every place is taken: ${granted.tool?.name} is booked from ${formatLongDate(granted.startsAt!.slice(0, 10))}.`,
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
  pageMeta(matches, { title: "Featuring", description: "Prices, places, the featured calendar and payments.", path: "/admin/featuring", noindex: true });

type Failure = { message: string; fields: Record<string, string>; values: Record<string, string> };

export default function AdminFeaturing({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, calendar, revenue, payments, isPaymentEnabled } = loaderData;
  const failure = actionData && "fields" in actionData ? (actionData as Failure) : undefined;
  const offers = new Map(settings.offers.map((offer) => [offer.kind, offer]));
  return (
    <>
      <SectionHeader title="Featuring">
        {isPaymentEnabled
          ? "Makers pay through Stripe to skip the waiting line or to be featured on the home page, at the prices set here."
          : "Stripe's keys are not set (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET): nothing is for sale, and makers ask for featuring from their profile. You can still grant it here."}
      </SectionHeader>
      <ActionResult result={actionData as ModerationResult | undefined} inlineFields={["amount", "currency", "days", "places"]} />

      <h2 className="mb-3 text-xl font-bold tracking-tight">Prices</h2>
      <div className="grid gap-4 md:grid-cols-2">
        {OFFER_KINDS.map((kind) => (
          <OfferForm key={kind} kind={kind} offer={offers.get(kind)} failure={failure?.values.kind === kind && failure.values.intent === "save-offer" ? failure : undefined} />
        ))}
      </div>

      <div className="mt-10 grid gap-4 md:grid-cols-2">
        <Form method="post" className="space-y-3 rounded-xl border border-slate-200 bg-white p-5">
          <h2 className="text-lg font-bold tracking-tight">Places</h2>
          <Field
            label="Tools featured at once, at most"
            name="places"
            type="number"
            min={1}
            max={100}
            defaultValue={failure?.values.intent === "save-places" ? failure.values.places : String(settings.places)}
            error={failure?.values.intent === "save-places" ? failure.fields.places : undefined}
            hint="When every place is taken, a maker books the first day one is free. What holds a place keeps it."
          />
          <ActionButton intent="save-places" tone="primary" pendingText="Saving…">
            Save
          </ActionButton>
        </Form>
        <Form method="post" className="space-y-3 rounded-xl border border-slate-200 bg-white p-5">
          <h2 className="text-lg font-bold tracking-tight">Grant featuring for free</h2>
          <Field
            label="Tool"
            name="toolId"
            id="grant-toolId"
            defaultValue={failure?.values.intent === "grant" ? failure.values.toolId : ""}
            error={failure?.values.intent === "grant" ? failure.fields.toolId : undefined}
            hint="The tool's page address, or its ID."
          />
          <Field
            label="Days"
            name="days"
            id="grant-days"
            type="number"
            min={1}
            max={365}
            defaultValue={failure?.values.intent === "grant" ? failure.values.days : "7"}
            error={failure?.values.intent === "grant" ? failure.fields.days : undefined}
          />
          <ActionButton intent="grant" tone="primary" pendingText="Granting…">
            Grant
          </ActionButton>
        </Form>
      </div>

      <h2 className="mt-10 mb-3 text-xl font-bold tracking-tight">Featured calendar</h2>
      <p className="mb-3 text-sm text-slate-600">{`${calendar.featurings.filter((entry) => entry.state === "active").length} of ${calendar.places} places taken now.`}</p>
      {calendar.featurings.length > 0 ? (
        <PurchaseTable rows={calendar.featurings} testId="calendar" />
      ) : (
        <EmptyState title="No tool is featured or booked">A payment or a grant appears here with its dates.</EmptyState>
      )}

      <h2 className="mt-10 mb-3 text-xl font-bold tracking-tight">Revenue, last 12 months</h2>
      {revenue.length > 0 ? (
        <table data-testid="revenue" className="w-full overflow-hidden rounded-xl border border-slate-200 bg-white text-sm">
          <thead className="bg-slate-50 text-left text-slate-600">
            <tr>
              <th className="px-3 py-2 font-semibold">Month</th>
              <th className="px-3 py-2 font-semibold">Product</th>
              <th className="px-3 py-2 text-right font-semibold">Payments</th>
              <th className="px-3 py-2 text-right font-semibold">Total</th>
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
        <EmptyState title="No revenue yet">Payments that hold (not refunded or disputed) are added up here by month.</EmptyState>
      )}

      <h2 className="mt-10 mb-3 text-xl font-bold tracking-tight">Payments and grants</h2>
      {payments.purchases.length > 0 ? (
        <PurchaseTable rows={payments.purchases} testId="payments" withStripe />
      ) : (
        <EmptyState title="No payment yet">Each Checkout a maker opens is listed here, with its Stripe ids.</EmptyState>
      )}
      <Pager nextCursor={payments.nextCursor} />
    </>
  );
}

function OfferForm({ kind, offer, failure }: { kind: OfferKind; offer: Offer | undefined; failure: Failure | undefined }) {
  const value = (name: string, fallback: string) => failure?.values[name] ?? fallback;
  return (
    <Form method="post" className="space-y-3 rounded-xl border border-slate-200 bg-white p-5" data-testid={`offer-form-${kind}`}>
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-lg font-bold tracking-tight">{offerName(kind)}</h3>
        {offer?.isOnSale ? <Badge tone="emerald">On sale</Badge> : <Badge>Not for sale</Badge>}
      </div>
      <input type="hidden" name="kind" value={kind} />
      <div className="grid grid-cols-2 gap-3">
        <Field label="Price" name="amount" id={`${kind}-amount`} inputMode="decimal" defaultValue={value("amount", offer ? amountInput(offer.amount, offer.currency) : "")} error={failure?.fields.amount} />
        <Field label="Currency" name="currency" id={`${kind}-currency`} defaultValue={value("currency", offer?.currency ?? "usd")} error={failure?.fields.currency} hint="Stripe's code: usd, eur…" />
      </div>
      {kind === "featured" && (
        <Field label="Days featured" name="days" id={`${kind}-days`} type="number" min={1} max={365} defaultValue={value("days", String(offer?.days ?? 7))} error={failure?.fields.days} />
      )}
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="onSale" value="true" defaultChecked={offer?.isOnSale ?? false} /> On sale
      </label>
      <ActionButton intent="save-offer" subject={kind} tone="primary" pendingText="Saving…">
        Save
      </ActionButton>
    </Form>
  );
}

const STATE_TONES = { active: "emerald", booked: "sky", paid: "emerald", pending: "amber", ended: "slate", expired: "slate", refunding: "amber", refunded: "rose", disputed: "rose" } as const;

function PurchaseTable({ rows, testId, withStripe = false }: { rows: PurchaseView[]; testId: string; withStripe?: boolean }) {
  const day = (iso: string | null) => (iso ? formatLongDate(iso.slice(0, 10)) : "—");
  return (
    <div className="overflow-x-auto">
      <table data-testid={testId} className="w-full rounded-xl border border-slate-200 bg-white text-sm">
        <thead className="bg-slate-50 text-left text-slate-600">
          <tr>
            <th className="px-3 py-2 font-semibold">Tool</th>
            <th className="px-3 py-2 font-semibold">What</th>
            <th className="px-3 py-2 font-semibold">State</th>
            <th className="px-3 py-2 font-semibold">From</th>
            <th className="px-3 py-2 font-semibold">Until</th>
            <th className="px-3 py-2 text-right font-semibold">Amount</th>
            {withStripe && <th className="px-3 py-2 font-semibold">Stripe</th>}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map((row) => (
            <tr key={row.id}>
              <td className="px-3 py-2">
                {row.tool ? (
                  <Link to={toolPath(row.tool.slug)} className="font-medium text-brand-700 hover:underline">
                    {row.tool.name}
                  </Link>
                ) : (
                  "A deleted tool"
                )}
              </td>
              <td className="px-3 py-2">{row.name}</td>
              <td className="px-3 py-2">
                <Badge tone={STATE_TONES[row.state]}>{row.source === "grant" ? `${row.state} (grant)` : row.state}</Badge>
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{day(row.startsAt)}</td>
              <td className="px-3 py-2 whitespace-nowrap">{row.kind === "skip-line" || row.state === "paid" ? "—" : row.endsAt ? day(row.endsAt) : "Until cancelled"}</td>
              <td className="px-3 py-2 text-right tabular-nums">{row.price ?? "Free"}</td>
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
