/**
 * The add-tool and edit-tool screen (docs/product.md §2: one screen for both). It works without JavaScript (one multipart
 * post, images included); with JavaScript, images upload as soon as they are chosen, with progress, and the long
 * description's preview comes without leaving the page.
 */
import { useT } from "../i18n.tsx";
import { PAYMENT_KEYS } from "#common/i18n/labels.ts";
import { type KeyboardEvent, useState } from "react";
import { data, Form, redirect, useFetcher } from "react-router";
import { Link } from "../components/link.tsx";
import { LICENCE_MAX_LENGTH, PAYMENT_TYPES } from "#common/constants.ts";
import { AppError, isAppError } from "#common/errors.ts";
import { createId } from "#common/ids.ts";
import { toolIdParam } from "#common/schemas/fields.ts";
import { TOOL_LIMITS, toolInput, toolInputFields } from "#common/tool-input.ts";
import { MESSAGES } from "#common/messages.ts";
import { Field, FormMessage, SubmitButton } from "../components/form.tsx";
import { ImageField } from "../components/image-field.tsx";
import { WebsiteFillButton, withProposal } from "../components/website-fill.tsx";
import { ScriptNeeded, SpamCheck } from "../components/spam-check.tsx";
import { formFailure } from "../forms.ts";
import { messageFor } from "#common/input-errors.ts";
import { pageMeta } from "../seo.ts";
import type { Route } from "./+types/tool-form";
import type { CheckedImage } from "#server/images/uploads.ts";
import type { ToolImages } from "#server/tools/lifecycle/submissions.ts";
import { editToolPath, loginPath, toolPath } from "#common/page-paths.ts";

/** The licences most tools have, offered as the field is typed (any SPDX id or expression is taken). */
const COMMON_LICENCES = [
  "MIT",
  "Apache-2.0",
  "AGPL-3.0-only",
  "GPL-3.0-only",
  "BSD-3-Clause",
  "MPL-2.0",
  "ISC",
  "LicenseRef-Proprietary",
];

type FormValues = ReturnType<typeof toolInputFields> & { logo: string; largeImage: string };

const EMPTY: FormValues = {
  name: "",
  website: "",
  shortDesc: "",
  longDesc: "",
  categories: [],
  tags: "",
  // The maker chooses: nothing is picked for them.
  paymentType: "",
  repository: "",
  licence: "",
  isSelfHostable: false,
  pros: [],
  cons: [],
  faq: [],
  logo: "",
  largeImage: "",
};

const IMAGE_KINDS = ["logo", "largeImage"] as const;

