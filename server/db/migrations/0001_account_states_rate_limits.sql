-- Brand rows that already exist get a temporary default; the seed fills the real values at every boot.
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer NOT NULL,
	"expire" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "short_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "brands" ALTER COLUMN "short_name" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "company_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "brands" ALTER COLUMN "company_name" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "launch_year" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "brands" ALTER COLUMN "launch_year" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "website_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "brands" ALTER COLUMN "website_url" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "support_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "brands" ALTER COLUMN "support_email" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "support_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "brands" ALTER COLUMN "support_number" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "state" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "state_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "rate_limits_expire" ON "rate_limits" USING btree ("expire");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_state" CHECK (state IN ('active', 'not_confirmed', 'not_activated', 'locked', 'disabled', 'extension_disabled', 'extension_frozen', 'suspended', 'trial_expired', 'upgrade_required', 'ivn_login_denied', 'sso_enabled', 'sso_enforced'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_state_reason" CHECK (state_reason IS NULL OR state_reason IN ('card'));