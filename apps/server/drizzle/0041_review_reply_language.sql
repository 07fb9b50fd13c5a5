-- The language an owner's answer to a review is written in (null: answered before it was asked), so a
-- reader of another language sees it marked, as the review is.
ALTER TABLE "reviews" ADD COLUMN "owner_reply_language" text;