// Who comes and who to reach, on a sale staff or an agent take for a customer (the crew's walk-in
// dialog, the agent desk's sale form; one schema: saleFormSchema in the domain): the party by age
// as the booking dialog asks it, then, after what the seller adds between (a charter's hours), the
// customer's name, phone and e-mail, their postal address when the sale's invoice names it (above
// the simplified-invoice limit, as the site's payment step asks it: useInvoiceAddress), and the
// language of their tickets and e-mails. Each form keeps its own words (`textOf` reads its
// namespace: the same keys in both).
import { useEffect, useState, type ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { invoiceNamesRecipient, SIMPLIFIED_LIMIT_CENTS } from '@boats/domain/customer-invoice';
import { languageName, LANGUAGES } from '@boats/domain/languages';
import { formatMoney } from '@boats/domain/money';
import { ApiError } from '../api/http';
import { currentLanguage } from '../i18n/i18n';
import { FormField } from '../ui/form';

const ADDRESS_FIELD = 'body.customer.address';

/**
 * Whether a sale asks the customer's address: its price known before the sale is above the
 * simplified-invoice limit (the domain's invoiceNamesRecipient, the site's payment step's rule), or
 * the server, which prices every sale, answered that this one needs it (400 naming
 * `body.customer.address`): the field then shows with the server's message on it. `submit` wraps
 * the form's submit to catch that answer; every other error goes on to the form.
 */
export function useInvoiceAddress<T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, unknown>, 'setError'>,
  knownTotalCents: number | undefined,
) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const asksAddress =
    refusal !== null || (knownTotalCents !== undefined && invoiceNamesRecipient(knownTotalCents));
  useEffect(() => {
    if (refusal !== null) {
      form.setError(
        'customer.address' as Path<T>,
        { type: 'server', message: refusal },
        { shouldFocus: true },
      );
    }
  }, [form, refusal]);
  const submit =
    <V,>(send: (values: V) => Promise<unknown>) =>
    async (values: V) => {
      try {
        await send(values);
      } catch (err) {
        const field = err instanceof ApiError ? err.fields.find((f) => f.path === ADDRESS_FIELD) : undefined;
        if (!field) throw err;
        setRefusal(field.message);
      }
    };
  return { asksAddress, submit };
}

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
  | 'address'
  | 'addressHint'
  | 'language';

type Props = {
  textOf: (key: PartyText, values?: Record<string, string>) => string;
  /** The sale's invoice names the customer: their postal address is asked (useInvoiceAddress). */
  asksAddress: boolean;
  /** A payment link goes to the e-mail: its hint says so. */
  link: boolean;
  partyClassName: string | undefined;
  /** Fields between the party and the customer (a charter's hours). */
  children?: ReactNode;
};

export function SalePartyFields({ textOf, asksAddress, link, partyClassName, children }: Props) {
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
      {asksAddress && (
        <FormField
          name="customer.address"
          label={textOf('address')}
          autoComplete="off"
          hint={textOf('addressHint', {
            limit: formatMoney(SIMPLIFIED_LIMIT_CENTS, currentLanguage(), { decimals: false }),
          })}
        />
      )}
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
