/**
 * /feature/{toolId}: what a maker may buy for one of their tools (decision 040), each at the operator's price, with the
 * day a featuring would start when every place is taken. "Pay with Stripe" opens a Checkout session on the server and
 * leads to Stripe's page. Without Stripe's keys nothing is for sale: the maker is sent to the free request form.
 */
import { Form, redirect } from "react-router";
import { isAppError } from "#common/errors.ts";
import { MESSAGES } from "#common/messages.ts";
import { boostToolPath, loginPath, toolPath } from "#common/page-paths.ts";
import { checkoutInput } from "#common/schemas/featuring.ts";
import { toolIdParam } from "#common/schemas/fields.ts";
import { EmptyState } from "../components/empty-state.tsx";
import { FormMessage, SubmitButton } from "../components/form.tsx";
import { Link } from "../components/link.tsx";
import { formFailure, keptValues } from "../forms.ts";
import { useWords } from "../i18n.tsx";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/feature-tool";

export async function loader({ url, params, context }: Route.LoaderArgs) {
  if (!context.user) throw redirect(loginPath(`${url.pathname}${url.search}`));
  if (!context.services.featuring.isPaymentEnabled) throw redirect(boostToolPath(context.user.slug));
  const toolId = toolIdParam.safeParse(params.toolId);
  if (!toolId.success) throw new Response(MESSAGES.tool.notFoundById, { status: 404 });
  try {
    const choices = await context.services.featuring.getCheckoutChoices(context.user, toolId.data);
    return { choices, isCancelled: url.searchParams.get("cancelled") === "1" };
  } catch (error) {
    if (isAppError(error)) throw new Response(error.message, { status: error.status });
    throw error;
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  if (!context.user) throw redirect(loginPath(`/feature/${params.toolId}`));
  const form = await request.formData();
  try {
    const input = checkoutInput.parse({ toolId: params.toolId, kind: form.get("kind") });
    // Stripe's hosted page: the price and what is bought were set here, from the operator's offer.
    throw redirect(await context.services.featuring.startCheckout(context.user, input), 303);
  } catch (error) {
    if (error instanceof Response) throw error;
    return formFailure(error, keptValues(form, ["kind"]));
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) =>
  pageMeta(matches, ({ siteName, t }) => ({
    title: loaderData ? t("feature.title", { tool: loaderData.choices.tool.name }) : t("feature.titleNone"),
    description: t("feature.description", { siteName }),
    path: `/feature/${params.toolId}`,
    noindex: true,
  }));

export default function FeatureTool({ loaderData, actionData }: Route.ComponentProps) {
  const { choices, isCancelled } = loaderData;
  const { tool, offers, current } = choices;
  const { t, longDate } = useWords();
  const day = (iso: string) => longDate(iso.slice(0, 10));
  return (
    <main className="mx-auto max-w-3xl px-4 py-10 sm:py-12">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
        {t("feature.heading", { tool: tool.name })}
      </h1>
      <p className="mt-3 text-slate-600">
        {t("feature.intro")}{" "}
        <Link to={toolPath(tool.slug)} className="font-medium text-brand-700 hover:underline">
          {t("feature.back", { tool: tool.name })}
        </Link>
      </p>
      <div className="mt-6 space-y-3">
        {isCancelled && <FormMessage tone="success" message={t("feature.cancelled")} />}
        <FormMessage message={actionData?.message} />
        {current && (
          <p data-testid="current-featuring" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {current.state === "active"
              ? t("feature.featuredUntil", { tool: tool.name, until: day(current.endsAt!) })
              : t("feature.bookedFrom", { tool: tool.name, from: day(current.startsAt!), until: day(current.endsAt!) })}
          </p>
        )}
      </div>
      {offers.length === 0 ? (
        <EmptyState title={t("feature.nothingForSale")}>{t("feature.nothingForSaleHint")}</EmptyState>
      ) : (
        <ul className="mt-8 grid gap-4 sm:grid-cols-2">
          {offers.map((offer) => (
            <li
              key={offer.kind}
              data-testid={`offer-${offer.kind}`}
              className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <h2 className="text-lg font-bold tracking-tight">{offer.name}</h2>
              <p className="mt-2 text-3xl font-extrabold text-slate-900">{offer.price}</p>
              <p className="mt-2 flex-1 text-sm text-slate-600">
                {offer.kind === "skip-line"
                  ? t("feature.skipLineHint")
                  : offer.kind === "featured-monthly"
                    ? t("feature.monthlyHint")
                    : offer.startsAt
                      ? t("feature.laterHint", { from: day(offer.startsAt) })
                      : t("feature.nowHint")}
              </p>
              {offer.refusal ? (
                <p className="mt-4 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700">{offer.refusal}</p>
              ) : (
                <Form method="post" className="mt-4">
                  <SubmitButton name="kind" value={offer.kind} pendingText={t("feature.opening")}>
                    {t("feature.pay", { price: offer.price })}
                  </SubmitButton>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
