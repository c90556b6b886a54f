-- Geocoding answers (issue 17, spec §7 Geocoding): a paid provider's answer for a dealer-locator search is kept 30 days
-- per normalised query ('postcode:4127', 'suburb:springwood qld'), so a locator search costs the provider at most one
-- lookup per place a month. Only the http adapter's answers are kept (the embedded gazetteer answers from memory).
-- Same rules as 0001: every index starts with `tenant`, plain statements only, no semicolon inside a literal or a comment.
CREATE TABLE geocode_answers (
  tenant      TEXT    NOT NULL,
  query_key   TEXT    NOT NULL CHECK (length(query_key) BETWEEN 1 AND 100),
  -- The answer (JSON { lat, lng, label, postcode, state, approximate }), or NULL when the provider found nothing.
  answer      TEXT    CHECK (answer IS NULL OR json_valid(answer)),
  fetched_at  INTEGER NOT NULL,
  PRIMARY KEY (tenant, query_key)
) STRICT;
CREATE INDEX geocode_answers_tenant_fetched ON geocode_answers (tenant, fetched_at);
