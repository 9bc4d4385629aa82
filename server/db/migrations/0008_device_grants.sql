CREATE TABLE "device_grants" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_code_hash" text NOT NULL,
	"user_code" text NOT NULL,
	"client_id" text NOT NULL,
	"scope" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"interval_seconds" integer NOT NULL,
	"last_polled_at" timestamp with time zone,
	"polls" integer DEFAULT 0 NOT NULL,
	"state" text NOT NULL,
	"code_verifier" text NOT NULL,
	"user_id" integer,
	"granted_scope" text,
	"code_hash" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "device_grants_device_code_hash_unique" UNIQUE("device_code_hash"),
	CONSTRAINT "device_grants_state_unique" UNIQUE("state"),
	CONSTRAINT "device_grants_status" CHECK (status IN ('pending', 'approved', 'issued', 'denied'))
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "grant_types" jsonb DEFAULT '["authorization_code","refresh_token"]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "brand_id" text;--> statement-breakpoint
ALTER TABLE "device_grants" ADD CONSTRAINT "device_grants_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_grants" ADD CONSTRAINT "device_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "device_grants_pending_user_code" ON "device_grants" USING btree ("user_code") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "device_grants_expires" ON "device_grants" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;