const { createConfig } = require('../webpack.common');

module.exports = createConfig({
  dirname: __dirname,
  name: 'shop',
  port: Number(process.env.SHOP_PORT || 3001),
  title: 'Marketplace shop (standalone)',
  exposes: {
    './App': './src/App.tsx',
  },
});
