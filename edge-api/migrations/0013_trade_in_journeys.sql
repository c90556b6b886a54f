-- Trade-in / sell-my-car valuation journeys (issue 18, contracts trade-in.ts): one row per journey, keyed by an
-- unguessable id (22 base64url characters) per tenant. The rego and the phone being verified are kept only while the
-- journey lives (expires_at: 30 days after its last step, then the cron deletes the row); the lead (leads table) keeps
-- what the dealer needs. Same rules as 0001: every index starts with `tenant`, plain statements only, no semicolon
-- inside a literal or a comment.
CREATE TABLE trade_in_journeys (
  tenant       TEXT    NOT NULL,
  id           TEXT    NOT NULL CHECK (length(id) = 22),
  kind         TEXT    NOT NULL CHECK (kind IN ('trade-in', 'sell-my-car')),
  -- The dealer's car the shopper trades toward (/cars/trade-in?car_id=), or NULL.
  car_id       TEXT    CHECK (car_id IS NULL OR length(car_id) BETWEEN 1 AND 200),
  rego         TEXT    CHECK (rego IS NULL OR length(rego) BETWEEN 1 AND 9),
  rego_state   TEXT    CHECK (rego_state IS NULL OR rego_state IN ('ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA')),
  -- JSON TradeInVehicle (contracts), once identified or typed.
  vehicle      TEXT    CHECK (vehicle IS NULL OR json_valid(vehicle)),
  odometer     INTEGER CHECK (odometer IS NULL OR odometer >= 0),
  -- JSON { question id: answer }.
  answers      TEXT    CHECK (answers IS NULL OR json_valid(answers)),
  -- The lead of the contact step (leads.id).
  lead_id      TEXT,
  -- The phone the texted code went to (tenant setting trade_in.verify_phone), and when it was verified.
  verify_phone TEXT,
  verified_at  INTEGER,
  -- JSON TradeInOffer (contracts).
  offer        TEXT    CHECK (offer IS NULL OR json_valid(offer)),
  accepted_at  INTEGER,
  created_at   INTEGER NOT NULL,
  updated_at   INTEGER NOT NULL,
  expires_at   INTEGER NOT NULL,
  PRIMARY KEY (tenant, id)
) STRICT;
CREATE INDEX trade_in_journeys_tenant_expires ON trade_in_journeys (tenant, expires_at);
