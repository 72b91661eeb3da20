import type { Language, TranslationValues } from '@grove/shared';
import { translate } from '../../lib/i18n.js';
import { renderEmail, type RenderedEmail } from '../../mail/layout.js';

/*
 * Portal-access emails in the six interface languages, in the recipient's language (for a new
 * account: the inviter's, the best guess until the person chooses their own). The texts are
 * `server/portal-access:emails.copy.*` in the catalogue; each fills `{{name}}`, `{{customer}}`,
 * `{{inviter}}` and `{{days}}` from the email's values.
 */
const texts = (lang: Language, values: TranslationValues) => (key: string) => translate(lang, `server/portal-access:emails.copy.${key}`, values);

export function portalInvitationEmail(lang: Language, v: { name: string; customer: string; inviter: string; link: string; days: number }): RenderedEmail {
  const t = texts(lang, v);
  return renderEmail({
    lang,
    subject: t('invite.subject'),
    greeting: t('greeting'),
    paragraphs: [t('invite.intro')],
    action: { label: t('invite.action'), url: v.link },
    footer: [t('invite.expires'), t('ignore')],
  });
}

export function addedToCustomerEmail(lang: Language, v: { name: string; customer: string; inviter: string; link: string }): RenderedEmail {
  const t = texts(lang, v);
  return renderEmail({ lang, subject: t('added.subject'), greeting: t('greeting'), paragraphs: [t('added.intro')], action: { label: t('added.action'), url: v.link } });
}

/** A customer-side manager asked an existing account to join: the person decides after signing in. */
export function joinRequestEmail(lang: Language, v: { name: string; customer: string; inviter: string; link: string }): RenderedEmail {
  const t = texts(lang, v);
  return renderEmail({ lang, subject: t('request.subject'), greeting: t('greeting'), paragraphs: [t('request.intro')], action: { label: t('request.action'), url: v.link }, footer: [t('ignore')] });
}

export function registrationApprovedEmail(lang: Language, v: { name: string; customer: string; link: string }): RenderedEmail {
  const t = texts(lang, v);
  return renderEmail({ lang, subject: t('approved.subject'), greeting: t('greeting'), paragraphs: [t('approved.intro')], action: { label: t('approved.action'), url: v.link } });
}

export function registrationExistingAccountEmail(lang: Language, v: { name: string; customer: string; link: string }): RenderedEmail {
  const t = texts(lang, v);
  return renderEmail({
    lang,
    subject: t('existing.subject'),
    greeting: t('greeting'),
    paragraphs: [t('existing.intro'), t('existing.next')],
    action: { label: t('existing.action'), url: v.link },
    footer: [t('ignore')],
  });
}
