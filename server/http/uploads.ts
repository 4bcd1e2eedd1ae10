/** Image uploads for the tool form: POST /api/v1/tools/:id/images/:kind with the file as the multipart field "file". */
import { Hono } from "hono";
import { AppError } from "#common/errors.ts";
import { MESSAGES } from "#common/messages.ts";
import { toolIdParam } from "#common/schemas/fields.ts";
import type { SessionUser } from "#common/access.ts";
import type { Services } from "../services.ts";

export function createUploads(services: Services) {
  const uploads = new Hono<{ Variables: { user?: SessionUser | null } }>();
  uploads.post("/tools/:id/images/:kind", async (c) => {
    const id = toolIdParam.safeParse(c.req.param("id"));
    const kind = c.req.param("kind");
    if (!id.success || (kind !== "logo" && kind !== "largeImage"))
      throw new AppError("not-found", MESSAGES.image.noSuchUploadAddress);
    const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const file = body.file;
    if (!(file instanceof File))
      throw new AppError("invalid-argument", MESSAGES.image.missing, { [kind]: MESSAGES.image.missing });
    const stored = await services.imageUploads.uploadToolImage(
      c.get("user") ?? null,
      id.data,
      kind,
      new Uint8Array(await file.arrayBuffer()),
    );
    if (!stored.ok) throw new AppError("invalid-argument", stored.message, { [stored.field]: stored.message });
    return c.json({ url: stored.url });
  });
  return uploads;
}
