/**
 * The admin's command line: `npm run admin -- set-role <email> <guest|verifier|admin>` (SPEC section 6; the first admin
 * is made this way). It opens the database from the server's own config (DATABASE_URL, or the embedded one in DATA_DIR).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { USER_ROLES } from "#common/constants.ts";
import { isAppError } from "#common/errors.ts";
import { setRoleInput } from "#common/schemas.ts";
import { ConfigError, parseConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/client.ts";
import { DatabaseInUseError } from "#server/db/data-dir-lock.ts";
import { roleMutations } from "#server/users/mutations.ts";

const ROOT = path.resolve(fileURLToPath(new URL("..", import.meta.url)));
const USAGE = `Usage: npm run admin -- set-role <email> <${USER_ROLES.join("|")}>`;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const [command, ...args] = process.argv.slice(2);
if (command !== "set-role" || args.length !== 2) fail(USAGE);

const parsed = setRoleInput.safeParse({ email: args[0], role: args[1] });
if (!parsed.success) fail(`${parsed.error.issues.map((issue) => issue.message).join("\n")}\n${USAGE}`);

// The same configuration as the server: the environment, or the .env file it reads.
if (existsSync(path.join(ROOT, ".env"))) process.loadEnvFile(path.join(ROOT, ".env"));
let config;
try {
  config = parseConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}

let database;
try {
  database = await openDatabase({ url: config.DATABASE_URL, dataDir: path.resolve(ROOT, config.DATA_DIR), maxConnections: 1 });
} catch (error) {
  if (error instanceof DatabaseInUseError) fail(error.message);
  throw error;
}

let exitCode = 0;
try {
  // A database the server has never started on gets its tables first, as the server would make them.
  await database.migrate();
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
