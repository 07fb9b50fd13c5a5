// A minimal S3-compatible server for tests: path-style PUT and GET of objects, kept in memory.
// It checks that requests carry an AWS signature, not that the signature is right.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type S3Fake = {
  url: string;
  objects: Map<string, { body: Buffer; contentType: string | undefined }>;
  close(): Promise<void>;
};

export async function startS3Fake(): Promise<S3Fake> {
  const objects: S3Fake['objects'] = new Map();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const key = decodeURIComponent(new URL(req.url ?? '/', 'http://fake').pathname.slice(1));
      if (!(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256')) {
        res
          .writeHead(403, { 'content-type': 'application/xml' })
          .end('<Error><Code>AccessDenied</Code></Error>');
        return;
      }
      if (req.method === 'PUT') {
        objects.set(key, { body: Buffer.concat(chunks), contentType: req.headers['content-type'] });
        res.writeHead(200, { etag: '"fake"' }).end();
        return;
      }
      const object = req.method === 'GET' ? objects.get(key) : undefined;
      if (!object) {
        res
          .writeHead(404, { 'content-type': 'application/xml' })
          .end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>no such key</Message></Error>');
        return;
      }
      res
        .writeHead(200, {
          'content-type': object.contentType ?? 'application/octet-stream',
          'content-length': object.body.length,
        })
        .end(object.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
