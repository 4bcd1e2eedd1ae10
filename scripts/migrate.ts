/** `npm run db:migrate`: see server/operations/migrate.ts. */
import { migrateCommand } from "#server/operations/migrate.ts";
import { runFromCommandLine } from "./run-command.ts";

await runFromCommandLine(migrateCommand);
