// A mail server for the benchmark's production configuration (its own process, like the
// baseline): accepts every message and counts them; the parent asks for the counts over IPC.
// Usage: node smtp-sink.mjs <port>
import { SMTPServer } from 'smtp-server';

const port = Number(process.argv[2]);
const counts = { mails: 0, orderConfirmations: 0 };
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    let head = '';
    stream.on('data', (chunk) => {
      if (head.length < 4096) head += chunk.toString('utf8');
    });
    stream.on('end', () => {
      counts.mails++;
      if (/^Subject: Order #\d+ placed/m.test(head)) counts.orderConfirmations++;
      callback();
    });
  },
});
server.listen(port, '127.0.0.1', () => process.send?.({ type: 'listening' }));
process.on('message', (/** @type {{ type?: string }} */ m) => {
  if (m?.type === 'counts') process.send({ type: 'counts', ...counts });
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
