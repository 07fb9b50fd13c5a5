// @vitest-environment node
// The import rule of the README's "Layout" runs in `npm run check` (eslint.config.js). These
// cases lint code as if it sat at the given path, with the rule and options the real config
// uses, so a wrong import between features is shown to fail the check.
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

type ConfigEntry = { files?: string[]; plugins?: Record<string, unknown>; rules?: Record<string, unknown> };

const root = new URL('../../../../', import.meta.url);
let entry: ConfigEntry;

beforeAll(async () => {
  const { default: config } = (await import(/* @vite-ignore */ new URL('eslint.config.js', root).href)) as {
    default: ConfigEntry[];
  };
  const found = config.find((c) => c.rules?.['local/feature-boundaries']);
  if (!found) throw new Error('eslint.config.js does not enable local/feature-boundaries');
  entry = found;
});

function lint(file: string, code: string): string[] {
  const linter = new Linter({ cwd: new URL('.', root).pathname });
  const messages = linter.verify(
    code,
    [
      {
        files: ['**/*.ts', '**/*.tsx'],
        languageOptions: { parser: tseslint.parser },
        plugins: entry.plugins as Linter.Config['plugins'],
        rules: { 'local/feature-boundaries': entry.rules!['local/feature-boundaries'] as Linter.RuleEntry },
      },
    ],
    { filename: new URL(file, root).pathname },
  );
  return messages.map((m) => m.message);
}

describe('the feature import rule', () => {
  it('rejects a feature reaching into another feature', () => {
    const errors = lint(
      'apps/web/src/features/booking/x.ts',
      "import { PaymentStep } from '../checkout/payment-step';",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("through its public entry ('features/checkout')");
  });

  it('rejects a lazy import of another feature internals too', () => {
    expect(
      lint('apps/web/src/features/landing/x.ts', "const d = () => import('../booking/booking-dialog');"),
    ).toHaveLength(1);
  });

  it('rejects shared/ importing any feature, even its entry', () => {
    const errors = lint(
      'apps/web/src/shared/admin/x.ts',
      "import { FleetSection } from '../../features/fleet';",
    );
    expect(errors[0]).toContain('shared/ must not import a feature');
  });

  it("accepts another feature's entry, the feature's own files and shared/", () => {
    const code = [
      "import { PaymentStep } from '../checkout';",
      "import { BookingLookup } from '../checkout/index';",
      "import { slots } from './api/get-slots';",
      "import { Modal } from '../../shared/ui/modal';",
    ].join('\n');
    expect(lint('apps/web/src/features/booking/x.ts', code)).toEqual([]);
  });

  it('lets the app shell import feature entries but not their internals', () => {
    expect(lint('apps/web/src/app/x.ts', "import { LandingPage } from '../features/landing';")).toEqual([]);
    expect(
      lint('apps/web/src/app/x.ts', "import { LandingPage } from '../features/landing/landing-page';"),
    ).toHaveLength(1);
  });
});
