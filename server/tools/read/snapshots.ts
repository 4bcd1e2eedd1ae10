/**
 * Public JSON snapshots of tools at tools/{id}/{id}.json (docs/product.md §3 and §7): the browser reads one when it
 * navigates to a tool page, and falls back to the database when it cannot. Only live tools have one.
 */
import type { Database } from "../../db/client.ts";
import type { FileStorage } from "../../storage/files.ts";
import { toolQueries } from "./queries.ts";

export function toolSnapshotKey(id: string): string {
  return `tools/${id}/${id}.json`;
}

export function toolSnapshots(db: Database, storage: FileStorage) {
  const { findPublicToolById } = toolQueries(db);
  return {
    /** Writes the snapshot of a tool after it was created or changed; removes it when the tool is not live. */
    async writeToolSnapshot(id: string): Promise<void> {
      const tool = await findPublicToolById(id);
      if (tool) await storage.write(toolSnapshotKey(id), JSON.stringify(tool), "application/json");
      else await storage.remove(toolSnapshotKey(id));
    },
  };
}
