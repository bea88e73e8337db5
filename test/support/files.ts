// The repo's own files, as the convention tests read them.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

/**
 * Every file under `dir` whose name matches `name`, depth first, leaving out `dist` and `node_modules`
 * folders and any folder `skip` names; none when `dir` does not exist.
 */
export function filesUnder(dir: string, name: RegExp, skip: (folder: string) => boolean = () => false): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === "dist" || entry.name === "node_modules" || skip(path) ? [] : filesUnder(path, name, skip);
    return name.test(entry.name) ? [path] : [];
  });
}

/** TypeScript sources, declaration files left out. */
export const TS_SOURCE = /(?<!\.d)\.ts$/;
