/**
 * The filters of a tool list (/tools, a category, a tag, a search's results), each value with how many tools it would
 * leave (decision 034). A plain GET form with an Apply button, so it works without JavaScript; with JavaScript, a change applies at
 * once through React Router (no reload), and empty or default values are left out of the URL, the list's one state.
 *
 * On a phone the form would fill the first screen: it sits in a <details> whose summary, "Filters (n)", opens it as a
 * sheet over the list, and it applies when the person presses "Show results" (decision 051). From 1024 px on the
 * summary is hidden and the form is always shown (app.css, .filters).
 */
import { type FormEvent, useRef } from "react";
import { Form, useSubmit } from "react-router";
import { Link } from "./link.tsx";
import { FACET_SAMPLE, PAYMENT_TYPES, type PaymentType } from "#common/constants.ts";
import { TOOL_SORTS, type ToolSort, VERIFIED_WITHIN_DAYS, type VerifiedWithinDays } from "#common/constants.ts";
import type { FacetFilters as FacetNarrowing, ToolFacets } from "#server/tools/read/facets.ts";
import { PAYMENT_KEYS } from "#common/i18n/labels.ts";
import type { Words } from "#common/i18n/translate.ts";
import { useWords } from "../i18n.tsx";
import type { LicenceKind } from "#common/repository.ts";
import { LICENCE_KIND_KEYS, LICENCE_KINDS } from "./fact-words.ts";

export type FacetValues = {
  /** null: the list has its own order (a search's, by relevance), and no sort to choose. */
  sort: ToolSort | null;
  category: string | null;
  tag: string | null;
  payment: PaymentType | null;
  featured: boolean;
  verified: VerifiedWithinDays | null;
  licence: LicenceKind | null;
  selfHostable: boolean;
};

/** A list's fixed facet: a category's page is always that category, a tag's page that tag. */
export type FixedFacet = "category" | "tag" | null;

/** What a list's loader read from the URL (facetQuery), its category already found by its address. */
type ParsedFacets = {
  sort?: ToolSort;
  tag?: string;
  payment?: PaymentType;
  featured?: "1";
  verified?: VerifiedWithinDays;
  licence?: LicenceKind;
  selfHostable?: "1";
};

/** The filters the services apply for a parsed URL. */
export function narrowingOf(
  query: ParsedFacets,
  category: { id: string } | null | undefined,
  tag = query.tag,
): FacetNarrowing {
  return {
    category: category?.id,
    tag,
    paymentType: query.payment,
    featured: query.featured ? true : undefined,
    verifiedWithinDays: query.verified,
    licenceKind: query.licence,
    selfHostable: query.selfHostable ? true : undefined,
  };
}

/** The form's values for a parsed URL. */
export function facetValuesOf(
  query: ParsedFacets,
  category: { slug: string } | null | undefined,
  tag = query.tag,
): FacetValues {
  return {
    sort: query.sort ?? null,
    category: category?.slug ?? null,
    tag: tag ?? null,
    payment: query.payment ?? null,
    featured: Boolean(query.featured),
    verified: query.verified ?? null,
    licence: query.licence ?? null,
    selfHostable: Boolean(query.selfHostable),
  };
}

/** Whether the view differs from its list's plain first page: such a view is not indexed (decision 034). */
export function isNarrowed(
  { sort, category, tag, payment, featured, verified, licence, selfHostable }: FacetValues,
  fixed: FixedFacet = null,
): boolean {
  return (
    (sort !== null && sort !== "newest") ||
    (fixed !== "category" && Boolean(category)) ||
    (fixed !== "tag" && Boolean(tag)) ||
    Boolean(payment) ||
    featured ||
    Boolean(verified) ||
    Boolean(licence) ||
    selfHostable
  );
}

/** The query string of a view: only what differs from the defaults and the page's fixed facet, in a fixed order, never a cursor. */
export function facetSearchParams(
  { sort, category, tag, payment, featured, verified, licence, selfHostable }: FacetValues,
  fixed: FixedFacet = null,
): URLSearchParams {
  const params = new URLSearchParams();
  if (category && fixed !== "category") params.set("category", category);
  if (tag && fixed !== "tag") params.set("tag", tag);
  if (payment) params.set("payment", payment);
  if (licence) params.set("licence", licence);
  if (selfHostable) params.set("selfHostable", "1");
  if (featured) params.set("featured", "1");
  if (verified) params.set("verified", String(verified));
  if (sort && sort !== "newest") params.set("sort", sort);
  return params;
}

/** The address of the list `base` showing these values. */
export function facetPath(base: string, values: FacetValues, fixed: FixedFacet = null): string {
  const query = facetSearchParams(values, fixed).toString();
  return query ? `${base}?${query}` : base;
}

