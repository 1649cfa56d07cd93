const { createConfig } = require('../webpack.common');

module.exports = createConfig({
  dirname: __dirname,
  name: 'account',
  port: Number(process.env.ACCOUNT_PORT || 3002),
  title: 'Marketplace account (standalone)',
  exposes: {
    './App': './src/App.tsx',
  },
});
