ALTER TABLE "brands" ADD COLUMN "seed_digest" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "seed_digest" text;--> statement-breakpoint
ALTER TABLE "signing_keys" ADD COLUMN "signs_from" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "signing_keys" ADD COLUMN "retire_at" timestamp with time zone;