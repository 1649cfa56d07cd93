// Production build of the front ends: node scripts/build.mjs [shell shop account auction]
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FRONT_ENDS, ROOT } from './front-ends.mjs';

const require = createRequire(import.meta.url);

/**
 * Builds the given front ends in one webpack run; resolves with the seconds it took.
 * `outputPath(fe)` puts a build somewhere else than its dist/ (a release is built apart).
 * @param {typeof FRONT_ENDS} [frontEnds]
 * @param {{ outputPath?: (frontEnd: typeof FRONT_ENDS[number]) => string }} [options]
 */
export async function buildFrontEnds(frontEnds = FRONT_ENDS, { outputPath } = {}) {
  const webpack = require('webpack');
  const configs = frontEnds.flatMap((fe) =>
    require(join(ROOT, fe.dir, 'webpack.config.js'))({ outputPath: outputPath?.(fe) }, { mode: 'production' }),
  );
  const started = Date.now();
  await new Promise((resolve, reject) => {
    webpack(configs, (error, stats) => {
      if (error) return reject(error);
      if (stats.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true, colors: false })));
      resolve();
    });
  });
  return (Date.now() - started) / 1000;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const wanted = process.argv.slice(2);
  const selected = wanted.length
    ? FRONT_ENDS.filter((fe) => wanted.includes(fe.area) || wanted.includes(fe.dir))
    : FRONT_ENDS;
  console.log(`Building ${selected.map((fe) => fe.dir).join(', ')} ...`);
  buildFrontEnds(selected).then(
    (seconds) => console.log(`Built in ${seconds.toFixed(1)} s`),
    (error) => {
      console.error(error.message || error);
      process.exit(1);
    },
  );
}
