/** Launch days (decision 063): the day a maker chooses, and /coming-soon's query. */
import { z } from "#common/zod.ts";
import { MESSAGES } from "../messages.ts";
import { cursorParam, dayField } from "./fields.ts";

/** The launch form. The day is checked against today by the server, which knows the day. */
export const launchInput = z.object({
  launchOn: dayField(() => MESSAGES.launch.badDay),
});
export type LaunchInput = z.infer<typeof launchInput>;

/** /coming-soon: the held tools, the soonest first, paged from a cursor. */
export const comingSoonQuery = z.object({ cursor: cursorParam });
