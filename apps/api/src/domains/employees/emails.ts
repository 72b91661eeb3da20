import type { Language } from '@grove/shared';
import { renderEmail, type RenderedEmail } from '../../mail/layout.js';

/** The invitation of a new staff member, in six languages. */
const COPY: Record<Language, { subject: string; greeting: (n: string) => string; intro: (i: string) => string; action: string; expires: (d: number) => string }> = {
  en: {
    subject: 'Your Grove staff account',
    greeting: (n) => `Hello ${n},`,
    intro: (i) => `${i} created your Grove staff account. Set your password to sign in to the back office.`,
    action: 'Set your password',
    expires: (d) => `This link works once and expires in ${d} days. Ask your administrator for a new one if it has expired.`,
  },
  zh: {
    subject: '您的 Grove 员工账户',
    greeting: (n) => `${n}，您好：`,
    intro: (i) => `${i} 为您创建了 Grove 员工账户。请设置密码以登录后台。`,
    action: '设置密码',
    expires: (d) => `此链接只能使用一次，并将在 ${d} 天后失效。如已失效，请向管理员索取新链接。`,
  },
  es: {
    subject: 'Su cuenta de personal de Grove',
    greeting: (n) => `Hola, ${n}:`,
    intro: (i) => `${i} creó su cuenta de personal de Grove. Establezca su contraseña para entrar en la oficina.`,
    action: 'Establecer su contraseña',
    expires: (d) => `Este enlace solo funciona una vez y caduca en ${d} días. Pida uno nuevo a su administrador si ha caducado.`,
  },
  ja: {
    subject: 'Grove スタッフアカウント',
    greeting: (n) => `${n} 様`,
    intro: (i) => `${i} さんが Grove のスタッフアカウントを作成しました。パスワードを設定してバックオフィスにサインインしてください。`,
    action: 'パスワードを設定する',
    expires: (d) => `このリンクは一度だけ使用でき、${d} 日後に無効になります。期限切れの場合は管理者に新しいリンクを依頼してください。`,
  },
  de: {
    subject: 'Ihr Grove-Mitarbeiterkonto',
    greeting: (n) => `Hallo ${n},`,
    intro: (i) => `${i} hat Ihr Grove-Mitarbeiterkonto angelegt. Legen Sie Ihr Passwort fest, um sich im Backoffice anzumelden.`,
    action: 'Passwort festlegen',
    expires: (d) => `Dieser Link funktioniert nur einmal und läuft in ${d} Tagen ab. Bitten Sie Ihre Administration um einen neuen, falls er abgelaufen ist.`,
  },
  fr: {
    subject: 'Votre compte collaborateur Grove',
    greeting: (n) => `Bonjour ${n},`,
    intro: (i) => `${i} a créé votre compte collaborateur Grove. Définissez votre mot de passe pour accéder au back-office.`,
    action: 'Définir votre mot de passe',
    expires: (d) => `Ce lien ne fonctionne qu’une fois et expire dans ${d} jours. Demandez-en un nouveau à votre administrateur s’il a expiré.`,
  },
};

export function staffInvitationEmail(lang: Language, v: { name: string; inviter: string; link: string; days: number }): RenderedEmail {
  const c = COPY[lang];
  return renderEmail({ lang, subject: c.subject, greeting: c.greeting(v.name), paragraphs: [c.intro(v.inviter)], action: { label: c.action, url: v.link }, footer: [c.expires(v.days)] });
}
