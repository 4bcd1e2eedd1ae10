/**
 * The tool page (docs/product.md §2): everything about one tool, its rating and newest reviews, its suggested tools and the
 * tools makers added.
 * The server renders it; a browser navigating here reads the tool's snapshot first (docs/product.md §7) and falls back to
 * the server when the snapshot cannot be read. The view is counted by the page view the browser sends (app/analytics.ts).
 */
import { data, Form, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { Link } from "../components/link.tsx";
import { isAppError } from "#common/errors.ts";
import { toolIdFromSlug } from "#common/ids.ts";
import type { ToolDetail } from "#server/tools/read/queries.ts";
import type { RelatedToTool } from "#server/tools/read/related.ts";
import { ToolFacts } from "../components/tool-facts.tsx";
import { ToolDeal } from "../components/tool-deal.tsx";
import type { PublicReview } from "#server/reviews/reviews.ts";
import { RatingSummary, ReviewList, useIsMakerOf, WriteReviewLink } from "../components/reviews.tsx";
import { ClaimWaiting, isOwnTool, useToolRelation } from "../components/own-tool.tsx";
import { FavoriteButton } from "../components/favorite-button.tsx";
import { ToolDetails } from "../components/tool-details.tsx";
import { SponsorSlot, useHasSponsorSlot } from "../components/sponsored.tsx";
import { ToolGrid } from "../components/tool-grid.tsx";
import { alternativeReason } from "../components/alternative-reason.ts";
import { TOOL_PAGE_COMPARISONS } from "#common/constants.ts";
import { ogImagePath, ogToolImage } from "#common/og-image.ts";
import { breadcrumbLd, jsonLd, pageMeta, softwareOffers } from "../seo.ts";
import type { Route } from "./+types/tool";
import type { PageCacheHandle } from "#common/page-cache.ts";
import { MESSAGES } from "#common/messages.ts";
import { daysSince } from "#common/plural.ts";
import { clipAtWord } from "#common/clip.ts";
import { REPORT_KIND_KEYS } from "#common/i18n/labels.ts";
import { wordsFor } from "#common/i18n/words.ts";
import { useT, useWords } from "../i18n.tsx";
import {
  alternativesPath,
  categoryPath,
  comparePath,
  loginPath,
  profilePath,
  toolPath,
  toolReportsPath,
  toolReviewsPath,
} from "#common/page-paths.ts";
import { isModerator, type SessionUser } from "#common/access.ts";
import {
  MAX_REPORT_TEXT_LENGTH,
  PUBLIC_COUNTERS_FROM_VIEWS,
  REPORT_KINDS,
  TOOL_PAGE_REPORTS,
  TOOL_PAGE_REVIEWS,
} from "#common/constants.ts";
import { reportInput } from "#common/schemas/reports.ts";
import type { OpenReportPage } from "#server/reports/reports.ts";
import { FormMessage, SubmitButton } from "../components/form.tsx";
import { ReportRow } from "../components/tool-reports.tsx";
import { type FormFailure, formFailure, keptValues } from "../forms.ts";
import { cachedRole } from "../session-cache.ts";
import { publicToolOrAnswer } from "../tool-address.ts";

/**
 * Everyone gets this page from the page cache (server/http/page-cache.ts): it holds nothing of one person. The claim
 * and report forms post to this route's action, whose answer (a POST) is never kept. Verifiers and admins see the
 * tool's open reports, so their page is rendered for them, and never kept.
 */
export const handle = {
  pageCache: { params: [], personal: (viewer) => isModerator(viewer) },
} satisfies PageCacheHandle;

/** A verifier's or an admin's view of the tool's open reports; null for anyone else. */
async function openReportsFor(context: Route.LoaderArgs["context"], toolId: string): Promise<OpenReportPage | null> {
  if (!isModerator(context.user)) return null;
  return context.services.reports.listOpenReports(context.user, { toolId, limit: TOOL_PAGE_REPORTS });
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { tools } = context.services;
  const found = await tools.findPublicToolByAddress(params.slug);
  if (!found) {
    // A verified tool held until its launch day is shown to everyone, saying when it launches (decision 063).
    const coming = await context.services.launches.findComingTool(params.slug);
    // A tool that is not public is shown to those who may edit it, saying so.
    const hidden = coming
      ? undefined
      : await context.services.lifecycle.findPrivateToolBySlug(context.user, params.slug);
    const shown = coming?.tool ?? hidden;
    if (shown) {
      const { t, longDate } = wordsFor(context.locale);
      // Its editor's preview shows what they gave it: its deal, and the launch day it waits for.
      const [dealForm, launchForm] = hidden
        ? await Promise.all([
            context.services.deals.findDealForm(context.user, params.slug),
            context.services.launches.findLaunchForm(context.user, params.slug),
          ])
        : [null, null];
      const notice = coming
        ? t("comingSoon.toolIntro", { name: shown.name, date: longDate(coming.launchAt.slice(0, 10)) })
        : !hidden!.isVerified
          ? hidden!.rejectionReason
            ? t("tool.notListed", { reason: hidden!.rejectionReason })
            : hidden!.changesRequestedMessage !== null
              ? t("tool.changesAsked", { message: hidden!.changesRequestedMessage })
              : launchForm?.launchOn
                ? t("tool.waitingLaunch", { date: longDate(launchForm.launchOn) })
                : t("tool.waiting")
          : t("tool.switchedOff");
      return {
        tool: shown,
        stats: { views: shown.views, clicks: shown.clicks, rating: shown.rating },
        reviews: [],
        suggested: [],
        usersAdded: [],
        linkCheckedAt: null,
        closest: [],
        repository: null,
        deal: dealForm?.deal && !dealForm.deal.hasEnded ? dealForm.deal : null,
        notice,
        openReports: await openReportsFor(context, shown.id),
      };
    }
  }
  const tool = publicToolOrAnswer(found, toolPath);
  const [related, { reviews }, openReports] = await Promise.all([
    tools.getRelatedToTool(tool),
    context.services.reviews.listToolReviews(tool.id, { limit: TOOL_PAGE_REVIEWS }),
    openReportsFor(context, tool.id),
  ]);
  return { tool, ...related, reviews, notice: null, openReports };
}

/**
 * 'Report a problem' (anyone, intent=report), or 'Claim this tool' (docs/product.md §4: askForClaim): the signed-in user asks
 * to be linked to the tool as its maker.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get("intent") === "report") return reportProblem(form, params.slug, context);
  const tool = await context.services.tools.findPublicToolBySlug(params.slug);
  if (!tool) throw data(MESSAGES.tool.notFoundBySlug, { status: 404 });
  // A visitor's claim starts with signing in, then comes back here.
  if (!context.user) throw redirect(loginPath(toolPath(tool.slug)));
  try {
    await context.services.lifecycle.askForClaim(context.user, tool.id);
    return { claim: "sent" as const };
  } catch (error) {
    if (isAppError(error)) return data({ claim: "failed" as const, message: error.message }, { status: error.status });
    throw error;
  }
}

/** A report from anyone: thanks, or why it was refused, with what was typed kept. */
async function reportProblem(form: FormData, slug: string, context: Route.ActionArgs["context"]) {
  const values = keptValues(form, ["intent", "kind", "text"]);
  try {
    await context.services.reports.reportProblem(
      { user: context.user, address: context.requester.address },
      slug,
      reportInput.parse(Object.fromEntries(form)),
    );
    return { report: "sent" as const };
  } catch (error) {
    return formFailure(error, values);
  }
}

/** The longest a tool page's title gets before the site's name, its tagline included. */
const TOOL_TITLE_LENGTH = 90;

/** After this page's own form (a claim or a report), the page's data stays: nothing it shows has changed. */
export function shouldRevalidate({ formAction, currentUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formAction === currentUrl.pathname ? false : defaultShouldRevalidate;
}

export async function clientLoader({ params, serverLoader }: Route.ClientLoaderArgs) {
  const id = toolIdFromSlug(params.slug);
  // A verifier or an admin also sees the tool's open reports, which only the server gives.
  if (!id || isModerator({ role: cachedRole() as SessionUser["role"] })) return serverLoader();
  try {
    // Only a public tool has a snapshot: a tool its editor previews has none, and the server shows it, asking nothing
    // of the public API that would only answer 404.
    const tool = await getJson<ToolDetail>(`${storedFilesUrl()}/tools/${id}/${id}.json?t=${Date.now()}`);
    if (tool.slug !== params.slug) return serverLoader();
    const [related, reviews] = await Promise.all([
      getJson<RelatedToTool>(`/api/v1/tools/${id}/related`),
      getJson<{ items: PublicReview[] }>(`/api/v1/tools/${id}/reviews?limit=${TOOL_PAGE_REVIEWS}`),
    ]);
    // The snapshot's counters and rating are those of its last writing; the related answer has today's.
    return { tool, ...related, reviews: reviews.items, notice: null, openReports: null };
  } catch {
    // docs/product.md §8: a snapshot that cannot be read falls back to the database.
    return serverLoader();
  }
}

/** Where the stored files are read from: the app's /files, or an S3 bucket's public address (the root sets it on <html>). */
function storedFilesUrl(): string {
  return document.documentElement.dataset.filesUrl ?? "/files";
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return (await response.json()) as T;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, ({ siteName, siteUrl, t, pageUrl }) => {
    if (!loaderData) return undefined;
    const { tool, stats, reviews } = loaderData;
    const path = toolPath(tool.slug);
    const { rating } = stats;
    const category = tool.categories[0];
    return {
      // Cut at a word, with an ellipsis: "…numbers that ma" read as a typo.
      title: clipAtWord(`${tool.name}: ${tool.shortDesc}`, TOOL_TITLE_LENGTH),
      description: tool.shortDesc,
      path,
      image: ogImagePath(ogToolImage(tool), siteName),
      noindex: Boolean(loaderData.notice),
      extra: [
        jsonLd({
          "@type": "SoftwareApplication",
          name: tool.name,
          description: tool.shortDesc,
          url: pageUrl(path),
          sameAs: tool.website,
          applicationCategory: category?.label,
          operatingSystem: "Web",
          ...(tool.logo ? { image: new URL(tool.logo, siteUrl).toString() } : {}),
          ...softwareOffers(tool.paymentType),
          // Only a rating that public reviews support (decision 043).
          ...(rating.count > 0 && rating.average !== null && reviews.length > 0
            ? {
                aggregateRating: {
                  "@type": "AggregateRating",
                  ratingValue: rating.average,
                  reviewCount: rating.count,
                  bestRating: 5,
                  worstRating: 1,
                },
                review: reviews.map((review) => ({
                  "@type": "Review",
                  author: {
                    "@type": "Person",
                    name: review.author.username,
                    url: pageUrl(profilePath(review.author.slug)),
                  },
                  datePublished: review.createdAt.slice(0, 10),
                  ...(review.body ? { reviewBody: review.body } : {}),
                  reviewRating: { "@type": "Rating", ratingValue: review.rating, bestRating: 5, worstRating: 1 },
                })),
              }
            : {}),
        }),
        breadcrumbLd(pageUrl, [
          { name: t("tool.home"), path: "/" },
          ...(category ? [{ name: category.label, path: categoryPath(category.slug) }] : []),
          { name: tool.name, path },
        ]),
      ],
    };
  });

type ClaimResult = { claim: "sent" } | { claim: "failed"; message: string };
type ReportResult = { report: "sent" } | FormFailure;

export default function ToolPage({ loaderData, actionData }: Route.ComponentProps) {
  const { tool, stats, reviews, suggested, usersAdded, linkCheckedAt, closest, repository, deal, notice, openReports } =
    loaderData;
  const hasSponsorSlot = useHasSponsorSlot("list-slot");
  const claimResult = actionData && "claim" in actionData ? (actionData as ClaimResult) : undefined;
  const reportResult = actionData && !("claim" in actionData) ? (actionData as ReportResult) : undefined;
  // A new tool's zeros would only look like a dead site: the counters show once they mean something (decision 030).
  const showsCounters = stats.views >= PUBLIC_COUNTERS_FROM_VIEWS;
  const words = useWords();
  const { t, number } = words;

  return (
    <main className="mx-auto max-w-7xl px-4 py-10">
      {notice && (
        <p
          role="status"
          data-testid="not-public"
          className="mb-6 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          {notice}
        </p>
      )}
      <nav aria-label={t("tool.breadcrumb")} className="mb-6 text-sm text-slate-500">
        <Link to="/" className="hover:underline">
          {t("tool.home")}
        </Link>
        {tool.categories[0] && (
          <>
            {" › "}
            <Link to={categoryPath(tool.categories[0].slug)} className="hover:underline">
              {tool.categories[0].label}
            </Link>
          </>
        )}
        {" › "}
        <span className="text-slate-700">{tool.name}</span>
      </nav>

      <ToolDetails
        tool={tool}
        actions={
          // A tool that is not public can be neither kept nor claimed yet.
          notice ? undefined : (
            <>
              <FavoriteButton toolId={tool.id} likes={tool.likes} variant="labelled" />
              {(tool.isClaimable || claimResult) && <ClaimTool tool={tool} result={claimResult} />}
              {!tool.isClaimable && !claimResult && <ClaimWaiting toolId={tool.id} />}
            </>
          )
        }
        aside={
          (showsCounters || linkCheckedAt || hasSponsorSlot) && (
            <div className="space-y-4">
              {(showsCounters || linkCheckedAt) && (
                <dl className="grid grid-cols-2 gap-3 rounded-xl border border-slate-200 bg-white p-4 text-center">
                  {showsCounters && (
                    <>
                      <div>
                        <dt className="text-xs text-slate-500 uppercase">{t("tool.views")}</dt>
                        <dd className="text-2xl font-bold" data-testid="tool-views">
                          {number(stats.views)}
                        </dd>
                      </div>
                      <div>
                        <dt className="text-xs text-slate-500 uppercase">{t("tool.clicks")}</dt>
                        <dd className="text-2xl font-bold" data-testid="tool-clicks">
                          {number(stats.clicks)}
                        </dd>
                      </div>
                    </>
                  )}
                  {linkCheckedAt && (
                    <div className="col-span-2">
                      <dt className="sr-only">{t("tool.website")}</dt>
                      <dd data-testid="link-checked" className="text-xs text-slate-500">
                        <time dateTime={linkCheckedAt}>
                          {t("tool.linkChecked", { days: daysSince(linkCheckedAt) })}
                        </time>
                      </dd>
                    </div>
                  )}
                </dl>
              )}
              <SponsorSlot placement="list-slot" testId="sponsored-slot" />
            </div>
          )
        }
      />

      {deal && <ToolDeal deal={deal} />}

      <ToolFacts tool={tool} repository={repository} />

      {openReports && openReports.reports.length > 0 && <OpenReports toolId={tool.id} page={openReports} />}

      {!notice && <ToolReviews tool={tool} rating={stats.rating} reviews={reviews} />}

      {!notice && <ReportProblem result={reportResult} />}

      {suggested.length > 0 && (
        <section aria-labelledby="suggested-heading" className="mt-16">
          <h2 id="suggested-heading" className="mb-4 text-2xl font-bold tracking-tight">
            {t("tool.similar")}
          </h2>
          <ToolGrid tools={suggested} showCategories={false} />
        </section>
      )}

      {closest.length > 0 && (
        <section aria-labelledby="closest-heading" className="mt-12" data-testid="closest-alternatives">
          <h2 id="closest-heading" className="mb-4 text-2xl font-bold tracking-tight">
            {t("tool.closest")}
          </h2>
          <ToolGrid
            tools={closest}
            showCategories={false}
            noteOf={(other) => alternativeReason(words, tool.categories, other)}
          />
          <nav
            aria-label={t("tool.comparisons")}
            data-testid="tool-comparisons"
            className="mt-6 flex flex-wrap items-center gap-2 text-sm"
          >
            <Link to={alternativesPath(tool.slug)} className="font-medium text-brand-700 hover:underline">
              {t("tool.alternativesTo", { name: tool.name })}
            </Link>
            {closest.slice(0, TOOL_PAGE_COMPARISONS).map((other) => (
              <Link
                key={other.slug}
                to={comparePath(tool.slug, other.slug)}
                className="rounded-lg border border-slate-300 px-3 py-1.5 text-slate-700 hover:bg-slate-50"
              >
                {t("tool.versus", { name: tool.name, other: other.name })}
              </Link>
            ))}
          </nav>
        </section>
      )}

      {usersAdded.length > 0 && (
        <section aria-labelledby="makers-heading" className="mt-12">
          <h2 id="makers-heading" className="mb-4 text-2xl font-bold tracking-tight">
            {t("tool.addedByMakers")}
          </h2>
          <ToolGrid tools={usersAdded} showCategories={false} />
        </section>
      )}
    </main>
  );
}

/** The tool's rating and newest reviews, with the ways to write one and to read them all. */
function ToolReviews({
  tool,
  rating,
  reviews,
}: {
  tool: ToolDetail;
  rating: ToolDetail["rating"];
  reviews: PublicReview[];
}) {
  const t = useT();
  // Its maker writes no review of it (the server refuses it too): no invitation to.
  const isMaker = useIsMakerOf(tool.id);
  return (
    <section aria-labelledby="reviews-heading" className="mt-12" data-testid="tool-reviews">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="reviews-heading" className="text-2xl font-bold tracking-tight">
          {t("tool.reviews")}
        </h2>
        <WriteReviewLink tool={tool} />
      </div>
      {rating.count > 0 ? (
        <>
          <RatingSummary rating={rating} />
          <div className="mt-6">
            <ReviewList reviews={reviews} toolId={tool.id} />
          </div>
          <p className="mt-4">
            <Link to={toolReviewsPath(tool.slug)} className="font-semibold text-brand-700 hover:underline">
              {t("tool.readReviews", { count: rating.count })}
            </Link>
          </p>
        </>
      ) : (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-600">
          {isMaker ? t("reviews.noReview") : t("tool.noReview", { name: tool.name })}
        </p>
      )}
    </section>
  );
}

/**
 * 'Claim this tool': it opens on what a claim is and how it is judged, then the form that sends it (it works without
 * JavaScript; a visitor's claim leads to the login first). The person whose claim waits reads that it waits; the
 * tool's own maker or submitter gets nothing to claim.
 */
function ClaimTool({ tool, result }: { tool: ToolDetail; result: ClaimResult | undefined }) {
  const relation = useToolRelation(tool.id);
  const t = useT();
  if (result?.claim === "sent") {
    return (
      <p role="status" data-testid="claim-sent" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
        {t("tool.claimSent")}
      </p>
    );
  }
  if (relation === "claim-waiting") return <ClaimWaiting toolId={tool.id} />;
  if (isOwnTool(relation)) return null;
  return (
    <details className="group w-full sm:w-auto" open={result?.claim === "failed"} data-testid="claim-tool">
      <summary
        className="inline-flex cursor-pointer list-none rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
        title={t("tool.claimHint")}
      >
        {t("tool.claim")}
      </summary>
      <Form method="post" className="mt-3 max-w-md space-y-3 rounded-xl border border-slate-200 bg-white p-4">
        <p className="text-sm text-slate-700">
          {t("tool.claimExplain", { name: tool.name, domain: websiteHost(tool.website) })}
        </p>
        {result?.claim === "failed" && (
          <p role="alert" className="text-sm text-rose-700">
            {result.message}
          </p>
        )}
        <SubmitButton name="intent" value="claim" pendingText={t("tool.sending")}>
          {t("tool.sendClaim")}
        </SubmitButton>
      </Form>
    </details>
  );
}

/** The host of a tool's website, without www: where a genuine maker's address usually is. */
function websiteHost(website: string): string {
  try {
    return new URL(website).hostname.replace(/^www\./, "");
  } catch {
    return website;
  }
}

/**
 * 'Report a problem': a disclosure with a form that works without JavaScript and by keyboard alone. It is the same for
 * everyone, so the page stays cacheable; the thanks or the refusal is the answer to the post.
 */
function ReportProblem({ result }: { result: ReportResult | undefined }) {
  const t = useT();
  if (result && "report" in result) {
    return (
      <p
        role="status"
        data-testid="report-sent"
        className="mt-8 rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-800"
      >
        {t("tool.reportSent")}
      </p>
    );
  }
  const failure = result;
  const kindError = failure?.fields.kind;
  const textError = failure?.fields.text;
  return (
    <details
      open={Boolean(failure)}
      data-testid="report-problem"
      className="mt-8 rounded-xl border border-slate-200 bg-white p-4"
    >
      <summary className="cursor-pointer text-sm font-medium text-slate-700 hover:text-slate-900">
        {t("tool.reportProblem")}
      </summary>
      <Form method="post" className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="report" />
        <fieldset aria-describedby={kindError ? "report-kind-error" : undefined}>
          <legend className="text-sm font-medium text-slate-800">{t("tool.whatIsWrong")}</legend>
          <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
            {REPORT_KINDS.map((kind) => (
              <label key={kind} className="inline-flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="radio"
                  name="kind"
                  value={kind}
                  required
                  defaultChecked={failure?.values.kind === kind}
                  className="accent-brand-600"
                />
                {t(REPORT_KIND_KEYS[kind])}
              </label>
            ))}
          </div>
          {kindError && (
            <p id="report-kind-error" className="mt-1 text-sm text-rose-700">
              {kindError}
            </p>
          )}
        </fieldset>
        <div className="space-y-1">
          <label htmlFor="report-text" className="block text-sm font-medium text-slate-800">
            {t("tool.details")} <span className="font-normal text-slate-500">{t("tool.optional")}</span>
          </label>
          <textarea
            id="report-text"
            name="text"
            rows={3}
            maxLength={MAX_REPORT_TEXT_LENGTH}
            defaultValue={failure?.values.text}
            aria-invalid={textError ? true : undefined}
            aria-describedby={textError ? "report-text-error" : undefined}
            className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus:border-brand-500 focus:outline-none"
          />
          {textError && (
            <p id="report-text-error" className="text-sm text-rose-700">
              {textError}
            </p>
          )}
        </div>
        {failure && !kindError && !textError && <FormMessage message={failure.message} />}
        <SubmitButton name="intent" value="report" pendingText={t("tool.sending")}>
          {t("tool.sendReport")}
        </SubmitButton>
      </Form>
    </details>
  );
}

/** The tool's open reports, on its page for verifiers and admins only (their pages are never cached). */
function OpenReports({ toolId, page }: { toolId: string; page: OpenReportPage }) {
  const t = useT();
  return (
    <section
      aria-labelledby="open-reports-heading"
      data-testid="open-reports"
      className="mt-8 rounded-xl border border-rose-200 bg-rose-50/40 p-4"
    >
      <h2 id="open-reports-heading" className="text-lg font-bold">
        {t("tool.openReports")}
      </h2>
      <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        {page.reports.map((report) => (
          <ReportRow key={report.id} report={report} showTool={false} />
        ))}
      </ul>
      <p className="mt-3 text-sm">
        <Link to={toolReportsPath(toolId)} className="font-medium text-brand-700 hover:underline">
          {page.nextCursor ? t("tool.seeAllReports") : t("tool.resolveReports")}
        </Link>
      </p>
    </section>
  );
}
