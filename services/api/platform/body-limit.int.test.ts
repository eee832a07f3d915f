import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useApiProcess } from '../../../tests/harness/api-process';

// Issue 13 §1: a body sent without Content-Length used to be read whole before the 1 MB check (a
// 300 MB POST took the server from 163 MB to 982 MB). The limit now holds while the body streams.
const api = useApiProcess();

const MB = 1024 * 1024;

/** POSTs `size` bytes in 64 KB chunks (Transfer-Encoding: chunked, no Content-Length) over a raw
 * socket, as fast as the server takes them, and stops writing when the answer arrives or the
 * server closes the connection (a raw socket still reads an answer sent before the close, where
 * an HTTP client gives up on the write error). */
function sendChunked(url: string, size: number): Promise<{ status: number; body: string; sent: number }> {
  const { hostname, port, pathname } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunk = Buffer.concat([Buffer.from('10000\r\n'), Buffer.alloc(0x10000, 0x20), Buffer.from('\r\n')]);
    let sent = 0;
    let received = '';
    let answered = false;
    const finish = () => {
      const [head, ...rest] = received.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      if (!status) return reject(new Error(`no answer after ${sent} bytes: ${received.slice(0, 200)}`));
      // The answer is small and sent whole: drop the chunk-size lines of a chunked reply.
      const body = /transfer-encoding: chunked/i.test(head) ? rest.join('\r\n\r\n').split('\r\n').filter((_, i) => i % 2 === 1).join('') : rest.join('\r\n\r\n');
      resolve({ status, body: Buffer.from(body, 'latin1').toString('utf8'), sent });
    };
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => {
      received += d;
      answered = /\r\n\r\n/.test(received);
      if (answered && /\r\n0\r\n\r\n$|"\}$/.test(received)) socket.destroy();
    });
    socket.on('close', finish);
    socket.on('error', () => socket.destroy());
    const write = () => {
      while (!answered && !socket.destroyed && sent < size) {
        sent += 0x10000;
        if (!socket.write(chunk)) return void socket.once('drain', write);
      }
      if (!answered && !socket.destroyed) socket.write('0\r\n\r\n');
    };
    socket.on('connect', () => {
      socket.write(`POST ${pathname} HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`);
      write();
    });
  });
}

describe('request bodies are limited while they stream in', () => {
  it('a 50 MB chunked POST to /api/auth/login gets 413 and the server grows by less than 20 MB', async () => {
    // Warm up the paths the request takes, so their one-time allocations are not counted.
    await sendChunked(`${api.baseUrl}/api/auth/login`, 2 * MB);
    await new Promise((r) => setTimeout(r, 500));
    const before = api.rss();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, api.rss())), 10);
    let reply;
    try {
      reply = await sendChunked(`${api.baseUrl}/api/auth/login`, 50 * MB);
      await new Promise((r) => setTimeout(r, 300));
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, api.rss());
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body)).toMatchObject({ ok: false, msg: 'La solicitud es muy pesada, el límite es de 1024 KB.', errors: {} });
    const grownMb = (peak - before) / MB;
    console.log(`RSS ${Math.round(before / MB)} MB → peak ${Math.round(peak / MB)} MB (+${grownMb.toFixed(1)} MB); client wrote ${Math.round(reply.sent / MB)} MB before the answer`);
    expect(grownMb).toBeLessThan(20);
    // The server is still there and still answers.
    expect((await fetch(`${api.baseUrl}/api/health`)).status).toBe(200);
  });
});
