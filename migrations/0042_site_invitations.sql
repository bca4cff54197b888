-- Invitations to join a site as `admin` or `viewer`, by email. Only the token's digest is kept;
-- the link is mailed (or shown once). At most one pending invitation per site and email: a new
-- invitation replaces it.
CREATE TABLE site_invitations (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_id bigint NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  email text NOT NULL,
  role text NOT NULL CHECK (role IN ('admin', 'viewer')),
  token_digest bytea NOT NULL UNIQUE,
  invited_by bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz
);
CREATE UNIQUE INDEX site_invitations_pending ON site_invitations (site_id, email) WHERE accepted_at IS NULL;
