/**
 * The admin's command line: `npm run admin -- set-role <email> <guest|verifier|admin>` (SPEC section 6; the first admin
 * is made this way). It opens the database from the server's own config (DATABASE_URL, or the embedded one in DATA_DIR).
 */
import { USER_ROLES } from "#common/constants.ts";
import { isAppError } from "#common/errors.ts";
import { setRoleInput } from "#common/schemas/profiles.ts";
import { roleMutations } from "#server/users/mutations.ts";
import { fail, openToolDatabase } from "./open-database.ts";

const USAGE = `Usage: npm run admin -- set-role <email> <${USER_ROLES.join("|")}>`;

const [command, ...args] = process.argv.slice(2);
if (command !== "set-role" || args.length !== 2) fail(USAGE);

const parsed = setRoleInput.safeParse({ email: args[0], role: args[1] });
if (!parsed.success) fail(`${parsed.error.issues.map((issue) => issue.message).join("\n")}\n${USAGE}`);

const { database } = await openToolDatabase();

let exitCode = 0;
try {
  const result = await roleMutations(database.db).setRole(parsed.data);
  process.stdout.write(
    result.previousRole === result.role
      ? `${result.email} (${result.username}) already has the role ${result.role}; nothing changed.\n`
      : `${result.email} (${result.username}): role changed from ${result.previousRole} to ${result.role}.\n`,
  );
} catch (error) {
  if (!isAppError(error)) throw error;
  process.stderr.write(`${error.message}\n`);
  exitCode = 1;
} finally {
  await database.close();
}
process.exit(exitCode);
