/**
 * The range of a dashboard: links to the same page with ?days=7, 30 or 90, the other parameters kept (but a one-time
 * notice, such as /my-tools' ?submitted=, which must not show again), the current range marked. Plain links, so it
 * works without JavaScript.
 */
import { useT } from "../i18n.tsx";
import { useLocation } from "react-router";
import { Link } from "./link.tsx";
import { ANALYTICS_RANGES, type AnalyticsRange } from "#common/constants.ts";
import { withSearch } from "./pager.tsx";

export function RangeSwitch({ days }: { days: AnalyticsRange }) {
  const { pathname, search } = useLocation();
  const t = useT();
  return (
    <nav aria-label={t("range.label")} data-testid="range-switch">
      <ul className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5 text-sm">
        {ANALYTICS_RANGES.map((range) => (
          <li key={range}>
            <Link
              to={withSearch(pathname, search, (params) => {
                params.set("days", String(range));
                params.delete("submitted");
              })}
              aria-current={range === days ? "page" : undefined}
              // The page stays where it is: only its figures change.
              preventScrollReset
              className={`block rounded-md px-3 py-1 font-medium ${range === days ? "bg-slate-900 text-white" : "text-slate-700 hover:bg-slate-100"}`}
            >
              {t("range.last", { days: range })}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
