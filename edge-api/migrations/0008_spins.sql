-- Spin-to-win (issue 14): one spin per signed-in phone per campaign, drawn on the server (src/routes/spin.ts).
-- Same rules as 0001: every index starts with `tenant`, plain statements only, no semicolon inside a literal or a comment.

-- One row per phone and campaign: the UNIQUE key is what makes a second spin impossible, even for two requests at
-- once (the insert is ON CONFLICT DO NOTHING and the loser reads the first row back). The phone is the session's,
-- kept only as SHA-256 of the tenant and the phone (as rate limits and send series keep it): no phone in clear and
-- no contact details (a win's contact is in its lead, which the lead retention purges).
-- `prize_label` keeps what the shopper was shown, should the campaign's content change later. A win names its lead
-- (`lead_id`, derived from the tenant, campaign and phone), which the dealer receives through the outbox.
CREATE TABLE spins (
  tenant      TEXT    NOT NULL,
  campaign_id TEXT    NOT NULL,
  phone_hash  TEXT    NOT NULL CHECK (length(phone_hash) = 64),
  prize_id    TEXT    NOT NULL,
  prize_label TEXT    NOT NULL,
  won         INTEGER NOT NULL CHECK (won IN (0, 1)),
  lead_id     TEXT,
  created_at  INTEGER NOT NULL,
  UNIQUE (tenant, campaign_id, phone_hash)
) STRICT;
CREATE INDEX spins_tenant_created ON spins (tenant, created_at);
