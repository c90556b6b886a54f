-- One-time-code sign-in (spec §7 One-time-code sign-in: phone plus profile metadata, verify by phone and token).
-- Same rules as 0001: every index starts with `tenant`, plain statements only, no semicolon inside a literal or a comment.

-- The profile metadata sent with the code (first_name, last_name, email, website, dealership_slug), used on verify to
-- fill a new user's names and email and the verify row's dealership. Replaced by a resend, like the code.
ALTER TABLE otp_codes ADD COLUMN profile TEXT CHECK (profile IS NULL OR json_valid(profile));
-- A random marker set by the verify that consumed the code: the rest of that verify's batch (user, session, rows)
-- runs only where its own marker is found, so two simultaneous verifies of one code make one session.
ALTER TABLE otp_codes ADD COLUMN consumed_by TEXT;
