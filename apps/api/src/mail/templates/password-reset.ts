import type { Language, TranslationValues } from '@grove/shared';
import { translate } from '../../lib/i18n.js';
import { renderEmail, type RenderedEmail } from '../layout.js';

/** The password-reset email in every interface language (spec §9): `server/mail` in the catalogue. */
export function passwordResetEmail(language: Language, input: { name: string; link: string; minutes: number }): RenderedEmail {
  const t = (key: string, values?: TranslationValues) => translate(language, `server/mail:passwordReset.copy.${key}`, values);
  return renderEmail({
    lang: language,
    subject: t('subject'),
    greeting: t('greeting', { name: input.name }),
    paragraphs: [t('intro')],
    action: { label: t('action'), url: input.link },
    footer: [t('expires', { minutes: input.minutes }), t('ignore')],
  });
}
