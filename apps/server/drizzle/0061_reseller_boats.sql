CREATE TABLE "reseller_boats" (
	"reseller_id" uuid NOT NULL,
	"boat_id" uuid NOT NULL,
	CONSTRAINT "reseller_boats_reseller_id_boat_id_pk" PRIMARY KEY("reseller_id","boat_id")
);
--> statement-breakpoint
ALTER TABLE "resellers" ADD COLUMN "all_opted_in_boats" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reseller_boats" ADD CONSTRAINT "reseller_boats_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_boats" ADD CONSTRAINT "reseller_boats_boat_id_boats_id_fk" FOREIGN KEY ("boat_id") REFERENCES "public"."boats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reseller_boats_boat_idx" ON "reseller_boats" USING btree ("boat_id");--> statement-breakpoint
-- Resellers made before the list keep selling what they sold (every boat opted in today), as an
-- explicit list: a boat opted in later is not added to them without the admin's choice.
INSERT INTO "reseller_boats" ("reseller_id", "boat_id") SELECT r."id", b."id" FROM "resellers" r CROSS JOIN "boats" b WHERE b."resellers_allowed";
