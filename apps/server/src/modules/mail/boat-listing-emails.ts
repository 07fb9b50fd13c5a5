// The owner told when the platform decides on their boat's listing (docs/back-office.md#listings):
// approved (on the site now) or sent back as a draft, with what the boat still needs and the
// platform's note, in the owner's language (email.json `boatListing`), with the boat's editor.
import { languageOf } from '@boats/domain/languages';
import type { ListingRequirement } from '@boats/domain/listing-state';
import type { LocalizedText } from '@boats/domain/schemas/boat';
import { localeTexts } from '../../locale-texts';
import { emailEnvelope } from './email-envelope';
import { emailTexts, labelled } from './email-i18n';
import { escapeHtml } from './html';
import type { OutgoingEmail } from './outbox';

// What a boat still needs, as the back office's listing panel says it (admin.json).
const adminTexts = localeTexts('admin');

export function boatListingEmail(input: {
  owner: { displayName: string; email: string; language: string };
  boat: { title: LocalizedText };
  decision: 'approved' | 'sent_back';
  /** What the boat still lacks (said as the listing panel says it). */
  missing: readonly ListingRequirement[];
  /** The platform's words to the owner, when it sends the boat back. */
  note: string | null;
  editorUrl: string;
}): OutgoingEmail {
  const lang = languageOf(input.owner.language);
  const t = emailTexts(lang);
  const boat = input.boat.title[lang] || input.boat.title.en;
  const approved = input.decision === 'approved';
  const paragraphs = [
    t('common.greeting', { name: input.owner.displayName }),
    t(approved ? 'boatListing.approved' : 'boatListing.sentBack', { boat }),
    ...(!approved && input.missing.length > 0
      ? [
          t('boatListing.missing', {
            missing: input.missing.map((m) => adminTexts(lang)(`listing.missing.${m}`)).join(', '),
          }),
        ]
      : []),
    ...(!approved && input.note ? [t('boatListing.note', { note: input.note })] : []),
    ...(!approved ? [t('boatListing.again')] : []),
  ];
  const open = t('boatListing.open');
  return emailEnvelope(
    {
      kind: approved ? 'boat_listing_approved' : 'boat_listing_sent_back',
      to: input.owner.email,
      subject: t(approved ? 'boatListing.approvedSubject' : 'boatListing.sentBackSubject', { boat }),
    },
    {
      text: [...paragraphs, labelled(lang, open, input.editorUrl)].join('\n\n'),
      html: [
        ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
        `<p><a href="${escapeHtml(input.editorUrl)}">${escapeHtml(open)}</a></p>`,
      ].join('\n'),
    },
    { language: lang },
  );
}
