/** A count with its noun in the right number: "1 tool", "12 tools". */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
