import type { Language, TranslationValues } from '@grove/shared';
import { translate } from '../../lib/i18n.js';
import { renderEmail, type RenderedEmail } from '../../mail/layout.js';

/** The invitation of a new staff member, in six languages (`server/employees` in the catalogue). */
export function staffInvitationEmail(lang: Language, v: { name: string; inviter: string; link: string; days: number }): RenderedEmail {
  const t = (key: string, values?: TranslationValues) => translate(lang, `server/employees:emails.copy.${key}`, values);
  return renderEmail({
    lang,
    subject: t('subject'),
    greeting: t('greeting', { name: v.name }),
    paragraphs: [t('intro', { inviter: v.inviter })],
    action: { label: t('action'), url: v.link },
    footer: [t('expires', { days: v.days })],
  });
}
