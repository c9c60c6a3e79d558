-- Written by hand (decision 067): the seeded "Interview invitation" asks the candidate to reply with times that suit
-- them instead of linking {{bookingLink}}, which no new install has set (so the mail was refused until someone set
-- one). Only the seeded text is replaced, and only while no booking link is set: an install that edited the template,
-- or set a link and so sends it as it is, keeps it. The change is audited where the install already has admins (an
-- upgrade); on a new install the seed simply reads this way.
WITH "changed" AS (
	UPDATE "candidate_email_templates" SET
		"body" = E'Hello {{firstName}},\n\nThank you for your application for {{jobTitle}}. We enjoyed reading it and would like to invite you to an interview.\n\nPlease reply to this e-mail with a few days and times that suit you in the next two weeks, and we will confirm one.\n\nKind regards,\nThe {{companyName}} hiring team',
		"updated_at" = now()
	WHERE "id" = '6f0c7a52-5d0e-4f0a-9a51-0c1b7d3e2a02'
		AND "subject" = 'Interview for {{jobTitle}} at {{companyName}}'
		AND "body" = E'Hello {{firstName}},\n\nThank you for your application for {{jobTitle}}. We enjoyed reading it and would like to invite you to an interview.\n\nPlease choose a time that suits you: {{bookingLink}}\n\nKind regards,\nThe {{companyName}} hiring team'
		AND NOT EXISTS (SELECT 1 FROM "settings" WHERE "key" = 'candidate_emails' AND jsonb_typeof("value" -> 'bookingLink') = 'string')
	RETURNING "id", "name"
)
INSERT INTO "audit_entries" ("actor", "action", "target_kind", "target_id", "details")
SELECT 'system', 'candidate_template.updated', 'template', "id"::text, jsonb_build_object('name', "name", 'because', 'no_booking_link')
FROM "changed"
WHERE EXISTS (SELECT 1 FROM "admins");