/** The address of /tools showing these filters. */
export const toolsPath = (values: FacetValues) => facetPath("/tools", values);

const selectClass =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none";
const labelClass = "min-w-40 flex-1 text-sm font-medium text-slate-700";

/** A value with its count; a count the list could not read exactly (decision 036) is left out rather than shown wrong. */
const withCount = ({ t, number }: Words, label: string, count: number, isExact = true) =>
  isExact ? t("facets.countOf", { label, count: number(count) }) : label;

/** How many filters narrow the list, beyond the page's own category or tag; the sort is an order, not a filter. */
export function activeFilterCount(
  { category, tag, payment, featured, verified, licence, selfHostable }: FacetValues,
  fixed: FixedFacet = null,
): number {
  return [
    fixed !== "category" && category,
    fixed !== "tag" && tag,
    payment,
    featured,
    verified,
    licence,
    selfHostable,
  ].filter(Boolean).length;
}

/** Whether the filters show as a sheet, behind their button: below 1024 px (Tailwind's lg, as the navigation bar). */
const isSheet = () => !window.matchMedia("(min-width: 64rem)").matches;

/** How many tools the filters leave: exact, past what the counts read ("More than 500 tools"), or a lower bound. */
const totalOf = ({ t }: Words, { total, isTotalExact }: Pick<ToolFacets, "total" | "isTotalExact">) =>
  isTotalExact
    ? t("facets.total", { kind: "exact", count: total })
    : total > FACET_SAMPLE
      ? t("facets.total", { kind: "more", count: FACET_SAMPLE })
      : t("facets.total", { kind: "least", count: total });

function valuesOf(form: HTMLFormElement, fixedValues: FacetValues, fixed: FixedFacet): FacetValues {
  const data = new FormData(form);
  const text = (name: string) => (data.get(name) as string | null) || null;
  const verified = Number(text("verified"));
  return {
    sort: fixedValues.sort === null ? null : ((text("sort") as ToolSort | null) ?? "newest"),
    category: fixed === "category" ? fixedValues.category : text("category"),
    tag: fixed === "tag" ? fixedValues.tag : text("tag"),
    payment: text("payment") as PaymentType | null,
    featured: data.get("featured") === "1",
    verified: (VERIFIED_WITHIN_DAYS as readonly number[]).includes(verified) ? (verified as VerifiedWithinDays) : null,
    licence: (LICENCE_KINDS as readonly string[]).includes(text("licence") ?? "")
      ? (text("licence") as LicenceKind)
      : null,
    selfHostable: data.get("selfHostable") === "1",
  };
}

