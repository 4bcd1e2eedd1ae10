/**
 * What a visitor can trust of a tool (decision 060): its licence by its SPDX name and its kind, whether a verifier
 * confirmed it can be self-hosted, and its repository's facts (stars, forks, last commit, latest release, health),
 * each with the day they were checked, and its stars by week since the directory first read them.
 */
import type { RepositoryView } from "#common/repository.ts";
import type { ToolDetail } from "#server/tools/read/queries.ts";
import { useWords } from "../i18n.tsx";
import { HEALTH_KEYS, KIND_HINT_KEYS, LICENCE_KIND_KEYS } from "./fact-words.ts";
import { Link } from "./link.tsx";
import { LongDate } from "./long-date.tsx";

const dayOf = (iso: string) => iso.slice(0, 10);

export function ToolFacts({ tool, repository }: { tool: ToolDetail; repository: RepositoryView | null }) {
  const words = useWords();
  const { t, number, longDate } = words;
  if (!tool.licence && !tool.licenceKind && !tool.isSelfHostable && !repository) return null;
  return (
    <section
      aria-labelledby="facts-heading"
      data-testid="tool-facts"
      className="mt-10 rounded-xl border border-slate-200 bg-white p-5"
    >
      <h2 id="facts-heading" className="text-lg font-bold">
        {t("facts.heading")}
      </h2>
      <dl className="mt-3 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        {(tool.licence || tool.licenceKind) && (
          <div data-testid="facts-licence">
            <dt className="text-slate-500">{t("facts.licence")}</dt>
            <dd className="font-medium text-slate-900">
              {tool.licence &&
                (!tool.licenceKind ? (
                  t("facts.notRecognised", { licence: tool.licence.name })
                ) : tool.licence.path ? (
                  <Link
                    to={tool.licence.path}
                    className="text-brand-700 hover:underline"
                    data-testid="facts-licence-link"
                  >
                    {tool.licence.name}
                  </Link>
                ) : (
                  tool.licence.name
                ))}
              {tool.licenceKind && (
                <span className="ml-2 inline-block rounded-full border border-slate-300 px-2 py-0.5 text-xs font-normal whitespace-nowrap">
                  {t(LICENCE_KIND_KEYS[tool.licenceKind])}
                </span>
              )}
            </dd>
            {tool.licenceKind && <dd className="text-xs text-slate-500">{t(KIND_HINT_KEYS[tool.licenceKind])}</dd>}
            {tool.isLicenceSetByAdmin && <dd className="text-xs text-slate-500">{t("facts.setByEditors")}</dd>}
          </div>
        )}
        {tool.isSelfHostable && (
          <div data-testid="facts-self-hostable">
            <dt className="sr-only">{t("card.selfHostable")}</dt>
            <dd className="font-medium text-slate-900">{t("facts.selfHostable")}</dd>
          </div>
        )}
      </dl>
      {repository && (
        <div className="mt-4 border-t border-slate-100 pt-4" data-testid="facts-repository">
          <p className="text-sm">
            <span className="text-slate-500">{t("facts.repository")}: </span>
            <a
              href={repository.url}
              rel="nofollow noopener noreferrer"
              target="_blank"
              className="font-medium break-all text-brand-700 hover:underline"
            >
              {repository.url.replace(/^https?:\/\//, "")}
            </a>
          </p>
          {repository.state === "pending" && <p className="mt-2 text-sm text-slate-600">{t("facts.pending")}</p>}
          {repository.state === "missing" && repository.checkedAt && (
            <p className="mt-2 text-sm text-amber-800">
              {t("facts.missing", { date: longDate(dayOf(repository.checkedAt)) })}
            </p>
          )}
          {repository.state === "read" && (
            <>
              <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-3">
                <Fact label={t("facts.stars")} testId="facts-stars">
                  {number(repository.stars ?? 0)}
                </Fact>
                <Fact label={t("facts.forks")}>{number(repository.forks ?? 0)}</Fact>
                {repository.health && (
                  <Fact label={t("facts.health")} testId="facts-health">
                    {t(HEALTH_KEYS[repository.health])}
                  </Fact>
                )}
                {repository.lastCommitAt && (
                  <Fact label={t("facts.lastCommit")}>
                    <LongDate isoDate={dayOf(repository.lastCommitAt)} />
                  </Fact>
                )}
                <Fact label={t("facts.latestRelease")}>
                  {repository.latestRelease ? (
                    <>
                      {repository.latestRelease.tag}, <LongDate isoDate={dayOf(repository.latestRelease.publishedAt)} />
                    </>
                  ) : (
                    t("facts.noRelease")
                  )}
                </Fact>
              </dl>
              <StarsChart weeks={repository.starsByWeek} />
              {repository.checkedAt && (
                <p className="mt-3 text-xs text-slate-500" data-testid="facts-checked">
                  {t("facts.checked", { date: longDate(dayOf(repository.checkedAt)) })}
                </p>
              )}
            </>
          )}
        </div>
      )}
    </section>
  );
}

function Fact({ label, testId, children }: { label: string; testId?: string; children: React.ReactNode }) {
  return (
    <div data-testid={testId}>
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-medium text-slate-900">{children}</dd>
    </div>
  );
}

const CHART_WIDTH = 320;
const CHART_HEIGHT = 64;

/** The stars by week as a line drawn on the server, no script: two weeks at least, or nothing. */
function StarsChart({ weeks }: { weeks: RepositoryView["starsByWeek"] }) {
  const { t, number, longDate } = useWords();
  if (weeks.length < 2) return null;
  const first = weeks[0]!;
  const last = weeks[weeks.length - 1]!;
  const values = weeks.map((week) => week.stars);
  const low = Math.min(...values);
  const span = Math.max(1, Math.max(...values) - low);
  const points = weeks
    .map((week, index) => {
      const x = (index / (weeks.length - 1)) * CHART_WIDTH;
      const y = CHART_HEIGHT - 2 - ((week.stars - low) / span) * (CHART_HEIGHT - 4);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(" ");
  const label = t("facts.starsChart", {
    from: longDate(first.week),
    to: longDate(last.week),
    first: number(first.stars),
    last: number(last.stars),
  });
  return (
    <figure className="mt-4" data-testid="stars-chart">
      <figcaption className="text-xs text-slate-500">{label}</figcaption>
      <svg
        aria-hidden="true"
        viewBox={`0 0 ${CHART_WIDTH} ${CHART_HEIGHT}`}
        preserveAspectRatio="none"
        className="mt-1 h-16 w-full max-w-md text-brand-600"
      >
        <polyline points={points} fill="none" stroke="currentColor" strokeWidth="2" vectorEffect="non-scaling-stroke" />
      </svg>
    </figure>
  );
}
