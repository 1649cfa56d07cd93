// One webpack configuration factory for the shell and every remote.
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
// runtime-config.cjs registers tsx's require hook: the platform's TypeScript loads from here on.
const { runtimeConfig } = require('./scripts/runtime-config.cjs');
const { EmitTypesPlugin } = require('./platform/src/releases/emitTypesPlugin');
const { EmitStylesPlugin } = require('./platform/src/releases/emitStylesPlugin');
const { EmitRoutesPlugin } = require('./platform/src/releases/emitRoutesPlugin');

const rootPackage = require('./package.json');
const sharedPackage = require('./shared/package.json');

const injectRuntimePluginEsm = require
  .resolve('@module-federation/inject-external-runtime-core-plugin')
  .replace(/index\.cjs$/, 'index.js');

/**
 * Libraries that must exist once in the page, whichever front end loads first (the shell, which
 * provides its copies). `frontEnd` is the building front end's package.json: the range of
 * @marketplace/shared it declares is what it requires of the copy in the page; strictVersion makes
 * the federation runtime refuse a copy outside that range (the area then says it is unavailable)
 * instead of running code against exports that are not there. The release gate refuses such a
 * release before it goes live (platform/src/releases/gate.ts). Libraries pinned to one version
 * everywhere (react, react-dom, zustand, react-toastify) keep the runtime's warning only.
 */
function sharedSingletons(frontEnd = { dependencies: {} }) {
  const deps = sharedPackage.dependencies;
  const singleton = (version) => ({ singleton: true, requiredVersion: version, strictVersion: false });
  const ours = {
    singleton: true,
    version: sharedPackage.version,
    requiredVersion: frontEnd.dependencies?.['@marketplace/shared'] ?? `^${sharedPackage.version}`,
    strictVersion: true,
  };
  return {
    react: singleton(deps.react),
    'react/': singleton(deps.react),
    'react-dom': singleton(deps['react-dom']),
    'react-dom/': singleton(deps['react-dom']),
    // React Router is reached through @marketplace/shared/router only (one context for every
    // front end, and only the parts used are bundled): it is not shared itself.
    '@marketplace/shared/router': ours,
    // Parts only some pages show, each its own entry so the others do not download them.
    '@marketplace/shared/carousel': ours,
    '@marketplace/shared/photo-uploader': ours,
    zustand: singleton(deps.zustand),
    'react-toastify': singleton(deps['react-toastify']),
    '@marketplace/shared': ours,
  };
}

/** TypeScript, type-checked apart (npm run typecheck): the same for both halves of a build. */
function typescriptRule(dirname) {
  return {
    test: /\.tsx?$/,
    exclude: /node_modules/,
    use: {
      loader: 'ts-loader',
      options: { transpileOnly: true, configFile: path.join(dirname, 'tsconfig.json') },
    },
  };
}

/**
 * A remote's own page (its standalone frame) in production: the remote's code uses the federation
 * runtime the shell provides (experiments.externalRuntime), which a page without the shell lacks.
 * This writes a small script that provides it (bundled by esbuild, loaded only by that page) and
 * puts it first in the page.
 */
class StandaloneRuntimePlugin {
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('StandaloneRuntimePlugin', (compilation) => {
      let file;
      compilation.hooks.processAssets.tap(
        { name: 'StandaloneRuntimePlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const { outputFiles } = require('esbuild').buildSync({
            stdin: {
              contents: [
                "import * as core from '@module-federation/runtime-tools/runtime-core';",
                'const g = globalThis;',
                "if (!g._FEDERATION_RUNTIME_CORE) { g._FEDERATION_RUNTIME_CORE = core; g._FEDERATION_RUNTIME_CORE_FROM = { name: 'standalone', version: 'standalone' }; }",
              ].join('\n'),
              resolveDir: __dirname,
            },
            bundle: true,
            minify: true,
            format: 'iife',
            platform: 'browser',
            target: 'es2020',
            write: false,
            define: { 'process.env.NODE_ENV': '"production"' },
          });
          const text = outputFiles[0].text;
          file = `standalone-runtime.${require('node:crypto').createHash('sha256').update(text).digest('hex').slice(0, 8)}.js`;
          compilation.emitAsset(file, new RawSource(text));
        },
      );
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('StandaloneRuntimePlugin', (data) => {
        if (file)
          data.headTags.unshift(
            HtmlWebpackPlugin.createHtmlTagObject('script', { src: `${data.publicPath}${file}`, defer: true }),
          );
        return data;
      });
    });
  }
}

