const { createConfig } = require('../webpack.common');

module.exports = createConfig({
  dirname: __dirname,
  name: 'auction',
  port: Number(process.env.AUCTION_PORT || 3003),
  title: 'Marketplace auction (standalone)',
  exposes: {
    './App': './src/App.tsx',
  },
});
