/**
 * A tool as its page presents it: logo, name, description, image, Markdown text, pros and cons, FAQ, categories, tags
 * and maker. The public tool page shows it, and so does the moderation queue's preview, so a verifier sees what visitors
 * will see.
 */
import { paymentKey } from "#common/i18n/labels.ts";
import { useT } from "../i18n.tsx";
import { FeatureAction } from "./feature-action.tsx";
import { EditToolLink } from "./own-tool.tsx";
import { type ReactNode, useId } from "react";
import { Link, ProfileLink } from "./link.tsx";
import type { ToolDetail } from "#server/tools/read/queries.ts";
import { OutboundLink } from "./outbound-link.tsx";
import { ToolLogo } from "./tool-logo.tsx";
import { categoryPath, tagPath } from "#common/page-paths.ts";

const HEADINGS = ["h1", "h2", "h3", "h4"] as const;

const VISIT_STYLE =
  "inline-flex items-center gap-1 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700";

export type ToolDetailsProps = {
  tool: ToolDetail;
  /** The heading level of the tool's name (its sections' headings come one level below): the page's own title on the tool page, deeper in a moderation preview. */
  titleLevel?: 1 | 2 | 3;
  /** Shown beside 'Visit website' (the tool page's heart). */
  actions?: ReactNode;
  /** Shown at the top of the side column (the tool page's counters). */
  aside?: ReactNode;
  /** Whether 'Visit website' counts a click: a moderator's preview does not. */
  countsClicks?: boolean;
};

