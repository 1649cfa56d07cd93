// A loader of the server builds (webpack.common.js), after css-loader on a CSS module: the module's
// class names, which a component reads while it renders, also note in the render under way that
// this module's CSS is needed (the front end whose build it is, and its source path). The shell's
// rendering server runs each render with a set for these notes (stylesUsed) and puts those
// modules' CSS files in the page's head (render/stylesheets.ts).
import type { LoaderContext } from 'webpack';
import { sourcePath } from '../releases/emitStylesPlugin';
import { STYLES_USED, usedStyleKey } from './stylesheets';

export interface StyleUseOptions {
  /** The front end being built (its container's name). */
  frontEnd: string;
  /** The repository's root, which source paths are written from (as in styles.json). */
  root: string;
}

// Plain ES5 in the bundle: a class name read (an own property: not webpack's __esModule check)
// notes the module in the render under way, if any.
const TRACKED = `(function (locals, used) {
  var key = Symbol.for(${JSON.stringify(STYLES_USED)});
  return new Proxy(locals, {
    get: function (target, property) {
      if (typeof property === "string" && Object.prototype.hasOwnProperty.call(target, property)) {
        var render = globalThis[key] && globalThis[key].getStore();
        if (render) render.add(used);
      }
      return target[property];
    }
  });
})`;

export default function styleUseLoader(this: LoaderContext<StyleUseOptions>, source: string): string {
  const { frontEnd, root } = this.getOptions();
  const used = usedStyleKey(frontEnd, sourcePath(root, this.resourcePath));
  return `${source}\nmodule.exports = ${TRACKED}(module.exports, ${JSON.stringify(used)});\n`;
}
