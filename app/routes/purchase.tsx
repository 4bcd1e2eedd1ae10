/**
 * /purchase/{id}: where Stripe's Checkout brings a maker back (decision 040): what they bought, for which tool, and
 * until when. Stripe's confirmation may come a moment after the maker: until it does, the page says so and looks again
 * every two seconds, with or without JavaScript. Only the buyer and admins see it.
 */
import { Form, redirect } from "react-router";
import { isAppError } from "#common/errors.ts";
import { loginPath, toolPath } from "#common/page-paths.ts";
import type { PurchaseState } from "#server/payments/featuring.ts";
import { FormMessage, SubmitButton } from "../components/form.tsx";
import { Link } from "../components/link.tsx";
import { formFailure, keptValues } from "../forms.ts";
import { formatLongDate } from "../components/long-date.tsx";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/purchase";

/** How often a page still waiting for Stripe's confirmation looks again, in seconds. */
const REFRESH_SECONDS = 2;

export async function loader({ url, params, context }: Route.LoaderArgs) {
  if (!context.user) throw redirect(loginPath(url.pathname));
  try {
    return { purchase: await context.services.featuring.getPurchase(context.user, params.id) };
  } catch (error) {
    if (isAppError(error)) throw new Response(error.message, { status: error.status });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, () => ({
    title: loaderData ? loaderData.purchase.name : "Your purchase",
    description: "What you bought, and until when.",
    path: "/purchase",
    noindex: true,
    extra: loaderData?.purchase.state === "pending" ? [{ httpEquiv: "refresh", content: String(REFRESH_SECONDS) }] : [],
  }));

const day = (iso: string | null) => (iso ? formatLongDate(iso.slice(0, 10)) : "");

/** What the purchase holds now, in a sentence. */
export function purchaseStatus(purchase: { kind: string; state: PurchaseState; startsAt: string | null; endsAt: string | null }, toolName: string): string {
  switch (purchase.state) {
    case "pending":
      return "Waiting for Stripe's confirmation of your payment. This page looks again by itself.";
    case "active":
      if (purchase.kind === "skip-line") return `${toolName} is at the front of the verification queue.`;
      if (!purchase.endsAt) return `${toolName} is featured on the home page every month, until you cancel.`;
      return purchase.kind === "featured-monthly"
        ? `${toolName} is featured on the home page until ${day(purchase.endsAt)}: the subscription is cancelled, and ends then.`
        : `${toolName} is featured on the home page until ${day(purchase.endsAt)}.`;
    case "booked":
      return `Every place was taken: ${toolName} will be featured on the home page from ${day(purchase.startsAt)} to ${day(purchase.endsAt)}.`;
    case "ended":
      return `${toolName} was featured until ${day(purchase.endsAt)}.`;
    case "refunding":
      return "Every place was taken a moment before your payment went through: it is being refunded in full.";
    case "refunded":
      return "This payment was refunded: what it bought has ended.";
    case "disputed":
      return "This payment is disputed with your bank: what it bought has ended.";
    case "expired":
      return "This payment was not completed: nothing was charged.";
    case "paid":
      return `This payment renewed ${toolName}'s monthly featuring.`;
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  if (!context.user) throw redirect(loginPath(`/purchase/${params.id}`));
  const form = await request.formData();
  try {
    await context.services.featuring.cancelSubscription(context.user, params.id);
    return { done: "Cancelled: nothing more will be charged, and the featuring ends with the month paid for." };
  } catch (error) {
    return formFailure(error, keptValues(form, ["intent"]));
  }
}

export default function Purchase({ loaderData, actionData }: Route.ComponentProps) {
  const { purchase } = loaderData;
  const isRenewing = purchase.kind === "featured-monthly" && purchase.state === "active" && !purchase.endsAt;
  const toolName = purchase.tool?.name ?? "Your tool";
  const isDone = purchase.state === "active" || purchase.state === "booked";
  return (
    <main className="mx-auto max-w-xl px-4 py-12">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight">{isDone ? "Thank you!" : purchase.name}</h1>
        <p data-testid="purchase-status" role="status" className="mt-4 text-slate-700">
          {purchaseStatus(purchase, toolName)}
        </p>
        <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="text-slate-500">What</dt>
          <dd>{purchase.name}</dd>
          {purchase.tool && (
            <>
              <dt className="text-slate-500">Tool</dt>
              <dd>
                <Link to={toolPath(purchase.tool.slug)} className="font-medium text-brand-700 hover:underline">
                  {purchase.tool.name}
                </Link>
              </dd>
            </>
          )}
          {purchase.price && (
            <>
              <dt className="text-slate-500">Amount</dt>
              <dd>{purchase.price}</dd>
            </>
          )}
          {purchase.paidAt && (
            <>
              <dt className="text-slate-500">Paid on</dt>
              <dd>{day(purchase.paidAt)}</dd>
            </>
          )}
        </dl>
        <div className="mt-4">
          <FormMessage tone="success" message={actionData && "done" in actionData ? actionData.done : undefined} />
          <FormMessage message={actionData && "message" in actionData ? actionData.message : undefined} />
        </div>
        {isRenewing && (
          <Form method="post" className="mt-6">
            <SubmitButton name="intent" value="cancel" pendingText="Cancelling…">
              Cancel the monthly featuring
            </SubmitButton>
            <p className="mt-2 text-xs text-slate-500">Nothing more is charged; the tool stays featured until the end of the month paid for.</p>
          </Form>
        )}
        {purchase.receiptUrl && (
          <p className="mt-6 text-sm">
            <a href={purchase.receiptUrl} rel="noopener noreferrer" target="_blank" className="font-medium text-brand-700 hover:underline">
              Stripe's receipt ↗
            </a>
          </p>
        )}
      </div>
    </main>
  );
}
