const { createConfig } = require('../webpack.common');

module.exports = createConfig({
  dirname: __dirname,
  name: 'shell',
  port: Number(process.env.SHELL_PORT || 3000),
  title: 'Marketplace',
});
