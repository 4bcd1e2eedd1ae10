/**
 * /purchase/{id}: where Stripe's Checkout brings a maker back (decision 040): what they bought, for which tool, and
 * until when. Stripe's confirmation may come a moment after the maker: until it does, the page says so and looks again
 * every two seconds, with or without JavaScript. Only the buyer and admins see it.
 */
import { Form, redirect } from "react-router";
import { isAppError } from "#common/errors.ts";
import { say } from "#common/i18n/say.ts";
import { loginPath, sponsorshipPath, toolPath } from "#common/page-paths.ts";
import { SPONSOR_PURCHASE } from "#common/featuring.ts";
import type { PurchaseState } from "#server/payments/featuring.ts";
import { FormMessage, SubmitButton } from "../components/form.tsx";
import { Link } from "../components/link.tsx";
import { formFailure, keptValues } from "../forms.ts";
import { useWords } from "../i18n.tsx";
import { pageMeta } from "../seo.ts";
import type { Words } from "#common/i18n/translate.ts";
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

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) =>
  pageMeta(matches, ({ t }) => ({
    title: loaderData ? loaderData.purchase.name : t("purchase.title"),
    description: t("purchase.description"),
    path: `/purchase/${params.id}`,
    noindex: true,
    extra: loaderData?.purchase.state === "pending" ? [{ httpEquiv: "refresh", content: String(REFRESH_SECONDS) }] : [],
  }));

/** What the purchase holds now, in a sentence. */
export function purchaseStatus(
  { t, longDate }: Words,
  purchase: { kind: string; state: PurchaseState; startsAt: string | null; endsAt: string | null },
  tool: string,
): string {
  const day = (iso: string | null) => (iso ? longDate(iso.slice(0, 10)) : "");
  // A sponsor's payment is for an ad and its weeks (decision 064), whose own page says where it stands.
  if (purchase.kind === SPONSOR_PURCHASE && purchase.state === "paid") return t("purchase.sponsorPaid");
  switch (purchase.state) {
    case "pending":
      return t("purchase.pending");
    case "active":
      if (purchase.kind === "skip-line") return t("purchase.skipLineActive", { tool });
      if (!purchase.endsAt) return t("purchase.monthlyActive", { tool });
      return purchase.kind === "featured-monthly"
        ? t("purchase.monthlyEnding", { tool, until: day(purchase.endsAt) })
        : t("purchase.featuredUntil", { tool, until: day(purchase.endsAt) });
    case "booked":
      return t("purchase.booked", { tool, from: day(purchase.startsAt), until: day(purchase.endsAt) });
    case "ended":
      return t("purchase.ended", { tool, until: day(purchase.endsAt) });
    case "refunding":
      return t("purchase.refunding");
    case "refunded":
      return t("purchase.refunded");
    case "disputed":
      return t("purchase.disputed");
    case "expired":
      return t("purchase.expired");
    case "paid":
      return t("purchase.renewed", { tool });
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  if (!context.user) throw redirect(loginPath(`/purchase/${params.id}`));
  const form = await request.formData();
  try {
    await context.services.featuring.cancelSubscription(context.user, params.id);
    return { done: say("purchase.cancelled") };
  } catch (error) {
    return formFailure(error, keptValues(form, ["intent"]));
  }
}

export default function Purchase({ loaderData, actionData }: Route.ComponentProps) {
  const { purchase } = loaderData;
  const isRenewing = purchase.kind === "featured-monthly" && purchase.state === "active" && !purchase.endsAt;
  const words = useWords();
  const { t, longDate } = words;
  const toolName = purchase.tool?.name ?? t("purchase.yourTool");
  const isDone = purchase.state === "active" || purchase.state === "booked";
  return (
    <main className="mx-auto max-w-xl px-4 py-12">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight">{isDone ? t("purchase.thanks") : purchase.name}</h1>
        <p data-testid="purchase-status" role="status" className="mt-4 text-slate-700">
          {purchaseStatus(words, purchase, toolName)}
        </p>
        <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="text-slate-500">{t("purchase.what")}</dt>
          <dd>{purchase.name}</dd>
          {purchase.tool && (
            <>
              <dt className="text-slate-500">{t("purchase.tool")}</dt>
              <dd>
                <Link to={toolPath(purchase.tool.slug)} className="font-medium text-brand-700 hover:underline">
                  {purchase.tool.name}
                </Link>
              </dd>
            </>
          )}
          {purchase.price && (
            <>
              <dt className="text-slate-500">{t("purchase.amount")}</dt>
              <dd>{purchase.price}</dd>
            </>
          )}
          {purchase.paidAt && (
            <>
              <dt className="text-slate-500">{t("purchase.paidOn")}</dt>
              <dd>{longDate(purchase.paidAt.slice(0, 10))}</dd>
            </>
          )}
        </dl>
        <div className="mt-4">
          <FormMessage tone="success" message={actionData && "done" in actionData ? actionData.done : undefined} />
          <FormMessage message={actionData && "message" in actionData ? actionData.message : undefined} />
        </div>
        {isRenewing && (
          <Form method="post" className="mt-6">
            <SubmitButton name="intent" value="cancel" pendingText={t("purchase.cancelling")}>
              {t("purchase.cancel")}
            </SubmitButton>
            <p className="mt-2 text-xs text-slate-500">{t("purchase.cancelHint")}</p>
          </Form>
        )}
        {purchase.kind === SPONSOR_PURCHASE && (
          <p className="mt-6">
            <Link
              to={sponsorshipPath(purchase.id)}
              data-testid="purchase-ad"
              className="font-semibold text-brand-700 hover:underline"
            >
              {t("purchase.seeAd")}
            </Link>
          </p>
        )}
        {purchase.receiptUrl && (
          <p className="mt-6 text-sm">
            <a
              href={purchase.receiptUrl}
              rel="noopener noreferrer"
              target="_blank"
              className="font-medium text-brand-700 hover:underline"
            >
              {t("purchase.receipt")}
            </a>
          </p>
        )}
      </div>
    </main>
  );
}
