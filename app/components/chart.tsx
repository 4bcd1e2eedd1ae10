/**
 * A chart of daily counts, one line per series. The server (and the browser until it has hydrated) renders a figure
 * with a table of the numbers: what a visitor without JavaScript, or a screen reader, reads. In the browser uPlot then
 * draws the lines and the table stays available under 'Show the numbers'. uPlot is imported only here, after mount,
 * so only pages with a chart load it.
 */
import { useWords } from "../i18n.tsx";
import type { Words } from "#common/i18n/translate.ts";
import { useEffect, useRef, useState } from "react";
import type uPlot from "uplot";
import { LongDate } from "./long-date.tsx";

export type ChartSeries = { label: string; values: number[] };

type ChartData = { days: string[]; series: ChartSeries[] };

const HEIGHT_PX = 220;
/** The lines' colours, in series order: the brand's violet, then emerald, amber and sky, readable on white. */
const COLOURS = ["#7c3aed", "#059669", "#d97706", "#0284c7"];
const DAY_SECONDS = 24 * 60 * 60;
/** Ticks fall on whole days on the x axis and on whole numbers on the y axis. */
const DAY_TICKS = [1, 2, 7, 14, 28].map((days) => days * DAY_SECONDS);
const COUNT_TICKS = Array.from({ length: 10 }, (_, power) => [1, 2, 5].map((step) => step * 10 ** power)).flat();

/**
 * `empty` is said instead of the chart when every number is 0 (a new site, a tool nobody has seen yet), so that a flat
 * line does not pass for figures.
 */
export function Chart({ title, days, series, empty }: ChartData & { title: string; empty: string }) {
  const [UPlot, setUPlot] = useState<typeof uPlot | null>(null);
  const canvas = useRef<HTMLDivElement>(null);
  // The numbers as one value, so the chart is drawn again when they change and not on every render of the page.
  const numbers = JSON.stringify({ days, series } satisfies ChartData);
  const words = useWords();
  const { t } = words;
  const isEmpty = series.every((line) => line.values.every((value) => value === 0));

  useEffect(() => {
    if (isEmpty) return;
    let isMounted = true;
    void Promise.all([import("uplot"), import("uplot/dist/uPlot.min.css")]).then(([module]) => {
      if (isMounted) setUPlot(() => module.default);
    });
    return () => {
      isMounted = false;
    };
  }, [isEmpty]);

  useEffect(() => {
    const container = canvas.current;
    if (!UPlot || !container) return;
    const data = JSON.parse(numbers) as ChartData;
    const plot = new UPlot(chartOptions(UPlot, data, widthOf(container), words), alignedData(data), container);
    // Follows the width of the page (a phone turned, a window resized).
    const observer = new ResizeObserver(() => plot.setSize({ width: widthOf(container), height: HEIGHT_PX }));
    observer.observe(container);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [UPlot, numbers, words]);

  const table = <NumbersTable title={title} days={days} series={series} />;
  return (
    <figure data-testid="chart" className="min-w-0 rounded-xl border border-slate-200 bg-white p-4">
      <figcaption className="mb-3 font-semibold text-slate-900">{title}</figcaption>
      {isEmpty ? (
        <p data-testid="chart-empty" className="text-sm text-slate-600">
          {empty}
        </p>
      ) : UPlot ? (
        <>
          <div ref={canvas} data-testid="chart-canvas" aria-hidden="true" className="w-full overflow-hidden" />
          <details className="mt-3 text-sm">
            <summary className="cursor-pointer font-medium text-brand-700 hover:underline">
              {t("chart.showNumbers")}
            </summary>
            {table}
          </details>
        </>
      ) : (
        table
      )}
    </figure>
  );
}

/** The numbers, a row per day. Its cells are styled from the table, so a page of many 90-day tables stays light. */
function NumbersTable({ title, days, series }: ChartData & { title: string }) {
  const { t, number } = useWords();
  return (
    <div className="mt-2 max-h-80 overflow-auto">
      <table className="w-full text-left text-sm [&_td]:py-1 [&_td]:pr-4 [&_td]:text-right [&_td]:tabular-nums [&_th]:py-1 [&_th]:pr-4 [&_thead_th]:font-medium [&_tbody_th]:font-normal">
        <caption className="sr-only">{t("chart.perDay", { title })}</caption>
        <thead className="text-slate-600">
          <tr>
            <th scope="col">{t("chart.day")}</th>
            {series.map((line) => (
              <th key={line.label} scope="col" className="text-right">
                {line.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {days.map((day, index) => (
            <tr key={day}>
              <th scope="row">
                <LongDate isoDate={day} />
              </th>
              {series.map((line) => (
                <td key={line.label}>{number(line.values[index] ?? 0)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A moment of the axis (seconds since 1970, a UTC midnight) as its day: '2026-03-15'. */
const dayOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

function widthOf(container: HTMLElement): number {
  return Math.max(container.clientWidth, 200);
}

/** uPlot's data: the days as seconds since 1970 (UTC midnight), then each series' values. */
function alignedData({ days, series }: ChartData): uPlot.AlignedData {
  return [days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000), ...series.map((line) => line.values)];
}

function chartOptions(
  UPlot: typeof uPlot,
  { days, series }: ChartData,
  width: number,
  { t, number, shortDate }: Words,
): uPlot.Options {
  // A day of the data ('2026-03-15') as the axis writes it in the reader's language ('15 Mar', '15 mars').
  const dayLabel = (day: string | undefined) => (day ? shortDate(day) : "");
  return {
    width,
    height: HEIGHT_PX,
    // Days are UTC days, as the server counts them, whatever the browser's time zone.
    tzDate: (seconds) => UPlot.tzDate(new Date(seconds * 1000), "Etc/UTC"),
    scales: { x: { time: true }, y: { range: (_plot, _min, max) => [0, Math.max(max, 1) * 1.1] } },
    axes: [
      { incrs: DAY_TICKS, values: (_plot, ticks) => ticks.map((seconds) => shortDate(dayOf(seconds))) },
      { incrs: COUNT_TICKS, values: (_plot, ticks) => ticks.map((count) => number(count)) },
    ],
    series: [
      // Without a hovered day, the legend names the period and each line's total, not dashes.
      {
        label: t("chart.day"),
        value: (_plot, seconds) =>
          seconds == null ? `${dayLabel(days[0])} – ${dayLabel(days.at(-1))}` : shortDate(dayOf(seconds)),
      },
      ...series.map((line, index) => {
        const total = line.values.reduce((sum, value) => sum + value, 0);
        return {
          label: line.label,
          stroke: COLOURS[index % COLOURS.length],
          // The first line is wider and the others dashed: where two lines have the same values, both still show.
          width: index === 0 ? 3 : 2,
          dash: index === 0 ? undefined : [6, 4],
          // Points stay readable up to a month of days; beyond, the line alone.
          points: { show: days.length <= 31 },
          value: (_plot: uPlot, count: number | null) =>
            count == null ? t("chart.inAll", { total: number(total) }) : number(count),
        };
      }),
    ],
  };
}
