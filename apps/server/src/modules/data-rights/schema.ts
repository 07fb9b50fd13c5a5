// Links that prove an e-mail address (docs/privacy.md#proof-of-address): asking to download or
// erase what is held under an address e-mails a link to that address; only its hash is kept, it
// works once, within LINK_MINUTES (data-rights-service.ts).
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant } from '../../db/columns';

export const personalDataLinks = pgTable(
  'personal_data_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Lower case; blanked when the erasure it opened is carried out.
    email: text('email').notNull(),
    purpose: text('purpose', { enum: ['export', 'erasure'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
  },
  (t) => [
    check('personal_data_links_purpose_check', sql`${t.purpose} in ('export', 'erasure')`),
    // How many links an address was sent lately (a limit per address).
    index('personal_data_links_email_idx').on(t.email, t.createdAt),
  ],
);
