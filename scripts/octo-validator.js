#!/usr/bin/env node
// Runs the OCTO project's validator (github octotravel/validator, fetched outside this repository:
// docs/channels.md#the-octo-validator) against a supplier endpoint, without its web server and
// database: its ValidationController with a fresh Context, the request log thrown away. Run from
// the validator's backend folder, with its own tsx (its sources are TypeScript):
//   npx tsx <this repo>/scripts/octo-validator.js http://localhost:3000/octo <API key>
// Prints each flow's scenarios and, for a failed one, the request and the validator's errors;
// exits non-zero when any scenario failed.
import { createRequire } from 'node:module';
import { join } from 'node:path';

const [endpoint, key] = process.argv.slice(2);
if (!endpoint || !key) {
  console.error('usage: npx tsx scripts/octo-validator.js <endpoint> <api key> (from the validator backend)');
  process.exit(2);
}
// Loaded as the validator loads its own modules (CommonJS through tsx), so its inject() and our
// container are the same copy of @needle-di/core.
const require = createRequire(join(process.cwd(), 'package.json'));
const from = (path) => require(join(process.cwd(), 'src/common', path));
const { Container } = require('@needle-di/core');
const { ValidationController } = from('validation/supplier/services/validation/Controller.ts');
const { SupplierRequestLogService } = from('requestLog/supplier/SupplierRequestLogService.ts');
const { Context } = from('validation/supplier/services/validation/context/Context.ts');

const container = new Container();
container.bind({ provide: 'SupplierRequestLogRepository', useValue: { logScenario: async () => {} } });
container.bind(SupplierRequestLogService);
container.bind(ValidationController);
const context = new Context();
// Outside the validator's web server there is no request scope to record sub-requests in.
context.useRequestContext = false;
context.setSchema({ backend: { endpoint, headers: { Authorization: `Bearer ${key}` } } });

const flows = await container.get(ValidationController).validate(context);
let passed = 0;
let failed = 0;
for (const flow of flows) {
  console.log(`\n## ${flow.name}: ${flow.success ? 'passed' : 'FAILED'}`);
  for (const scenario of flow.scenarios) {
    if (scenario.success) passed++;
    else failed++;
    console.log(`- ${scenario.success ? 'pass' : 'FAIL'}: ${scenario.name}`);
    if (scenario.success) continue;
    console.log(
      `    ${scenario.request?.method ?? ''} ${scenario.request?.url ?? ''} → ${scenario.response?.status ?? ''}`,
    );
    if (scenario.request?.body)
      console.log(`    request: ${JSON.stringify(scenario.request.body).slice(0, 700)}`);
    if (scenario.response?.body)
      console.log(`    answer: ${JSON.stringify(scenario.response.body).slice(0, 700)}`);
    for (const error of scenario.errors ?? []) console.log(`    ${error.type ?? ''} ${error.message ?? ''}`);
  }
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
