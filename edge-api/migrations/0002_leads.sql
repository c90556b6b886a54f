-- Leads API (issue 4): spam flags, duplicate merging, trade-in follow-ups and the valuation column of POST /api/miscellaneous.
-- Same rules as 0001: every index starts with `tenant`, plain statements only, no semicolon inside a literal or a comment.

-- Normalised contact (phone in local form, email lowercased) for the duplicate rule: same phone or email and same car within 10 minutes.
ALTER TABLE leads ADD COLUMN contact_phone TEXT;
ALTER TABLE leads ADD COLUMN contact_email TEXT;
-- A lead merged into an earlier one of the same shopper and car is kept (never lost) but gets no outbox row.
ALTER TABLE leads ADD COLUMN merged_into TEXT;
-- A trade-in follow-up (valuation adjustments, offer accepted) names the lead it continues.
ALTER TABLE leads ADD COLUMN parent_lead_id TEXT;
-- Accepted but suspicious: Turnstile missing where the tenant requires it, or siteverify unreachable. Delivered with the flag.
ALTER TABLE leads ADD COLUMN flagged INTEGER NOT NULL DEFAULT 0 CHECK (flagged IN (0, 1));
ALTER TABLE leads ADD COLUMN spam_reason TEXT;
-- SHA-256 of the client IP with the tenant (never the address itself).
ALTER TABLE leads ADD COLUMN ip_hash TEXT;
-- Analytics id recorded for this lead (spec §7 ids).
ALTER TABLE leads ADD COLUMN event_id INTEGER;

CREATE INDEX leads_tenant_car_created ON leads (tenant, car_id, created_at);
CREATE INDEX leads_tenant_parent ON leads (tenant, parent_lead_id);

-- POST /api/miscellaneous (spec §7: valuation response plus column_name valuation): the document kept in that column.
ALTER TABLE leads ADD COLUMN valuation TEXT CHECK (valuation IS NULL OR json_valid(valuation));
