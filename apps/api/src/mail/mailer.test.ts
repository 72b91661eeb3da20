import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@grove/shared';
import { emailOutbox } from '../db/schema.js';
import { createTestContext, dbKind, type TestContext } from '../test/test-app.js';
import { createMailer } from './mailer.js';
import { passwordResetEmail } from './templates/password-reset.js';
import { startTestSmtpServer, type TestSmtpServer } from './test-smtp-server.js';

function captureLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { log: pino({ level: 'info' }, stream), lines };
}

describe(`mailer (${dbKind})`, () => {
  let ctx: TestContext;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    ctx = await createTestContext();
    smtp = await startTestSmtpServer();
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  const link = 'https://grove.example/resetPassword?email=ana%40example.com&code=abc_DEF-123';

  it('without SMTP keeps the email in the outbox and writes it to the log, link included', async () => {
    const { log, lines } = captureLog();
    const mailer = createMailer({ db: ctx.database.db, config: { smtpUrl: undefined, smtpFrom: 'Grove <no-reply@grove.test>' }, log });
    const content = passwordResetEmail('en', { name: 'Ana', link, minutes: 30 });
    const result = await mailer.send({ ...content, to: 'ana@example.com', kind: 'password_reset', sensitive: true });
    expect(result.status).toBe('logged');
    const [row] = await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, result.id));
    expect(row).toMatchObject({ toAddress: 'ana@example.com', kind: 'password_reset', status: 'logged', subject: 'Reset your Grove password' });
    expect(row!.textBody).toContain(link);
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.some((line) => typeof line.text === 'string' && line.text.includes(link))).toBe(true);
  });

  it('with SMTP delivers text and HTML, marks the row sent and drops the stored copy of a one-time link', async () => {
    const { log } = captureLog();
    const mailer = createMailer({ db: ctx.database.db, config: { smtpUrl: smtp.url, smtpFrom: 'Grove <no-reply@grove.test>' }, log });
    const content = passwordResetEmail('ja', { name: '花子', link, minutes: 30 });
    const result = await mailer.send({ ...content, to: 'hanako@example.com', kind: 'password_reset', sensitive: true });
    expect(result.status).toBe('sent');
    const mail = await smtp.waitFor('hanako@example.com');
    expect(mail.subject).toBe('Grove のパスワードの再設定');
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('花子 様');
    expect(mail.html).toContain('href="https://grove.example/resetPassword?email=ana%40example.com&amp;code=abc_DEF-123"');
    const [row] = await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, result.id));
    expect(row!.status).toBe('sent');
    expect(row!.sentAt).not.toBeNull();
    expect(row!.textBody).not.toContain(link);
  });

  it('keeps an ordinary email in the outbox after delivery', async () => {
    const { log } = captureLog();
    const mailer = createMailer({ db: ctx.database.db, config: { smtpUrl: smtp.url, smtpFrom: 'Grove <no-reply@grove.test>' }, log });
    const result = await mailer.send({ to: 'keep@example.com', kind: 'notice', subject: 'Hi', text: 'Plain words', html: '<p>Plain words</p>' });
    const [row] = await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, result.id));
    expect(row).toMatchObject({ status: 'sent', textBody: 'Plain words' });
  });

  it('records a failed delivery when the SMTP server cannot be reached', async () => {
    const { log, lines } = captureLog();
    const mailer = createMailer({ db: ctx.database.db, config: { smtpUrl: 'smtp://127.0.0.1:1', smtpFrom: 'Grove <no-reply@grove.test>' }, log });
    const result = await mailer.send({ to: 'nobody@example.com', kind: 'notice', subject: 'Hi', text: 'x', html: '<p>x</p>' });
    expect(result.status).toBe('failed');
    const [row] = await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, result.id));
    expect(row!.status).toBe('failed');
    expect(row!.error).toBeTruthy();
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.some((line) => line.msg === 'email delivery failed')).toBe(true);
  });

  it('has the reset email in all six languages, each with the link and escaped HTML', () => {
    const subjects = new Set<string>();
    for (const language of LANGUAGES) {
      const email = passwordResetEmail(language, { name: '<Ana>', link, minutes: 30 });
      subjects.add(email.subject);
      expect(email.text).toContain(link);
      expect(email.text).toContain('30');
      expect(email.html).toContain(`lang="${language}"`);
      expect(email.html).toContain('&lt;Ana&gt;');
      expect(email.html).not.toContain('<Ana>');
    }
    expect(subjects.size).toBe(LANGUAGES.length);
  });
});