export function ToolDetails({ tool, titleLevel = 1, actions, aside, countsClicks = true }: ToolDetailsProps) {
  const Title = HEADINGS[titleLevel - 1]!;
  const Heading = HEADINGS[titleLevel]!;
  // Several previews can share a page: each section's heading needs its own id.
  const headingId = useId();
  const t = useT();
  const pricing = paymentKey(tool.paymentType);
  const visitLabel = (
    <>
      {t("tool.visitWebsite")} <span aria-hidden="true">↗</span>
    </>
  );

  return (
    <article className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="min-w-0">
        {/* On a phone the logo is smaller and only the name sits beside it: the tagline and the buttons take the width. */}
        <header
          className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 gap-y-3 sm:items-start sm:gap-x-5"
          data-testid="tool-header"
        >
          <ToolLogo
            name={tool.name}
            logo={tool.logo}
            color={tool.categories[0]?.color}
            size={80}
            alt={t("tool.logoAlt", { name: tool.name })}
            className="h-14 w-14 shrink-0 rounded-2xl border border-slate-200 bg-white object-cover sm:row-span-2 sm:h-20 sm:w-20"
          />
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <Title className="text-2xl font-extrabold tracking-tight break-words sm:text-3xl">{tool.name}</Title>
            {tool.isHomeBoosted && (
              <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                {t("card.featured")}
              </span>
            )}
            <EditToolLink
              toolId={tool.id}
              className="rounded-full border border-slate-300 px-2.5 py-0.5 text-xs font-semibold text-slate-700 hover:bg-slate-50"
            />
            <FeatureAction toolId={tool.id} className="card-feature text-xs" />
          </div>
          <div className="col-span-2 min-w-0 sm:col-span-1 sm:col-start-2">
            <p className="text-lg text-slate-600" data-testid="tool-tagline">
              {tool.shortDesc}
            </p>
            <div className="mt-4 flex flex-wrap items-center gap-3">
              {countsClicks ? (
                <OutboundLink toolId={tool.id} website={tool.website} className={VISIT_STYLE}>
                  {visitLabel}
                </OutboundLink>
              ) : (
                <a href={tool.website} target="_blank" rel="noopener noreferrer" className={VISIT_STYLE}>
                  {visitLabel}
                </a>
              )}
              {actions}
              <span className="rounded-full border border-slate-300 px-3 py-1 text-sm text-slate-700">
                {pricing ? t(pricing) : tool.paymentType}
              </span>
            </div>
          </div>
        </header>

        {tool.largeImage && (
          // Its room is kept before it loads (a 16:10 box, the image fitted inside): nothing below it moves. Stored
          // images fit within 1600 px (server/images/process.ts).
          <img
            src={tool.largeImage}
            alt={t("tool.screenshotAlt", { name: tool.name })}
            width={1600}
            height={1000}
            className="mt-8 aspect-[16/10] h-auto w-full rounded-xl border border-slate-200 bg-slate-50 object-contain"
            loading="lazy"
            decoding="async"
          />
        )}

        {tool.longDesc && (
          <section aria-labelledby={`${headingId}-about`} className="mt-10">
            <Heading id={`${headingId}-about`} className="mb-3 text-xl font-bold">
              {t("tool.about", { name: tool.name })}
            </Heading>
            <div className="prose" dangerouslySetInnerHTML={{ __html: tool.longDescHtml }} />
          </section>
        )}

        {(tool.pros?.length || tool.cons?.length) && (
          <section aria-label={t("tool.prosAndCons")} className="mt-10 grid gap-4 sm:grid-cols-2">
            <ProsCons title={t("tool.pros")} items={tool.pros ?? []} tone="good" heading={Heading} />
            <ProsCons title={t("tool.cons")} items={tool.cons ?? []} tone="bad" heading={Heading} />
          </section>
        )}

        {tool.faq && tool.faq.length > 0 && (
          <section aria-labelledby={`${headingId}-faq`} className="mt-10">
            <Heading id={`${headingId}-faq`} className="mb-3 text-xl font-bold">
              {t("tool.faq")}
            </Heading>
            <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
              {tool.faq.map((item) => (
                <details key={item.question} className="group p-4">
                  <summary className="cursor-pointer font-medium">{item.question}</summary>
                  <p className="mt-2 text-slate-600">{item.answer}</p>
                </details>
              ))}
            </div>
          </section>
        )}
      </div>

      <aside className="space-y-6">
        {aside}

        {tool.categories.length > 0 && (
          <div>
            <Heading className="mb-2 text-sm font-semibold text-slate-900">{t("tool.categories")}</Heading>
            <ul className="flex flex-wrap gap-2">
              {tool.categories.map((category) => (
                <li key={category.id}>
                  <Link
                    to={categoryPath(category.slug)}
                    style={{ backgroundColor: category.color }}
                    className="rounded-full px-3 py-1 text-sm text-ink hover:underline"
                  >
                    {category.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        )}

        {tool.tags.length > 0 && (
          <div>
            <Heading className="mb-2 text-sm font-semibold text-slate-900">{t("tool.tags")}</Heading>
            <ul className="flex flex-wrap gap-2">
              {tool.tags.map((tag) => (
                <li key={tag}>
                  <Link
                    to={tagPath(tag)}
                    className="rounded-full border border-slate-300 bg-white px-3 py-1 text-sm text-slate-700 hover:border-slate-400"
                  >
                    #{tag}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        )}

        {tool.creator && (
          <p className="text-sm text-slate-600">
            {t("tool.madeBy")} <ProfileLink user={tool.creator} />
          </p>
        )}
      </aside>
    </article>
  );
}

function ProsCons({
  title,
  items,
  tone,
  heading: Heading,
}: {
  title: string;
  items: string[];
  tone: "good" | "bad";
  heading: (typeof HEADINGS)[number];
}) {
  if (items.length === 0) return null;
  return (
    <div
      className={`rounded-xl border p-4 ${tone === "good" ? "border-emerald-200 bg-emerald-50" : "border-rose-200 bg-rose-50"}`}
    >
      <Heading className="mb-2 font-semibold">{title}</Heading>
      <ul className="space-y-1.5 text-sm text-slate-700">
        {items.map((item) => (
          <li key={item} className="flex gap-2">
            <span aria-hidden="true">{tone === "good" ? "✓" : "✗"}</span>
            {item}
          </li>
        ))}
      </ul>
    </div>
  );
}
