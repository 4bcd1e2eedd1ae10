/**
 * Text a hostile person types where the site shows it back (reviews, replies, reports, searches): each would run
 * script if it were ever inserted as HTML. A page must show it as the words it is.
 */
export const XSS_PAYLOADS = [
  "<script>alert('xss')</script>",
  '<img src=x onerror="alert(1)">',
  '"><svg onload=alert(1)>',
  "javascript:alert(document.cookie)",
  '<a href="javascript:alert(1)">click</a>',
  "[click](javascript:alert(1))",
  "</textarea><script>alert(1)</script>",
  "{{constructor.constructor('alert(1)')()}}",
] as const;
