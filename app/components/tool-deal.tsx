/** A tool's current deal on its page (decision 061): its code, what it gives and its last day, as text. */
import type { Deal } from "#server/tools/read/deal.ts";
import { useWords } from "../i18n.tsx";

export function ToolDeal({ deal }: { deal: Deal }) {
  const { t, longDate } = useWords();
  const lastDay = deal.endsAt.slice(0, 10);
  return (
    <section
      aria-labelledby="deal-heading"
      data-testid="tool-deal"
      className="mt-10 rounded-xl border border-emerald-300 bg-emerald-50 p-5 text-emerald-950"
    >
      <h2 id="deal-heading" className="text-lg font-bold">
        {t("deal.heading")}
      </h2>
      <p className="mt-2">{deal.offer}</p>
      <p className="mt-2 text-sm">
        {t("deal.code")}{" "}
        <code className="rounded border border-emerald-300 bg-white px-2 py-0.5 font-mono text-base select-all">
          {deal.code}
        </code>{" "}
        · <time dateTime={lastDay}>{t("deal.until", { date: longDate(lastDay) })}</time>
      </p>
    </section>
  );
}
