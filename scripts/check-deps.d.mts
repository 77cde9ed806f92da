/** Every dependency hygiene problem under root, one line each (see check-deps.mjs). */
export function findDependencyProblems(root: string): string[];
