import assert from 'node:assert/strict';
import { test } from 'node:test';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { installLineBuffer, LineBuffer, type OversizedMessage } from '../src/sources/live/line-buffer.js';

const drain = (buffer: LineBuffer) => {
  const out: unknown[] = [];
  for (let m = buffer.readMessage(); m !== null; m = buffer.readMessage()) out.push(m);
  return out;
};

test('messages split across chunks, several in one chunk, CRLF and blank lines are read as the SDK reads them', () => {
  const buffer = new LineBuffer(1024, () => null);
  buffer.append(Buffer.from('{"jsonrpc":"2.0","id":1,"res'));
  assert.deepEqual(drain(buffer), []);
  buffer.append(Buffer.from('ult":{}}\r\n\n{"jsonrpc":"2.0","method":"notifications/initialized"}\n{"jsonrpc"'));
  assert.deepEqual(drain(buffer), [{ jsonrpc: '2.0', id: 1, result: {} }, { jsonrpc: '2.0', method: 'notifications/initialized' }]);
  buffer.append(Buffer.from(':"2.0","id":"b","result":{"x":1}}\n'));
  assert.deepEqual(drain(buffer), [{ jsonrpc: '2.0', id: 'b', result: { x: 1 } }]);
});

test('a line over the limit is skipped to its newline, described by its ends, and what follows is read', () => {
  const seen: OversizedMessage[] = [];
  const buffer = new LineBuffer(100, (m) => {
    seen.push(m);
    return m.id !== undefined ? { jsonrpc: '2.0', id: m.id, error: { code: -32603, message: `too big: ${m.bytes}` } } : null;
  });
  // The SDK writes requests as {method, params, jsonrpc, id} and results as {result, jsonrpc, id}: the id is at the end.
  const result = `{"result":{"content":[{"type":"text","text":"${'x'.repeat(500)}"}]},"jsonrpc":"2.0","id":42}`;
  for (let i = 0; i < result.length; i += 37) buffer.append(Buffer.from(result.slice(i, i + 37)));
  buffer.append(Buffer.from('\n{"jsonrpc":"2.0","id":43,"result":{}}\n'));
  const request = `{"method":"tools/call","params":{"pad":"${'y'.repeat(300)}"},"jsonrpc":"2.0","id":"req-7"}\n`;
  buffer.append(Buffer.from(request));
  buffer.append(Buffer.from(`{"jsonrpc":"2.0","method":"notifications/message","params":{"data":"${'z'.repeat(300)}"}}\n`));
  const messages = drain(buffer);
  assert.deepEqual(messages, [
    { jsonrpc: '2.0', id: 42, error: { code: -32603, message: `too big: ${result.length}` } },
    { jsonrpc: '2.0', id: 43, result: {} },
    { jsonrpc: '2.0', id: 'req-7', error: { code: -32603, message: `too big: ${request.length - 1}` } },
  ]);
  assert.deepEqual(
    seen.map((m) => [m.id, m.method, m.response]),
    [
      [42, undefined, true],
      ['req-7', 'tools/call', false],
      [undefined, 'notifications/message', false],
    ],
  );
});

test('the SDK stdio transports (client and server) take the buffer: the SDK version still has the field we replace', () => {
  const buffer = new LineBuffer(10, () => null);
  const client = new StdioClientTransport({ command: 'node' });
  installLineBuffer(client, buffer);
  assert.equal((client as unknown as { _readBuffer: unknown })._readBuffer, buffer);
  const server = new StdioServerTransport();
  installLineBuffer(server, buffer);
  assert.equal((server as unknown as { _readBuffer: unknown })._readBuffer, buffer);
  assert.throws(() => installLineBuffer({}, buffer), /the SDK version changed/);
});
