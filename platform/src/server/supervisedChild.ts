// Preloaded (node --import) into every process npm start runs: when the supervisor goes away,
// even by kill -9, its IPC channel closes and the process stops as on Ctrl-C, so no server is
// left orphaned holding its port.
if (process.channel) {
  process.channel.unref(); // the channel alone does not keep the process alive
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
}

export {};