/**
 * The shell's page in production: its first script is a small loader (`firstViewLoader`, bundled
 * by esbuild) in place of the app's entry. On a page rendered on the server the loader requests the
 * entry once the first view (its main photo) has painted, so the entry's work (the federation
 * runtime's start, then React and hydration) never runs before that paint, as a deferred entry did
 * as soon as the stylesheets had loaded. The entry is not preloaded: its bytes would share the
 * phone's bandwidth with the first view's photos, and Lighthouse's simulation counts a script that
 * arrived before the largest paint, and whose evaluation it prunes as short, as holding that paint
 * back (docs/decisions.md, "The app's code is fetched after the first view").
 */
class FirstViewLoaderPlugin {
  constructor(entry) {
    this.entry = entry;
  }

  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('FirstViewLoaderPlugin', (compilation) => {
      let file;
      compilation.hooks.processAssets.tap(
        { name: 'FirstViewLoaderPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          compilation.fileDependencies.add(this.entry);
          const { outputFiles } = require('esbuild').buildSync({
            entryPoints: [this.entry],
            bundle: true,
            minify: true,
            format: 'iife',
            platform: 'browser',
            target: 'es2020',
            write: false,
          });
          const text = outputFiles[0].text;
          file = `first-view.${require('node:crypto').createHash('sha256').update(text).digest('hex').slice(0, 8)}.js`;
          compilation.emitAsset(file, new RawSource(text));
        },
      );
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('FirstViewLoaderPlugin', (data) => {
        if (!file) return data;
        const tags = [...data.headTags, ...data.bodyTags];
        const entry = tags.find(
          (tag) => tag.tagName === 'script' && /(^|\/)main\.[^/]*\.js$/.test(String(tag.attributes.src)),
        );
        if (!entry) throw new Error('FirstViewLoaderPlugin: the page has no main entry script');
        const app = String(entry.attributes.src);
        const without = (list) => list.filter((tag) => tag !== entry);
        data.bodyTags = without(data.bodyTags);
        data.headTags = [
          ...without(data.headTags),
          HtmlWebpackPlugin.createHtmlTagObject('script', {
            src: `${data.publicPath}${file}`,
            defer: true,
            'data-app': app.slice(data.publicPath.length),
          }),
        ];
        return data;
      });
    });
  }
}

/**
 * @param {object} options
 * @param {string} options.dirname      the front end's folder
 * @param {string} options.name         container name: shell, shop, account, auction
 * @param {number} options.port         dev server port
 * @param {Record<string,string>} [options.exposes]  modules a remote offers the shell
 * @param {string} [options.title]      page title of the front end's own HTML page
 * @param {string[]} [options.runtimePlugins]
 * @param {string} [options.remoteContract]  the shell's module declaring what it loads of remotes
 * @param {string} [options.serverEntry]  the shell's rendering entry (its server build's main.js)
 * @param {string[]} [options.serverRuntimePlugins]  runtime plugins of the server build
 * @param {string} [options.firstViewLoader]  the shell's first-view loader (production: its page's first script)
 */
