-- Team members of a site. The owner stays `sites.owner_id` (one per site);
-- everyone else who may see the site is here as `admin` (manages it too) or `viewer` (reads, exports).
CREATE TABLE site_members (
  site_id bigint NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('admin', 'viewer')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, user_id)
);
-- The sites a user may see, for the site list.
CREATE INDEX site_members_user ON site_members (user_id);
