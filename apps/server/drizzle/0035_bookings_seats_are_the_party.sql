-- A booking's seats are its party: adults, children at half price and free children. The column
-- stays (the seats_taken trigger of 0025 and the capacity checks read it); this CHECK ties it to
-- its source, so no path can store a party and a seat count that disagree.
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_seats_are_the_party_check" CHECK ("bookings"."seats" = "bookings"."adults" + "bookings"."children_50" + "bookings"."kids_free");