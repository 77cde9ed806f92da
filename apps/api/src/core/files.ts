import { chmodSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Makes a data folder private to the process's user: the folder and every folder below it 0700,
 * every file 0600. PGlite (Emscripten's file system) creates its files 0666 whatever the umask,
 * so this runs on the tree after PGlite has written it; files it adds later sit inside 0700
 * folders that no other user can enter.
 */
export function restrictToOwner(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const walk = (folder: string) => {
    chmodSync(folder, 0o700);
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) chmodSync(full, 0o600);
    }
  };
  walk(dir);
}
