// @vitest-environment node
// The web app's local lint rules run in `npm run check` (eslint.config.js): the import rule of
// docs/development.md "Project layout", and no silenced hook dependencies. These cases lint code as if it sat
// at the given path, with the rules and options the real config uses, so a wrong import between
// features, or an exhaustive-deps disable, is shown to fail the check.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
  const found = config.find(
    (c) => c.rules?.['local/feature-boundaries'] && c.rules['local/no-hook-deps-disable'],
  );
  if (!found) throw new Error('eslint.config.js does not enable the local rules for the web app');
  entry = found;
});

function lint(
  file: string,
  code: string,
  rule = 'local/feature-boundaries',
  ruleEntry = entry.rules![rule] as Linter.RuleEntry,
): string[] {
  const linter = new Linter({ cwd: new URL('.', root).pathname });
  const messages = linter.verify(
    code,
    [
      {
        files: ['**/*.ts', '**/*.tsx'],
        languageOptions: { parser: tseslint.parser },
        plugins: entry.plugins as Linter.Config['plugins'],
        rules: { [rule]: ruleEntry },
      },
    ],
    { filename: new URL(file, root).pathname },
  );
  return messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}

describe('the feature import rule', () => {
  it('rejects a feature importing another feature, its entry as much as its files', () => {
    const file = 'apps/web/src/features/booking/x.ts';
    for (const path of [
      '../waitlist',
      '../waitlist/index',
      '../waitlist/waitlist-form',
      '../../features/waitlist',
    ]) {
      const errors = lint(file, `import { WaitlistForm } from '${path}';`);
      expect(errors, path).toHaveLength(1);
      expect(errors[0]).toContain("A feature does not import another feature ('features/waitlist')");
    }
    expect(lint(file, "export { WaitlistForm } from '../waitlist';")).toHaveLength(1);
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

  it("accepts the feature's own files and shared/", () => {
    const code = [
      "import { slots } from './api/get-slots';",
      "import { TripChangePanel } from './trip-change';",
      "import { BookingFlow } from '../booking/booking-flow';",
      "import { PaymentStep } from '../../shared/checkout';",
      "import { SiteHeader } from '../../shared/layout/site-header';",
    ].join('\n');
    expect(lint('apps/web/src/features/booking/x.ts', code)).toEqual([]);
  });

  it('rejects a template-literal import into another feature, by its fixed part', () => {
    const file = 'apps/web/src/features/landing/x.ts';
    expect(lint(file, 'const d = () => import(`../booking/booking-dialog`);')).toHaveLength(1);
    expect(lint(file, 'const d = (n: string) => import(`../booking/${n}`);')).toHaveLength(1);
    expect(lint(file, 'const d = (n: string) => import(`./steps/${n}`);')).toEqual([]);
  });

  it('rejects import.meta.glob patterns that reach into another feature', () => {
    const file = 'apps/web/src/features/landing/x.ts';
    expect(lint(file, "const m = import.meta.glob('../booking/*.tsx');")).toHaveLength(1);
    expect(lint(file, "const m = import.meta.glob(['./photos/*.svg', '../fleet/**/*.ts']);")).toHaveLength(1);
    expect(lint(file, "const m = import.meta.glob('./photos/*.svg');")).toEqual([]);
  });

  it("rejects a test double of another feature's internals", () => {
    const file = 'apps/web/src/features/landing/x.test.ts';
    expect(lint(file, "vi.mock('../booking/api/get-slots');")).toHaveLength(1);
    expect(lint(file, "await vi.importActual('../fleet/fleet-section');")).toHaveLength(1);
    expect(lint(file, "vi.mock('./api/get-boats');")).toEqual([]);
  });

  it('rejects a feature or shared/ importing the app shell', () => {
    const errors = lint('apps/web/src/features/legal/x.ts', "import { App } from '../../app/app';");
    expect(errors[0]).toContain('Only the app shell imports app/');
    expect(lint('apps/web/src/shared/ui/x.ts', "import { App } from '../../app/app';")).toHaveLength(1);
    expect(lint('apps/web/src/app/x.ts', "import { ScrollToTop } from './scroll-to-top';")).toEqual([]);
  });

  it('follows the path aliases tsconfig declares (@/features/…) as it follows relative paths', () => {
    // The web app declares no alias today; a tsconfig that does, as one would be added.
    const dir = mkdtempSync(join(tmpdir(), 'feature-boundaries-'));
    const tsconfig = join(dir, 'tsconfig.json');
    const src = new URL('apps/web/src/', root).pathname;
    writeFileSync(
      tsconfig,
      JSON.stringify({ compilerOptions: { paths: { '@/*': [`${src}*`] } }, include: [] }),
    );
    const aliased = (file: string, code: string) =>
      lint(file, code, 'local/feature-boundaries', ['error', { srcDir: 'apps/web/src', tsconfig }]);
    const feature = 'apps/web/src/features/booking/x.ts';
    expect(aliased(feature, "import { WaitlistForm } from '@/features/waitlist';")[0]).toContain(
      "A feature does not import another feature ('features/waitlist')",
    );
    expect(aliased(feature, 'const d = (n: string) => import(`@/features/fleet/${n}`);')).toHaveLength(1);
    expect(aliased(feature, "vi.mock('@/features/fleet/fleet-section');")).toHaveLength(1);
    expect(aliased('apps/web/src/shared/ui/x.ts', "import { App } from '@/app/app';")).toHaveLength(1);
    expect(
      aliased('apps/web/src/app/x.ts', "import { LandingPage } from '@/features/landing/landing-page';"),
    ).toHaveLength(1);
    expect(aliased('apps/web/src/app/x.ts', "import { LandingPage } from '@/features/landing';")).toEqual([]);
    expect(aliased(feature, "import { PaymentStep } from '@/shared/checkout';")).toEqual([]);
    expect(aliased(feature, "import { BookingFlow } from '@/features/booking/booking-flow';")).toEqual([]);
    // A package's name is no alias.
    expect(aliased(feature, "import { z } from 'zod';")).toEqual([]);
  });

  it('lets the app shell import feature entries but not their internals', () => {
    expect(lint('apps/web/src/app/x.ts', "import { LandingPage } from '../features/landing';")).toEqual([]);
    expect(
      lint('apps/web/src/app/x.ts', "import { LandingPage } from '../features/landing/landing-page';"),
    ).toHaveLength(1);
  });
});

describe('the hook dependency rule', () => {
  const effect = 'useEffect(() => { void load(id); }, []);';

  it('rejects silencing exhaustive-deps, on the line or for the file', () => {
    const rule = 'local/no-hook-deps-disable';
    const file = 'apps/web/src/features/fleet/x.tsx';
    expect(
      lint(file, `// eslint-disable-next-line react-hooks/exhaustive-deps\n${effect}`, rule)[0],
    ).toContain('Do not silence react-hooks/exhaustive-deps');
    expect(lint(file, `/* eslint-disable react-hooks/exhaustive-deps */\n${effect}`, rule)).toHaveLength(1);
  });

  it('leaves other comments and other disables alone', () => {
    const code = [
      '// exhaustive-deps would want id here; it is read from a ref instead',
      '// eslint-disable-next-line no-console',
      effect,
    ].join('\n');
    expect(lint('apps/web/src/features/fleet/x.tsx', code, 'local/no-hook-deps-disable')).toEqual([]);
  });
});
