-- Delivery estimates (issue 5, spec §7 Delivery cost by postcode): a partner's quote is kept a week per origin and
-- destination postcode, so a page view or a calculator click costs the partner at most one call a week per route.
-- Same rules as 0001: every index starts with `tenant`, plain statements only, no semicolon inside a literal or a comment.
CREATE TABLE delivery_quotes (
  tenant      TEXT    NOT NULL,
  quote_key   TEXT    NOT NULL CHECK (length(quote_key) BETWEEN 1 AND 100),
  -- The estimate answered (JSON { name, price }), or NULL when the partner had none (also worth remembering).
  estimate    TEXT    CHECK (estimate IS NULL OR json_valid(estimate)),
  fetched_at  INTEGER NOT NULL,
  PRIMARY KEY (tenant, quote_key)
) STRICT;
CREATE INDEX delivery_quotes_tenant_fetched ON delivery_quotes (tenant, fetched_at);
