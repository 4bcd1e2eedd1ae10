-- Nothing looks a tool up by its website's host any more: duplicates and imports match on canonical_website and
-- registrable_domain, and the host is only read from the row. The index cost every write of a tool an entry (about
-- 3% of the database's time in a bulk update of every tool) and served no query.
DROP INDEX "tools_website_domain_idx";
