/**
 * /profile/{slug} (docs/product.md §2): a user's public profile with the tools they made. Its owner also sees their boosts
 * and their featuring requests, and with ?type=boost-tool a form to ask for one of their tools to be featured.
 */
import { useT } from "../i18n.tsx";
import { data, Form, redirect } from "react-router";
import { Link } from "../components/link.tsx";
import { FEATURING_REQUEST } from "#common/constants.ts";
import { slugParam } from "#common/schemas/fields.ts";
import { featuringRequestInput, profileQuery } from "#common/schemas/profiles.ts";
import type { OwnerView, PaymentEntry, PublicProfile } from "#server/users/queries.ts";
import { EmptyState } from "../components/empty-state.tsx";
import { FormMessage, SubmitButton } from "../components/form.tsx";
import { LongDate } from "../components/long-date.tsx";
import { Pager } from "../components/pager.tsx";
import { ToolGrid } from "../components/tool-grid.tsx";
import { formFailure, keptValues, parseSearchParams } from "../forms.ts";
import { jsonLd, pageMeta } from "../seo.ts";
import type { Route } from "./+types/profile";
import { type PageCacheHandle, QUERY_PARAMS } from "#common/page-cache.ts";
import { MESSAGES } from "#common/messages.ts";
import { boostToolPath, featureToolPath, loginPath, profilePath, purchasePath } from "#common/page-paths.ts";
import type { PurchaseView } from "#server/payments/featuring.ts";

/** The query that opens the featuring request form (docs/product.md §2: 'Get featured!' sends a signed-in user here). */
const BOOST_QUERY = "type=boost-tool";
/** A description for search results is cut around this length. */
const DESCRIPTION_LENGTH = 160;

/**
 * Everyone gets this page from the page cache (server/http/page-cache.ts), but its owner: they see their featuring
 * requests and the form to ask for one, so their page is rendered for them, and never kept.
 */
export const handle = {
  pageCache: { params: QUERY_PARAMS.profile, personal: (viewer, params) => viewer.slug === params.slug },
} satisfies PageCacheHandle;

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const slug = slugParam.safeParse(params.slug);
  if (!slug.success) throw data(MESSAGES.profile.notFound, { status: 404 });
  const query = parseSearchParams(profileQuery, url);
  const found = await context.services.users.findProfileBySlug(slug.data, context.user, { cursor: query.cursor });
  if (!found) throw data(MESSAGES.profile.notFound, { status: 404 });
  // A former address: old links keep working, and search engines learn the new one.
  if (found.kind === "moved") throw redirect(`${profilePath(found.slug)}${url.search}`, 301);
  // Its owner also reads their receipts: what they bought, and until when.
  const receipts = found.owner ? await context.services.featuring.listOwnPurchases(context.user) : [];
  return {
    ...found,
    receipts,
    isPaymentEnabled: context.services.featuring.isPaymentEnabled,
    isBoostForm: query.type === "boost-tool" && found.owner !== null,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  if (!context.user) throw redirect(loginPath(boostToolPath(params.slug)));
  const form = await request.formData();
  const values = keptValues(form, ["toolId"]);
  try {
    const input = featuringRequestInput.parse(Object.fromEntries(form));
    await context.services.users.requestFeaturing(context.user, { profileSlug: params.slug, toolId: input.toolId });
    return { sent: true as const };
  } catch (error) {
    return formFailure(error, values);
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, ({ siteName, t, pageUrl }) => {
    if (!loaderData) return undefined;
    const { profile, tools } = loaderData;
    const path = profilePath(profile.slug);
    const bio = profile.bio.replace(/\s+/g, " ").trim();
    const description =
      bio.length > DESCRIPTION_LENGTH
        ? `${bio.slice(0, DESCRIPTION_LENGTH - 1).trimEnd()}…`
        : bio || t("profile.descriptionDefault", { username: profile.username, siteName });
    return {
      title: t("profile.title", { username: profile.username, siteName }),
      description,
      path,
      // A profile without a tool has nothing for a search engine.
      noindex: tools.tools.length === 0,
      extra: [
        jsonLd({
          "@type": "ProfilePage",
          mainEntity: {
            "@type": "Person",
            name: profile.username,
            url: pageUrl(path),
            ...(bio ? { description: bio } : {}),
            ...(profile.socialProfiles.length ? { sameAs: profile.socialProfiles.map((social) => social.url) } : {}),
          },
        }),
      ],
    };
  });

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, tools, owner, isBoostForm, receipts, isPaymentEnabled } = loaderData;
  const t = useT();

  return (
    <main className="mx-auto max-w-7xl px-4">
      <ProfileHeader profile={profile} owner={owner} />

      {owner &&
        isBoostForm &&
        (isPaymentEnabled ? (
          <FeaturingChoice owner={owner} />
        ) : (
          <FeaturingRequestForm owner={owner} actionData={actionData} />
        ))}
      {owner && <FeaturingRequests payments={owner.payments.filter((entry) => entry.kind === FEATURING_REQUEST)} />}
      {owner && <Receipts receipts={receipts} />}

      <section aria-labelledby="tools-heading" className="pb-12">
        <h2 id="tools-heading" className="mb-4 text-2xl font-bold tracking-tight">
          {t("profile.toolsBy", { username: profile.username })}
        </h2>
        {tools.tools.length > 0 ? (
          <ToolGrid tools={tools.tools} />
        ) : (
          <EmptyState title={t("profile.noTool", { username: profile.username })}>
            {owner ? (
              <>
                <Link to="/add-tool" className="font-medium text-brand-700 hover:underline">
                  {t("profile.addYourTool")}
                </Link>{" "}
                {t("profile.shownOnceVerified")}
              </>
            ) : undefined}
          </EmptyState>
        )}
        <Pager nextCursor={tools.nextCursor} />
      </section>
    </main>
  );
}

