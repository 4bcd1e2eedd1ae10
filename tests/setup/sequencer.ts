/**
 * The order the test files start in: vitest's own (each group, then each project, then what its cache says: the
 * longest first; a fresh clone has no cache, so the largest files first), except that the files known to take longest
 * start first within their project. On a fresh clone the largest files are not the longest (the artefact's build and
 * the benchmark are short files), and one of them started last kept one of the two workers busy alone for a minute
 * and more at the end of the integration files.
 */
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** The integration files that took longest in CI (on both databases, 40 to 110 s each), the longest first. */
const LONGEST_FIRST = [
  "tests/integration/analytics-durability.test.ts",
  "tests/integration/artefact.test.ts",
  "tests/integration/bench.test.ts",
  "tests/integration/lifecycle.test.ts",
  "tests/integration/backup.test.ts",
  "tests/integration/list-plans.test.ts",
  "tests/integration/link-checks.test.ts",
  "tests/integration/profiles.test.ts",
  "tests/integration/admin.test.ts",
  "tests/integration/functions.test.ts",
];

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = LONGEST_FIRST.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
      return index < 0 ? LONGEST_FIRST.length : index;
    };
    // A stable sort: vitest's groups and projects stay in its order, each already together.
    return sorted.toSorted(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        (a.project.name === b.project.name ? 0 : a.project.name < b.project.name ? -1 : 1) ||
        rank(a) - rank(b),
    );
  }
}
