/**
 * The gateway's stdio transport: the MCP SDK's, with a read buffer that does not end the session
 * when a client sends a message over the limit (the SDK's closes stdin at 10 MiB, and the gateway
 * then exits with nothing said). The oversized request gets a JSON-RPC error; the session goes on.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { installLineBuffer, LineBuffer } from '../sources/live/line-buffer.js';
import { formatMegabytes } from '../util/format.js';
import { MAX_MESSAGE_BYTES } from './http-server.js';


export function stdioServerTransport(notice: (line: string) => void, maxBytes: number = MAX_MESSAGE_BYTES, stdin: NodeJS.ReadableStream = process.stdin, stdout: NodeJS.WritableStream = process.stdout): StdioServerTransport {
  const transport = new StdioServerTransport(stdin as never, stdout as never);
  installLineBuffer(
    transport,
    new LineBuffer(maxBytes, (m) => {
      const what = `a ${formatMegabytes(m.bytes)} message${m.method ? ` (${m.method})` : ''} is over the gateway's ${formatMegabytes(maxBytes)} limit`;
      notice(`${what}; it was skipped`);
      if (m.id !== undefined && !m.response) {
        void transport.send({ jsonrpc: '2.0', id: m.id, error: { code: ErrorCode.InvalidRequest, message: `${what}; send less, e.g. a smaller argument or a file path instead of its content` } }).catch(() => undefined);
      }
      return null;
    }),
  );
  return transport;
}
