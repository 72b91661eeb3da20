import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** Test support: a real SMTP server on loopback and a small MIME reader for what it receives. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

function decodeQuotedPrintable(value: string): Buffer {
  const input = value.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < input.length; i++) {
    const hex = input.slice(i + 1, i + 3);
    if (input[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(input[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return decodeQuotedPrintable(body).toString('utf8');
    default:
      return body;
  }
}

/** RFC 2047 encoded words (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`); adjacent words join without the space. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')).toString('utf8'),
    );
}

function splitEntity(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.indexOf('\r\n\r\n');
  const head = at === -1 ? raw : raw.slice(0, at);
  const body = at === -1 ? '' : raw.slice(at + 4);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

/** Reads subject and the text/html parts of a message as nodemailer writes it. */
export function parseMail(raw: string, to: string[]): ReceivedMail {
  const { headers, body } = splitEntity(raw);
  const mail: ReceivedMail = { to, subject: decodeHeader(headers.subject ?? ''), text: '', html: '', raw };
  const visit = (entityHeaders: Record<string, string>, entityBody: string) => {
    const type = entityHeaders['content-type'] ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (type.toLowerCase().startsWith('multipart/') && boundary) {
      for (const part of entityBody.split(`--${boundary}`).slice(1)) {
        if (part.startsWith('--')) break;
        const entity = splitEntity(part.replace(/^\r\n/, ''));
        visit(entity.headers, entity.body);
      }
      return;
    }
    const decoded = decodeBody(entityBody, entityHeaders['content-transfer-encoding']);
    if (type.toLowerCase().startsWith('text/html')) mail.html = decoded;
    else if (type.toLowerCase().startsWith('text/plain')) mail.text = decoded;
  };
  visit(headers, body);
  return mail;
}

export interface TestSmtpServer {
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the first received mail to `address` (lower case) that matches, waiting up to `timeoutMs`. */
  waitFor(address: string, predicate?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** `beforeAccept` delays the answer to each message (a slow or stuck server) until it resolves. */
export async function startTestSmtpServer(options: { beforeAccept?: () => Promise<void> } = {}): Promise<TestSmtpServer> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        void (options.beforeAccept?.() ?? Promise.resolve()).then(() => {
          mails.push(parseMail(Buffer.concat(chunks).toString('utf8'), session.envelope.rcptTo.map((r) => r.address.toLowerCase())));
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitFor(address, predicate = () => true, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.find((mail) => mail.to.includes(address.toLowerCase()) && predicate(mail));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no email to ${address} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
