// Component and unit tests of the front ends and the shared package (jsdom), and the contract's.
// The API has its own jest config (api/jest.config.js) because it runs against real databases.
const path = require('node:path');
const { FRONT_ENDS } = require('./scripts/front-ends.cjs');
const { sourceLinks } = require('./scripts/runtime-config.cjs');

// The link table the pages' linkTo resolves through, derived from the front ends' manifests as
// the development servers' /config.json is (read once here; shared/test/setup.ts installs it).
const links = sourceLinks(__dirname);

const frontEnd = (dir) => ({
  displayName: dir,
  rootDir: path.join(__dirname, dir),
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/src/**/*.test.ts?(x)', '<rootDir>/test/**/*.test.ts?(x)'],
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: path.join(__dirname, dir, 'tsconfig.json'), diagnostics: false }],
  },
  moduleNameMapper: {
    '\\.module\\.css$': 'identity-obj-proxy',
    '\\.css$': path.join(__dirname, 'shared/test/styleStub.js'),
    '\\.(png|svg|jpe?g)$': path.join(__dirname, 'shared/test/fileStub.js'),
  },
  globals: { __MARKETPLACE_LINKS__: links },
  setupFiles: [path.join(__dirname, 'shared/test/polyfills.ts')],
  setupFilesAfterEnv: [path.join(__dirname, 'shared/test/setup.ts')],
});

// The contract (@marketplace/contract) is plain TypeScript: its unit tests need no DOM.
const contract = {
  displayName: 'contract',
  rootDir: path.join(__dirname, 'contract'),
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: path.join(__dirname, 'contract/tsconfig.json'), diagnostics: false }],
  },
};

module.exports = {
  projects: [contract, ...['shared', ...FRONT_ENDS.map((fe) => fe.dir)].map(frontEnd)],
};