function ProfileHeader({ profile, owner }: { profile: PublicProfile; owner: OwnerView | null }) {
  const links = profile.socialProfiles;
  const t = useT();
  return (
    <header className="py-10 sm:py-12">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-4xl font-extrabold tracking-tight text-slate-900">{profile.username}</h1>
        {profile.isSolo && (
          <span
            data-testid="solo-badge"
            className="rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-800"
          >
            {t("profile.solo")}
          </span>
        )}
      </div>
      {profile.bio && <p className="mt-3 max-w-2xl whitespace-pre-line text-lg text-slate-600">{profile.bio}</p>}
      {links.length > 0 && (
        <ul aria-label={t("profile.socialProfiles")} className="mt-4 flex flex-wrap gap-2">
          {links.map((social) => (
            <li key={social.url}>
              <a
                href={social.url}
                rel="nofollow noopener me"
                target="_blank"
                className="inline-block rounded-full border border-slate-300 px-3 py-1 text-sm text-slate-700 hover:bg-slate-100"
              >
                {social.network}
              </a>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-3 text-sm text-slate-500">
        {t("profile.memberSince")} <LongDate isoDate={profile.createdAt.slice(0, 10)} />
      </p>
      {owner && (
        <div
          data-testid="owner-panel"
          className="mt-6 flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm"
        >
          <p>
            <span className="font-semibold">{t("profile.boosts")}</span>{" "}
            <span data-testid="boosts">{owner.boosts}</span>
            <span className="block text-slate-600">
              {owner.boosts === 0 ? t("profile.boostsNone") : t("profile.boostsSome")}
            </span>
          </p>
          <Link
            to="/edit-profile"
            className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 font-medium hover:bg-slate-100"
          >
            {t("profile.edit")}
          </Link>
          <Link
            to={`?${BOOST_QUERY}`}
            className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 font-medium hover:bg-slate-100"
          >
            {t("profile.askFeature")}
          </Link>
        </div>
      )}
    </header>
  );
}

type FeaturingActionData =
  | { sent: true }
  | { message: string; fields: Record<string, string>; values: Record<string, string> }
  | undefined;

/** The request form: the person picks one of their tools; the team answers them. Nothing here takes a payment. */
function FeaturingRequestForm({ owner, actionData }: { owner: OwnerView; actionData: FeaturingActionData }) {
  const failure = actionData && "message" in actionData ? actionData : undefined;
  const isSent = Boolean(actionData && "sent" in actionData);
  const t = useT();
  return (
    <section
      aria-labelledby="featuring-heading"
      className="mb-12 max-w-xl rounded-2xl border border-brand-200 bg-white p-6 shadow-sm"
    >
      <h2 id="featuring-heading" className="text-xl font-bold tracking-tight">
        {t("profile.askHeading")}
      </h2>
      <p className="mt-2 text-sm text-slate-600">{t("profile.askIntro")}</p>
      {owner.tools.length === 0 ? (
        <p className="mt-4 text-sm text-slate-700">
          {t("profile.noToolToFeature")}{" "}
          <Link to="/add-tool" className="font-medium text-brand-700 hover:underline">
            {t("profile.addYourTool")}
          </Link>{" "}
          {t("profile.first")}
        </p>
      ) : (
        <Form method="post" className="mt-4 space-y-4" noValidate>
          <FormMessage tone="success" message={isSent ? MESSAGES.profile.requestSent : undefined} />
          <FormMessage message={failure?.message} />
          <div className="space-y-1">
            <label htmlFor="field-toolId" className="block text-sm font-medium text-slate-800">
              {t("profile.yourTool")}
            </label>
            <select
              id="field-toolId"
              name="toolId"
              required
              defaultValue={failure?.values.toolId ?? ""}
              aria-invalid={failure?.fields.toolId ? true : undefined}
              className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus:border-brand-500 focus:outline-none"
            >
              <option value="" disabled>
                {t("profile.pickTool")}
              </option>
              {owner.tools.map((tool) => (
                <option key={tool.id} value={tool.id}>
                  {tool.isLive ? tool.name : t("profile.waitingTool", { name: tool.name })}
                </option>
              ))}
            </select>
          </div>
          <SubmitButton name="intent" value="request-featuring" pendingText={t("tool.sending")}>
            {t("profile.sendRequest")}
          </SubmitButton>
        </Form>
      )}
    </section>
  );
}

/** With payments on: each of the owner's tools leads to what may be bought for it (decision 040). */
function FeaturingChoice({ owner }: { owner: OwnerView }) {
  const t = useT();
  return (
    <section
      aria-labelledby="featuring-heading"
      className="mb-12 max-w-xl rounded-2xl border border-brand-200 bg-white p-6 shadow-sm"
    >
      <h2 id="featuring-heading" className="text-xl font-bold tracking-tight">
        {t("profile.featureHeading")}
      </h2>
      <p className="mt-2 text-sm text-slate-600">{t("profile.featureIntro")}</p>
      {owner.tools.length === 0 ? (
        <p className="mt-4 text-sm text-slate-700">
          {t("profile.noToolToFeature")}{" "}
          <Link to="/add-tool" className="font-medium text-brand-700 hover:underline">
            {t("profile.addYourTool")}
          </Link>{" "}
          {t("profile.first")}
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 text-sm">
          {owner.tools.map((tool) => (
            <li key={tool.id} className="flex items-center justify-between gap-3 py-2">
              <span>{tool.isLive ? tool.name : t("profile.waitingTool", { name: tool.name })}</span>
              <Link
                to={featureToolPath(tool.id)}
                className="rounded-lg bg-brand-600 px-3 py-1.5 font-semibold text-white hover:bg-brand-700"
              >
                {tool.isLive ? t("featured.getFeatured") : t("profile.skipLine")}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** What the owner bought or was granted, newest first, with Stripe's receipt. */
function Receipts({ receipts }: { receipts: PurchaseView[] }) {
  const t = useT();
  if (receipts.length === 0) return null;
  return (
    <section aria-labelledby="receipts-heading" className="mb-12">
      <h2 id="receipts-heading" className="mb-3 text-xl font-bold tracking-tight">
        {t("profile.receipts")}
      </h2>
      <ul
        data-testid="receipts"
        className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white text-sm"
      >
        {receipts.map((receipt) => (
          <li key={receipt.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
            <span>
              <Link to={purchasePath(receipt.id)} className="font-medium text-brand-700 hover:underline">
                {receipt.name}
              </Link>
              {receipt.tool ? ` · ${receipt.tool.name}` : ""}
              {" · "}
              {receipt.price ?? t("profile.granted")}
              {" · "}
              <LongDate isoDate={receipt.createdAt.slice(0, 10)} className="text-slate-500" />
              {receipt.endsAt && receipt.kind !== "skip-line" && (
                <>
                  {` · ${t("profile.until")} `}
                  <LongDate isoDate={receipt.endsAt.slice(0, 10)} />
                </>
              )}
            </span>
            <span className="flex items-center gap-3">
              <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">
                {t("profile.status", { status: receipt.state })}
              </span>
              {receipt.receiptUrl && (
                <a
                  href={receipt.receiptUrl}
                  rel="noopener noreferrer"
                  target="_blank"
                  className="text-brand-700 hover:underline"
                >
                  {t("profile.receipt")}
                </a>
              )}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function FeaturingRequests({ payments }: { payments: PaymentEntry[] }) {
  const t = useT();
  if (payments.length === 0) return null;
  return (
    <section aria-labelledby="requests-heading" className="mb-12">
      <h2 id="requests-heading" className="mb-3 text-xl font-bold tracking-tight">
        {t("profile.requests")}
      </h2>
      <ul
        data-testid="payments"
        className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white text-sm"
      >
        {payments.map((entry) => (
          <li
            key={`${entry.kind}-${entry.toolId ?? ""}-${entry.createdAt}`}
            className="flex flex-wrap items-center justify-between gap-2 px-4 py-3"
          >
            <span>
              {entry.kind === FEATURING_REQUEST
                ? t("profile.featuringOf", { hasTool: entry.toolName ? "yes" : "no", tool: entry.toolName ?? "" })
                : entry.kind}
              {" · "}
              <LongDate isoDate={entry.createdAt.slice(0, 10)} className="text-slate-500" />
            </span>
            <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">
              {t("profile.status", { status: entry.status })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
