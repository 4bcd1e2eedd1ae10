/** User agents for requests in tests: a person's browser, and a crawler the bot filter must drop. */
export const PERSON = {
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36",
};
export const BOT = { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" };
