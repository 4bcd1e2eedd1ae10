/** Text made safe to put in HTML the server writes itself (a mail's HTML body, the API reference): between tags or in an attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
