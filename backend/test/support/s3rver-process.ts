// A real S3-compatible server (s3rver) in a process of its own, for the backend tests and the stack test:
//   node --openssl-legacy-provider backend/test/support/s3rver-process.ts <port> <directory> <bucket>
// s3rver signs its listing continuation tokens with DES, which OpenSSL 3 keeps in its legacy provider: without it,
// any listing of more than one page fails. The server prints "listening <port>" once it answers.
import S3rver from 's3rver';

const [port = '0', directory, bucket] = process.argv.slice(2);
if (!directory || !bucket) {
  console.error('usage: s3rver-process.ts <port> <directory> <bucket>');
  process.exit(2);
}
const server = new S3rver({ address: '127.0.0.1', port: Number(port), silent: true, directory, configureBuckets: [{ name: bucket }] });
server.run().then(
  (address) => console.log(`listening ${address.port}`),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
process.on('SIGTERM', () => void server.close().finally(() => process.exit(0)));
