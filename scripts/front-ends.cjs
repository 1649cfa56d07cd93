// The list of front ends (platform/src/frontEnds.ts) for CommonJS and ESM configs that cannot load
// TypeScript themselves: ESLint's and Jest's. Registers tsx's require hook, as runtime-config.cjs does.
require('tsx/cjs/api').register();

/** @type {typeof import('../platform/src/frontEnds')} */
module.exports = require('../platform/src/frontEnds');
