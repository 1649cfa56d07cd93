// The front ends' runtime config (platform/src/config/runtimeConfig.ts) for CommonJS callers:
// webpack's configs (the development servers' /config.json), Jest's config (the tests' link table)
// and the API's tests (whose Jest compiles the file itself: tsx's hook only serves plain Node's require).
require('tsx/cjs/api').register();

/** @type {typeof import('../platform/src/config/runtimeConfig')} */
module.exports = require('../platform/src/config/runtimeConfig');
