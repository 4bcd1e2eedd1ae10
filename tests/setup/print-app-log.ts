/** A failing test prints what the tests' apps logged while it ran (./app-log.ts). */
import { printAppLogOnFailure } from "./app-log.ts";

printAppLogOnFailure();
