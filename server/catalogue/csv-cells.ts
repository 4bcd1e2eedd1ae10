/**
 * CSV cells that are safe to open in a spreadsheet (OWASP's "CSV Injection"): a cell that a spreadsheet would read as
 * a formula, one whose first character is `=`, `+`, `-` or `@` (after any leading spaces, or in its full-width form),
 * or a TAB or CR, is written with a `'` before it, which spreadsheets take as "this is text". A cell that already
 * starts with quotes before such a character gets one more, so that reading a file back removes exactly the one the
 * writer added, and the catalogue import reads our own export back to the original values.
 */

/** A formula's start, with any quotes the writer added before it. */
const FORMULA_START = /^'*(?:[\t\r]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/;

/** `cell` as a spreadsheet shows it as text, never runs it. */
export function spreadsheetSafe(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** The value spreadsheetSafe was given: one quote fewer before a formula's start. */
export function fromSpreadsheetSafe(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell) ? cell.slice(1) : cell;
}
