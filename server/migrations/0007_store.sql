CREATE TABLE "discounts" (
	"code" text PRIMARY KEY NOT NULL,
	"percent" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discounts_percent" CHECK ("discounts"."percent" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "store_prices" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"recurring" boolean NOT NULL,
	"diamonds" integer,
	"pro_days" integer,
	CONSTRAINT "store_prices_amount" CHECK ("store_prices"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "store_products" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store_prices" ADD CONSTRAINT "store_prices_product_id_store_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."store_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The spec's catalogue (§9): Pro Gold monthly (its price is not in the spec: $9.99) and the five diamond packs.
INSERT INTO "store_products" ("id", "name", "position") VALUES ('prod_pro', 'Pro', 0), ('prod_diamonds', 'Diamonds', 1);--> statement-breakpoint
INSERT INTO "store_prices" ("id", "product_id", "amount", "currency", "recurring", "diamonds", "pro_days") VALUES
	('price_pro_monthly', 'prod_pro', 999, 'usd', true, NULL, 30),
	('price_diamonds_100', 'prod_diamonds', 249, 'usd', false, 100, NULL),
	('price_diamonds_500', 'prod_diamonds', 999, 'usd', false, 500, NULL),
	('price_diamonds_1000', 'prod_diamonds', 1799, 'usd', false, 1000, NULL),
	('price_diamonds_2500', 'prod_diamonds', 3499, 'usd', false, 2500, NULL),
	('price_diamonds_5000', 'prod_diamonds', 5499, 'usd', false, 5000, NULL);--> statement-breakpoint
-- Two example codes; operators add, list and expire theirs with `npm run admin`.
INSERT INTO "discounts" ("code", "percent") VALUES ('READ10', 10), ('FOLIO20', 20);
