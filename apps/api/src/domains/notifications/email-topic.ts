import { LANGUAGES } from '@grove/shared';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { translate } from '../../lib/i18n.js';
import { renderEmail } from '../../mail/layout.js';
import { sendEmail, type OutgoingEmail } from '../../mail/transport.js';
import { defineOutboxTopic } from '../../outbox/topic.js';
import { isMessageKey, renderMessage } from './messages.js';

const localized = z.object(Object.fromEntries(LANGUAGES.map((language) => [language, z.string()])) as Record<(typeof LANGUAGES)[number], z.ZodString>);

/** A notification email as decided in the change's transaction: rendered in the recipient's language when sent. */
export const notificationEmailSchema = z.object({
  to: z.string().min(3),
  name: z.string(),
  language: z.enum(LANGUAGES),
  /** The notification kind (NOTIFICATION_KINDS). */
  type: z.string().min(1),
  titleKey: z.string().refine(isMessageKey, 'unknown message key'),
  params: z.record(z.string(), z.union([z.string(), z.number(), localized])),
  /** In-app path, made absolute with the portal's address when sent. */
  link: z.string().nullable(),
});

export type NotificationEmail = z.infer<typeof notificationEmailSchema>;

/** The portal's address for links in emails sent without a request at hand. */
export function publicBaseUrl(config: Pick<Config, 'publicUrl' | 'port'>): string {
  return (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/+$/, '');
}

export function renderNotificationEmail(email: NotificationEmail, baseUrl: string): OutgoingEmail {
  // The frame of every notification email: `server/notifications:messages.emailCopy.*`.
  const copy = (key: string, values?: { name: string }) => translate(email.language, `server/notifications:messages.emailCopy.${key}`, values);
  const message = renderMessage(email.titleKey, email.params, email.language);
  const rendered = renderEmail({
    lang: email.language,
    subject: message.title,
    greeting: copy('greeting', { name: email.name }),
    paragraphs: [message.text],
    ...(email.link ? { action: { label: copy('open'), url: `${baseUrl}${email.link}` } } : {}),
    footer: [copy('why'), copy('turnOff')],
  });
  return { ...rendered, to: email.to, kind: `notification:${email.type}` };
}

export const notificationEmailTopic = defineOutboxTopic({
  name: 'notification-email',
  payload: notificationEmailSchema,
  async deliver(email, { config, log }) {
    await sendEmail(config, log, renderNotificationEmail(email, publicBaseUrl(config)));
  },
});
