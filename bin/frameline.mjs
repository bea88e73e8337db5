#!/usr/bin/env node
// Runs the TypeScript CLI through tsx's loader.
import { register } from "tsx/esm/api";

register();
await import("../src/node/cli.ts");