function createConfig({
  dirname,
  name,
  port,
  exposes = {},
  title = 'Marketplace',
  runtimePlugins = [],
  remoteContract,
  serverEntry,
  serverRuntimePlugins = runtimePlugins,
  firstViewLoader,
}) {
  return (env = {}, argv = {}) => {
    const production = argv.mode !== 'development';
    const browser = browserConfig(env, production);
    // Production: the browser build and, in its server/ folder, the build the rendering server
    // loads (the shell's renderer; a remote's container for Node). Development renders in the browser.
    if (!production) return browser;
    return [browser, serverConfig({ dirname, name, exposes, serverEntry, runtimePlugins: serverRuntimePlugins }, env)];
  };

  function browserConfig(env, production) {
    const remote = Object.keys(exposes).length > 0;
    // Production: CSS in files of its own, loaded beside each chunk (not strings in the JS);
    // development: style tags, which reload without a page refresh.
    const styleLoader = production
      ? { loader: MiniCssExtractPlugin.loader, options: { esModule: false } }
      : 'style-loader';
    return {
      mode: production ? 'production' : 'development',
      entry: path.join(dirname, 'src/index.ts'),
      context: dirname,
      devtool: production ? false : 'eval-cheap-module-source-map',
      output: {
        // A release is built into a folder of its own (env.outputPath), never over a served one.
        path: env.outputPath || path.join(dirname, 'dist'),
        publicPath: 'auto',
        filename: production ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
        uniqueName: name,
        // server/ is the server build's (built beside this one, in the same run).
        clean: { keep: /^server[\\/]/ },
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs'],
        // The runtime plugin that provides the federation runtime to the remotes is named by its
        // CommonJS file, which would bundle a second (CommonJS) copy of the runtime beside the ESM one.
        alias: {
          [require.resolve('@module-federation/inject-external-runtime-core-plugin')]: injectRuntimePluginEsm,
        },
      },
      module: {
        rules: [
          typescriptRule(dirname),
          {
            test: /\.module\.css$/,
            use: [
              styleLoader,
              {
                loader: 'css-loader',
                options: {
                  esModule: false,
                  modules: {
                    namedExport: false,
                    exportLocalsConvention: 'as-is',
                    // Scoped per front end, so no remote's class can restyle another's.
                    localIdentName: production ? `${name}_[hash:base64:6]` : `${name}__[local]__[hash:base64:4]`,
                  },
                },
              },
            ],
          },
          { test: /\.css$/, exclude: /\.module\.css$/, use: [styleLoader, 'css-loader'] },
          { test: /\.(png|jpe?g|svg|webp|woff2?)$/i, type: 'asset/resource' },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          manifest: true,
          shared: sharedSingletons(require(path.join(dirname, 'package.json'))),
          shareStrategy: 'loaded-first',
          runtimePlugins,
          dts: false,
          // One federation runtime in the page: the shell (a pure consumer) provides it and the
          // remotes' production containers use it instead of bundling their own copy (~27 KB gzip
          // each). A remote's own page is for development mode, which keeps its runtime.
          // target 'web': the runtime's Node.js script loader is left out of the browser bundles.
          experiments: production
            ? remote
              ? { externalRuntime: true, optimization: { target: 'web' } }
              : { provideExternalRuntime: true, optimization: { target: 'web' } }
            : {},
        }),
        ...(production
          ? [
              new MiniCssExtractPlugin({
                filename: '[name].[contenthash:8].css',
                chunkFilename: '[name].[contenthash:8].css',
              }),
            ]
          : []),
        // Every front end's release carries its routes and their facts (src/routes.ts).
        new EmitRoutesPlugin(dirname),
        // The CSS files and the sources in each (styles.json): the rendering server inlines the
        // files of the CSS modules a page's render used (platform/src/render/stylesheets.ts).
        ...(production ? [new EmitStylesPlugin(__dirname)] : []),
        ...(remote && production ? [new StandaloneRuntimePlugin()] : []),
        ...(firstViewLoader && production ? [new FirstViewLoaderPlugin(path.join(dirname, firstViewLoader))] : []),
        // Declarations the release gate checks across deploys: a remote's exposed modules, the
        // shell's contract with them (types/ in the build).
        ...(production
          ? [
              new EmitTypesPlugin({
                tsconfig: path.join(dirname, 'tsconfig.json'),
                files: remoteContract
                  ? { 'remote-contract.d.ts': path.join(dirname, remoteContract) }
                  : Object.fromEntries(
                      Object.entries(exposes).map(([key, file]) => [
                        `exposes/${key.replace(/^\.\//, '')}.d.ts`,
                        path.join(dirname, file),
                      ]),
                    ),
              }),
            ]
          : []),
        new HtmlWebpackPlugin({
          template: path.join(__dirname, 'shared/index.html'),
          title,
          // Production: asset URLs relative to the page, so a release folder works wherever it is
          // copied; the front-end server resolves them against the release when it serves the page
          // at a client route (platform/src/server/frontEndServer.ts). Development: served at the root.
          publicPath: production ? '' : '/',
          favicon: path.join(__dirname, 'shared/assets/favicon.png'),
        }),
      ],
      optimization: {
        moduleIds: production ? 'deterministic' : 'named',
        // Terser for the shell, whose chunks (React, the router, the runtime) every page downloads;
        // esbuild for the remotes, most of whose output is fallback copies of the shared libraries
        // that the shell's copies replace in the page: Terser on all four was ~85% of the build
        // time, esbuild's output is ~6% larger. A remote's container (remoteEntry.js, loaded by
        // every page of its area) gets Terser too: it drops the runtime code ENV_TARGET made dead.
        minimizer: remote
          ? [
              new MinimizerPlugin({ include: /remoteEntry\.js$/, minify: MinimizerPlugin.terserMinify }),
              new MinimizerPlugin({
                exclude: /remoteEntry\.js$/,
                minify: { implementation: MinimizerPlugin.esbuildMinify, options: { target: 'es2020' } },
              }),
            ]
          : ['...'],
      },
      // Production builds are always cold (what ships never depends on a cache's state); the dev
      // server keeps webpack's memory cache between rebuilds.
      cache: production ? false : { type: 'memory' },
      performance: { hints: false },
      devServer: {
        port,
        host: process.env.HOST || 'localhost',
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        hot: false,
        liveReload: true,
        client: { overlay: { errors: true, warnings: false, runtimeErrors: false } },
        setupMiddlewares(middlewares, devServer) {
          devServer.app.get('/config.json', (_req, res) => res.json(runtimeConfig(__dirname)));
          return middlewares;
        },
      },
      infrastructureLogging: { level: 'warn' },
      stats: production ? 'errors-warnings' : 'minimal',
    };
  }
}

