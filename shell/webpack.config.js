const { createConfig } = require('../webpack.common');

module.exports = createConfig({
  dirname: __dirname,
  name: 'shell',
  port: Number(process.env.SHELL_PORT || 3000),
  title: 'Marketplace',
  // Turns any failure to load a remote into a value the area shows as "unavailable"; leaves out of
  // a remote's CSS what the server-rendered page has inlined (see the files).
  runtimePlugins: [
    require.resolve('./src/federation/remoteErrorPlugin.ts'),
    require.resolve('./src/federation/inlinedStylesPlugin.ts'),
  ],
  // What the shell loads of the remotes, with its types: the release gate checks remotes against it.
  remoteContract: 'src/federation/remoteContract.ts',
  // The rendering server's entry (server/main.js of a release; see platform/src/render/).
  serverEntry: 'src/server/index.ts',
  // Its page's first script, which starts the app once the first view has painted (src/firstView.ts).
  firstViewLoader: 'src/firstViewLoader.ts',
});
