#!/usr/bin/env -S node --max-semi-space-size=64
// The `twofold` command: the CLI is TypeScript, run through tsx's loader (a runtime dependency).
import { register } from 'tsx/esm/api';

register();
await import('./cli.ts');
