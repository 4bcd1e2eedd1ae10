/**
 * The filter form of /tools: a plain GET form, so it works without JavaScript. With JavaScript, changing a select
 * applies it at once, and empty or default values are left out of the URL, which stays the one state of the list.
 */
import type { FormEvent } from "react";
import { Form, useSubmit } from "react-router";
import { Link } from "./link.tsx";
import { PAYMENT_TYPES, type PaymentType } from "#common/constants.ts";
import { TOOL_SORTS, type ToolSort } from "#common/schemas/lists.ts";

export const SORT_LABELS: Record<ToolSort, string> = { newest: "Newest first", views: "Most viewed", clicks: "Most clicked" };

export const PAYMENT_LABELS: Record<PaymentType, string> = { free: "Free", freemium: "Freemium", paid: "Paid", "open-source": "Open source" };

export type ToolFilterValues = { sort: ToolSort; category: string | null; tag: string | null; payment: PaymentType | null };

/** The query string of a filtered view: only what differs from the defaults, in a fixed order, never a cursor. */
export function filterSearchParams({ sort, category, tag, payment }: ToolFilterValues): URLSearchParams {
  const params = new URLSearchParams();
  if (category) params.set("category", category);
  if (tag) params.set("tag", tag);
  if (payment) params.set("payment", payment);
  if (sort !== "newest") params.set("sort", sort);
  return params;
}

/** The address of /tools showing these filters. */
export function toolsPath(values: ToolFilterValues): string {
  const query = filterSearchParams(values).toString();
  return query ? `/tools?${query}` : "/tools";
}

const selectClass =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none";

export function ToolFilters({ values, categories }: { values: ToolFilterValues; categories: { slug: string; label: string }[] }) {
  const submit = useSubmit();

  const apply = (form: HTMLFormElement) => {
    const data = new FormData(form);
    const values: ToolFilterValues = {
      sort: (data.get("sort") as ToolSort | null) ?? "newest",
      category: (data.get("category") as string | null) || null,
      tag: (data.get("tag") as string | null) || null,
      payment: ((data.get("payment") as string | null) || null) as PaymentType | null,
    };
    void submit(filterSearchParams(values), { method: "get", action: "/tools" });
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(event.currentTarget);
  };

  return (
    <Form
      method="get"
      action="/tools"
      onSubmit={onSubmit}
      onChange={(event) => apply(event.currentTarget)}
      aria-label="Filter tools"
      className="flex flex-wrap items-end gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <label className="min-w-40 flex-1 text-sm font-medium text-slate-700">
        Sort
        <select name="sort" defaultValue={values.sort} className={selectClass}>
          {TOOL_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </label>
      <label className="min-w-40 flex-1 text-sm font-medium text-slate-700">
        Category
        <select name="category" defaultValue={values.category ?? ""} className={selectClass}>
          <option value="">All categories</option>
          {categories.map((category) => (
            <option key={category.slug} value={category.slug}>
              {category.label}
            </option>
          ))}
        </select>
      </label>
      <label className="min-w-40 flex-1 text-sm font-medium text-slate-700">
        Pricing
        <select name="payment" defaultValue={values.payment ?? ""} className={selectClass}>
          <option value="">Any pricing</option>
          {PAYMENT_TYPES.map((payment) => (
            <option key={payment} value={payment}>
              {PAYMENT_LABELS[payment]}
            </option>
          ))}
        </select>
      </label>
      {values.tag && <input type="hidden" name="tag" value={values.tag} />}
      <button type="submit" className="rounded-lg bg-slate-900 px-4 py-2 text-sm font-medium text-white hover:bg-slate-700">
        Filter
      </button>
      {values.tag && (
        <p className="basis-full text-sm text-slate-600">
          Tagged <span className="font-medium text-slate-900">{`#${values.tag}`}</span>{" "}
          <Link to={toolsPath({ ...values, tag: null })} className="font-medium text-brand-700 hover:underline">
            Remove this tag
          </Link>
        </p>
      )}
    </Form>
  );
}
