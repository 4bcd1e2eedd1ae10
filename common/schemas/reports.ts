/** Problem reports: what a visitor sends from a tool's page, and the console's list and answers (/admin/reports). */
import { z } from "#common/zod.ts";
import { MAX_REPORT_TEXT_LENGTH, REPORT_KINDS } from "../constants.ts";
import { MESSAGES } from "../messages.ts";
import { cursorParam, isStorableText, toolIdParam } from "./fields.ts";

/** A report: what is wrong, and optionally the reporter's words (plain text, shown as text only). */
export const reportInput = z.object({
  kind: z.enum(REPORT_KINDS, { error: () => MESSAGES.report.unknownKind }),
  text: z
    .string()
    .optional()
    .transform((text) => (text ?? "").replace(/\r\n?/g, "\n").trim())
    .pipe(
      z
        .string()
        .max(MAX_REPORT_TEXT_LENGTH, { error: () => MESSAGES.report.textTooLong })
        .refine(isStorableText, { error: () => MESSAGES.report.unreadableText }),
    ),
});
export type ReportInput = z.infer<typeof reportInput>;

/** A moderator's answer to one report (resolve or dismiss). */
export const reportActionInput = z.object({
  reportId: z
    .string({ error: () => MESSAGES.report.notFound })
    .regex(/^[1-9][0-9]{0,14}$/, { error: () => MESSAGES.report.notFound })
    .transform((id) => Number(id)),
});
export type ReportActionInput = z.infer<typeof reportActionInput>;

/** /admin/reports: one keyset page of the open reports, of every tool or of one (`tool`). */
export const reportsQuery = z.object({
  // A report's cursor carries its numeric id.
  cursor: cursorParam.refine((cursor) => !cursor || /^[0-9]{1,15}$/.test(cursor.id), {
    error: () => MESSAGES.page.invalidCursor,
  }),
  tool: toolIdParam.optional().or(z.literal("").transform(() => undefined)),
});
export type ReportsQuery = z.infer<typeof reportsQuery>;
