/**
 * /admin/categories (admins): the categories sorted by label (docs/product.md §7), added and edited here (label, slug,
 * description, colour). The footer, /categories and the category pages follow at once.
 */
import { Form } from "react-router";
import { Link } from "../components/link.tsx";
import { MAX_CATEGORY_DESCRIPTION_LENGTH, MAX_CATEGORY_LABEL_LENGTH } from "#common/constants.ts";
import { categoryIdParam, categoryInput } from "#common/schemas/moderation.ts";
import type { ModeratedCategory } from "#server/admin/categories.ts";
import { EmptyState } from "../components/empty-state.tsx";
import { Field } from "../components/form.tsx";
import { ActionButton, ActionResult, type ModerationResult, SectionHeader } from "../components/moderation.tsx";
import { type FormFailure, keptValues } from "../forms.ts";
import { moderated, moderationFailure, unknownAction } from "../moderation.ts";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/admin-categories";
import { categoryPath } from "#common/page-paths.ts";
import { say } from "#common/i18n/say.ts";
import { useT } from "../i18n.tsx";

/** The fields each category form shows its errors beside. */
const CATEGORY_FIELDS = ["label", "slug", "description", "color"];

export async function loader({ url, context }: Route.LoaderArgs) {
  return { categories: await moderated(context.services.admin.listCategories(context.user), url) };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = keptValues(form, ["intent", "categoryId", ...CATEGORY_FIELDS]);
  const { admin } = context.services;
  try {
    switch (values.intent) {
      case "create": {
        const category = await admin.createCategory(context.user, categoryInput.parse(Object.fromEntries(form)));
        return { done: say("adminCategories.added", { category: category.label, path: categoryPath(category.slug) }) };
      }
      case "update": {
        const id = categoryIdParam.parse(values.categoryId);
        const category = await admin.updateCategory(context.user, id, categoryInput.parse(Object.fromEntries(form)));
        return { done: say("adminCategories.saved", { category: category.label }) };
      }
      default:
        return unknownAction(values);
    }
  } catch (error) {
    return moderationFailure(error, values, url);
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, ({ t }) => ({
    title: t("admin.categories"),
    description: t("adminCategories.description"),
    path: "/admin/categories",
    noindex: true,
  }));

export default function AdminCategories({ loaderData, actionData }: Route.ComponentProps) {
  const { categories } = loaderData;
  const result = actionData as ModerationResult | undefined;
  const failure = result && "message" in result ? result : undefined;
  /** The failure of the form that was sent: the new category's, or one category's edit. */
  const failed = (categoryId: string) =>
    failure && (failure.values.categoryId ?? "") === categoryId ? failure : undefined;
  const t = useT();

  return (
    <>
      <SectionHeader title={t("admin.categories")}>{t("adminCategories.intro")}</SectionHeader>
      <ActionResult result={result} inlineFields={CATEGORY_FIELDS} />
      <section
        aria-labelledby="new-category"
        className="mb-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        <h2 id="new-category" className="mb-4 text-lg font-semibold">
          {t("adminCategories.add")}
        </h2>
        {/* After a successful add the form starts empty again: its key changes with each answer. */}
        <CategoryForm
          key={result && "done" in result ? result.done : "new"}
          intent="create"
          failure={failed("")}
          submitLabel={t("adminCategories.addButton")}
        />
      </section>
      {categories.length > 0 ? (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {categories.map((category) => (
            <CategoryRow key={category.id} category={category} failure={failed(category.id)} />
          ))}
        </ul>
      ) : (
        <EmptyState title={t("adminCategories.empty")}>{t("adminCategories.emptyHint")}</EmptyState>
      )}
    </>
  );
}

function CategoryRow({ category, failure }: { category: ModeratedCategory; failure?: FormFailure }) {
  const t = useT();
  return (
    <li data-testid="admin-category" className="p-4">
      <div className="flex flex-wrap items-center gap-3">
        <span
          aria-hidden="true"
          className="h-6 w-6 shrink-0 rounded-full border border-slate-200"
          style={{ backgroundColor: category.color }}
        />
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold">
            <Link to={categoryPath(category.slug)} className="hover:text-brand-700 hover:underline">
              {category.label}
            </Link>
          </h2>
          <p className="truncate text-sm text-slate-600">
            {t("adminCategories.line", {
              path: categoryPath(category.slug),
              color: category.color,
              count: category.toolCount,
            })}
          </p>
          {category.description && <p className="text-sm text-slate-600">{category.description}</p>}
        </div>
      </div>
      <details className="mt-3" open={Boolean(failure)}>
        <summary className="cursor-pointer text-sm font-medium text-brand-700">
          {t("adminCategories.editOne", { category: category.label })}
        </summary>
        <div className="mt-3">
          <CategoryForm intent="update" category={category} failure={failure} submitLabel={t("admin.save")} />
        </div>
      </details>
    </li>
  );
}

function CategoryForm({
  intent,
  category,
  failure,
  submitLabel,
}: {
  intent: "create" | "update";
  category?: ModeratedCategory;
  failure?: FormFailure;
  submitLabel: string;
}) {
  const kept = failure?.values;
  const prefix = category?.id ?? "new";
  const t = useT();
  return (
    <Form method="post" noValidate className="grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="categoryId" value={category?.id ?? ""} />
      <Field
        id={`${prefix}-label`}
        label={t("adminCategories.label")}
        name="label"
        required
        maxLength={MAX_CATEGORY_LABEL_LENGTH}
        defaultValue={kept?.label ?? category?.label ?? ""}
        error={failure?.fields.label}
      />
      <Field
        id={`${prefix}-slug`}
        label={t("adminCategories.slug")}
        name="slug"
        defaultValue={kept?.slug ?? category?.slug ?? ""}
        error={failure?.fields.slug}
        hint={category ? t("adminCategories.slugHintEdit") : t("adminCategories.slugHintNew")}
      />
      <Field
        id={`${prefix}-color`}
        label={t("adminCategories.colour")}
        name="color"
        required
        placeholder="#DDD6FE"
        defaultValue={kept?.color ?? category?.color ?? ""}
        error={failure?.fields.color}
        hint={t("adminCategories.colourHint")}
      />
      <Field
        id={`${prefix}-description`}
        label={t("adminCategories.descriptionField")}
        name="description"
        maxLength={MAX_CATEGORY_DESCRIPTION_LENGTH}
        defaultValue={kept?.description ?? category?.description ?? ""}
        error={failure?.fields.description}
      />
      <div className="sm:col-span-2">
        <ActionButton intent={intent} subject={category?.id} tone="primary" pendingText={t("admin.saving")}>
          {submitLabel}
        </ActionButton>
      </div>
    </Form>
  );
}
