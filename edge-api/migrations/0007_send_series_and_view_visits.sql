-- Issue 10: sign-in codes slowed per phone instead of locked out, and the view counter counting one view per visitor.
-- Same rules as 0001: every index starts with `tenant`, plain statements only, no semicolon inside a literal or a comment.

-- How often a phone has been texted a sign-in code (edge-api README "Sign-in" > "Limits"): one row per site and phone,
-- plus one per phone across all sites (`tenant` '*'). The phone is kept only as SHA-256 of the scope and the phone.
-- `claim` is a random marker written with every change: a send writes both rows by compare-and-set on it, so two
-- simultaneous sends cannot both pass the cool-down. The cron deletes rows a day after their latest code.
CREATE TABLE otp_send_series (
  tenant       TEXT    NOT NULL,
  phone_hash   TEXT    NOT NULL CHECK (length(phone_hash) = 64),
  series_start INTEGER NOT NULL,
  sends        INTEGER NOT NULL CHECK (sends >= 0),
  last_sent_at INTEGER NOT NULL,
  claim        TEXT    NOT NULL,
  PRIMARY KEY (tenant, phone_hash)
) STRICT;
CREATE INDEX otp_send_series_tenant_last ON otp_send_series (tenant, last_sent_at);

-- One counted view per visitor and car per period (GET /api/cars/:slug/view.json): `visit_key` is SHA-256 of the tenant,
-- the car and the visitor (client address and User-Agent), never the address itself. `seen_at` is the counted view,
-- `claim` the marker of the request that counted it (the count is added only where its own marker is found).
CREATE TABLE car_view_visits (
  tenant    TEXT    NOT NULL,
  visit_key TEXT    NOT NULL CHECK (length(visit_key) = 64),
  seen_at   INTEGER NOT NULL,
  claim     TEXT    NOT NULL,
  PRIMARY KEY (tenant, visit_key)
) STRICT;
CREATE INDEX car_view_visits_tenant_seen ON car_view_visits (tenant, seen_at);
