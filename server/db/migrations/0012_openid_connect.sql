CREATE TABLE "backchannel_logouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"sid" text NOT NULL,
	"subject" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"abandoned_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "client_assertion_jtis" (
	"client_id" text NOT NULL,
	"jti" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "client_assertion_jtis_client_id_jti_pk" PRIMARY KEY("client_id","jti")
);
--> statement-breakpoint
CREATE TABLE "client_secrets" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "auth_codes" ADD COLUMN "nonce" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "token_endpoint_auth_method" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "jwks" jsonb;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "jwks_uri" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "id_token_signed_response_alg" text DEFAULT 'RS256' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "backchannel_logout_uri" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "id_token_claims" jsonb;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "amr" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "given_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "family_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "zoneinfo" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_number_verified" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "backchannel_logouts" ADD CONSTRAINT "backchannel_logouts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_secrets" ADD CONSTRAINT "client_secrets_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backchannel_logouts_due" ON "backchannel_logouts" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE INDEX "client_secrets_client" ON "client_secrets" USING btree ("client_id");--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_token_endpoint_auth_method" CHECK (token_endpoint_auth_method IN ('none', 'client_secret_basic', 'client_secret_post', 'private_key_jwt'));--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_id_token_alg" CHECK (id_token_signed_response_alg IN ('RS256', 'ES256'));