ALTER TABLE "signing_keys" ALTER COLUMN "private_jwk" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "signing_keys" ADD COLUMN "sealed_private_jwk" text;--> statement-breakpoint
ALTER TABLE "signing_keys" ADD COLUMN "wrapped_key" text;--> statement-breakpoint
ALTER TABLE "signing_keys" ADD COLUMN "kek_id" text;--> statement-breakpoint
ALTER TABLE "signing_keys" ADD CONSTRAINT "signing_keys_private_key" CHECK (private_jwk IS NOT NULL OR (sealed_private_jwk IS NOT NULL AND wrapped_key IS NOT NULL AND kek_id IS NOT NULL));