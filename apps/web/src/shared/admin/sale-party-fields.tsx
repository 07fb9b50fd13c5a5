// Who comes and who to reach, on a sale staff or an agent take for a customer (the crew's walk-in
// dialog, the agent desk's sale form; one schema: saleFormSchema in the domain): the party by age
// as the booking dialog asks it, then, after what the seller adds between (a charter's hours), the
// customer's name, phone and e-mail, and the language of their tickets and e-mails. Each form
// keeps its own words (`textOf` reads its namespace: the same keys in both).
import type { ReactNode } from 'react';
import { languageName, LANGUAGES } from '@boats/domain/languages';
import { FormField } from '../ui/form';

type PartyText =
  | 'party'
  | 'adults'
  | 'children50'
  | 'kidsFree'
  | 'name'
  | 'phone'
  | 'email'
  | 'emailHint'
  | 'linkEmailHint'
  | 'language';

type Props = {
  textOf: (key: PartyText) => string;
  /** A payment link goes to the e-mail: its hint says so. */
  link: boolean;
  partyClassName: string | undefined;
  /** Fields between the party and the customer (a charter's hours). */
  children?: ReactNode;
};

export function SalePartyFields({ textOf, link, partyClassName, children }: Props) {
  return (
    <>
      <fieldset className={partyClassName}>
        <legend>{textOf('party')}</legend>
        <FormField
          name="passengers.adults"
          label={textOf('adults')}
          type="number"
          min={0}
          inputMode="numeric"
        />
        <FormField
          name="passengers.children50"
          label={textOf('children50')}
          type="number"
          min={0}
          inputMode="numeric"
        />
        <FormField
          name="passengers.kidsFree"
          label={textOf('kidsFree')}
          type="number"
          min={0}
          inputMode="numeric"
        />
      </fieldset>
      {children}
      <FormField name="customer.name" label={textOf('name')} autoComplete="off" />
      <FormField name="customer.phone" label={textOf('phone')} type="tel" autoComplete="off" />
      <FormField
        name="customer.email"
        label={textOf('email')}
        type="email"
        autoComplete="off"
        hint={link ? textOf('linkEmailHint') : textOf('emailHint')}
      />
      <FormField name="language" label={textOf('language')} as="select">
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {languageName(code)}
          </option>
        ))}
      </FormField>
    </>
  );
}
