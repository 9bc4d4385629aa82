CREATE TABLE "terms_acceptances" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"variant" text NOT NULL,
	"version" text NOT NULL,
	"client_id" text NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terms_versions" (
	"variant" text NOT NULL,
	"version" text NOT NULL,
	"effective_date" date NOT NULL,
	CONSTRAINT "terms_versions_variant_version_pk" PRIMARY KEY("variant","version"),
	CONSTRAINT "terms_versions_variant" CHECK (variant IN ('default', 'partner'))
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "retired_on" date;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "replacement_name" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "replacement_app_store_url" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "replacement_download_url" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "fedramp_notice_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "fedramp_notice_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "terms_acceptance_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "terms_acceptances" ADD CONSTRAINT "terms_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms_acceptances" ADD CONSTRAINT "terms_acceptances_version_fk" FOREIGN KEY ("variant","version") REFERENCES "public"."terms_versions"("variant","version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "terms_acceptances_user_version" ON "terms_acceptances" USING btree ("user_id","variant","version");