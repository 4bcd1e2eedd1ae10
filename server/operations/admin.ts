/**
 * `npm run admin -- set-role <email> <guest|verifier|admin>` (docs/product.md §6): gives a user a role. It opens the
 * database from the server's own config (DATABASE_URL, or the embedded one in DATA_DIR).
 */
import { USER_ROLES } from "#common/constants.ts";
import { setRoleInput } from "#common/schemas/profiles.ts";
import { roleMutations } from "../users/mutations.ts";
import { type Command, CommandFailure } from "./command.ts";

const USAGE = `Usage: npm run admin -- set-role <email> <${USER_ROLES.join("|")}>`;

export const adminCommand: Command = {
  name: "admin",
  runsInServer: true,
  async run(args, io, host) {
    const [command, ...rest] = args;
    if (command !== "set-role" || rest.length !== 2) throw new CommandFailure(USAGE);
    const parsed = setRoleInput.safeParse({ email: rest[0], role: rest[1] });
    if (!parsed.success)
      throw new CommandFailure(`${parsed.error.issues.map((issue) => issue.message).join("\n")}\n${USAGE}`);
    const database = await host.database();
    const result = await roleMutations(database.db).setRole(parsed.data);
    io.out(
      result.previousRole === result.role
        ? `${result.email} (${result.username}) already has the role ${result.role}; nothing changed.\n`
        : `${result.email} (${result.username}): role changed from ${result.previousRole} to ${result.role}.\n`,
    );
  },
};
