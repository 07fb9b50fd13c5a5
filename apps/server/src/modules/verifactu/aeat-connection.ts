// Where the billing records go (docs/invoicing.md#configuration): the AEAT's web service of
// AEAT_ENVIRONMENT with the company's certificate (AEAT_CERT_PATH, AEAT_CERT_PASSWORD), or, in the
// demo and in development without a certificate, a local fake AEAT started with the server (the
// production start refuses to run without the certificate, config.ts).
import type { Config } from '../../config';
import { startFakeAeat } from './fake-aeat';
import { aeatWebService, soapTaxAuthority, type TaxAuthority } from './tax-authority';

export async function openTaxAuthority(
  config: Config,
  /** The app's clock, which the fake AEAT keeps as its own. */
  now: () => Date,
): Promise<{ authority: TaxAuthority; close(): Promise<void> }> {
  if (config.AEAT_CERT_PATH) {
    return { authority: aeatWebService(config, config.AEAT_CERT_PATH), close: async () => {} };
  }
  const fake = await startFakeAeat({ unknownNifs: config.FAKE_AEAT_UNKNOWN_NIFS, now });
  return {
    authority: soapTaxAuthority({
      url: fake.url,
      where: `the local fake AEAT at ${fake.url} (no AEAT_CERT_PATH: nothing reaches the AEAT)`,
    }),
    close: () => fake.close(),
  };
}
