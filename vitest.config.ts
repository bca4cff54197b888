import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two test files at a time on the CI's 2 cores: each file has its own database and stream, and
    // a file spends much of its time waiting on Postgres and NATS, which the other file fills.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: ['test/**/*.int.test.ts'],
        },
      },
      {
        test: {
          name: 'int',
          include: ['test/**/*.int.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
