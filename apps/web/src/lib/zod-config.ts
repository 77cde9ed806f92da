import { z } from 'zod';

// zod compiles fast object parsers with new Function(), after probing whether eval is allowed.
// Our CSP forbids eval (script-src 'self'), and the probe alone is reported as a violation.
// This module is main.tsx's first import, so it runs before any schema is built.
z.config({ jitless: true });
