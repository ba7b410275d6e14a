-- Platform operators (decision 0040) are platform-level, like collaborators, but reach every
-- organiser: the tenant role (booking_app, which runs every request's organiser work) gets none of
-- their rows — not their password hashes, sessions, links or log — except the names the
-- organiser's own audit log shows for the operator who acted as its owner.
REVOKE ALL ON "operators", "operator_sessions", "operator_tokens", "operator_audit_logs" FROM booking_app;--> statement-breakpoint
GRANT SELECT ("id", "email", "name") ON "operators" TO booking_app;
