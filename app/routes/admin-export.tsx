/** /admin/export?format=json|csv (admins): the catalogue as a file to download (decision 025). */
import { data } from "react-router";
import { exportFormatParam } from "#common/schemas/catalogue.ts";
import { moderated } from "../moderation.ts";
import type { Route } from "./+types/admin-export";

export async function loader({ url, context }: Route.LoaderArgs) {
  const format = exportFormatParam.safeParse(url.searchParams.get("format") ?? "json");
  if (!format.success) throw data(format.error.issues[0]!.message, { status: 400 });
  const file = await moderated(context.services.catalogue.exportCatalogue(context.user, format.data), url);
  return new Response(file.text, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
      "Cache-Control": "no-store",
    },
  });
}