export async function loader({ url, params, context }: Route.LoaderArgs) {
  if (!context.user) throw redirect(loginPath(url.pathname));
  const categories = await context.services.categories.listCategories();
  if (!params.id) return { isEdit: false, toolId: createId("t"), values: EMPTY, categories, changesRequested: null };
  try {
    const tool = await context.services.lifecycle.getEditableTool(context.user, params.id);
    const values: FormValues = {
      name: tool.name,
      website: tool.website,
      shortDesc: tool.shortDesc,
      longDesc: tool.longDesc,
      categories: tool.categories,
      tags: tool.tags.join(", "),
      paymentType: tool.paymentType,
      repository: tool.repositoryUrl ?? "",
      licence: tool.licence ?? "",
      isSelfHostable: tool.selfHostable !== null,
      pros: tool.pros ?? [],
      cons: tool.cons ?? [],
      faq: tool.faq ?? [],
      logo: tool.logo ?? "",
      largeImage: tool.largeImage ?? "",
    };
    // A verifier's request for changes shows until the maker saves (decision 022).
    return {
      isEdit: true,
      toolId: tool.id,
      values,
      categories,
      changesRequested: tool.changesRequestedAt ? (tool.changesRequestedMessage ?? "") : null,
    };
  } catch (error) {
    if (isAppError(error))
      throw data(error.code === "not-found" ? MESSAGES.tool.notFoundById : error.message, { status: error.status });
    throw error;
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const { lifecycle, imageUploads, markdown } = context.services;
  if (form.get("intent") === "preview") return { preview: markdown.render(String(form.get("longDesc") ?? "")) };

  const toolId = toolIdParam.safeParse(params.id ?? form.get("toolId"));
  if (!toolId.success) throw data(MESSAGES.tool.notFoundById, { status: 404 });
  const fields = toolInputFields(form);
  // With JavaScript the images were uploaded already, and their addresses come back with the form.
  const uploaded: ToolImages = {};
  for (const kind of IMAGE_KINDS) {
    const url = String(form.get(`${kind}Url`) ?? "");
    if (url && imageUploads.isToolImageUrl(toolId.data, url)) uploaded[kind] = url;
  }
  const failed = (error: unknown) => {
    const failure = formFailure(error, {});
    return data(
      { ...failure.data, form: { ...fields, logo: uploaded.logo ?? "", largeImage: uploaded.largeImage ?? "" } },
      failure.init ?? undefined,
    );
  };
  if (form.get("intent") === "fill") {
    const current = { ...fields, logo: uploaded.logo ?? "", largeImage: uploaded.largeImage ?? "" };
    try {
      const proposal = await context.services.websiteFill.fillFromWebsite(context.user, toolId.data, {
        website: fields.website,
      });
      return { filled: String(Date.now()), toolId: toolId.data, form: withProposal(current, proposal) };
    } catch (error) {
      return failed(error);
    }
  }
  // The form is checked first: an invalid one stores nothing and counts no submission.
  const input = toolInput.safeParse(fields);
  if (!input.success) return failed(input.error);
  try {
    // Without JavaScript the files come with the form: checked now, stored only once the service allows the change.
    const files: CheckedImage[] = [];
    for (const kind of IMAGE_KINDS) {
      const file = form.get(kind);
      if (!(file instanceof File) || file.size === 0) continue;
      const checked = await imageUploads.checkToolImage(
        context.user,
        toolId.data,
        kind,
        new Uint8Array(await file.arrayBuffer()),
      );
      if (!checked.ok)
        return failed(new AppError("invalid-argument", checked.message, { [checked.field]: checked.message }));
      files.push(checked.image);
    }
    const storeImages = async (): Promise<ToolImages> => {
      const images = { ...uploaded };
      for (const file of files) images[file.kind] = await imageUploads.storeToolImage(file);
      return images;
    };
    if (params.id) {
      const tool = await lifecycle.updateTool(context.user, toolId.data, input.data, storeImages);
      return redirect(tool.isVerified && tool.isActive ? toolPath(tool.slug) : "/my-tools");
    }
    const tool = await context.services.spam.guard(form, () =>
      lifecycle.submitTool(context.user, input.data, storeImages, { id: toolId.data }),
    );
    return redirect(`/my-tools?submitted=${tool.id}`);
  } catch (error) {
    return failed(error);
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, ({ siteName, t }) => {
    const isEdit = loaderData?.isEdit;
    return {
      title: isEdit ? t("toolForm.edit") : t("toolForm.add"),
      description: t("toolForm.description", { siteName }),
      path: isEdit ? editToolPath(loaderData.toolId) : "/add-tool",
      noindex: isEdit,
    };
  });

export default function ToolForm({ loaderData, actionData }: Route.ComponentProps) {
  const { isEdit, categories, changesRequested } = loaderData;
  const failure = actionData && "message" in actionData ? actionData : undefined;
  const filled = actionData && "filled" in actionData ? actionData : undefined;
  // The images of a fill are stored under the id the form was sent with: it stays the form's.
  const toolId = filled?.toolId ?? loaderData.toolId;
  const values: FormValues =
    filled?.form ??
    (failure
      ? {
          ...loaderData.values,
          ...failure.form,
          logo: failure.form.logo || loaderData.values.logo,
          largeImage: failure.form.largeImage || loaderData.values.largeImage,
        }
      : loaderData.values);
  const errors: Record<string, string> = failure?.fields ?? {};
  const categoriesError = messageFor(errors, "categories");
  const faqError = messageFor(errors, "faq");
  const noPreview = actionData && "preview" in actionData ? actionData.preview : undefined;
  const t = useT();

  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">{isEdit ? t("toolForm.edit") : t("toolForm.add")}</h1>
      <p className="mt-2 text-slate-600">
        {isEdit ? t("toolForm.editIntro") : `${t("toolForm.addIntro")} `}
        {!isEdit && (
          <>
            <Link to="/my-tools" className="text-brand-700 underline">
              {t("nav.myTools")}
            </Link>
            .
          </>
        )}
      </p>

      {changesRequested !== null && (
        <div
          role="status"
          data-testid="changes-requested"
          className="mt-6 rounded-xl bg-orange-50 px-4 py-3 text-orange-950"
        >
          <p className="font-semibold">{t("toolForm.changesAsked")}</p>
          <p className="whitespace-pre-line text-sm">{changesRequested}</p>
          <p className="mt-1 text-sm">{t("toolForm.backInQueue")}</p>
        </div>
      )}
      <Form key={filled?.filled} method="post" encType="multipart/form-data" className="mt-8 space-y-8" noValidate>
        {!isEdit && <ScriptNeeded what={t("toolForm.scriptWhat")} />}
        <FormMessage
          message={
            failure && !Object.keys(errors).length
              ? failure.message
              : failure
                ? t("toolForm.fieldsNeedLook")
                : undefined
          }
        />
        <input type="hidden" name="toolId" value={toolId} />

        <section className="space-y-4 rounded-xl border border-slate-200 bg-white p-5">
          <h2 className="font-semibold">{t("toolForm.theTool")}</h2>
          <Field
            label={t("toolForm.name")}
            name="name"
            required
            maxLength={TOOL_LIMITS.name.max}
            defaultValue={values.name}
            error={errors.name}
          />
          <Field
            label={t("toolForm.website")}
            name="website"
            type="url"
            required
            placeholder="https://example.com"
            defaultValue={values.website}
            error={errors.website}
          />
          <WebsiteFillButton wasFilled={Boolean(filled)} />
          {errors.listedTool && (
            <p className="text-sm">
              {t("toolForm.isItYours")}{" "}
              <Link to={errors.listedTool} className="font-medium text-brand-700 hover:underline">
                {t("toolForm.claimInstead")}
              </Link>
            </p>
          )}
          <Field
            label={t("toolForm.shortDesc")}
            name="shortDesc"
            required
            maxLength={TOOL_LIMITS.shortDesc.max}
            defaultValue={values.shortDesc}
            error={errors.shortDesc}
            hint={t("toolForm.shortDescHint", { min: TOOL_LIMITS.shortDesc.min, max: TOOL_LIMITS.shortDesc.max })}
          />
          <LongDescription defaultValue={values.longDesc} error={errors.longDesc} previewWithoutScript={noPreview} />
        </section>

        <section className="space-y-4 rounded-xl border border-slate-200 bg-white p-5">
          <h2 className="font-semibold">{t("toolForm.belongs")}</h2>
          <fieldset aria-describedby="categories-hint">
            <legend className="text-sm font-medium text-slate-800">{t("toolForm.categories")}</legend>
            <p id="categories-hint" className="text-xs text-slate-500">
              {t("toolForm.chooseCategories", { min: TOOL_LIMITS.categories.min, max: TOOL_LIMITS.categories.max })}
            </p>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {categories.map((category) => (
                <label key={category.id} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="categories"
                    value={category.id}
                    defaultChecked={values.categories.includes(category.id)}
                  />
                  {category.label}
                </label>
              ))}
            </div>
            {categoriesError && <p className="mt-1 text-sm text-rose-700">{categoriesError}</p>}
          </fieldset>
          <Field
            label={t("toolForm.tags")}
            name="tags"
            defaultValue={values.tags}
            error={messageFor(errors, "tags")}
            hint={t("toolForm.tagsHint", { max: TOOL_LIMITS.tags.max })}
            onKeyDown={endTagOnEnter}
          />
          <div className="space-y-1">
            <label htmlFor="field-paymentType" className="block text-sm font-medium text-slate-800">
              {t("toolForm.pricing")}
            </label>
            <select
              id="field-paymentType"
              name="paymentType"
              defaultValue={values.paymentType}
              required
              aria-invalid={errors.paymentType ? true : undefined}
              className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
            >
              <option value="" disabled>
                {t("toolForm.choosePricing")}
              </option>
              {PAYMENT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(PAYMENT_KEYS[type])}
                </option>
              ))}
            </select>
            {errors.paymentType && <p className="text-sm text-rose-700">{errors.paymentType}</p>}
          </div>
          <Field
            label={t("toolForm.repository")}
            name="repository"
            type="url"
            placeholder="https://github.com/owner/name"
            defaultValue={values.repository}
            error={errors.repository}
            hint={t("toolForm.repositoryHint")}
          />
          <Field
            label={t("toolForm.licence")}
            name="licence"
            placeholder="MIT"
            list="spdx-licences"
            maxLength={LICENCE_MAX_LENGTH}
            defaultValue={values.licence}
            error={errors.licence}
            hint={t("toolForm.licenceHint")}
          />
          <datalist id="spdx-licences">
            {COMMON_LICENCES.map((id) => (
              <option key={id} value={id} />
            ))}
          </datalist>
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" name="isSelfHostable" defaultChecked={values.isSelfHostable} className="mt-1" />
            <span>
              <span className="font-medium text-slate-800">{t("toolForm.selfHostable")}</span>
              <span className="block text-xs text-slate-500">{t("toolForm.selfHostableHint")}</span>
            </span>
          </label>
        </section>

        <section className="space-y-4 rounded-xl border border-slate-200 bg-white p-5">
          <h2 className="font-semibold">{t("toolForm.images")}</h2>
          <ImageField
            kind="logo"
            label={t("toolForm.logo")}
            toolId={toolId}
            currentUrl={values.logo}
            error={errors.logo}
            hint={t("toolForm.logoHint")}
          />
          <ImageField
            kind="largeImage"
            label={t("toolForm.screenshot")}
            toolId={toolId}
            currentUrl={values.largeImage}
            error={errors.largeImage}
            hint={t("toolForm.screenshotHint")}
          />
        </section>

        <section className="space-y-4 rounded-xl border border-slate-200 bg-white p-5">
          <h2 className="font-semibold">{t("toolForm.prosCons")}</h2>
          <ListFields
            name="pros"
            legend={t("toolForm.pros")}
            label={(number) => t("toolForm.pro", { number })}
            values={values.pros}
            error={messageFor(errors, "pros")}
          />
          <ListFields
            name="cons"
            legend={t("toolForm.cons")}
            label={(number) => t("toolForm.con", { number })}
            values={values.cons}
            error={messageFor(errors, "cons")}
          />
          <fieldset className="space-y-3">
            <legend className="mb-2 text-sm font-medium text-slate-800">{t("toolForm.faq")}</legend>
            {Array.from({ length: Math.max(3, values.faq.length) }, (_, index) => (
              <div key={index} className="grid gap-2 sm:grid-cols-2">
                <input
                  name="faqQuestion"
                  aria-label={t("toolForm.question", { number: index + 1 })}
                  placeholder={t("toolForm.questionPlaceholder")}
                  defaultValue={values.faq[index]?.question}
                  className="rounded-lg border border-slate-300 px-3 py-2 text-sm"
                />
                <input
                  name="faqAnswer"
                  aria-label={t("toolForm.answer", { number: index + 1 })}
                  placeholder={t("toolForm.answerPlaceholder")}
                  defaultValue={values.faq[index]?.answer}
                  className="rounded-lg border border-slate-300 px-3 py-2 text-sm"
                />
              </div>
            ))}
            {faqError && <p className="text-sm text-rose-700">{faqError}</p>}
          </fieldset>
        </section>

        {!isEdit && <SpamCheck refusal={failure?.message} />}
        <SubmitButton name="intent" value="save" pendingText={isEdit ? t("toolForm.saving") : t("toolForm.submitting")}>
          {isEdit ? t("toolForm.save") : t("toolForm.submit")}
        </SubmitButton>
      </Form>
    </main>
  );
}

