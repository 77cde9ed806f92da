/** Every broken import rule under root, as "file: imports 'x': rule" lines (see check-boundaries.mjs). */
export function findViolations(root: string): string[];