/** One filter: its values with their counts, and a first choice that leaves the list unfiltered. */
function FacetSelect({
  label,
  name,
  value,
  anyLabel,
  options,
}: {
  label: string;
  name: string;
  value: string | number | null;
  anyLabel: string;
  options: { value: string; label: string }[];
}) {
  return (
    <label className={labelClass}>
      {label}
      <select name={name} defaultValue={value ?? ""} className={selectClass}>
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A filter that is on or off ("1" when on), with its count in its label. */
function FacetCheckbox({ name, checked, label }: { name: string; checked: boolean; label: string }) {
  return (
    <label className="flex items-center gap-2 py-2 text-sm font-medium text-slate-700">
      <input
        type="checkbox"
        name={name}
        value="1"
        defaultChecked={checked}
        className="size-4 rounded border-slate-300"
      />
      {label}
    </label>
  );
}

export function FacetFilters({
  action,
  values,
  facets,
  categories,
  fixed = null,
}: {
  /** The list's own address: /tools, /category/{slug}, /tag/{tag}, /search/{text}. */
  action: string;
  values: FacetValues;
  facets: ToolFacets;
  categories: { id: string; slug: string; label: string }[];
  fixed?: FixedFacet;
}) {
  const submit = useSubmit();
  const words = useWords();
  const { t } = words;
  const sheet = useRef<HTMLDetailsElement>(null);
  const close = () => sheet.current?.removeAttribute("open");
  const apply = (form: HTMLFormElement) =>
    void submit(facetSearchParams(valuesOf(form, values, fixed), fixed), { method: "get", action });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    close();
    apply(event.currentTarget);
  };
  // In the sheet, a person sets several filters and then shows the results; on a desktop, each change shows at once.
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    if (!isSheet()) apply(event.currentTarget);
  };
  // The close link reloads the list without JavaScript; with it, it only closes the sheet, as the backdrop and Escape do.
  const onClose = (event: { preventDefault(): void }) => {
    event.preventDefault();
    close();
    sheet.current?.querySelector("summary")?.focus();
  };
  const categoryCounts = new Map(facets.categories.map(({ id, count }) => [id, count]));
  const active = activeFilterCount(values, fixed);
  const total = totalOf(words, facets);
  const clear = isNarrowed(values, fixed) && (
    <Link to={action} className="font-medium text-brand-700 hover:underline">
      {t("facets.clear")}
    </Link>
  );

  return (
    <div className="filters-bar">
      <details
        ref={sheet}
        className="filters"
        onKeyDown={(event) => event.key === "Escape" && sheet.current?.open && onClose(event)}
      >
        <summary className="filters-toggle">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-4"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          >
            <path d="M4 6h16M7 12h10M10 18h4" />
          </svg>
          {t("facets.filters", { count: active })}
        </summary>
        <div className="filters-backdrop" aria-hidden="true" onClick={onClose} />
        <Form
          method="get"
          action={action}
          onSubmit={onSubmit}
          onChange={onChange}
          aria-label={t("facets.filterTools")}
          className="filters-form"
        >
          <div className="flex basis-full items-center justify-between lg:hidden">
            <p className="text-base font-semibold text-slate-900">{t("facets.filters", { count: 0 })}</p>
            <Link
              to={facetPath(action, values, fixed)}
              onClick={onClose}
              className="rounded-md px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100"
            >
              {t("facets.close")}
            </Link>
          </div>
          {values.sort !== null && (
            <label className={labelClass}>
              {t("facets.sort")}
              <select name="sort" defaultValue={values.sort} className={selectClass}>
                {TOOL_SORTS.map((sort) => (
                  <option key={sort} value={sort}>
                    {t("sort.option", { sort })}
                  </option>
                ))}
              </select>
            </label>
          )}
          {fixed !== "category" && (
            <FacetSelect
              label={t("facets.category")}
              name="category"
              value={values.category}
              anyLabel={t("facets.allCategories")}
              options={categories.map((category) => ({
                value: category.slug,
                label: withCount(
                  words,
                  category.label,
                  categoryCounts.get(category.id) ?? 0,
                  facets.isExact.categories,
                ),
              }))}
            />
          )}
          {fixed !== "tag" && (
            <FacetSelect
              label={t("facets.tag")}
              name="tag"
              value={values.tag}
              anyLabel={t("facets.anyTag")}
              options={facets.tags.map(({ tag, count }) => ({
                value: tag,
                label: withCount(words, `#${tag}`, count, facets.isExact.tags),
              }))}
            />
          )}
          <FacetSelect
            label={t("facets.pricing")}
            name="payment"
            value={values.payment}
            anyLabel={t("facets.anyPricing")}
            options={PAYMENT_TYPES.map((payment) => ({
              value: payment,
              label: withCount(words, t(PAYMENT_KEYS[payment]), facets.payment[payment], facets.isExact.payment),
            }))}
          />
          <FacetSelect
            label={t("facets.licence")}
            name="licence"
            value={values.licence}
            anyLabel={t("facets.anyLicence")}
            options={LICENCE_KINDS.map((kind) => ({
              value: kind,
              label: withCount(words, t(LICENCE_KIND_KEYS[kind]), facets.licence[kind], facets.isExact.licence),
            }))}
          />
          <FacetSelect
            label={t("facets.verified")}
            name="verified"
            value={values.verified}
            anyLabel={t("facets.anyTime")}
            options={VERIFIED_WITHIN_DAYS.map((days) => ({
              value: String(days),
              label: withCount(words, t("facets.inLastDays", { days }), facets.verified[days], facets.isExact.verified),
            }))}
          />
          <FacetCheckbox
            name="featured"
            checked={values.featured}
            label={withCount(words, t("facets.featuredOnly"), facets.featured, facets.isExact.featured)}
          />
          <FacetCheckbox
            name="selfHostable"
            checked={values.selfHostable}
            label={withCount(words, t("facets.selfHostableOnly"), facets.selfHostable, facets.isExact.selfHostable)}
          />
          <button
            type="submit"
            className="rounded-lg bg-slate-900 px-4 py-2 text-sm font-medium text-white hover:bg-slate-700 max-lg:basis-full max-lg:py-3"
          >
            <span className="lg:hidden">{t("facets.showResults")}</span>
            <span className="max-lg:hidden">{t("facets.apply")}</span>
          </button>
          <p className="basis-full text-sm text-slate-600 max-lg:hidden" aria-live="polite">
            {total}
            {clear && <> · {clear}</>}
          </p>
        </Form>
      </details>
      <p className="text-sm text-slate-600 lg:hidden">
        {total}
        {clear && <> · {clear}</>}
      </p>
    </div>
  );
}
