import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@grove/shared';
import type { Config } from '../config.js';
import { outbox } from '../db/schema.js';
import { deliverDueOutbox } from '../outbox/deliver.js';
import { outboxEmails } from '../test/outbox-emails.js';
import { createTestContext, dbKind, type TestContext } from '../test/test-app.js';
import { emailTopic, queueEmail } from './email-topic.js';
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

describe(`emails through the outbox (${dbKind})`, () => {
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
  beforeEach(async () => {
    await ctx.database.db.delete(outbox);
  });

  const link = 'https://grove.example/resetPassword?email=ana%40example.com&code=abc_DEF-123';
  const withSmtp = (url: string | undefined): Config => ({ ...ctx.config, smtpUrl: url, smtpFrom: 'Grove <no-reply@grove.test>' });
  const deliver = (config: Config, log = captureLog().log) => deliverDueOutbox(ctx.database.db, [emailTopic], { config, log });

  it('is queued in the transaction of the change: a rolled back change emails no one', async () => {
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await queueEmail(tx, { to: 'rolled@example.com', kind: 'notice', subject: 'Hi', text: 'x', html: '<p>x</p>' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await ctx.database.db.transaction((tx) => queueEmail(tx, { to: 'kept@example.com', kind: 'notice', subject: 'Hi', text: 'x', html: '<p>x</p>' }));
    expect((await outboxEmails(ctx)).map((mail) => [mail.to, mail.status])).toEqual([['kept@example.com', 'pending']]);
  });

  it('without SMTP writes the email to the log and keeps it, link included', async () => {
    const { log, lines } = captureLog();
    const content = passwordResetEmail('en', { name: 'Ana', link, minutes: 30 });
    await queueEmail(ctx.database.db, { ...content, to: 'ana@example.com', kind: 'password_reset', sensitive: true });
    expect(await deliver(withSmtp(undefined), log)).toEqual({ delivered: 1, retried: 0, dead: 0 });
    const [row] = await outboxEmails(ctx, 'ana@example.com');
    expect(row).toMatchObject({ kind: 'password_reset', status: 'delivered', subject: 'Reset your Grove password', attempts: 1 });
    expect(row!.text).toContain(link);
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.some((line) => typeof line.text === 'string' && line.text.includes(link))).toBe(true);
  });

  it('with SMTP delivers text and HTML once and drops the stored copy of a one-time link', async () => {
    const content = passwordResetEmail('ja', { name: '花子', link, minutes: 30 });
    await queueEmail(ctx.database.db, { ...content, to: 'hanako@example.com', kind: 'password_reset', sensitive: true });
    await deliver(withSmtp(smtp.url));
    const mail = await smtp.waitFor('hanako@example.com');
    expect(mail.subject).toBe('Grove のパスワードの再設定');
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('花子 様');
    expect(mail.html).toContain('href="https://grove.example/resetPassword?email=ana%40example.com&amp;code=abc_DEF-123"');
    const [row] = await ctx.database.db.select().from(outbox);
    expect(row).toMatchObject({ status: 'delivered', attempts: 1, lockedUntil: null });
    expect(row!.deliveredAt).not.toBeNull();
    expect(JSON.stringify(row!.payload)).not.toContain('abc_DEF-123');
    // Nothing left to do: a second run sends nothing.
    expect(await deliver(withSmtp(smtp.url))).toEqual({ delivered: 0, retried: 0, dead: 0 });
    expect(smtp.mails.filter((m) => m.to.includes('hanako@example.com'))).toHaveLength(1);
  });

  it('keeps an ordinary email in the outbox after delivery', async () => {
    await queueEmail(ctx.database.db, { to: 'keep@example.com', kind: 'notice', subject: 'Hi', text: 'Plain words', html: '<p>Plain words</p>' });
    await deliver(withSmtp(smtp.url));
    const [row] = await outboxEmails(ctx, 'keep@example.com');
    expect(row).toMatchObject({ status: 'delivered', text: 'Plain words' });
  });

  it('records a failed attempt and tries again later when the SMTP server cannot be reached', async () => {
    const { log, lines } = captureLog();
    await queueEmail(ctx.database.db, { to: 'nobody@example.com', kind: 'notice', subject: 'Hi', text: 'x', html: '<p>x</p>' });
    expect(await deliver(withSmtp('smtp://127.0.0.1:1'), log)).toEqual({ delivered: 0, retried: 1, dead: 0 });
    const [row] = await ctx.database.db.select().from(outbox).where(eq(outbox.topic, 'email'));
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lockedUntil: null });
    expect(row!.lastError).toBeTruthy();
    // The next attempt waits (backoff): an immediate run leaves it alone.
    expect(row!.availableAt.getTime() - Date.now()).toBeGreaterThan(20_000);
    expect(await deliver(withSmtp(smtp.url))).toEqual({ delivered: 0, retried: 0, dead: 0 });
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.some((line) => line.msg === 'outbox delivery failed; will retry')).toBe(true);
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
