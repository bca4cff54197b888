#!/usr/bin/env node
// The `twofold` command: the CLI is TypeScript, run through tsx's loader (a runtime dependency).
import { register } from 'tsx/esm/api';

register();
await import('./cli.ts');
