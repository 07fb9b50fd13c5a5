// The zod every schema here is built with. In the browser the site runs under a CSP without
// 'unsafe-eval', where zod's JIT would probe eval and log a CSP violation on every page; there
// it parses without the JIT. The server keeps the JIT, which is faster.
import { z } from 'zod';

if ('document' in globalThis) z.config({ jitless: true });

export { z };
