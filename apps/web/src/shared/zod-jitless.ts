// Imported first by main.tsx: ES modules run in import order, so zod is switched to jitless
// before any other module builds or parses a schema. zod's JIT probes for eval support, which
// our CSP forbids; the probe would log a CSP violation in every visitor's console.
import { z } from 'zod';

z.config({ jitless: true });
