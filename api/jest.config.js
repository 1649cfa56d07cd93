/**
 * API tests: real server over real HTTP, on PGlite (always) and PostgreSQL (TEST_DATABASE_URL).
 * kysely, typebox and content-disposition ship ES modules only, so they are transpiled to CommonJS like our TypeScript.
 * @type {import('jest').Config}
 */
module.exports = {
  displayName: 'api',
  testEnvironment: 'node',
  rootDir: __dirname,
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json'],
  transform: {
    '^.+\\.(ts|js|mjs)$': [
      'ts-jest',
      {
        diagnostics: false,
        tsconfig: {
          target: 'ES2022',
          module: 'commonjs',
          moduleResolution: 'node10',
          esModuleInterop: true,
          allowJs: true,
          isolatedModules: true,
          sourceMap: true,
        },
      },
    ],
  },
  // content-disposition (of @fastify/static, which serves /docs) too; nested node_modules included.
  transformIgnorePatterns: ['/node_modules/(?!(.*/node_modules/)?(kysely|typebox|content-disposition)/)'],
  testTimeout: 60_000,
  maxWorkers: 2,
};