/**
 * The server build of a front end (Module Federation for Node): a remote's exposed modules in a
 * `commonjs-module` container that the rendering server loads over HTTP from the release store;
 * the shell's renderer (serverEntry), a federation host that loads those containers at run time.
 * Same sources, same CSS-module class names as the browser build (no CSS emitted: the page gets
 * the browser build's files; a CSS module notes in the render that its classes were used,
 * platform/src/render/styleUseLoader.ts), `@module-federation/node`'s runtime plugin loads chunks
 * and entries.
 */
function serverConfig({ dirname, name, exposes, serverEntry, runtimePlugins }, env) {
  const outputPath = path.join(env.outputPath || path.join(dirname, 'dist'), 'server');
  const cssLoader = {
    loader: 'css-loader',
    options: {
      esModule: false,
      modules: {
        auto: /\.module\.css$/,
        exportOnlyLocals: true,
        namedExport: false,
        exportLocalsConvention: 'as-is',
        localIdentName: `${name}_[hash:base64:6]`,
      },
    },
  };
  return {
    name: `${name}-server`,
    mode: 'production',
    target: 'async-node',
    entry: serverEntry ? { main: path.join(dirname, serverEntry) } : {},
    context: dirname,
    devtool: false,
    output: {
      path: outputPath,
      // Chunks are found beside the container's own URL (the node runtime plugin's fallback).
      publicPath: '',
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:8].js',
      library: { type: 'commonjs-module' },
      uniqueName: `${name}-server`,
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
    module: {
      rules: [
        typescriptRule(dirname),
        {
          test: /\.module\.css$/,
          use: [
            {
              loader: require.resolve('./platform/src/render/styleUseLoader'),
              options: { frontEnd: name, root: __dirname },
            },
            cssLoader,
          ],
        },
        { test: /\.css$/, exclude: /\.module\.css$/, use: cssLoader },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        exposes,
        library: { type: 'commonjs-module' },
        remoteType: 'script',
        shared: sharedSingletons(require(path.join(dirname, 'package.json'))),
        shareStrategy: 'loaded-first',
        runtimePlugins: [require.resolve('@module-federation/node/runtimePlugin'), ...runtimePlugins],
        dts: false,
        manifest: false,
      }),
      new (require('webpack').DefinePlugin)({ 'process.env.NODE_ENV': JSON.stringify('production') }),
    ],
    optimization: { moduleIds: 'deterministic', minimize: false },
    cache: false,
    performance: { hints: false },
    infrastructureLogging: { level: 'warn' },
    stats: 'errors-warnings',
  };
}

module.exports = { createConfig, sharedSingletons, rootVersion: rootPackage.version };
