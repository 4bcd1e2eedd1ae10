/**
 * The tool form's "Fill from website": a submit button of the form itself (intent=fill), so it works without
 * JavaScript, and with it React Router sends the form without a reload. The action reads the website through the
 * service and answers the form's values with the proposal in them; what the page says nothing about keeps what the
 * maker typed. Nothing is submitted: the maker edits, then submits.
 */
import { useT } from "../i18n.tsx";
import { useNavigation } from "react-router";
import { normalizeRepositoryUrl, TOOL_LIMITS } from "#common/tool-input.ts";
import { MESSAGES } from "#common/messages.ts";
import { slugify } from "#common/slugify.ts";
import type { WebsiteProposal } from "#server/tools/lifecycle/website-fill.ts";

/** The tool form's values as the form keeps them (tags as typed, images as addresses). */
type FillableValues = {
  name: string;
  website: string;
  shortDesc: string;
  longDesc: string;
  tags: string;
  paymentType: string;
  categories: string[];
  logo: string;
  largeImage: string;
  repository: string;
};

/** The form's values with the proposal in them: the page's word where it has one, the maker's where it has none. */
export function withProposal<Values extends FillableValues>(values: Values, proposal: WebsiteProposal): Values {
  const typedTags = values.tags
    .split(/[,\n]/)
    .map((tag) => tag.trim())
    .filter(Boolean);
  const tags = [...typedTags];
  for (const tag of proposal.tags) if (!typedTags.some((typed) => slugify(typed) === tag)) tags.push(tag);
  return {
    ...values,
    website: proposal.website,
    name: proposal.name || values.name,
    shortDesc: proposal.shortDesc || values.shortDesc,
    longDesc: proposal.longDesc || values.longDesc,
    tags: tags.slice(0, TOOL_LIMITS.tags.max).join(", "),
    paymentType: proposal.paymentType ?? values.paymentType,
    // The maker's own choice of categories stands; without one, the page's words propose one.
    categories: values.categories.length > 0 ? values.categories : proposal.categories,
    logo: proposal.logo ?? values.logo,
    largeImage: proposal.largeImage ?? values.largeImage,
    // A repository read from GitHub is the tool's repository, whose facts the site then keeps (decision 060).
    repository: (proposal.github && normalizeRepositoryUrl(proposal.github.url)) || values.repository,
  };
}

/** The button beside the website field, and what the last fill did. */
export function WebsiteFillButton({ wasFilled }: { wasFilled: boolean }) {
  const navigation = useNavigation();
  const isReading = navigation.state === "submitting" && navigation.formData?.get("intent") === "fill";
  const t = useT();
  return (
    <div className="space-y-2">
      <button
        type="submit"
        name="intent"
        value="fill"
        formNoValidate
        disabled={isReading}
        className="rounded-lg border border-brand-600 px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50 disabled:opacity-60"
      >
        {isReading ? t("websiteFill.reading") : t("websiteFill.fill")}
      </button>
      <p className="text-xs text-slate-500">{t("websiteFill.hint")}</p>
      {wasFilled && !isReading && (
        <p
          role="status"
          data-testid="website-filled"
          className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-800"
        >
          {MESSAGES.fetch.filled}
        </p>
      )}
    </div>
  );
}
