-- The blog and the legal pages in the database (decision 050), written in the console. The seed's posts and pages are
-- their first rows. A change sends the tag 'blog' or 'legal' on page_cache: the pages that show them are dropped.
CREATE TABLE "blog_posts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"body" text NOT NULL,
	"state" text NOT NULL,
	"date" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_pages" (
	"name" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"body" text NOT NULL,
	"updated" text NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "blog_posts_slug_key" ON "blog_posts" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "blog_posts_published_idx" ON "blog_posts" USING btree ("date","slug") WHERE "blog_posts"."state" = 'published';--> statement-breakpoint
INSERT INTO "blog_posts" ("slug", "title", "description", "body", "state", "date") VALUES ($s$choosing-a-payment-provider-as-a-solo-founder$s$, $t$Choosing a payment provider as a solo founder$t$, $d$Merchant of record or payment processor? How Stripe, Paddle, Lemon Squeezy, Polar and Gumroad differ on taxes, control and effort, and which fits your product.$d$, $body$
Picking how you get paid feels like a detail until the first tax letter arrives from a country you have never been to. The choice between providers comes down to one question more than any other: **who is the seller in the eyes of the law, you or the provider?** Answer that first, and the list of candidates gets short.

*This article explains the general trade-offs. It isn't tax or legal advice. Rules differ by country and change often, so check your own situation with an accountant.*

## Two models: payment processor and merchant of record

### Payment processor: you are the seller

With a payment processor such as [Stripe](https://stripe.com), your business sells directly to the customer. The processor moves the money, handles card security and gives you tools for checkout, subscriptions and invoices. But the sale is yours, and so are the obligations that come with it:

- **Sales tax and VAT.** You work out where you owe tax, register there, charge the right rate, issue correct invoices and file returns.
- **Disputes and refunds.** Chargebacks come to you, and you answer them with evidence.
- **Your name on the statement.** The customer sees your business on their card statement and invoice.

Stripe has a lot of tooling to help, including Stripe Tax for working out and collecting the right amount. Tooling doesn't change who is legally responsible, though. That is still you.

### Merchant of record: the provider is the seller

A merchant of record (MoR) buys your product and resells it to the customer in its own name. [Paddle](https://www.paddle.com), [Lemon Squeezy](https://www.lemonsqueezy.com) and [Polar](https://polar.sh) all work this way. Because the MoR is the seller, it is the one that:

- charges the right sales tax or VAT for the customer's location, files the returns and pays the tax,
- issues invoices and receipts to the customer,
- deals with chargebacks, fraud checks and many refund requests,
- pays you the net amount, usually with a single statement you can hand to your accountant.

In exchange, an MoR takes a larger cut per transaction than a plain processor, and you give up some control over checkout, customer data and which products you may sell.

## Why taxes decide it for most solo founders

Selling software online means selling across borders from day one, and many countries tax digital sales where the *customer* lives, not where you are. A few examples of why this gets complicated:

- **European Union.** A business outside the EU that sells digital services to EU consumers owes VAT from the first sale, at each customer's local rate. A simplified scheme (the One Stop Shop) lets you file in one country, but you still have to register and file every quarter. Sales to VAT-registered businesses usually fall under a reverse charge instead, which means checking VAT numbers.
- **United Kingdom.** The UK taxes digital services to UK consumers in a similar way, with its own registration.
- **United States.** Sales tax is set by each state. Many states make you collect tax once your sales there pass a threshold, and whether SaaS is taxable at all differs from state to state.
- **Elsewhere.** Countries such as Australia, Canada, Norway, Switzerland and Japan have their own rules for foreign sellers of digital services.

A solo founder can handle this with a processor and good tooling, and many do, especially with a local accountant. But if you'd rather not think about tax registrations in several jurisdictions, this is exactly the job a merchant of record takes off your plate.

## The main options

### Stripe

The default choice for developers, and for good reason: excellent APIs and documentation, hosted Checkout and a customer billing portal, flexible subscriptions and usage-based billing, invoicing, and a huge ecosystem of libraries and starter kits. Most SaaS boilerplates, including [ShipFast](https://shipfa.st), [Makerkit](https://makerkit.dev) and the free [Next.js SaaS Starter](https://github.com/nextjs/saas-starter), come with Stripe already wired up.

**Fits when** you want full control over billing, sell mostly in your own country or to businesses, or already have an accountant who handles your tax filings. It is also the natural choice for marketplaces and for products that charge for physical goods or services. If you haven't set up a company yet, [Stripe Atlas](https://stripe.com/atlas) can incorporate a US company online.

### Paddle

A long-established merchant of record built for SaaS and software companies. It handles subscriptions, localised pricing, invoices and tax compliance, and offers a checkout you can embed or open as an overlay. Paddle reviews your business and product before you can take live payments, so apply early rather than the week before launch.

**Fits when** you sell software or SaaS to a global audience and want tax and compliance handled by a provider that has done it for many years.

### Lemon Squeezy

A merchant of record for software and digital products, now part of Stripe, with a friendly dashboard, hosted checkout, subscriptions, licence keys for downloadable software, and simple storefronts. It became popular with indie makers because it is quick to set up and covers both SaaS and one-off digital downloads.

**Fits when** you sell a mix of subscriptions, downloadable apps, templates or e-books, and want one simple MoR for all of it.

### Polar

An open-source merchant of record aimed at developers. Besides SaaS subscriptions and digital products, it is designed around selling things developers care about, such as access to a private repository, licence keys or file downloads, with APIs and SDKs that fit a modern stack.

**Fits when** you are a developer selling to developers, or you value an open-source provider and a code-first setup.

### Gumroad

The easiest way to start selling e-books, courses, templates, presets and memberships to an audience you already have. You can have a product page live in minutes, and Gumroad handles the sale and the tax for you. It is less suited to complex SaaS billing.

**Fits when** you are a creator selling digital products, not running a subscription app with accounts and plan upgrades.

### Mobile apps: the stores are your merchant

If you sell inside an iOS or Android app, the App Store and Google Play generally require their own in-app purchase systems for digital goods, and they act as the seller for those purchases, taxes included. [RevenueCat](https://www.revenuecat.com) sits on top of both stores and gives you one backend for subscriptions, receipts and analytics across iOS, Android, Flutter and React Native.

## A quick way to decide

Ask yourself these questions in order:

1. **Is it an in-app purchase in a mobile app?** Use the store's billing, probably through RevenueCat.
2. **Are you a creator selling files or courses to your audience?** Start with Gumroad or Lemon Squeezy.
3. **Do you sell to consumers in many countries and want to avoid tax registrations?** Choose a merchant of record: Paddle, Lemon Squeezy or Polar.
4. **Do you sell mainly to businesses or in your own country, want full control, or have an accountant?** Stripe is hard to beat.

## Things to check whichever you choose

- **Current fees, in full.** Compare the total cost per sale, including currency conversion, payouts, international cards and subscription billing add-ons. Fees change, so read the provider's pricing page rather than a blog post (this one included).
- **Supported countries.** Make sure the provider can pay out to your country and your bank, and consider a multi-currency account such as [Wise](https://wise.com) or [Mercury](https://mercury.com) for receiving payouts.
- **Product restrictions.** Every MoR has a list of products it won't sell. Check yours is allowed before you build the integration.
- **Leaving later.** Find out whether you can export customers and, for subscriptions, move card details to another provider. Moving recurring billing is the hardest part of switching.
- **Revenue numbers.** Connect your billing to [ChartMogul](https://chartmogul.com) or [Baremetrics](https://baremetrics.com) to follow MRR, churn and lifetime value without spreadsheets.

Your first provider doesn't have to be your last. Many founders start with a merchant of record to launch quickly, and move to a processor once revenue justifies an accountant, or the other way round once they start selling abroad. Browse the [Finance and Payment](/category/finance-and-payment) category and the [best Stripe tools](/top-stripe-tools) to see what fits around each option.
$body$, 'published', '2026-08-04');
--> statement-breakpoint
INSERT INTO "blog_posts" ("slug", "title", "description", "body", "state", "date") VALUES ($s$how-to-launch-your-side-project$s$, $t$How to launch your side project without a marketing budget$t$, $d$A practical launch checklist for indie makers, covering directories, Product Hunt, Show HN, communities and newsletters, plus what to do after launch day.$d$, $body$
Most side projects don't fail at launch. They fail because nobody notices the launch happened. Shipping the code is the part you control. Getting the first few hundred people to look at it takes a plan, and it takes more than one day. This checklist is the plan we would follow with no audience and no ad budget.

## Before launch: make the visit worth it

Every channel below sends you a short burst of attention. Get the basics in place first, so that burst turns into something you can keep.

### A landing page that answers three questions

A visitor should learn what the product does, who it is for and what to do next within a few seconds. One clear headline, a screenshot or short video, and a single call to action beat a long page of features. If the product isn't ready, a one-page site on [Carrd](https://carrd.co) or [Framer](https://www.framer.com) with a waitlist form from [Tally](https://tally.so) is enough to start collecting interest.

### A way to keep in touch

Launch traffic fades within days. The e-mail addresses you collect while it lasts are what you can still use a month later. Set up a simple list with [Kit](https://kit.com), [Beehiiv](https://www.beehiiv.com) or, for SaaS products that also send product e-mails, [Loops](https://loops.so). Ask for an address at the moment it makes sense: on sign-up, at the end of an onboarding step, or in exchange for something useful.

### Measurement you'll actually read

Install lightweight analytics before launch day, not after. You want to see which channel sent which visitors and how many of them signed up. Cookie-free tools like [Plausible](https://plausible.io), [Umami](https://umami.is) or [Fathom](https://usefathom.com) take minutes to add. Add [Google Search Console](https://search.google.com/search-console) too, so you can watch search traffic grow in the months that follow. The [blog](/blog) has a separate guide to privacy-friendly analytics and what to measure early.

### The small things that make links look good

When people share your link, the preview card is your first impression. Set a title, a description and a social preview image for each page you expect to be shared. Check that the site loads fast on a phone with [PageSpeed Insights](https://pagespeed.web.dev), and compress your screenshots with [Squoosh](https://squoosh.app) or [TinyPNG](https://tinypng.com).

### Proof that real people use it

Even a handful of quotes from beta users makes a page more convincing. Invite people early through [BetaList](https://betalist.com) or your own network, then collect their words with [Senja](https://senja.io) or a plain form. Mobile makers can hand test builds to those people through [TestFlight](https://developer.apple.com/testflight/).

## Week one: directories

Directories are the lowest-effort, longest-lasting channel. A listing keeps sending a trickle of visitors long after a launch post has dropped off the front page, and a few good ones help search engines find you.

- **Indie Tools.** [Submit your tool](/add-tool) with a clear short description, a logo and screenshots. Once a verifier approves it, it appears under its [categories](/categories) and [tags](/tags), and you can see how many views and clicks it gets.
- **[Uneed](https://www.uneed.best)** runs daily launches and has a free listing option.
- **[SaaSHub](https://www.saashub.com)** and **[AlternativeTo](https://alternativeto.net)** are where people go looking for an alternative to a product they already know. List yours next to the tool you replace.
- **[There's An AI For That](https://theresanaiforthat.com)** is worth it if your product is built around AI.
- **[Peerlist](https://peerlist.io)** has a weekly Launchpad for projects from people in tech.

Browse the [Directories](/category/directories) and [Launch](/category/launch) categories for more. Write your description once, then adapt it to each site's length limits instead of pasting the same text everywhere.

## Launch day: Product Hunt

[Product Hunt](https://www.producthunt.com) is still the best-known launch platform. It rewards preparation more than luck.

- **Pick the day on purpose.** The daily leaderboard resets at midnight Pacific Time. Weekdays bring more visitors and more competition, weekends the opposite. A small product often gets more attention on a quieter day.
- **Prepare the assets.** You need a tagline, a gallery of images or a short video, and a first comment that explains why you built the product and what kind of feedback you want.
- **Hunt it yourself.** You don't need a famous hunter. A maker launching their own product is normal.
- **Ask for feedback, not upvotes.** Tell your list and your followers that you launched and that you'd love their thoughts. Product Hunt discourages asking for upvotes outright, and a thread full of genuine comments helps you more anyway.
- **Stay online.** Reply to every comment during the day. That conversation is what people remember.

## Show HN: for things people can try

A "Show HN" post on [Hacker News](https://news.ycombinator.com) can bring a very technical audience, and blunt feedback with it. It works best for things people can try right away: an open-source project, a developer tool, a demo without a sign-up wall. Landing pages, waitlists and fundraisers don't belong there.

Use a plain title such as "Show HN: Name – what it does in a few words", link straight to the thing, and add a short comment with the story behind it and what you learned building it. Then answer questions honestly, including the critical ones. Don't ask friends to upvote. The site penalises voting rings, and it shows.

## Communities: give before you post

Communities can send your most engaged early users, but only if you are a member first and a marketer second.

- **[Indie Hackers](https://www.indiehackers.com)** welcomes launch posts and, even more, honest write-ups about numbers and lessons learned.
- **[Reddit](https://www.reddit.com)** has subreddits for side projects, SaaS and almost every niche. Read each subreddit's rules before posting. Many only allow self-promotion on certain days or in a weekly thread.
- **[WIP](https://wip.co)** and building in public on X, LinkedIn or Bluesky turn the weeks before launch into a story people want to follow. [Typefully](https://typefully.com) or [Buffer](https://buffer.com) help you write and schedule posts in advance.
- **Discord and Slack groups** in your niche are often the best-targeted audience of all.

The [Networking and Community Building](/category/networking-and-community-building) category lists more places where makers gather. Whatever the community, write a post that is useful even to someone who never clicks your link. "How I got my first 50 users for a niche tool" travels further than "Check out my app".

## Newsletters and niche publications

Many newsletters regularly feature new tools, and their editors are always looking for material. Find three to five that your target users read and send each editor a short, personal note: what the product does, why their readers would care, and a link. Don't send a press release. If your product fits a niche, such as designers or Laravel developers, a newsletter for that group will usually beat a general tech publication.

## After launch: turn the spike into a habit

The day after launch is when the real work starts.

1. **Read the numbers.** Check which channel brought visitors who actually signed up, not just the most traffic. Do more of that.
2. **Reply to everyone.** Every person who left feedback is a potential first customer. E-mail them and thank them.
3. **Fix what came up.** Launch feedback is the cheapest user research you will ever get. Ship the quick wins within a week, then post an update.
4. **Launch again.** A major feature, a mobile app or a free tool built around your product are all good reasons for another round.
5. **Write about it.** A post about what you learned brings search traffic for years and gives you something to share in communities.

For more ideas, see the [best marketing tools](/top-marketing-tools) and the [best SEO tools](/top-seo-tools) for indie developers. Look at what other makers are searching for on [/searches](/searches), too. It's a good hint at which problems people want solved.
$body$, 'published', '2026-06-16');
--> statement-breakpoint
INSERT INTO "blog_posts" ("slug", "title", "description", "body", "state", "date") VALUES ($s$privacy-friendly-analytics-for-indie-makers$s$, $t$Privacy-friendly analytics for indie makers$t$, $d$Why cookie-free analytics suit small products, which numbers matter in the first months, and how Plausible, Umami, Fathom and PostHog compare for solo makers.$d$, $body$
Every maker wants to know whether anyone is using the thing they built. The reflex is to paste in the biggest free analytics script available. For a small product, that often means a cookie banner in front of your landing page, a dashboard full of reports you'll never open, and a script heavier than your own code. There is a lighter way that respects your visitors and still answers the questions that matter.

## Why cookie-free analytics make sense for small products

### No banner in front of your first impression

In the EU, the UK and a growing number of other places, storing or reading identifiers on a visitor's device usually requires consent, unless it's strictly necessary. Classic analytics set cookies to recognise returning visitors, which is why so many sites greet you with a consent pop-up. Cookie-free tools count visits without storing anything on the device. For most small sites that removes the main reason for a banner. Check what applies where you and your visitors are, and describe your analytics honestly in your privacy policy either way.

### Numbers you can trust more

Many visitors decline consent banners, and many block well-known tracking scripts. Both shrink your numbers in ways you can't see. A small, first-party script that respects privacy tends to be blocked less, so your figures come closer to reality. No tool catches everything, though.

### Faster pages

Lightweight analytics scripts are a few kilobytes. That helps your Core Web Vitals, which you can check with [PageSpeed Insights](https://pagespeed.web.dev), and makes a real difference for visitors on slow mobile connections.

### Less data to look after

Data you never collect can't leak, doesn't need a deletion process and doesn't need a long section in your privacy policy. For a solo founder with no compliance team, that is a real saving.

## How counting without cookies works

If there's no cookie, how does a tool know that two page views came from the same person? Most privacy-focused tools use a variation of one idea. For each request, the server combines the visitor's IP address and browser user agent with a secret random value, the *salt*, and runs them through a one-way hash. The result is a meaningless string that stays the same for that visitor for the rest of the day, which is enough to count unique visitors. The IP address itself is never stored. Every day the salt is replaced and the old one deleted, so yesterday's hashes can no longer be linked to anyone, or even to today's.

The trade-off is that you can't follow one person across days or devices. For deciding what to build and where your visitors come from, you rarely need to. Indie Tools counts its own page views this way. Our [privacy policy](/privacy-policy.html) describes exactly what is kept.

## What to measure in the first months

Early on, the danger isn't too little data. It's too many numbers and no decisions. Stick to a short list.

1. **Visitors and where they came from.** Referrers tell you which launch post, directory or community actually sent people. Tag the links you control with `utm_source` parameters. Many directories, Indie Tools included, add a `ref` parameter to outbound links, and tools such as Plausible read it as a traffic source.
2. **Top pages and entry pages.** Which pages do people land on, and which blog posts keep bringing visitors months later?
3. **One conversion goal.** Pick the action that matters most, such as a sign-up, a waitlist entry, a download or a purchase, and track it as a goal or custom event. Conversion rate by source tells you far more than total traffic.
4. **Activation.** Of the people who sign up, how many reach the moment where the product proves useful? This usually lives in your own database. A simple query is fine.
5. **Retention.** Do people come back in week two, week four? Again, your own data, counted per signup week, beats any dashboard.
6. **Revenue.** Once you charge money, connect billing to [ChartMogul](https://chartmogul.com) or [Baremetrics](https://baremetrics.com) for MRR and churn, or build a small dashboard with [Metabase](https://www.metabase.com) on top of your database.

Also add [Google Search Console](https://search.google.com/search-console) and [Bing Webmaster Tools](https://www.bing.com/webmasters). They need no script on your site and show which search queries bring people in, which is exactly what you can't see anywhere else.

## The tools

### Plausible Analytics

[Plausible](https://plausible.io) is open source and cookie-free, with a single-page dashboard that shows visitors, sources, pages, countries, devices and goals at a glance. You can pay for the hosted service or self-host the free Community Edition. It also supports custom events, UTM campaigns and revenue goals, and you can share a public dashboard if you build in public.

**Good fit** if you want a polished, no-maintenance dashboard with an open-source core.

### Umami

[Umami](https://umami.is) is open-source, privacy-focused analytics that you can self-host for free on a small server or a platform like [Coolify](https://coolify.io), with a PostgreSQL database behind it. A managed cloud version with a free tier is available too. It covers page views, referrers, events and several websites from one install.

**Good fit** if you already run a server and like owning your stack, or you track many small projects.

### Fathom Analytics

[Fathom](https://usefathom.com) is a paid, privacy-first service with a fast, simple dashboard and no cookies. It isn't open source, but you don't have to maintain anything, and it handles high traffic without fuss.

**Good fit** if you want a hosted tool you never have to think about and don't mind paying from day one.

### PostHog

[PostHog](https://posthog.com) is a different kind of tool: product analytics, funnels, session replay, feature flags, A/B tests and surveys in one platform, with a generous free tier. By default it identifies users across sessions, which is the point of product analytics, and it can be configured to run without cookies. If you track signed-in users, say so in your privacy policy.

**Good fit** once you have real users and need to understand what they do inside the app, not just on the marketing site.

### Heatmaps and recordings

[Microsoft Clarity](https://clarity.microsoft.com) and [Hotjar](https://www.hotjar.com) show where people click, scroll and get stuck. They are useful for fixing a confusing landing page, but they record far more than page counts and normally rely on cookies. Treat them as a short experiment with proper consent, not something to leave running everywhere.

### Links you share elsewhere

For links in newsletters, social posts and bios, [Dub](https://dub.co) gives you branded short links with click statistics. That way you can tell which post worked without adding anything to your site.

## A simple setup that goes a long way

For most indie products, this is plenty:

- one cookie-free analytics tool on the website, with one or two goals,
- Search Console and Bing Webmaster Tools for search,
- a handful of database queries for activation and retention,
- revenue metrics from your billing provider once money comes in.

Look at it once a week, write down one thing you learned and one thing you'll change, and ignore the rest. You can find more options in the [Analytics and Data](/category/analytics-and-data) and [Legal and Compliance](/category/legal-and-compliance) categories.
$body$, 'published', '2026-10-06');
--> statement-breakpoint
INSERT INTO "legal_pages" ("name", "title", "description", "body", "updated") VALUES ('terms-of-service', $t$Terms of service$t$, $d$The rules for using Indie Tools, submitting and claiming tools, requesting a featured listing, and what we can and cannot promise about the tools we list.$d$, $body$
These terms apply to everyone who uses Indie Tools, whether you are browsing or have an account. Indie Tools is self-hosted software. "We" means the operator of this site, the person or organisation that runs this instance. Our details are available through the contact links in the footer. By using the site you agree to these terms. If you don't agree, please don't use it.

How we handle personal data is explained separately in our [privacy policy](/privacy-policy.html).

## Using Indie Tools

Indie Tools is a hand-curated directory of tools for independent developers and solopreneurs. Anyone can browse the [tools](/tools), [categories](/categories) and [tags](/tags), and search the directory without an account. Using it is free.

An account lets you keep favourites, submit tools, claim tools you make and ask for a tool to be featured.

## Your account

- Give a valid e-mail address that you control. We use it to sign you in and to send you the e-mails described in the privacy policy.
- Keep your password to yourself. You are responsible for what happens under your account, so tell us quickly if you think someone else has used it.
- Choose a username and write a bio that others may see. Don't impersonate someone else or use a name you have no right to.
- You can delete your account at any time from the "Edit profile" page.

We may suspend or delete an account that breaks these terms, or that we reasonably believe is being used to harm the service or its users.

## Submitting a tool

When you submit a tool, you confirm that the information is accurate and that you are allowed to share it, including any text, logo and screenshots you provide. Describe the tool honestly, and don't copy text or images you have no right to use.

By submitting a tool, you give us a free, non-exclusive, worldwide permission to list and describe the tool on Indie Tools, and to show its name, logo and screenshots on the site and in the search results and link previews of its pages. This permission continues for as long as the tool is listed. You keep all rights you have in your material. Submitting doesn't transfer ownership of anything to us.

Submissions are reviewed by verifiers before they appear. Verifiers act for the operator and may:

- edit a listing, for example to correct facts, shorten descriptions, adjust categories and tags or improve formatting,
- refuse a submission, for example because it is a duplicate, off-topic, incomplete, misleading or of low quality,
- remove a listing at any time, for example if the tool no longer works or breaks these terms.

A listing is never guaranteed, and we don't have to give reasons for every decision, although we try to.

## Claiming a tool

If you make a tool that is already listed, you can claim it. Claims are checked before they are accepted, and we may ask for proof that you are the maker, such as an e-mail from the tool's domain or a change on its website. We may refuse or reverse a claim we can't confirm or that turns out to be wrong. An accepted claim links the tool to your account. The listing stays part of the directory, and verifiers can still edit it.

## Featured listings

Featured tools are chosen by the operator. You can ask for a tool to be featured, but a request doesn't guarantee anything, and we decide which tools to feature, when and for how long. No payments are taken on Indie Tools at present. If that changes, the conditions will be stated clearly before anything is charged.

## Acceptable use

When using Indie Tools, you agree not to:

- post spam, including mass submissions, fake listings, misleading descriptions or links that exist only for search engine ranking,
- submit or link to unlawful content, malware, phishing, or material that infringes someone else's rights,
- harass other users or makers,
- inflate views, clicks, favourites or searches artificially,
- scrape or crawl the site in an automated way that puts load on the service, harms it, or gets around its limits,
- try to access accounts, data or parts of the service that aren't meant for you, or interfere with its security or operation.

Reading pages with an ordinary browser, sharing links and quoting a listing with a link back are fine. If you want to reuse the directory in bulk, ask us first.

## Tools listed on Indie Tools

The tools in the directory are made and run by third parties, not by us. Descriptions, pros, cons, pricing types and answers to common questions are written to help you compare, but they may be incomplete or go out of date, and a tool can change its features, prices or terms at any time.

We don't endorse any listed tool, and we give no warranty about its quality, safety, availability, pricing or fitness for your purpose. Before you rely on a tool, pay for it or give it your data, check its own website, terms and privacy policy. Any agreement you make with a tool's provider is between you and them.

## External links

Indie Tools links to websites we don't control, including the tools' own sites and the promotional banner at the top of the pages. Links to tools carry a `ref` parameter so their owners know the visit came from us. We aren't responsible for the content, availability or practices of external sites.

## No warranty

Indie Tools is provided "as is" and "as available". We work to keep it accurate and online, but we can't promise that it will always be available, free of errors or complete, and we may change, pause or stop any part of it.

## Limitation of liability

To the extent the law allows, we are not liable for indirect or consequential losses, lost profits, lost data, or any damage that results from using or being unable to use Indie Tools, or from using any tool or website linked from it. Nothing in these terms limits liability that can't be limited by law, and nothing takes away rights you have as a consumer under the law that applies to you.

## Changes to these terms

We may update these terms, for example when the site gains new features. The date at the top shows when they last changed. If you keep using Indie Tools after a change, you accept the updated terms. If a change matters for your account, we'll try to let you know in advance.

## Contact

For questions about these terms, a listing, a claim or your account, use the contact links in the footer.
$body$, '2026-09-14');
--> statement-breakpoint
INSERT INTO "legal_pages" ("name", "title", "description", "body", "updated") VALUES ('privacy-policy', $t$Privacy policy$t$, $d$What Indie Tools collects when you browse, search, register or submit a tool, why it is collected, how long it is kept, and how to have it deleted.$d$, $body$
This policy explains what personal data Indie Tools handles and why. Indie Tools is self-hosted software. "We" means the operator of this site, the person or organisation that runs this instance. Our contact details are available through the contact links in the footer of every page.

The short version: you can browse without an account, our analytics set no cookies and store no IP addresses, we don't sell data, and we run no third-party advertising or tracking scripts.

## Browsing without an account

You don't need an account to browse, search or open tools. A visitor who doesn't sign in gets no cookie at all.

Like any website, our server needs your IP address to send you pages, but our analytics don't store it.

### Page views and outbound clicks

We measure page views, and clicks on links to tools' websites, with the site's own self-hosted analytics. No outside analytics service is involved, unless the operator chooses to forward the events (see below). The analytics use no cookies and don't store IP addresses. To count unique visitors, we combine your IP address and your browser's user agent with a random value (a salt) and turn them into a one-way hash. The hash can't be reversed to recover your IP address. The salt is replaced every day and the old one discarded, so hashes from different days can't be linked to each other or to you. Known bots are filtered out and not counted.

Each event holds the page's address (without its query string), the time, the hash, and where you came from: for another website only its domain name, never the page; for our own pages, the page. Events sent by the site's search-engine crawlers and other bots are dropped.

An operator may also forward the events to a Plausible Analytics server of their choice (the `PLAUSIBLE_HOST` setting): the page's address without its query string, the name of the site you came from, and your IP address and user agent, which Plausible uses only to make its own daily hash, in the same cookie-free way.

Raw analytics events are kept for a limited number of days, set by the operator. After that, only daily totals remain, such as the number of views of a page on a given day.

### Tool counters

Each tool page counts its views, and each click on a tool's website link counts as a click for that tool. These counters are anonymous totals. They are shown publicly on the tool's page and to the tool's maker.

### Links to tools

Links from Indie Tools to tools' websites carry a `ref` parameter, so the tool's owner can see that the visit came from Indie Tools. Once you follow such a link, you are on a third-party site with its own privacy policy.

### Searches

When you type into the search box, we record the search text, but not who searched. The most searched texts are shown publicly on [/searches](/searches), so please don't type personal information into the search box.

## If you register

### What we store

When you create an account, we store:

- your e-mail address,
- your username, and the public profile address (slug) made from it,
- an optional bio and links to your social profiles, if you add them,
- your newsletter choice and whether you are a solo maker,
- the tools you mark as favourites,
- the tools you submit or claim, and your requests to have a tool featured.

Your password is never stored as such, only as a salted hash that can't be turned back into the password.

If you sign in with Google, we receive your name and e-mail address from Google and use them to create your account or sign you in.

Your public profile shows your username, bio and social links. Your e-mail address is not shown publicly.

### The session cookie

When you sign in, we set one session cookie that keeps you signed in. It is marked http-only, so scripts on the page can't read it. It is the only cookie Indie Tools sets, and only signed-in users get it. Signing out ends the session.

### Local storage in your browser

Your browser also keeps a small local cache under the localStorage key `idt_d`. It holds your user id, profile slug, role and your tools, and is used only to shape the interface. It is removed when you log out.

## E-mails we send

We send e-mail only when it is needed for your account or your own submissions:

- password reset e-mails and sign-in links you ask for,
- notices about your own submissions: received, live, rejected, or your claim accepted,
- a one-time e-mail with a tool's views and clicks during its first week.

The newsletter is separate. If the operator offers one, it runs on an external newsletter service, and you receive it only if you subscribe there. That service's own privacy policy applies to your subscription.

## Tools you submit

The information you give when submitting a tool, such as its name, website, short and long descriptions, images, categories and tags, is meant for publication. It becomes public once a verifier has checked and approved the tool. Images you upload are re-encoded before they are stored.

## Why we use your data

We use the data above only to run Indie Tools: to show the directory and its counters, to provide accounts, favourites, submissions, claims and feature requests, to send the e-mails listed above, to keep the service secure, and to understand in aggregate which pages and tools are useful.

We don't sell your data, and we don't use it for advertising. There are no third-party advertising or tracking scripts on the site. The promotional banner at the top of the pages is a plain link.

## Who else handles the data

To run the service, the operator may use:

- a **hosting provider**, which runs the server and the database,
- an **e-mail provider**, which delivers the e-mails listed above,
- **image storage**, if configured, which stores uploaded images.

These providers process data on our behalf, only as needed to run the service. We don't share your data with anyone else, unless the law requires it.

## How long we keep data

- Account data is kept until you delete your account.
- A session ends when you log out or when it expires.
- Raw analytics events are kept for the number of days set by the operator, then only daily totals remain.
- Tool counters and search texts are not linked to anyone and are kept as long as the directory runs.

## Deleting your account and your other choices

You can delete your account yourself. Sign in, open the "Edit profile" page (`/edit-profile`) and choose to delete your account. This removes your user data, your favourites and your sessions. Tools you submitted or claimed stay listed in the directory, but they are no longer linked to you.

You can also change your profile details on that page at any time.

For any other request, such as a copy of your data, a correction, a deletion or a question about this policy, contact us through the contact links in the footer. Depending on where you live, you may have further rights under data protection law, including the right to complain to your local data protection authority.

## Changes to this policy

If what we collect or how we use it changes, we'll update this page and the date at the top.
$body$, '2026-09-14');
--> statement-breakpoint
CREATE FUNCTION blog_posts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM page_cache_notify(ARRAY['blog']);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER blog_posts_changed AFTER INSERT OR UPDATE OR DELETE ON "blog_posts" FOR EACH STATEMENT EXECUTE FUNCTION blog_posts_changed();
--> statement-breakpoint
CREATE FUNCTION legal_pages_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM page_cache_notify(ARRAY['legal']);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER legal_pages_changed AFTER INSERT OR UPDATE OR DELETE ON "legal_pages" FOR EACH STATEMENT EXECUTE FUNCTION legal_pages_changed();
