-- Market valuations (issue 5, spec §7 autogauge): a provider valuation is kept for a day per car, price and km,
-- so a vehicle page costs AutoGrab one lookup a day rather than one per view (and a changed price asks again).
-- Same rules as 0001: every index starts with `tenant`, plain statements only, no semicolon inside a literal or a comment.
CREATE TABLE market_prices (
  tenant      TEXT    NOT NULL,
  car_key     TEXT    NOT NULL CHECK (length(car_key) BETWEEN 1 AND 600),
  -- The valuation answered (JSON), or NULL when the provider had none (also worth remembering for a day).
  valuation   TEXT    CHECK (valuation IS NULL OR json_valid(valuation)),
  fetched_at  INTEGER NOT NULL,
  PRIMARY KEY (tenant, car_key)
) STRICT;
CREATE INDEX market_prices_tenant_fetched ON market_prices (tenant, fetched_at);
