CREATE TABLE "device_emergency_addresses" (
	"device_id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"phone_number" text,
	"type" text NOT NULL,
	"location_id" text,
	"address" jsonb,
	"address_format_id" text,
	"address_status" text,
	"verification_version" integer DEFAULT 0 NOT NULL,
	"out_of_country" boolean DEFAULT false NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"registered_at" timestamp with time zone,
	CONSTRAINT "device_emergency_addresses_type" CHECK (type IN ('ERL', 'OTHER', 'NO_DEFINED_LOCATION')),
	CONSTRAINT "device_emergency_addresses_status" CHECK (address_status IS NULL OR address_status IN ('Valid', 'Invalid', 'Provisioning', 'Ambiguous'))
);
--> statement-breakpoint
CREATE TABLE "emergency_locations" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"owner_user_id" integer,
	"nickname" text NOT NULL,
	"address" jsonb NOT NULL,
	"address_format_id" text NOT NULL,
	"address_status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "emergency_locations_status" CHECK (address_status IN ('Valid', 'Invalid', 'Provisioning', 'Ambiguous'))
);
--> statement-breakpoint
CREATE TABLE "emergency_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"country_id" integer NOT NULL,
	"device_id" text NOT NULL,
	"has_digital_line" boolean NOT NULL,
	"carrier" text DEFAULT 'platform' NOT NULL,
	"emergency_locations_enabled" boolean DEFAULT false NOT NULL,
	"personal_locations_allowed" boolean DEFAULT false NOT NULL,
	"erl_limit" integer DEFAULT 0 NOT NULL,
	"device_selection_mode" text DEFAULT 'MainDevice' NOT NULL,
	"last_selected_location_id" text,
	CONSTRAINT "emergency_profiles_device_id_unique" UNIQUE("device_id"),
	CONSTRAINT "emergency_profiles_carrier" CHECK (carrier IN ('platform', 'byoc')),
	CONSTRAINT "emergency_profiles_mode" CHECK (device_selection_mode IN ('MainDevice', 'AnyDevice')),
	CONSTRAINT "emergency_profiles_erl_limit" CHECK (erl_limit >= 0)
);
--> statement-breakpoint
ALTER TABLE "device_emergency_addresses" ADD CONSTRAINT "device_emergency_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_emergency_addresses" ADD CONSTRAINT "device_emergency_addresses_location_id_emergency_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."emergency_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_locations" ADD CONSTRAINT "emergency_locations_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_profiles" ADD CONSTRAINT "emergency_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_emergency_addresses_user" ON "device_emergency_addresses" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "device_emergency_addresses_location" ON "device_emergency_addresses" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "emergency_locations_account" ON "emergency_locations" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "emergency_locations_owner" ON "emergency_locations" USING btree ("owner_user_id");