// What `npm start` prints of its parts' output: the API's JSON log lines as a person reads them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readableLine } from '../src/server/supervisor';

test('a pino line becomes its level and message, with the request and the error', () => {
  const line = JSON.stringify({
    level: 50,
    time: 1,
    pid: 7,
    msg: 'Request failed',
    req: { method: 'PUT', url: '/updatebiduser' },
    res: { statusCode: 500 },
    err: { message: 'connection reset', stack: 'Error: connection reset\n    at x' },
  });
  assert.equal(readableLine(line), 'ERROR Request failed (PUT /updatebiduser → 500) — connection reset');
  assert.equal(
    readableLine(JSON.stringify({ level: 30, time: 1, msg: 'Database: PostgreSQL' })),
    'INFO Database: PostgreSQL',
  );
});

test('plain lines and JSON that is not a log line are printed as they are', () => {
  for (const line of ['Marketplace API listening on http://localhost:4000', '{"a":1}', '{not json', '[1,2]'])
    assert.equal(readableLine(line), line);
});
