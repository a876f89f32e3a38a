-- Issue 21 (docs/decisions/049-back-office.md): the staff handle reviews and leads.

-- A review's moderation by a staff member, and the shop's public reply shown under a published review.
ALTER TABLE reviews ADD COLUMN reply text CHECK (length(reply) BETWEEN 1 AND 3000);
ALTER TABLE reviews ADD COLUMN replied_at timestamptz;
ALTER TABLE reviews ADD COLUMN moderated_by integer REFERENCES staff_members(id) ON DELETE SET NULL;
CREATE INDEX reviews_status_created ON reviews (status, created_at);

-- Leads — questions and suggestions, partner applications, installation appointments — are worked on: a state
-- (new, in work, done), the staff member they are assigned to, and the staff's notes.
ALTER TABLE contact_messages ADD COLUMN state text NOT NULL DEFAULT 'new' CHECK (state IN ('new', 'in_work', 'done'));
ALTER TABLE contact_messages ADD COLUMN assignee integer REFERENCES staff_members(id) ON DELETE SET NULL;
ALTER TABLE contact_messages ADD COLUMN notes text NOT NULL DEFAULT '' CHECK (length(notes) <= 5000);
ALTER TABLE partner_applications ADD COLUMN state text NOT NULL DEFAULT 'new' CHECK (state IN ('new', 'in_work', 'done'));
ALTER TABLE partner_applications ADD COLUMN assignee integer REFERENCES staff_members(id) ON DELETE SET NULL;
ALTER TABLE partner_applications ADD COLUMN notes text NOT NULL DEFAULT '' CHECK (length(notes) <= 5000);
ALTER TABLE appointments ADD COLUMN state text NOT NULL DEFAULT 'new' CHECK (state IN ('new', 'in_work', 'done'));
ALTER TABLE appointments ADD COLUMN assignee integer REFERENCES staff_members(id) ON DELETE SET NULL;
ALTER TABLE appointments ADD COLUMN notes text NOT NULL DEFAULT '' CHECK (length(notes) <= 5000);
CREATE INDEX contact_messages_state ON contact_messages (state, created_at DESC);
CREATE INDEX partner_applications_state ON partner_applications (state, created_at DESC);
CREATE INDEX appointments_state ON appointments (state, created_at DESC);
