/**
 * /admin/categories (admins): the categories sorted by label (SPEC section 7), added and edited here (label, slug,
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
        return { done: `${category.label} was added: /category/${category.slug}` };
      }
      case "update": {
        const id = categoryIdParam.parse(values.categoryId);
        const category = await admin.updateCategory(context.user, id, categoryInput.parse(Object.fromEntries(form)));
        return { done: `${category.label} was saved.` };
      }
      default:
        return unknownAction(values);
    }
  } catch (error) {
    return moderationFailure(error, values, url);
  }
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { title: "Categories", description: "Add and edit the directory's categories.", path: "/admin/categories", noindex: true });

export default function AdminCategories({ loaderData, actionData }: Route.ComponentProps) {
  const { categories } = loaderData;
  const result = actionData as ModerationResult | undefined;
  const failure = result && "message" in result ? result : undefined;
  /** The failure of the form that was sent: the new category's, or one category's edit. */
  const failed = (categoryId: string) => (failure && (failure.values.categoryId ?? "") === categoryId ? failure : undefined);

  return (
    <>
      <SectionHeader title="Categories">Sorted by label, as the footer and /categories list them.</SectionHeader>
      <ActionResult result={result} inlineFields={CATEGORY_FIELDS} />
      <section aria-labelledby="new-category" className="mb-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="new-category" className="mb-4 text-lg font-semibold">
          Add a category
        </h2>
        {/* After a successful add the form starts empty again: its key changes with each answer. */}
        <CategoryForm key={result && "done" in result ? result.done : "new"} intent="create" failure={failed("")} submitLabel="Add the category" />
      </section>
      {categories.length > 0 ? (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {categories.map((category) => (
            <CategoryRow key={category.id} category={category} failure={failed(category.id)} />
          ))}
        </ul>
      ) : (
        <EmptyState title="No category yet">Add the first one above.</EmptyState>
      )}
    </>
  );
}

function CategoryRow({ category, failure }: { category: ModeratedCategory; failure?: FormFailure }) {
  return (
    <li data-testid="admin-category" className="p-4">
      <div className="flex flex-wrap items-center gap-3">
        <span aria-hidden="true" className="h-6 w-6 shrink-0 rounded-full border border-slate-200" style={{ backgroundColor: category.color }} />
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold">
            <Link to={categoryPath(category.slug)} className="hover:text-brand-700 hover:underline">
              {category.label}
            </Link>
          </h2>
          <p className="truncate text-sm text-slate-600">
            /category/{category.slug} · {category.color} · {category.toolCount} live {category.toolCount === 1 ? "tool" : "tools"}
          </p>
          {category.description && <p className="text-sm text-slate-600">{category.description}</p>}
        </div>
      </div>
      <details className="mt-3" open={Boolean(failure)}>
        <summary className="cursor-pointer text-sm font-medium text-brand-700">Edit {category.label}</summary>
        <div className="mt-3">
          <CategoryForm intent="update" category={category} failure={failure} submitLabel="Save" />
        </div>
      </details>
    </li>
  );
}

function CategoryForm({ intent, category, failure, submitLabel }: { intent: "create" | "update"; category?: ModeratedCategory; failure?: FormFailure; submitLabel: string }) {
  const kept = failure?.values;
  const prefix = category?.id ?? "new";
  return (
    <Form method="post" noValidate className="grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="categoryId" value={category?.id ?? ""} />
      <Field
        id={`${prefix}-label`}
        label="Label"
        name="label"
        required
        maxLength={MAX_CATEGORY_LABEL_LENGTH}
        defaultValue={kept?.label ?? category?.label ?? ""}
        error={failure?.fields.label}
      />
      <Field
        id={`${prefix}-slug`}
        label="Slug"
        name="slug"
        defaultValue={kept?.slug ?? category?.slug ?? ""}
        error={failure?.fields.slug}
        hint={category ? "Its address: /category/{slug}. Old links stop working when it changes." : "Its address: /category/{slug}. Left empty, it is made from the label."}
      />
      <Field
        id={`${prefix}-color`}
        label="Colour"
        name="color"
        required
        placeholder="#DDD6FE"
        defaultValue={kept?.color ?? category?.color ?? ""}
        error={failure?.fields.color}
        hint="Written #RRGGBB. Category tags use it as their background."
      />
      <Field
        id={`${prefix}-description`}
        label="Description"
        name="description"
        maxLength={MAX_CATEGORY_DESCRIPTION_LENGTH}
        defaultValue={kept?.description ?? category?.description ?? ""}
        error={failure?.fields.description}
      />
      <div className="sm:col-span-2">
        <ActionButton intent={intent} subject={category?.id} tone="primary" pendingText="Saving…">
          {submitLabel}
        </ActionButton>
      </div>
    </Form>
  );
}