function ListFields({
  name,
  legend,
  label,
  values,
  error,
}: {
  name: string;
  legend: string;
  label: (number: number) => string;
  values: string[];
  error?: string;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-2 space-y-2">
        {Array.from({ length: TOOL_LIMITS.listItems.max }, (_, index) => (
          <input
            key={index}
            name={name}
            aria-label={label(index + 1)}
            maxLength={TOOL_LIMITS.listItems.length}
            defaultValue={values[index]}
            className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
          />
        ))}
      </div>
      {error && <p className="mt-1 text-sm text-rose-700">{error}</p>}
    </fieldset>
  );
}

/** The Markdown long description, with a preview rendered by the server exactly as the tool page will show it. */
function LongDescription({
  defaultValue,
  error,
  previewWithoutScript,
}: {
  defaultValue: string;
  error?: string;
  previewWithoutScript?: string;
}) {
  const fetcher = useFetcher<{ preview: string }>();
  const [text, setText] = useState(defaultValue);
  const preview = fetcher.data?.preview ?? previewWithoutScript;
  const t = useT();
  return (
    <div className="space-y-1">
      <label htmlFor="field-longDesc" className="block text-sm font-medium text-slate-800">
        {t("toolForm.longDesc")}
      </label>
      <textarea
        id="field-longDesc"
        name="longDesc"
        rows={8}
        maxLength={TOOL_LIMITS.longDesc.max}
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-invalid={error ? true : undefined}
        className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-sm"
      />
      <div className="flex items-center justify-between text-xs text-slate-500">
        <span>{t("toolForm.markdownHint")}</span>
        <button
          type="submit"
          name="intent"
          value="preview"
          formNoValidate
          onClick={(event) => {
            event.preventDefault();
            fetcher.submit({ intent: "preview", longDesc: text }, { method: "post" });
          }}
          className="font-medium text-brand-700 hover:underline"
        >
          {fetcher.state === "idle" ? t("toolForm.preview") : t("toolForm.rendering")}
        </button>
      </div>
      {error && <p className="text-sm text-rose-700">{error}</p>}
      {preview !== undefined &&
        (preview ? (
          <div
            data-testid="long-desc-preview"
            className="prose mt-2 rounded-lg border border-dashed border-slate-300 p-4"
            dangerouslySetInnerHTML={{ __html: preview }}
          />
        ) : (
          <div
            data-testid="long-desc-preview"
            className="prose mt-2 rounded-lg border border-dashed border-slate-300 p-4"
          >
            <p>{t("toolForm.nothingToPreview")}</p>
          </div>
        ))}
    </div>
  );
}

/**
 * Enter in the tags field ends the tag being typed, as a tag field does, instead of sending the whole form: a comma
 * and a space follow it, ready for the next. Without JavaScript, Enter sends the form, as in any field.
 */
function endTagOnEnter(event: KeyboardEvent<HTMLInputElement>) {
  if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
  event.preventDefault();
  const input = event.currentTarget;
  const value = input.value.replace(/[\s,]+$/, "");
  input.value = value ? `${value}, ` : "";
}
