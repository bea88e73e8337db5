// Where the repository is on disk, for tests that build, spawn or read files of the project itself.
import { fileURLToPath } from "node:url";

/** The repository's root folder, with a trailing separator. */
export const PROJECT_ROOT = fileURLToPath(new URL("../../", import.meta.url));
