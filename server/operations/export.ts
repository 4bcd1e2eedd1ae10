/**
 * `npm run export -- --format json|csv [--out file]`: the catalogue (every category and live tool, no user data) as
 * the console's download makes it (decision 025), to a file or to standard output.
 */
import { writeFile } from "node:fs/promises";
import { countOf } from "#common/plural.ts";
import { exportFormatParam } from "#common/schemas/catalogue.ts";
import { exportCatalogue } from "../catalogue/export.ts";
import { type Command, CommandFailure, operatorPath, parseCommandArgs } from "./command.ts";

const USAGE = "Usage: npm run export -- --format json|csv [--out file]";

export const exportCommand: Command = {
  name: "export",
  runsInServer: true,
  async run(args, io, host) {
    const { values } = parseCommandArgs(
      args,
      {
        options: {
          format: { type: "string", default: "json" },
          out: { type: "string" },
          help: { type: "boolean", short: "h" },
        },
      },
      USAGE,
    );
    if (values.help) {
      io.out(`${USAGE}\n`);
      return;
    }
    const format = exportFormatParam.safeParse(values.format);
    if (!format.success) throw new CommandFailure(`${format.error.issues[0]!.message}\n${USAGE}`);
    const file = await exportCatalogue((await host.database()).db, format.data);
    if (values.out) {
      await writeFile(operatorPath(io, values.out), file.text);
      io.err(`wrote ${countOf(file.count, "tool")} to ${values.out}\n`);
    } else io.out(file.text);
  },
};
